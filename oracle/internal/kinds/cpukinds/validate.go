package cpukinds

import (
	"encoding/json"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/wire"
)

// staticValidatePodScope is TestValidatePodScopeResources: NewStaticPolicy with
// NewFakeManagerWithScope(scope), then the policy's validatePodScopeResources(pod). Output
// {"error": bool, "message"?}.
func staticValidatePodScope(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		TopologyManagerScope string          `json:"topologyManagerScope"`
		Pod                  json.RawMessage `json:"pod"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	topo, err := in.setUp()
	if err != nil {
		return nil, err
	}
	policy, err := in.newPolicy(topo, topologymanager.NewFakeManagerWithScope(in.TopologyManagerScope))
	if err != nil {
		return nil, fmt.Errorf("NewStaticPolicy() failed: %w", err)
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	if err := cpumanager.PodtopoValidatePodScopeResources(logger, policy, pod); err != nil {
		return map[string]any{"error": true, "message": err.Error()}, nil
	}
	return map[string]any{"error": false}, nil
}
