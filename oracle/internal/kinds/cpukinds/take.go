package cpukinds

import (
	"encoding/json"
	"errors"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/utils/cpuset"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// takeByTopology is TestTakeByTopologyNUMAPacked, TestTakeByTopologyWithSpreadPhysicalCPUsPreferredOption
// and TestTakeByTopologyNUMADistributed: takeByTopologyNUMAPacked(topo, available, numCPUs,
// strategy, preferAlignByUncoreCache) or takeByTopologyNUMADistributed(topo, available, numCPUs,
// cpuGroupSize, strategy, alignBySocket).
func takeByTopology(raw json.RawMessage) (any, error) {
	var in struct {
		Topology                 json.RawMessage `json:"topology"`
		Algorithm                string          `json:"algorithm"`
		AvailableCPUs            string          `json:"availableCPUs"`
		NumCPUs                  int             `json:"numCPUs"`
		CPUSortingStrategy       string          `json:"cpuSortingStrategy"`
		PreferAlignByUncoreCache bool            `json:"preferAlignByUncoreCache"`
		CPUGroupSize             *int            `json:"cpuGroupSize"`
		AlignBySocket            bool            `json:"alignBySocket"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	topo, err := readTopology(in.Topology)
	if err != nil {
		return nil, err
	}
	available, err := wire.CPUs(in.AvailableCPUs)
	if err != nil {
		return nil, err
	}
	strategy, err := sortingStrategy(in.CPUSortingStrategy)
	if err != nil {
		return nil, err
	}
	var cpus cpuset.CPUSet
	switch in.Algorithm {
	case "numa-packed":
		cpus, err = cpumanager.PodtopoTakeByTopologyNUMAPacked(logger, topo, available, in.NumCPUs, strategy,
			in.PreferAlignByUncoreCache)
	case "numa-distributed":
		groupSize := 1
		if in.CPUGroupSize != nil {
			groupSize = *in.CPUGroupSize
		}
		cpus, err = release.TakeByTopologyNUMADistributed(logger, topo, available, in.NumCPUs, groupSize,
			strategy, in.AlignBySocket)
	default:
		return nil, fmt.Errorf("algorithm must be numa-packed or numa-distributed, got %q", in.Algorithm)
	}
	var unsupported *kinds.UnsupportedCase
	if errors.As(err, &unsupported) {
		return nil, err
	}
	return selection(cpus, err), nil
}

// sortingStrategy reads "packed" (the default) or "spread" (distribute-cpus-across-cores).
func sortingStrategy(name string) (cpumanager.CPUSortingStrategy, error) {
	switch name {
	case "", "packed":
		return cpumanager.CPUSortingStrategyPacked, nil
	case "spread":
		return cpumanager.CPUSortingStrategySpread, nil
	}
	return "", fmt.Errorf("cpuSortingStrategy must be packed or spread, got %q", name)
}

// selection is the CPU selection kinds' output {"error": text | null, "cpus": cpulist}: the CPUs
// the call returned, with or without an error (upstream's tests compare both).
func selection(cpus cpuset.CPUSet, err error) map[string]any {
	if err != nil {
		return map[string]any{"error": err.Error(), "cpus": cpus.String()}
	}
	return map[string]any{"error": nil, "cpus": cpus.String()}
}
