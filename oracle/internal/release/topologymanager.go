//go:build !kube_1_36

package release

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

// NewFakeManager is topologymanager.NewFakeManager.
func NewFakeManager(logger klog.Logger) topologymanager.Manager {
	return topologymanager.NewFakeManager(logger)
}

// NewFakeManagerWithHint is topologymanager.NewFakeManagerWithHint.
func NewFakeManagerWithHint(logger klog.Logger, hint *topologymanager.TopologyHint) topologymanager.Manager {
	return topologymanager.NewFakeManagerWithHint(logger, hint)
}

// Admit is a pod admit handler's Admit: the Topology Manager's (the kubelet's resource-allocation
// handler) or the predicate handler run after it.
func Admit(ctx context.Context, m lifecycle.PodAdmitHandler, attrs *lifecycle.PodAdmitAttributes) lifecycle.PodAdmitResult {
	return m.Admit(ctx, attrs)
}

// ContainerHints is a hint provider's GetTopologyHints for an added pod's container.
func ContainerHints(logger klog.Logger, p topologymanager.HintProvider, pod *v1.Pod,
	container *v1.Container) map[string][]topologymanager.TopologyHint {
	return p.GetTopologyHints(logger, pod, container, lifecycle.AddOperation)
}

// PodHints is a hint provider's GetPodTopologyHints for an added pod.
func PodHints(logger klog.Logger, p topologymanager.HintProvider, pod *v1.Pod) map[string][]topologymanager.TopologyHint {
	return p.GetPodTopologyHints(logger, pod, lifecycle.AddOperation)
}

// Allocate is a hint provider's Allocate for an added pod's container.
func Allocate(ctx context.Context, p topologymanager.HintProvider, pod *v1.Pod, container *v1.Container) error {
	return p.Allocate(ctx, pod, container, lifecycle.AddOperation)
}
