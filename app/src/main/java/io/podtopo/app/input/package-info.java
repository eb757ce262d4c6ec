/**
 * What users already have, read into podtopo values: Kubernetes Pod manifests
 * ({@link io.podtopo.app.input.PodManifests}) and a kubelet configuration file
 * ({@link io.podtopo.app.input.KubeletConfigFile}). Errors are {@link
 * io.podtopo.app.input.InputException}s naming the file and field.
 */
@PodtopoStyle
package io.podtopo.app.input;

import io.podtopo.domain.style.PodtopoStyle;
