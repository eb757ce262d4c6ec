//go:build kube_1_36

package nodescenario

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
)

// GetTopologyHints is the provider's (no logger, no operation at v1.36), recorded.
func (p *recordingProvider) GetTopologyHints(pod *v1.Pod, container *v1.Container) map[string][]topologymanager.TopologyHint {
	return p.recorded(container, p.HintProvider.GetTopologyHints(pod, container))
}

// GetPodTopologyHints is the provider's (no logger, no operation at v1.36), recorded.
func (p *recordingProvider) GetPodTopologyHints(pod *v1.Pod) map[string][]topologymanager.TopologyHint {
	return p.recorded(nil, p.HintProvider.GetPodTopologyHints(pod))
}

// Allocate is the Device Manager's (no context, no operation at v1.36), the picks told the
// container first.
func (p steeredProvider) Allocate(pod *v1.Pod, container *v1.Container) error {
	p.picks.allocating(container.Name)
	return p.HintProvider.Allocate(pod, container)
}
