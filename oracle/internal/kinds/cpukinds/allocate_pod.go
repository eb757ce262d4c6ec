package cpukinds

import (
	"encoding/json"

	basemetrics "k8s.io/component-base/metrics"
	"k8s.io/component-base/metrics/testutil"
	"k8s.io/kubernetes/pkg/kubelet/metrics"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// staticAllocatePod is TestStaticPolicyAllocatePod: the case's feature gates set, the kubelet's
// metrics registered and the resource-manager counters reset, NewStaticPolicy with the fake
// Topology Manager of the case's hint (upstream: NewFakeManager), then AllocatePod(state, pod,
// AddOperation). Output {"error",
// "assignments", "defaultCPUSet", "podCPUSet", "metrics"}; the metrics are the counters upstream
// reads for (cpu, pod).
func staticAllocatePod(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		Pod json.RawMessage `json:"pod"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	policy, err := in.policy()
	if err != nil {
		return nil, err
	}
	// metrics.Register runs once per process and registers the resource-manager counters only if
	// PodLevelResourceManagers is on at that moment (upstream's test sets the gates first, then
	// registers); a case with the gate off must not spend that once. Unregistered, the counters
	// stay at 0, as they would upstream.
	if gates.Enabled("PodLevelResourceManagers") {
		metrics.Register()
	}
	metrics.ResourceManagerAllocationsTotal.Reset()
	metrics.ResourceManagerAllocationErrorsTotal.Reset()
	metrics.ResourceManagerContainerAssignments.Reset()
	st, err := in.State.newState()
	if err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	allocateErr := release.CPUPolicyAllocatePod(logger, policy, st, pod)
	counters := map[string]any{}
	for name, counter := range map[string]basemetrics.CounterMetric{
		"allocationsTotal": metrics.ResourceManagerAllocationsTotal.WithLabelValues(
			metrics.ResourceManagerCPU, metrics.ResourceManagerPod),
		"allocationErrorsTotal": metrics.ResourceManagerAllocationErrorsTotal.WithLabelValues(
			metrics.ResourceManagerCPU, metrics.ResourceManagerPod),
		"exclusiveContainerAssignments": metrics.ResourceManagerContainerAssignments.WithLabelValues(
			metrics.ResourceManagerCPU, metrics.ResourceManagerExclusivePod),
		"podSharedPoolContainerAssignments": metrics.ResourceManagerContainerAssignments.WithLabelValues(
			metrics.ResourceManagerCPU, metrics.ResourceManagerSharedPod),
	} {
		value, err := testutil.GetCounterMetricValue(counter)
		if err != nil {
			return nil, err
		}
		counters[name] = value
	}
	podCPUs, _ := st.GetPodCPUSet(string(pod.UID))
	return map[string]any{
		"error":         writeError(allocateErr),
		"assignments":   writeAssignments(st.GetCPUAssignments()),
		"defaultCPUSet": st.GetDefaultCPUSet().String(),
		"podCPUSet":     podCPUs.String(),
		"metrics":       counters,
	}, nil
}
