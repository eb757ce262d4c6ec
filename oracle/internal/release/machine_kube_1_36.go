//go:build kube_1_36

package release

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// The calls that take cadvisor's machine information, which v1.36 takes in cadvisor's info/v1 types.
// The oracle builds the machine in lib/model's types and never names info/v1's: a file importing
// github.com/google/cadvisor would make a tidy go.mod at v1.37, whose graph has no such module,
// pull in that module and its whole graph. Each call copies the machine into the type its v1.36
// callee takes (v136Machine), which Go infers from topology.Discover's parameter.

// v136Machine copies the machine into the MachineInfo v1.36 takes (the type of topology.Discover's
// parameter, the witness), through the JSON form both types share field by field; a copy that
// would lose a field is an error. A nil machine stays nil.
func v136Machine[M any](_ func(klog.Logger, *M) (*topology.CPUTopology, error),
	machine *cadvisorapi.MachineInfo) (*M, error) {
	if machine == nil {
		return nil, nil
	}
	written, err := json.Marshal(machine)
	if err != nil {
		return nil, err
	}
	copied := new(M)
	if err := json.Unmarshal(written, copied); err != nil {
		return nil, err
	}
	if rewritten, err := json.Marshal(copied); err != nil || !bytes.Equal(written, rewritten) {
		return nil, fmt.Errorf("the machine does not copy into cadvisor's info/v1 MachineInfo unchanged: %s became %s (%v)",
			written, rewritten, err)
	}
	return copied, nil
}

// Discover is topology.Discover.
func Discover(logger klog.Logger, machine *cadvisorapi.MachineInfo) (*topology.CPUTopology, error) {
	m, err := v136Machine(topology.Discover, machine)
	if err != nil {
		return nil, err
	}
	return topology.Discover(logger, m)
}

// NewMemoryPolicyStatic is memorymanager.NewPolicyStatic.
func NewMemoryPolicyStatic(logger klog.Logger, machine *cadvisorapi.MachineInfo,
	reserved map[int]map[v1.ResourceName]uint64, store topologymanager.Store) (memorymanager.Policy, error) {
	m, err := v136Machine(topology.Discover, machine)
	if err != nil {
		return nil, err
	}
	return memorymanager.NewPolicyStatic(logger, m, reserved, store)
}

// NewTopologyManager is topologymanager.NewManager on the machine's NUMA nodes (no logger at v1.36).
func NewTopologyManager(_ klog.Logger, machine *cadvisorapi.MachineInfo, policy, scope string,
	options map[string]string) (topologymanager.Manager, error) {
	m, err := v136Machine(topology.Discover, machine)
	if err != nil {
		return nil, err
	}
	return topologymanager.NewManager(m.Topology, policy, scope, options)
}

// NewDeviceManager is the Device Manager's newManagerImpl on the machine's NUMA nodes.
func NewDeviceManager(logger klog.Logger, socketPath string, machine *cadvisorapi.MachineInfo,
	store topologymanager.Store) (*devicemanager.ManagerImpl, error) {
	m, err := v136Machine(topology.Discover, machine)
	if err != nil {
		return nil, err
	}
	return devicemanager.PodtopoNewManagerImpl(logger, socketPath, m.Topology, store)
}

// NewCPUManager is cpumanager.NewManager.
func NewCPUManager(logger klog.Logger, policy string, options map[string]string, reconcilePeriod time.Duration,
	machine *cadvisorapi.MachineInfo, specificCPUs cpuset.CPUSet, reservation v1.ResourceList, stateDirectory string,
	store topologymanager.Store) (cpumanager.Manager, error) {
	m, err := v136Machine(topology.Discover, machine)
	if err != nil {
		return nil, err
	}
	return cpumanager.NewManager(logger, policy, options, reconcilePeriod, m, specificCPUs, reservation,
		stateDirectory, store)
}

// NewMemoryManager is memorymanager.NewManager.
func NewMemoryManager(logger klog.Logger, policy string, machine *cadvisorapi.MachineInfo,
	reservation v1.ResourceList, reservedMemory []kubeletconfig.MemoryReservation, stateDirectory string,
	store topologymanager.Store) (memorymanager.Manager, error) {
	m, err := v136Machine(topology.Discover, machine)
	if err != nil {
		return nil, err
	}
	return memorymanager.NewManager(logger, policy, m, reservation, reservedMemory, stateDirectory, store)
}
