// Package topologykinds answers the Topology Manager's policy kinds (merge-hints, policy-admit,
// single-numa-filter-hints) with upstream's policies, built as upstream's policy tests build them.
package topologykinds

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-logr/logr"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/wire"
)

func init() {
	kinds.Register("merge-hints", mergeHints)
	kinds.Register("policy-admit", policyAdmit)
	kinds.Register("single-numa-filter-hints", singleNumaFilterHints)
}

type policyInput struct {
	Policy        string              `json:"policy"`
	NUMANodes     []int               `json:"numaNodes"`
	NUMADistances map[string][]uint64 `json:"numaDistances"`
	PolicyOptions struct {
		PreferClosestNUMA bool `json:"preferClosestNUMA"`
	} `json:"policyOptions"`
}

// policy builds the named policy on the case's NUMA nodes, with the options upstream's tests give
// it (a PolicyOptions literal: only prefer-closest-numa-nodes set).
func (in policyInput) policy() (topologymanager.Policy, error) {
	distances := topologymanager.NUMADistances{}
	for node, row := range in.NUMADistances {
		id, err := strconv.Atoi(node)
		if err != nil {
			return nil, fmt.Errorf("numaDistances: node %q: %w", node, err)
		}
		distances[id] = row
	}
	info := &topologymanager.NUMAInfo{Nodes: in.NUMANodes, NUMADistances: distances}
	opts := topologymanager.PolicyOptions{PreferClosestNUMA: in.PolicyOptions.PreferClosestNUMA}
	switch in.Policy {
	case topologymanager.PolicyBestEffort:
		return topologymanager.NewBestEffortPolicy(info, opts), nil
	case topologymanager.PolicyRestricted:
		return topologymanager.NewRestrictedPolicy(info, opts), nil
	case topologymanager.PolicySingleNumaNode:
		return topologymanager.NewSingleNumaNodePolicy(info, opts), nil
	case topologymanager.PolicyNone:
		return topologymanager.NewNonePolicy(), nil
	}
	return nil, fmt.Errorf("unknown policy %q", in.Policy)
}

func mergeHints(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		Providers []json.RawMessage `json:"providers"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	policy, err := in.policy()
	if err != nil {
		return nil, err
	}
	var providersHints []map[string][]topologymanager.TopologyHint
	for i, provider := range in.Providers {
		hints, err := wire.ProviderHints(provider)
		if err != nil {
			return nil, fmt.Errorf("provider %d: %w", i, err)
		}
		providersHints = append(providersHints, hints)
	}
	best, admit := policy.Merge(logr.Discard(), providersHints)
	return map[string]any{"bestHint": wire.FromHint(best), "admit": admit}, nil
}

func policyAdmit(raw json.RawMessage) (any, error) {
	var in struct {
		policyInput
		Hint wire.Hint `json:"hint"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	policy, err := in.policy()
	if err != nil {
		return nil, err
	}
	hint, err := in.Hint.ToHint()
	if err != nil {
		return nil, err
	}
	return map[string]any{"admit": topologymanager.PodtopoCanAdmitPodResult(policy, &hint)}, nil
}

func singleNumaFilterHints(raw json.RawMessage) (any, error) {
	var in struct {
		Resources []json.RawMessage `json:"resources"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	all := [][]topologymanager.TopologyHint{}
	for i, resource := range in.Resources {
		hints, err := wire.ReadHintList(resource)
		if err != nil {
			return nil, fmt.Errorf("resource %d: %w", i, err)
		}
		all = append(all, hints)
	}
	filtered := topologymanager.PodtopoFilterSingleNumaHints(all)
	resources := []*[]wire.Hint{}
	for _, hints := range filtered {
		resources = append(resources, wire.WriteHintList(hints))
	}
	return map[string]any{"resources": resources}, nil
}
