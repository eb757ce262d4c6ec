/**
 * Why a pod is refused at admission, typed up to the boundary (upstream
 * {@code pkg/kubelet/cm/admission}): {@link io.podtopo.domain.admission.AdmissionCause} and its kinds,
 * from which the kubelet's reason and message are derived and a rejection is explained.
 */
@PodtopoStyle
package io.podtopo.domain.admission;

import io.podtopo.domain.style.PodtopoStyle;
