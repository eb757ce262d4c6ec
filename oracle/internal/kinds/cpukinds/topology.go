package cpukinds

import (
	"encoding/json"
	"fmt"

	cadvisorapi "github.com/google/cadvisor/lib/model"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"

	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// cadvisorMachine is the cadvisor MachineInfo a fixture is discovered from, where upstream's test
// builds its topology with topology.Discover (returnMachineInfo in topology_hints_test.go):
// {"numCores", "numSockets"?, "topology": [{"id", "cores": [{"id", "socket", "threads",
// "uncoreCaches"?}]}]}.
type cadvisorMachine struct {
	NumCores   int `json:"numCores"`
	NumSockets int `json:"numSockets"`
	Topology   []struct {
		ID    int `json:"id"`
		Cores []struct {
			ID           int   `json:"id"`
			Socket       int   `json:"socket"`
			Threads      []int `json:"threads"`
			UncoreCaches []int `json:"uncoreCaches"`
		} `json:"cores"`
	} `json:"topology"`
}

// readTopology reads a fixture: through topology.Discover when it carries the cadvisor machine it
// is discovered from ("cadvisor"), else as upstream's fixtures declare it (wire.ReadCPUTopology).
func readTopology(raw json.RawMessage) (*topology.CPUTopology, error) {
	var fixture struct {
		Cadvisor *cadvisorMachine `json:"cadvisor"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		return nil, fmt.Errorf("topology: %w", err)
	}
	if fixture.Cadvisor == nil {
		return wire.ReadCPUTopology(raw)
	}
	info := fixture.Cadvisor.machineInfo()
	topo, err := release.Discover(logger, &info)
	if err != nil {
		return nil, fmt.Errorf("topology: Discover: %w", err)
	}
	return topo, nil
}

func (m cadvisorMachine) machineInfo() cadvisorapi.MachineInfo {
	info := cadvisorapi.MachineInfo{NumCores: m.NumCores, NumSockets: m.NumSockets}
	for _, node := range m.Topology {
		cadvisorNode := cadvisorapi.Node{Id: node.ID}
		for _, core := range node.Cores {
			cadvisorCore := cadvisorapi.Core{Id: core.ID, SocketID: core.Socket, Threads: core.Threads}
			for _, cache := range core.UncoreCaches {
				cadvisorCore.UncoreCaches = append(cadvisorCore.UncoreCaches, cadvisorapi.Cache{Id: cache})
			}
			cadvisorNode.Cores = append(cadvisorNode.Cores, cadvisorCore)
		}
		info.Topology = append(info.Topology, cadvisorNode)
	}
	return info
}
