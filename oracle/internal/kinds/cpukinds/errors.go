package cpukinds

import (
	"errors"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
)

// writeError is the vectors' form of a static-policy error (FORMAT.md, "Errors"): null; an
// SMTAlignmentError as its struct fields with "type" and "message"; another typed (admission) error
// as {"type", "message"}; any other error as its text.
func writeError(err error) any {
	if err == nil {
		return nil
	}
	var smt cpumanager.SMTAlignmentError
	if errors.As(err, &smt) {
		return map[string]any{
			"type":                  smt.Type(),
			"requestedCPUs":         smt.RequestedCPUs,
			"cpusPerCore":           smt.CpusPerCore,
			"availablePhysicalCPUs": smt.AvailablePhysicalCPUs,
			"causedByPhysicalCPUs":  smt.CausedByPhysicalCPUs,
			"message":               smt.Error(),
		}
	}
	var typed interface {
		error
		Type() string
	}
	if errors.As(err, &typed) {
		return map[string]any{"type": typed.Type(), "message": typed.Error()}
	}
	return err.Error()
}
