package cpukinds

import (
	"encoding/json"
	"reflect"

	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
)

// staticPolicyOptions is TestStaticPolicyOptions: NewStaticPolicyOptions(map). Output {"error": bool,
// "message"?, "options": {field: value} | null}, the options' fields that are not their zero value,
// under upstream's StaticPolicyOptions field names.
func staticPolicyOptions(raw json.RawMessage) (any, error) {
	var in struct {
		PolicyOptions map[string]string `json:"policyOptions"`
		FeatureGates  map[string]bool   `json:"featureGates"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	opts, err := cpumanager.NewStaticPolicyOptions(in.PolicyOptions)
	if err != nil {
		return map[string]any{"error": true, "message": err.Error(), "options": nil}, nil
	}
	return map[string]any{"error": false, "options": nonZeroFields(opts)}, nil
}

// nonZeroFields lists a struct's fields that are not their zero value, by name.
func nonZeroFields(v any) map[string]any {
	fields := map[string]any{}
	value := reflect.ValueOf(v)
	for i := 0; i < value.NumField(); i++ {
		if !value.Field(i).IsZero() {
			fields[value.Type().Field(i).Name] = value.Field(i).Interface()
		}
	}
	return fields
}

// smtAlignmentErrorText is TestSMTAlignmentErrorText: the Error() text of an SMTAlignmentError.
// Output {"message"}.
func smtAlignmentErrorText(raw json.RawMessage) (any, error) {
	var in struct {
		Error struct {
			RequestedCPUs         int  `json:"requestedCPUs"`
			CpusPerCore           int  `json:"cpusPerCore"`
			AvailablePhysicalCPUs int  `json:"availablePhysicalCPUs"`
			CausedByPhysicalCPUs  bool `json:"causedByPhysicalCPUs"`
		} `json:"error"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	err := cpumanager.SMTAlignmentError{
		RequestedCPUs:         in.Error.RequestedCPUs,
		CpusPerCore:           in.Error.CpusPerCore,
		AvailablePhysicalCPUs: in.Error.AvailablePhysicalCPUs,
		CausedByPhysicalCPUs:  in.Error.CausedByPhysicalCPUs,
	}
	return map[string]any{"message": err.Error()}, nil
}
