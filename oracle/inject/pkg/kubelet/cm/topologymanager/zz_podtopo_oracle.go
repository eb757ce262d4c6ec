//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package topologymanager

// PodtopoCanAdmitPodResult is the policy's canAdmitPodResult.
func PodtopoCanAdmitPodResult(p Policy, hint *TopologyHint) bool {
	return p.(interface{ canAdmitPodResult(*TopologyHint) bool }).canAdmitPodResult(hint)
}

// PodtopoFilterSingleNumaHints is the single-numa-node policy's filterSingleNumaHints.
func PodtopoFilterSingleNumaHints(allResourcesHints [][]TopologyHint) [][]TopologyHint {
	return filterSingleNumaHints(allResourcesHints)
}

// PodtopoStoredHints is a copy of the hints the manager's scope stored, by pod uid and container
// (none under the none policy, whose scope stores none).
func PodtopoStoredHints(m Manager) map[string]map[string]TopologyHint {
	stored := map[string]map[string]TopologyHint{}
	var s *scope
	switch sc := m.(*manager).scope.(type) {
	case *podScope:
		s = &sc.scope
	case *containerScope:
		s = &sc.scope
	case *noneScope:
		s = &sc.scope
	}
	if s == nil {
		return stored
	}
	s.mutex.Lock()
	defer s.mutex.Unlock()
	for pod, containers := range s.podTopologyHints {
		stored[pod] = map[string]TopologyHint{}
		for name, hint := range containers {
			stored[pod][name] = hint
		}
	}
	return stored
}
