package cpukinds

import (
	"encoding/json"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/state"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/utils/cpuset"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// policyInput is what the static-policy kinds share (FORMAT.md): the topology, the reserved CPUs
// (a count, and a list or null for "the policy chooses"), the policy options, the feature gates
// upstream's test sets, and the hint of the fake Topology Manager (null: NewFakeManager).
type policyInput struct {
	Topology        json.RawMessage   `json:"topology"`
	NumReservedCPUs int               `json:"numReservedCPUs"`
	ReservedCPUs    *string           `json:"reservedCPUs"`
	PolicyOptions   map[string]string `json:"policyOptions"`
	FeatureGates    map[string]bool   `json:"featureGates"`
	TopologyHint    *wire.Hint        `json:"topologyHint"`
	State           stateInput        `json:"state"`
}

// stateInput is a CPU Manager state: the default (shared) set and {podUID: {container: cpulist}}.
type stateInput struct {
	DefaultCPUSet string                       `json:"defaultCPUSet"`
	Assignments   map[string]map[string]string `json:"assignments"`
}

// setUp applies the case's feature gates and reads its topology.
func (in policyInput) setUp() (*topology.CPUTopology, error) {
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	return readTopology(in.Topology)
}

// affinity is the fake Topology Manager upstream's runStaticPolicyTestCase gives the policy:
// NewFakeManagerWithHint for a case with a hint, else NewFakeManager.
func (in policyInput) affinity() (topologymanager.Store, error) {
	if in.TopologyHint == nil {
		return release.NewFakeManager(logger), nil
	}
	hint, err := in.TopologyHint.ToHint()
	if err != nil {
		return nil, err
	}
	return release.NewFakeManagerWithHint(logger, &hint), nil
}

// reserved is the reservedCPUs argument of NewStaticPolicy: the list, or the empty set when the
// case lets the policy choose.
func (in policyInput) reserved() (cpuset.CPUSet, error) {
	if in.ReservedCPUs == nil {
		return cpuset.New(), nil
	}
	return wire.CPUs(*in.ReservedCPUs)
}

// newPolicy is NewStaticPolicy(topology, numReservedCPUs, reserved, affinity, options), as
// upstream's tests call it.
func (in policyInput) newPolicy(topo *topology.CPUTopology, affinity topologymanager.Store) (cpumanager.Policy, error) {
	reserved, err := in.reserved()
	if err != nil {
		return nil, err
	}
	return cpumanager.NewStaticPolicy(logger, topo, in.NumReservedCPUs, reserved, affinity, in.PolicyOptions)
}

// policy sets the case up and builds its policy with the fake Topology Manager of its hint; an
// error of NewStaticPolicy is the driver's error here, as upstream's tests t.Fatal on it.
func (in policyInput) policy() (cpumanager.Policy, error) {
	topo, err := in.setUp()
	if err != nil {
		return nil, err
	}
	affinity, err := in.affinity()
	if err != nil {
		return nil, err
	}
	policy, err := in.newPolicy(topo, affinity)
	if err != nil {
		return nil, fmt.Errorf("NewStaticPolicy() failed: %w", err)
	}
	return policy, nil
}

// policyAndState is the case's policy (policy) and the state it starts from (newState).
func (in policyInput) policyAndState() (cpumanager.Policy, state.State, error) {
	policy, err := in.policy()
	if err != nil {
		return nil, nil, err
	}
	st, err := in.State.newState()
	if err != nil {
		return nil, nil, err
	}
	return policy, st, nil
}

// newState is the state upstream's tests start from (a mockState there; the kubelet's memory state
// here, which keeps assignments and the default set the same way).
func (s stateInput) newState() (state.State, error) {
	st := state.NewMemoryState(logger)
	defaults, err := wire.CPUs(s.DefaultCPUSet)
	if err != nil {
		return nil, err
	}
	assignments := state.ContainerCPUAssignments{}
	for pod, containers := range s.Assignments {
		assignments[pod] = map[string]cpuset.CPUSet{}
		for container, list := range containers {
			cpus, err := wire.CPUs(list)
			if err != nil {
				return nil, fmt.Errorf("assignment of %s/%s: %w", pod, container, err)
			}
			assignments[pod][container] = cpus
		}
	}
	st.SetCPUAssignments(assignments)
	st.SetDefaultCPUSet(defaults)
	return st, nil
}

// writeAssignments writes {podUID: {container: cpulist}}.
func writeAssignments(assignments state.ContainerCPUAssignments) map[string]map[string]string {
	written := map[string]map[string]string{}
	for pod, containers := range assignments {
		written[pod] = map[string]string{}
		for container, cpus := range containers {
			written[pod][container] = cpus.String()
		}
	}
	return written
}
