// Package podkinds answers the pod kinds with the two ways a pod reaches a kubelet: pod-create, a
// pod created through the API server (the scheme's defaulting as the API server decodes the
// request, then the pod strategy's PrepareForCreate and validation, rest.BeforeCreate), and
// static-pod-decode, a manifest the kubelet reads from its static pod folder (the file source's
// extractFromFile: the scheme's defaulting, the file source's defaults and ValidatePodCreate).
// Both answer the pod's resources as the kubelet then holds them and its QoS class.
package podkinds

import "podtopo.io/oracle/internal/kinds"

func init() {
	kinds.Register("pod-create", podCreate)
	kinds.Register("static-pod-decode", staticPodDecode)
}
