package cpukinds

import (
	"encoding/json"

	"podtopo.io/oracle/internal/kinds"
)

// staticStart is TestStaticPolicyStart and TestStaticPolicyStartWithResvList: NewStaticPolicy with
// NewFakeManager, then Start on the case's state. Output {"newPolicyError", "startError",
// "defaultCPUSet"} (the default set after Start, null after an error).
func staticStart(raw json.RawMessage) (any, error) {
	var in policyInput
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	output := map[string]any{"newPolicyError": nil, "startError": nil, "defaultCPUSet": nil}
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
		output["newPolicyError"] = err.Error()
		return output, nil
	}
	st, err := in.State.newState()
	if err != nil {
		return nil, err
	}
	if err := policy.Start(logger, st); err != nil {
		output["startError"] = err.Error()
		return output, nil
	}
	output["defaultCPUSet"] = st.GetDefaultCPUSet().String()
	return output, nil
}
