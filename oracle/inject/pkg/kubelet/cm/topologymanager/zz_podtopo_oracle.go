//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package topologymanager

// PodtopoCanAdmitPodResult is the policy's canAdmitPodResult.
func PodtopoCanAdmitPodResult(p Policy, hint *TopologyHint) bool {
	return p.(interface{ canAdmitPodResult(*TopologyHint) bool }).canAdmitPodResult(hint)
}

// PodtopoFilterSingleNumaHints is the single-numa-node policy's filterSingleNumaHints.
func PodtopoFilterSingleNumaHints(allResourcesHints [][]TopologyHint) [][]TopologyHint {
	return filterSingleNumaHints(allResourcesHints)
}
