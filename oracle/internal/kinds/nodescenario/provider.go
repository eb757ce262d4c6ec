//go:build !kube_1_36

package nodescenario

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

// GetTopologyHints is the provider's, recorded.
func (p *recordingProvider) GetTopologyHints(logger klog.Logger, pod *v1.Pod, container *v1.Container,
	operation lifecycle.Operation) map[string][]topologymanager.TopologyHint {
	return p.recorded(container, p.HintProvider.GetTopologyHints(logger, pod, container, operation))
}

// GetPodTopologyHints is the provider's, recorded.
func (p *recordingProvider) GetPodTopologyHints(logger klog.Logger, pod *v1.Pod,
	operation lifecycle.Operation) map[string][]topologymanager.TopologyHint {
	return p.recorded(nil, p.HintProvider.GetPodTopologyHints(logger, pod, operation))
}

// Allocate is the Device Manager's, the picks told the container first.
func (p steeredProvider) Allocate(ctx context.Context, pod *v1.Pod, container *v1.Container,
	operation lifecycle.Operation) error {
	p.picks.allocating(container.Name)
	return p.HintProvider.Allocate(ctx, pod, container, operation)
}
