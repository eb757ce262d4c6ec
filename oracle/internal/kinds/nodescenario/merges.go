package nodescenario

import (
	"sync"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/wire"
)

// mergeLog records, for the answer's optional "merges", what each hint provider answered the
// Topology Manager: a merge starts each time the first provider is asked (once per container in
// container scope, once per pod in pod scope).
type mergeLog struct {
	mu      sync.Mutex
	wrapped int
	merges  []*merge
}

type merge struct {
	container *string
	providers []providerAnswer
}

type providerAnswer struct {
	name  string
	hints map[string][]topologymanager.TopologyHint
}

// provider wraps a hint provider so that its hints are recorded; every call is the provider's own.
// The first provider wrapped is the one asked first.
func (l *mergeLog) provider(name string, p topologymanager.HintProvider) topologymanager.HintProvider {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.wrapped++
	return &recordingProvider{log: l, name: name, first: l.wrapped == 1, HintProvider: p}
}

// reset forgets the merges recorded so far (before an admission).
func (l *mergeLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.merges = nil
}

func (l *mergeLog) record(first bool, container *string, name string, hints map[string][]topologymanager.TopologyHint) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if first || len(l.merges) == 0 {
		l.merges = append(l.merges, &merge{container: container})
	}
	last := l.merges[len(l.merges)-1]
	last.providers = append(last.providers, providerAnswer{name: name, hints: hints})
}

// written gives the merges in the answer's form: each provider's hints and the policy's own Merge
// of them (the bestHint and admit the scope acted on).
func (l *mergeLog) written(policy topologymanager.Policy, logger klog.Logger) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	written := []map[string]any{}
	for _, m := range l.merges {
		var all []map[string][]topologymanager.TopologyHint
		providers := []map[string]any{}
		for _, p := range m.providers {
			all = append(all, p.hints)
			providers = append(providers, map[string]any{"name": p.name, "hints": wire.WriteProviderHints(p.hints)})
		}
		best, admit := policy.Merge(logger, all)
		written = append(written, map[string]any{"container": m.container, "providers": providers,
			"bestHint": wire.FromHint(best), "admit": admit})
	}
	return written
}

// recordingProvider is a hint provider whose hints are recorded in its log.
type recordingProvider struct {
	log   *mergeLog
	name  string
	first bool
	topologymanager.HintProvider
}

// recorded records the hints the provider gave for a container (nil: for the pod) and gives them
// back. The hint calls, whose signature differs by release, are in provider.go and
// provider_kube_1_36.go; Allocate and AllocatePod are the provider's own.
func (p *recordingProvider) recorded(container *v1.Container,
	hints map[string][]topologymanager.TopologyHint) map[string][]topologymanager.TopologyHint {
	var name *string
	if container != nil {
		copied := container.Name
		name = &copied
	}
	p.log.record(p.first, name, p.name, hints)
	return hints
}
