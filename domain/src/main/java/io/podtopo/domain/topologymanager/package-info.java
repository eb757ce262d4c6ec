/**
 * The Topology Manager: hints, the merge of provider hints under the four policies and their
 * options, policy admission, and the pod and container scopes.
 */
@PodtopoStyle
package io.podtopo.domain.topologymanager;

import io.podtopo.domain.style.PodtopoStyle;
