package wire

import (
	"encoding/json"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
)

// CPUTopology is a CPU topology fixture as the vectors write it (FORMAT.md, "Topology"):
// {"name", "cpus": [{"id", "core", "socket", "numa", "uncoreCache"}], "numUncoreCache"?}.
type CPUTopology struct {
	Name           string `json:"name"`
	NumUncoreCache int    `json:"numUncoreCache"`
	CPUs           []struct {
		ID          int `json:"id"`
		Core        int `json:"core"`
		Socket      int `json:"socket"`
		NUMA        int `json:"numa"`
		UncoreCache int `json:"uncoreCache"`
	} `json:"cpus"`
}

// ReadCPUTopology reads a fixture.
func ReadCPUTopology(raw json.RawMessage) (*topology.CPUTopology, error) {
	var fixture CPUTopology
	if err := json.Unmarshal(raw, &fixture); err != nil {
		return nil, fmt.Errorf("topology: %w", err)
	}
	return fixture.Build(), nil
}

// Build gives the fixture as upstream's test fixtures declare a CPUTopology: NumCPUs, NumCores
// (distinct core ids), NumSockets and NumNUMANodes counted from the CPUs, NumUncoreCache as the
// fixture declares it (0, Go's zero value, where it declares none), and every CPU's details.
func (f CPUTopology) Build() *topology.CPUTopology {
	details := topology.CPUDetails{}
	cores, sockets, nodes := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, cpu := range f.CPUs {
		details[cpu.ID] = topology.CPUInfo{CoreID: cpu.Core, SocketID: cpu.Socket, NUMANodeID: cpu.NUMA,
			UncoreCacheID: cpu.UncoreCache}
		cores[cpu.Core], sockets[cpu.Socket], nodes[cpu.NUMA] = true, true, true
	}
	return &topology.CPUTopology{
		NumCPUs:        len(f.CPUs),
		NumCores:       len(cores),
		NumSockets:     len(sockets),
		NumNUMANodes:   len(nodes),
		NumUncoreCache: f.NumUncoreCache,
		CPUDetails:     details,
	}
}
