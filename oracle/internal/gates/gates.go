// Package gates sets the kubelet's feature gates for one case and puts them back afterwards, so
// that every case starts from the release's defaults, as each upstream test does.
package gates

import (
	"fmt"
	"sort"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"

	"podtopo.io/oracle/internal/kinds"
)

var set []featuregate.Feature

// Apply resets the gates the previous case set and sets the given ones; names are the kubelet's
// (PodLevelResourceManagers, CPUManagerPolicyAlphaOptions, ...).
func Apply(gates map[string]bool) error {
	Reset()
	if len(gates) == 0 {
		return nil
	}
	all := utilfeature.DefaultMutableFeatureGate.GetAll()
	for _, name := range sortedNames(gates) {
		if _, known := all[featuregate.Feature(name)]; !known {
			// A gate the release does not have: the behaviour it switches is not there to run.
			return &kinds.UnsupportedCase{Reason: fmt.Sprintf("k8s.io/kubernetes %s has no feature gate %s "+
				"(pkg/features/kube_features.go)", kinds.Release, name)}
		}
	}
	if err := utilfeature.DefaultMutableFeatureGate.SetFromMap(gates); err != nil {
		// A refused map (a gate enabled without the gates it depends on) is still recorded as
		// set explicitly; setting every gate it named to its default undoes that.
		defaults := map[string]bool{}
		for name := range gates {
			if spec, ok := all[featuregate.Feature(name)]; ok {
				defaults[name] = spec.Default
			}
		}
		if restoreErr := utilfeature.DefaultMutableFeatureGate.SetFromMap(defaults); restoreErr != nil {
			panic(fmt.Sprintf("cannot restore feature gates %v: %v", describe(defaults), restoreErr))
		}
		for name := range defaults {
			set = append(set, featuregate.Feature(name))
		}
		return fmt.Errorf("feature gates %v: %w", describe(gates), err)
	}
	for name := range gates {
		set = append(set, featuregate.Feature(name))
	}
	return nil
}

// Reset puts every gate set by Apply back to its default.
func Reset() {
	for _, name := range set {
		if err := utilfeature.DefaultMutableFeatureGate.ResetFeatureValueToDefault(name); err != nil {
			panic(fmt.Sprintf("cannot reset feature gate %s: %v", name, err))
		}
	}
	set = nil
}

// Enabled tells whether a gate is on now.
func Enabled(name string) bool {
	return utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(name))
}

func describe(gates map[string]bool) string {
	var names []string
	for _, name := range sortedNames(gates) {
		names = append(names, fmt.Sprintf("%s=%t", name, gates[name]))
	}
	return fmt.Sprint(names)
}

func sortedNames(gates map[string]bool) []string {
	names := make([]string, 0, len(gates))
	for name := range gates {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
