/** Kubelet feature gates relevant to the resource managers. */
package io.podtopo.domain.gates;
