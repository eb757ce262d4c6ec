package memorykinds

import (
	"fmt"
	"strconv"

	cadvisorapi "github.com/google/cadvisor/lib/model"
	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager/state"
)

// node is a cadvisor NUMA node as the vectors write it: {"id", "memory", "hugepages":
// [{"pageSizeKiB", "numPages"}]}, sizes in bytes and page sizes in KiB as cadvisor reports them.
type node struct {
	ID        int    `json:"id"`
	Memory    uint64 `json:"memory"`
	HugePages []struct {
		PageSizeKiB uint64 `json:"pageSizeKiB"`
		NumPages    uint64 `json:"numPages"`
	} `json:"hugepages"`
}

// machineInfo gives cadvisor's machine info of the nodes, nil when the case leaves it unset (null),
// as upstream's test cases without a machineInfo field do.
func machineInfo(nodes *[]node) *cadvisorapi.MachineInfo {
	if nodes == nil {
		return nil
	}
	info := &cadvisorapi.MachineInfo{}
	for _, n := range *nodes {
		topologyNode := cadvisorapi.Node{Id: n.ID, Memory: n.Memory}
		for _, pool := range n.HugePages {
			topologyNode.HugePages = append(topologyNode.HugePages,
				cadvisorapi.HugePagesInfo{PageSize: pool.PageSizeKiB, NumPages: pool.NumPages})
		}
		info.Topology = append(info.Topology, topologyNode)
	}
	return info
}

// reserved reads {numa: {resource: bytes}} (null: none) in the form NewPolicyStatic takes.
func reserved(byNode map[string]map[string]uint64) (map[int]map[v1.ResourceName]uint64, error) {
	if byNode == nil {
		return nil, nil
	}
	out := map[int]map[v1.ResourceName]uint64{}
	for key, byResource := range byNode {
		id, err := nodeID(key)
		if err != nil {
			return nil, err
		}
		out[id] = map[v1.ResourceName]uint64{}
		for resource, size := range byResource {
			out[id][v1.ResourceName(resource)] = size
		}
	}
	return out, nil
}

// table is a state.MemoryTable as the vectors write it (its total is "totalMemSize", upstream's
// checkpoint names it "total").
type table struct {
	Allocatable    uint64 `json:"allocatable"`
	Free           uint64 `json:"free"`
	Reserved       uint64 `json:"reserved"`
	SystemReserved uint64 `json:"systemReserved"`
	TotalMemSize   uint64 `json:"totalMemSize"`
}

// nodeState is a state.NUMANodeState as the vectors write it.
type nodeState struct {
	MemoryMap           map[string]table `json:"memoryMap"`
	Cells               []int            `json:"cells"`
	NumberOfAssignments int              `json:"numberOfAssignments"`
}

// memoryState is the state a case starts from: {"machineState": {numa: nodeState}, "assignments":
// {pod: {container: [block]}}} (blocks as upstream's state.Block writes them).
type memoryState struct {
	MachineState map[string]nodeState             `json:"machineState"`
	Assignments  state.ContainerMemoryAssignments `json:"assignments"`
}

// machineState converts the vectors' machine state.
func (s memoryState) machineState() (state.NUMANodeMap, error) {
	machine := state.NUMANodeMap{}
	for key, written := range s.MachineState {
		id, err := nodeID(key)
		if err != nil {
			return nil, err
		}
		n := &state.NUMANodeState{NumberOfAssignments: written.NumberOfAssignments, Cells: written.Cells,
			MemoryMap: map[v1.ResourceName]*state.MemoryTable{}}
		for resource, t := range written.MemoryMap {
			n.MemoryMap[v1.ResourceName(resource)] = &state.MemoryTable{Allocatable: t.Allocatable, Free: t.Free,
				Reserved: t.Reserved, SystemReserved: t.SystemReserved, TotalMemSize: t.TotalMemSize}
		}
		machine[id] = n
	}
	return machine, nil
}

// writeMachineState writes upstream's machine state in the vectors' form.
func writeMachineState(machine state.NUMANodeMap) map[string]nodeState {
	written := map[string]nodeState{}
	for id, n := range machine {
		out := nodeState{NumberOfAssignments: n.NumberOfAssignments, Cells: n.Cells, MemoryMap: map[string]table{}}
		if out.Cells == nil {
			out.Cells = []int{}
		}
		for resource, t := range n.MemoryMap {
			out.MemoryMap[string(resource)] = table{Allocatable: t.Allocatable, Free: t.Free, Reserved: t.Reserved,
				SystemReserved: t.SystemReserved, TotalMemSize: t.TotalMemSize}
		}
		written[strconv.Itoa(id)] = out
	}
	return written
}

// writeAssignments writes upstream's container assignments, {} for none.
func writeAssignments(assignments state.ContainerMemoryAssignments) state.ContainerMemoryAssignments {
	if assignments == nil {
		return state.ContainerMemoryAssignments{}
	}
	return assignments
}

func nodeID(key string) (int, error) {
	id, err := strconv.Atoi(key)
	if err != nil {
		return 0, fmt.Errorf("NUMA node %q is not a node id: %w", key, err)
	}
	return id, nil
}

// verdict is the output of memory-start and memory-allocate: the error, and without one the state.
type verdict struct {
	Error        *string                          `json:"error"`
	Assignments  state.ContainerMemoryAssignments `json:"assignments"`
	MachineState map[string]nodeState             `json:"machineState"`
}

// after gives the verdict of a call that returned err on the state s.
func after(err error, s state.State) verdict {
	if err != nil {
		message := err.Error()
		return verdict{Error: &message}
	}
	return verdict{Assignments: writeAssignments(s.GetMemoryAssignments()),
		MachineState: writeMachineState(s.GetMachineState())}
}
