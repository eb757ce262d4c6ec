//go:build !kube_1_36

package release

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/state"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
	"k8s.io/utils/cpuset"
)

// CPUPolicyAllocate is the CPU Manager policy's Allocate for an added pod's container.
func CPUPolicyAllocate(logger klog.Logger, p cpumanager.Policy, s state.State, pod *v1.Pod, container *v1.Container) error {
	return p.Allocate(logger, s, pod, container, lifecycle.AddOperation)
}

// CPUPolicyAllocatePod is the CPU Manager policy's AllocatePod for an added pod.
func CPUPolicyAllocatePod(logger klog.Logger, p cpumanager.Policy, s state.State, pod *v1.Pod) error {
	return p.AllocatePod(logger, s, pod, lifecycle.AddOperation)
}

// TakeByTopologyNUMADistributed is takeByTopologyNUMADistributed.
func TakeByTopologyNUMADistributed(logger klog.Logger, topo *topology.CPUTopology, availableCPUs cpuset.CPUSet,
	numCPUs int, cpuGroupSize int, strategy cpumanager.CPUSortingStrategy, alignBySocket bool) (cpuset.CPUSet, error) {
	return cpumanager.PodtopoTakeByTopologyNUMADistributed(logger, topo, availableCPUs, numCPUs, cpuGroupSize, strategy,
		alignBySocket)
}
