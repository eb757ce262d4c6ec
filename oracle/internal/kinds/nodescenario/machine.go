package nodescenario

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	cadvisorapi "github.com/google/cadvisor/lib/model"
)

// machineJSON is a machine in the schema of fixtures/sysfs/*.expected.json (or a topology fixture,
// which has only cpus), its devices included.
type machineJSON struct {
	Name string `json:"name"`
	CPUs []struct {
		ID          int  `json:"id"`
		Core        int  `json:"core"`
		Socket      int  `json:"socket"`
		NUMA        int  `json:"numa"`
		UncoreCache *int `json:"uncoreCache"`
	} `json:"cpus"`
	NUMANodes []struct {
		ID          int               `json:"id"`
		MemoryBytes uint64            `json:"memoryBytes"`
		Hugepages   map[string]uint64 `json:"hugepages"`
	} `json:"numaNodes"`
	NUMADistances map[string][]uint64 `json:"numaDistances"`
	Devices       []json.RawMessage   `json:"devices"`
}

// machineInfo is the machine as cadvisor reports it to the kubelet: one topology node per NUMA node
// with its memory, hugepage pools (page size in KiB) and distance row; each node's cores (the CPUs
// sharing a socket and core id) with their threads in id order, socket and uncore (L3) cache;
// NumCores the logical CPUs, NumPhysicalCores the cores, NumSockets the sockets, MemoryCapacity and
// HugePages the machine's totals. Its devices are given apart: cadvisor does not report them, their
// device plugins do.
func machineInfo(raw json.RawMessage) (*cadvisorapi.MachineInfo, []device, error) {
	return readMachine(raw, func(*machineJSON) {})
}

// machineFileInfo is machineInfo for a machine file written by `podtopo topology --format json`,
// whose uncoreCache is a CPU's L3 as sysfs groups it (named by its lowest CPU), not the uncore
// cache the kubelet sees, which a node scenario's machine gives: cadvisor files an L3 holding
// exactly its NUMA node's CPUs as the node's cache (hideNodeCaches).
func machineFileInfo(raw json.RawMessage) (*cadvisorapi.MachineInfo, []device, error) {
	return readMachine(raw, hideNodeCaches)
}

// hideNodeCaches leaves out the uncore cache of each CPU whose L3 holds exactly as many CPUs as
// the CPU's NUMA node (the node's cores times this core's threads): cadvisor reports such an L3 as
// the node's cache, not the core's, so the kubelet's topology.Discover does not see it and falls
// back to the socket (podtopo's decisions D-23 and D-29, CadvisorUncore).
func hideNodeCaches(m *machineJSON) {
	threadsOfCore, cpusOfCache, coresOfNode := map[int]int{}, map[int]int{}, map[int]map[int]bool{}
	for _, cpu := range m.CPUs {
		threadsOfCore[cpu.Core]++
		if cpu.UncoreCache != nil {
			cpusOfCache[*cpu.UncoreCache]++
		}
		if coresOfNode[cpu.NUMA] == nil {
			coresOfNode[cpu.NUMA] = map[int]bool{}
		}
		coresOfNode[cpu.NUMA][cpu.Core] = true
	}
	for i, cpu := range m.CPUs {
		if cpu.UncoreCache != nil && cpusOfCache[*cpu.UncoreCache] == len(coresOfNode[cpu.NUMA])*threadsOfCore[cpu.Core] {
			m.CPUs[i].UncoreCache = nil
		}
	}
}

// readMachine reads a machine, its uncore caches first adjusted by adjust.
func readMachine(raw json.RawMessage, adjust func(*machineJSON)) (*cadvisorapi.MachineInfo, []device, error) {
	var m machineJSON
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, nil, fmt.Errorf("machine: %w", err)
	}
	adjust(&m)
	devices, err := readDevices(m.Devices)
	if err != nil {
		return nil, nil, fmt.Errorf("machine %s: %w", m.Name, err)
	}
	info, err := cadvisorMachine(m)
	return info, devices, err
}

// cadvisorMachine is the machine's cadvisor MachineInfo.
func cadvisorMachine(m machineJSON) (*cadvisorapi.MachineInfo, error) {
	nodes := map[int]*cadvisorapi.Node{}
	node := func(id int) *cadvisorapi.Node {
		if nodes[id] == nil {
			nodes[id] = &cadvisorapi.Node{Id: id}
		}
		return nodes[id]
	}
	for _, numa := range m.NUMANodes {
		n := node(numa.ID)
		n.Memory = numa.MemoryBytes
		sizes := make([]uint64, 0, len(numa.Hugepages))
		for size := range numa.Hugepages {
			bytes, err := strconv.ParseUint(size, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("machine %s: node %d: hugepage size %q is not a byte count", m.Name, numa.ID, size)
			}
			sizes = append(sizes, bytes)
		}
		sort.Slice(sizes, func(i, j int) bool { return sizes[i] < sizes[j] })
		for _, size := range sizes {
			n.HugePages = append(n.HugePages, cadvisorapi.HugePagesInfo{PageSize: size / 1024,
				NumPages: numa.Hugepages[strconv.FormatUint(size, 10)]})
		}
		if row, ok := m.NUMADistances[strconv.Itoa(numa.ID)]; ok {
			n.Distances = row
		}
	}
	type coreKey struct{ numa, socket, core int }
	cores := map[coreKey]*cadvisorapi.Core{}
	var order []coreKey
	sockets := map[int]bool{}
	sorted := append(m.CPUs[:0:0], m.CPUs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for _, cpu := range sorted {
		key := coreKey{cpu.NUMA, cpu.Socket, cpu.Core}
		if cores[key] == nil {
			core := &cadvisorapi.Core{Id: cpu.Core, SocketID: cpu.Socket}
			if cpu.UncoreCache != nil {
				core.UncoreCaches = []cadvisorapi.Cache{{Id: *cpu.UncoreCache, Level: 3, Type: "Unified"}}
			}
			cores[key] = core
			order = append(order, key)
		}
		cores[key].Threads = append(cores[key].Threads, cpu.ID)
		sockets[cpu.Socket] = true
		node(cpu.NUMA)
	}
	for _, key := range order {
		n := node(key.numa)
		n.Cores = append(n.Cores, *cores[key])
	}
	ids := make([]int, 0, len(nodes))
	for id := range nodes {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	info := &cadvisorapi.MachineInfo{NumCores: len(m.CPUs), NumPhysicalCores: len(cores), NumSockets: len(sockets)}
	hugepages := map[uint64]uint64{}
	for _, id := range ids {
		n := nodes[id]
		if n.Distances == nil && len(m.NUMADistances) > 0 {
			return nil, fmt.Errorf("machine %s: numaDistances has no row for node %d", m.Name, id)
		}
		info.Topology = append(info.Topology, *n)
		info.MemoryCapacity += n.Memory
		for _, pool := range n.HugePages {
			hugepages[pool.PageSize] += pool.NumPages
		}
	}
	sizes := make([]uint64, 0, len(hugepages))
	for size := range hugepages {
		sizes = append(sizes, size)
	}
	sort.Slice(sizes, func(i, j int) bool { return sizes[i] < sizes[j] })
	for _, size := range sizes {
		info.HugePages = append(info.HugePages, cadvisorapi.HugePagesInfo{PageSize: size, NumPages: hugepages[size]})
	}
	return info, nil
}
