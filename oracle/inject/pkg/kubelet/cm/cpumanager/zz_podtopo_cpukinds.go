//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls, and
// builds the unexported values upstream's own tests build (policy_static_test.go,
// topology_hints_test.go) the way they build them.

package cpumanager

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/state"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager/bitmask"
	"k8s.io/utils/cpuset"
)

// PodtopoTakeByTopologyNUMAPacked is takeByTopologyNUMAPacked.
func PodtopoTakeByTopologyNUMAPacked(logger klog.Logger, topo *topology.CPUTopology, availableCPUs cpuset.CPUSet,
	numCPUs int, cpuSortingStrategy CPUSortingStrategy, preferAlignByUncoreCache bool) (cpuset.CPUSet, error) {
	return takeByTopologyNUMAPacked(logger, topo, availableCPUs, numCPUs, cpuSortingStrategy, preferAlignByUncoreCache)
}

// PodtopoAllocateCPUs is the static policy's allocateCPUs; it returns the allocation's CPUs.
func PodtopoAllocateCPUs(logger klog.Logger, p Policy, s state.State, numCPUs int, numaAffinity bitmask.BitMask,
	reusableCPUs cpuset.CPUSet) (cpuset.CPUSet, error) {
	allocation, err := p.(*staticPolicy).allocateCPUs(logger, s, numCPUs, numaAffinity, reusableCPUs)
	return allocation.CPUs, err
}

// PodtopoPodGuaranteedCPUs is podGuaranteedCPUs of the zero staticPolicy, as TestPodGuaranteedCPUs
// calls it.
func PodtopoPodGuaranteedCPUs(logger klog.Logger, pod *v1.Pod) int {
	p := staticPolicy{}
	return p.podGuaranteedCPUs(logger, pod)
}

// PodtopoValidatePodScopeResources is the static policy's validatePodScopeResources.
func PodtopoValidatePodScopeResources(logger klog.Logger, p Policy, pod *v1.Pod) error {
	return p.(*staticPolicy).validatePodScopeResources(logger, pod)
}

// PodtopoHintsManager is the manager TestGetTopologyHints, TestGetPodTopologyHints and
// TestGetPodTopologyHintsWithPolicyOptions build: a staticPolicy holding only the topology and the
// options, the state, and the active pods; every source ready.
func PodtopoHintsManager(topo *topology.CPUTopology, options StaticPolicyOptions, s state.State,
	activePods ActivePodsFunc) Manager {
	return &manager{
		policy:       &staticPolicy{topology: topo, options: options},
		state:        s,
		topology:     topo,
		activePods:   activePods,
		sourcesReady: &sourcesReadyStub{},
	}
}
