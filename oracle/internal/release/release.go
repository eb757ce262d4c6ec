// Package release holds the calls of the kubelet's code whose signature differs between the
// Kubernetes releases the oracle is pinned to (docs/adr/0009-kubelet-oracle.md). Each function is
// declared twice, once per signature: in a file with the build tag !kube_1_36 for v1.37 on, and in
// the same file name with the suffix _kube_1_36 (build tag kube_1_36, which oracle/kubelet sets at
// v1.36) for v1.36. A variant holds only the call that differs; where v1.37 passes the lifecycle
// operation, the oracle passes lifecycle.AddOperation, as upstream's tests of these calls do, and
// v1.36, whose calls take none, only ever allocates for an added pod.
package release
