//go:build podtopo_oracle && kube_1_36

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach an unexported entry point. It only forwards calls.

package cpumanager

import (
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/utils/cpuset"
)

// PodtopoTakeByTopologyNUMADistributed is takeByTopologyNUMADistributed, which has no alignBySocket
// parameter at v1.36.
func PodtopoTakeByTopologyNUMADistributed(logger klog.Logger, topo *topology.CPUTopology, availableCPUs cpuset.CPUSet,
	numCPUs int, cpuGroupSize int, cpuSortingStrategy CPUSortingStrategy) (cpuset.CPUSet, error) {
	return takeByTopologyNUMADistributed(logger, topo, availableCPUs, numCPUs, cpuGroupSize, cpuSortingStrategy)
}
