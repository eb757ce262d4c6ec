/** Pods as the resource managers see them: containers, requests and limits, QoS and eligibility. */
@PodtopoStyle
package io.podtopo.domain.pod;

import io.podtopo.domain.style.PodtopoStyle;
