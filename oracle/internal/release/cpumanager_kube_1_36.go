//go:build kube_1_36

package release

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/state"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/utils/cpuset"

	"podtopo.io/oracle/internal/kinds"
)

// CPUPolicyAllocate is the CPU Manager policy's Allocate, which takes no operation at v1.36.
func CPUPolicyAllocate(logger klog.Logger, p cpumanager.Policy, s state.State, pod *v1.Pod, container *v1.Container) error {
	return p.Allocate(logger, s, pod, container)
}

// CPUPolicyAllocatePod is the CPU Manager policy's AllocatePod, which takes no operation at v1.36.
func CPUPolicyAllocatePod(logger klog.Logger, p cpumanager.Policy, s state.State, pod *v1.Pod) error {
	return p.AllocatePod(logger, s, pod)
}

// TakeByTopologyNUMADistributed is takeByTopologyNUMADistributed, which has no alignBySocket
// parameter at v1.36: a case asking for alignBySocket is unsupported there.
func TakeByTopologyNUMADistributed(logger klog.Logger, topo *topology.CPUTopology, availableCPUs cpuset.CPUSet,
	numCPUs int, cpuGroupSize int, strategy cpumanager.CPUSortingStrategy, alignBySocket bool) (cpuset.CPUSet, error) {
	if alignBySocket {
		return cpuset.New(), &kinds.UnsupportedCase{Reason: "k8s.io/kubernetes " + kinds.Release +
			"'s takeByTopologyNUMADistributed has no alignBySocket parameter (pkg/kubelet/cm/cpumanager/cpu_assignment.go; " +
			"added in v1.37)"}
	}
	return cpumanager.PodtopoTakeByTopologyNUMADistributed(logger, topo, availableCPUs, numCPUs, cpuGroupSize, strategy)
}
