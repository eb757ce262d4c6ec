//go:build !kube_1_36

package release

import (
	"time"

	cadvisorapi "github.com/google/cadvisor/lib/model"
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	kubeletconfig "k8s.io/kubernetes/pkg/kubelet/apis/config"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/utils/cpuset"
)

// The calls that take cadvisor's machine information, which the oracle builds in cadvisor's
// lib/model types, the ones these calls take from v1.37 on.

// Discover is topology.Discover.
func Discover(logger klog.Logger, machine *cadvisorapi.MachineInfo) (*topology.CPUTopology, error) {
	return topology.Discover(logger, machine)
}

// NewMemoryPolicyStatic is memorymanager.NewPolicyStatic.
func NewMemoryPolicyStatic(logger klog.Logger, machine *cadvisorapi.MachineInfo,
	reserved map[int]map[v1.ResourceName]uint64, store topologymanager.Store) (memorymanager.Policy, error) {
	return memorymanager.NewPolicyStatic(logger, machine, reserved, store)
}

// NewTopologyManager is topologymanager.NewManager on the machine's NUMA nodes.
func NewTopologyManager(logger klog.Logger, machine *cadvisorapi.MachineInfo, policy, scope string,
	options map[string]string) (topologymanager.Manager, error) {
	return topologymanager.NewManager(logger, machine.Topology, policy, scope, options)
}

// NewDeviceManager is the Device Manager's newManagerImpl on the machine's NUMA nodes.
func NewDeviceManager(logger klog.Logger, socketPath string, machine *cadvisorapi.MachineInfo,
	store topologymanager.Store) (*devicemanager.ManagerImpl, error) {
	return devicemanager.PodtopoNewManagerImpl(logger, socketPath, machine.Topology, store)
}

// NewCPUManager is cpumanager.NewManager.
func NewCPUManager(logger klog.Logger, policy string, options map[string]string, reconcilePeriod time.Duration,
	machine *cadvisorapi.MachineInfo, specificCPUs cpuset.CPUSet, reservation v1.ResourceList, stateDirectory string,
	store topologymanager.Store) (cpumanager.Manager, error) {
	return cpumanager.NewManager(logger, policy, options, reconcilePeriod, machine, specificCPUs, reservation,
		stateDirectory, store)
}

// NewMemoryManager is memorymanager.NewManager.
func NewMemoryManager(logger klog.Logger, policy string, machine *cadvisorapi.MachineInfo,
	reservation v1.ResourceList, reservedMemory []kubeletconfig.MemoryReservation, stateDirectory string,
	store topologymanager.Store) (memorymanager.Manager, error) {
	return memorymanager.NewManager(logger, policy, machine, reservation, reservedMemory, stateDirectory, store)
}
