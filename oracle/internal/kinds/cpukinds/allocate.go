package cpukinds

import (
	"encoding/json"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// staticAllocate is runStaticPolicyTestCase (TestStaticPolicyAdd, TestStaticPolicyAddWithResvList):
// Allocate(state, pod, container, AddOperation) with the fake Topology Manager of the case's hint.
// Output {"error", "allocated", "containerCPUs", "defaultCPUSet"}.
func staticAllocate(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		Pod       json.RawMessage `json:"pod"`
		Container string          `json:"container"`
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
	container, err := wire.ContainerOf(pod, in.Container)
	if err != nil {
		return nil, err
	}
	allocateErr := release.CPUPolicyAllocate(logger, policy, st, pod, container)
	cpus, allocated := st.GetCPUAssignments()[string(pod.UID)][container.Name]
	output := map[string]any{
		"error":         writeError(allocateErr),
		"allocated":     allocated,
		"containerCPUs": nil,
		"defaultCPUSet": st.GetDefaultCPUSet().String(),
	}
	if allocated {
		output["containerCPUs"] = cpus.String()
	}
	return output, nil
}
