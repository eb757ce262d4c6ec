//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package memorymanager

import "k8s.io/klog/v2"

// PodtopoRemoveStaleState is the manager's removeStaleState, which its next hint or allocation
// call runs first.
func PodtopoRemoveStaleState(m Manager, logger klog.Logger) {
	m.(*manager).removeStaleState(logger)
}
