package cpukinds

import (
	"encoding/json"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/wire"
)

// staticAllocateCPUs is TestTopologyAwareAllocateCPUs: NewStaticPolicy (NewFakeManager), Start on
// the case's state, then the policy's allocateCPUs(numCPUs, numaAffinity, reusableCPUs). Output
// {"error", "cpus"}.
func staticAllocateCPUs(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		NumCPUs      int    `json:"numCPUs"`
		NUMAAffinity *[]int `json:"numaAffinity"`
		ReusableCPUs string `json:"reusableCPUs"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	policy, st, err := in.policyAndState()
	if err != nil {
		return nil, err
	}
	if err := policy.Start(logger, st); err != nil {
		return nil, fmt.Errorf("StaticPolicy Start() error (%w)", err)
	}
	mask, err := wire.Mask(in.NUMAAffinity)
	if err != nil {
		return nil, err
	}
	reusable, err := wire.CPUs(in.ReusableCPUs)
	if err != nil {
		return nil, err
	}
	return selection(cpumanager.PodtopoAllocateCPUs(logger, policy, st, in.NumCPUs, mask, reusable)), nil
}
