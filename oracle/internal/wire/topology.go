package wire

import (
	"encoding/json"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
)

// CPUTopology is a CPU topology fixture as the vectors write it (FORMAT.md, "Topology"):
// {"name", "cpus": [{"id", "core", "socket", "numa", "uncoreCache"}], "numUncoreCache"?, and the
// counts an upstream fixture declares unlike its CPUs: "numCores"?, "numSockets"?, "numNUMANodes"?}.
type CPUTopology struct {
	Name           string `json:"name"`
	NumUncoreCache int    `json:"numUncoreCache"`
	NumCores       *int   `json:"numCores"`
	NumSockets     *int   `json:"numSockets"`
	NumNUMANodes   *int   `json:"numNUMANodes"`
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

// Build gives the fixture as upstream's test fixtures declare a CPUTopology: NumCPUs, and NumCores
// (distinct core ids), NumSockets and NumNUMANodes counted from the CPUs unless the fixture declares
// them (upstream's older fixtures leave NumNUMANodes at Go's zero value), NumUncoreCache as the
// fixture declares it (0 where it declares none), and every CPU's details.
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
		NumCores:       declaredOr(f.NumCores, len(cores)),
		NumSockets:     declaredOr(f.NumSockets, len(sockets)),
		NumNUMANodes:   declaredOr(f.NumNUMANodes, len(nodes)),
		NumUncoreCache: f.NumUncoreCache,
		CPUDetails:     details,
	}
}

func declaredOr(declared *int, counted int) int {
	if declared != nil {
		return *declared
	}
	return counted
}
