package cpukinds

import (
	"encoding/json"
	"fmt"

	v1 "k8s.io/api/core/v1"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// staticAllocateSequence is TestStaticPolicyReuseCPUs and TestStaticPolicyDoNotReuseCPUs: on one
// policy (NewFakeManager) and one state, "allocate-all" calls Allocate for every init container and
// then every app container, "remove" calls RemoveContainer. Output {"defaultCPUSetAfterAllocate",
// "defaultCPUSetAfterRemove"?, "errors": ["container: error", ...]}.
func staticAllocateSequence(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		Pod   json.RawMessage `json:"pod"`
		Steps []struct {
			Op        string `json:"op"`
			Container string `json:"container"`
		} `json:"steps"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	policy, st, err := in.policyAndState()
	if err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	output := map[string]any{}
	errs := []string{}
	for _, step := range in.Steps {
		switch step.Op {
		case "allocate-all":
			for _, container := range append(append([]v1.Container{}, pod.Spec.InitContainers...), pod.Spec.Containers...) {
				if err := release.CPUPolicyAllocate(logger, policy, st, pod, &container); err != nil {
					errs = append(errs, fmt.Sprintf("%s: %v", container.Name, err))
				}
			}
			output["defaultCPUSetAfterAllocate"] = st.GetDefaultCPUSet().String()
		case "remove":
			if err := policy.RemoveContainer(logger, st, string(pod.UID), step.Container); err != nil {
				errs = append(errs, fmt.Sprintf("remove %s: %v", step.Container, err))
			}
			output["defaultCPUSetAfterRemove"] = st.GetDefaultCPUSet().String()
		default:
			return nil, fmt.Errorf("unknown step op %q", step.Op)
		}
	}
	output["errors"] = errs
	return output, nil
}
