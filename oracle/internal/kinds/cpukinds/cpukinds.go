// Package cpukinds answers the CPU Manager's vector kinds (cpu_assignment.json,
// cpu_topology_hints.json, cpu_static_policy.json) with upstream's pkg/kubelet/cm/cpumanager,
// each driven as upstream's own unit test for it drives it (cpu_assignment_test.go,
// topology_hints_test.go, policy_static_test.go), with the case's input.
package cpukinds

import (
	"github.com/go-logr/logr"

	"podtopo.io/oracle/internal/kinds"
)

func init() {
	kinds.Register("take-by-topology", takeByTopology)
	kinds.Unsupported("take-by-topology-resize", "k8s.io/kubernetes up to v1.37.2 has no "+
		"takeByTopologyNUMAPackedForResize or takeByTopologyNUMADistributedForResize "+
		"(pkg/kubelet/cm/cpumanager/cpu_assignment.go): these cases were transcribed from a later master")
	kinds.Register("cpu-hints", cpuHints)
	kinds.Register("pod-guaranteed-cpus", podGuaranteedCPUs)
	kinds.Register("static-start", staticStart)
	kinds.Register("static-allocate", staticAllocate)
	kinds.Register("static-allocate-sequence", staticAllocateSequence)
	kinds.Register("static-remove", staticRemove)
	kinds.Register("static-allocate-cpus", staticAllocateCPUs)
	kinds.Register("static-policy-options", staticPolicyOptions)
	kinds.Register("smt-alignment-error-text", smtAlignmentErrorText)
	kinds.Register("static-allocate-pod", staticAllocatePod)
	kinds.Register("static-validate-pod-scope", staticValidatePodScope)
}

// logger is where the kubelet's code logs: nowhere, as the answers are the output.
var logger = logr.Discard()
