/**
 * The Device Manager (upstream {@code pkg/kubelet/cm/devicemanager}): the devices of device plugin
 * resources as the Topology Manager's third hint provider ({@code GetTopologyHints},
 * {@code GetPodTopologyHints}), their allocation aligned with the merged hint
 * ({@code devicesToAllocate}, {@code filterByAffinity}), the reuse of init containers' devices, and
 * the devices each container holds.
 */
@PodtopoStyle
package io.podtopo.domain.devicemanager;

import io.podtopo.domain.style.PodtopoStyle;
