// Package wire converts between the vectors' JSON forms (FORMAT.md) and upstream's types: CPU sets,
// NUMA masks and hints, CPU topologies, machines and pods.
package wire

import (
	"fmt"

	"k8s.io/utils/cpuset"
)

// CPUs parses a cpulist ("0-3,8"; "" is the empty set).
func CPUs(list string) (cpuset.CPUSet, error) {
	set, err := cpuset.Parse(list)
	if err != nil {
		return cpuset.New(), fmt.Errorf("not a cpulist: %q: %w", list, err)
	}
	return set, nil
}
