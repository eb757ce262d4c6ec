/**
 * The CPU Manager {@code static} policy: CPU topology queries, the upstream CPU selection
 * ({@code takeByTopology}), policy options, reserved CPUs, hints, allocation and the pod bubble.
 */
@PodtopoStyle
package io.podtopo.domain.cpumanager;

import io.podtopo.domain.style.PodtopoStyle;
