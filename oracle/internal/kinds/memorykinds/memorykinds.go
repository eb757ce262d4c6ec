// Package memorykinds answers the Memory Manager's Static policy kinds (memory-new, memory-start,
// memory-allocate) with upstream's policy, built as upstream's policy_static_test.go builds it
// (initTests): NewPolicyStatic on the case's machine info and system-reserved memory with a fake
// Topology Manager, and an in-memory state holding the case's machine state and assignments.
package memorykinds

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager/state"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

func init() {
	kinds.Register("memory-new", memoryNew)
	kinds.Register("memory-start", memoryStart)
	kinds.Register("memory-allocate", memoryAllocate)
}

// policyInput is what every memory kind reads: the machine, the system-reserved memory, the
// feature gates upstream sets for the case, and the state the policy runs on.
type policyInput struct {
	SystemReserved map[string]map[string]uint64 `json:"systemReserved"`
	MachineInfo    *[]node                      `json:"machineInfo"`
	FeatureGates   map[string]bool              `json:"featureGates"`
	State          memoryState                  `json:"state"`
}

// quiet is the logger the policy is given: upstream's tests log to the test, the oracle nowhere.
var quiet = logr.Discard()

// policy applies the case's gates and builds the policy with the affinity store as initTests does:
// NewPolicyStatic(logger, machineInfo, systemReserved, store).
func (in policyInput) policy(store topologymanager.Store) (memorymanager.Policy, error) {
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	systemReserved, err := reserved(in.SystemReserved)
	if err != nil {
		return nil, err
	}
	return release.NewMemoryPolicyStatic(quiet, machineInfo(in.MachineInfo), systemReserved, store)
}

// state gives a new in-memory state holding the case's machine state and assignments
// (state.NewMemoryState, SetMachineState, SetMemoryAssignments, as initTests does).
func (in policyInput) state() (state.State, error) {
	machine, err := in.State.machineState()
	if err != nil {
		return nil, err
	}
	s := state.NewMemoryState(quiet)
	s.SetMachineState(machine)
	s.SetMemoryAssignments(in.State.Assignments)
	return s, nil
}

// memoryNew is TestStaticPolicyNew: NewPolicyStatic's error.
func memoryNew(raw json.RawMessage) (any, error) {
	var in policyInput
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	// The case's gates first: a gate refused (or one the release lacks) is no error of NewPolicyStatic.
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	_, err := in.policy(release.NewFakeManager(quiet))
	var message *string
	if err != nil {
		text := err.Error()
		message = &text
	}
	return map[string]*string{"error": message}, nil
}

// memoryStart is TestStaticPolicyStart: Start(state) on a policy that NewPolicyStatic accepted.
func memoryStart(raw json.RawMessage) (any, error) {
	var in policyInput
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	p, err := in.policy(release.NewFakeManager(quiet))
	if err != nil {
		return nil, fmt.Errorf("NewPolicyStatic refused the case (upstream's test fails there): %w", err)
	}
	s, err := in.state()
	if err != nil {
		return nil, err
	}
	return after(p.Start(quiet, s), s), nil
}

// memoryAllocate is TestStaticPolicyAllocate: Allocate(ctx, state, pod, container, AddOperation)
// with a fake Topology Manager that returns the case's hint, on the given state (no Start).
func memoryAllocate(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		Pod          json.RawMessage `json:"pod"`
		Container    string          `json:"container"`
		TopologyHint wire.Hint       `json:"topologyHint"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	hint, err := in.TopologyHint.ToHint()
	if err != nil {
		return nil, err
	}
	p, err := in.policy(release.NewFakeManagerWithHint(quiet, &hint))
	if err != nil {
		return nil, fmt.Errorf("NewPolicyStatic refused the case (upstream's test fails there): %w", err)
	}
	s, err := in.state()
	if err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	container, err := wire.ContainerOf(pod, in.Container)
	if err != nil {
		return nil, err
	}
	ctx := klog.NewContext(context.Background(), quiet)
	return after(release.MemoryPolicyAllocate(ctx, p, s, pod, container), s), nil
}
