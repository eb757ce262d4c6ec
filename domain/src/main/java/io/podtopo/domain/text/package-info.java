/** Upstream's text formatting where podtopo's messages must match the kubelet's byte for byte. */
package io.podtopo.domain.text;
