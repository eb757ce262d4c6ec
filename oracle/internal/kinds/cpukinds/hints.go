package cpukinds

import (
	"encoding/json"
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// cpuHints is TestGetTopologyHints (scope "container"), TestGetPodTopologyHints and
// TestGetPodTopologyHintsWithPolicyOptions (scope "pod"): the CPU manager those tests build (a
// staticPolicy of the topology and the parsed options, the case's state, its assigned pods as the
// active pods) asked GetTopologyHints(pod, container, AddOperation) or
// GetPodTopologyHints(pod, AddOperation) for cpu. Output {"hints": [...] | null}.
func cpuHints(raw json.RawMessage) (any, error) {
	var in struct {
		Topology      json.RawMessage              `json:"topology"`
		Scope         string                       `json:"scope"`
		PolicyOptions map[string]string            `json:"policyOptions"`
		FeatureGates  map[string]bool              `json:"featureGates"`
		DefaultCPUSet string                       `json:"defaultCPUSet"`
		Assignments   map[string]map[string]string `json:"assignments"`
		Pod           json.RawMessage              `json:"pod"`
		Container     string                       `json:"container"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	topo, err := readTopology(in.Topology)
	if err != nil {
		return nil, err
	}
	st, err := stateInput{DefaultCPUSet: in.DefaultCPUSet, Assignments: in.Assignments}.newState()
	if err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	// As upstream's test: the options are parsed and an error of parsing ignored.
	options, _ := cpumanager.NewStaticPolicyOptions(in.PolicyOptions)
	manager := cpumanager.PodtopoHintsManager(topo, options, st, activePods(in.Assignments))
	var hints map[string][]topologymanager.TopologyHint
	switch in.Scope {
	case "container":
		container, err := wire.ContainerOf(pod, in.Container)
		if err != nil {
			return nil, err
		}
		hints = release.ContainerHints(logger, manager, pod, container)
	case "pod":
		hints = release.PodHints(logger, manager, pod)
	default:
		return nil, fmt.Errorf("scope must be container or pod, got %q", in.Scope)
	}
	return map[string]any{"hints": wire.WriteHintList(hints[string(v1.ResourceCPU)])}, nil
}

// activePods is what upstream's hint tests give the manager as its active pods: one pod per pod
// of the assignments, with a container of each assigned name.
func activePods(assignments map[string]map[string]string) cpumanager.ActivePodsFunc {
	var pods []*v1.Pod
	for uid, containers := range assignments {
		pod := &v1.Pod{}
		pod.UID = types.UID(uid)
		for name := range containers {
			pod.Spec.Containers = append(pod.Spec.Containers, v1.Container{Name: name})
		}
		pods = append(pods, pod)
	}
	return func() []*v1.Pod { return pods }
}

// podGuaranteedCPUs is TestPodGuaranteedCPUs: podGuaranteedCPUs(pod) of the zero staticPolicy, with
// the case's feature gates. Output {"guaranteedCPUs"}.
func podGuaranteedCPUs(raw json.RawMessage) (any, error) {
	var in struct {
		FeatureGates map[string]bool `json:"featureGates"`
		Pod          json.RawMessage `json:"pod"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	return map[string]any{"guaranteedCPUs": cpumanager.PodtopoPodGuaranteedCPUs(logger, pod)}, nil
}
