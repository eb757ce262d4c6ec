package cpukinds

import (
	"encoding/json"

	"podtopo.io/oracle/internal/kinds"
)

// staticRemove is TestStaticPolicyRemove: RemoveContainer(state, podUID, container) on a policy built
// with NewFakeManager. Output {"defaultCPUSet", "containerAssignmentPresent", "error"}.
func staticRemove(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		PodUID    string `json:"podUID"`
		Container string `json:"container"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	policy, st, err := in.policyAndState()
	if err != nil {
		return nil, err
	}
	removeErr := policy.RemoveContainer(logger, st, in.PodUID, in.Container)
	_, present := st.GetCPUAssignments()[in.PodUID][in.Container]
	return map[string]any{
		"defaultCPUSet":              st.GetDefaultCPUSet().String(),
		"containerAssignmentPresent": present,
		"error":                      writeError(removeErr),
	}, nil
}
