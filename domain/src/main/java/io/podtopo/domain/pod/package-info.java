/**
 * Pods as the resource managers see them: containers, requests and limits, QoS and eligibility, and
 * the pod shared pool of a pod-level pod ({@link io.podtopo.domain.pod.PodSharedPool}).
 */
@PodtopoStyle
package io.podtopo.domain.pod;

import io.podtopo.domain.style.PodtopoStyle;
