//go:build kube_1_36

package release

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

// NewFakeManager is topologymanager.NewFakeManager, which takes no logger at v1.36.
func NewFakeManager(klog.Logger) topologymanager.Manager {
	return topologymanager.NewFakeManager()
}

// NewFakeManagerWithHint is topologymanager.NewFakeManagerWithHint, which takes no logger at v1.36.
func NewFakeManagerWithHint(_ klog.Logger, hint *topologymanager.TopologyHint) topologymanager.Manager {
	return topologymanager.NewFakeManagerWithHint(hint)
}

// Admit is the Topology Manager's Admit, which takes no context at v1.36.
func Admit(_ context.Context, m lifecycle.PodAdmitHandler, attrs *lifecycle.PodAdmitAttributes) lifecycle.PodAdmitResult {
	return m.Admit(attrs)
}

// ContainerHints is a hint provider's GetTopologyHints, which takes no logger and no operation at
// v1.36.
func ContainerHints(_ klog.Logger, p topologymanager.HintProvider, pod *v1.Pod,
	container *v1.Container) map[string][]topologymanager.TopologyHint {
	return p.GetTopologyHints(pod, container)
}

// PodHints is a hint provider's GetPodTopologyHints, which takes no logger and no operation at v1.36.
func PodHints(_ klog.Logger, p topologymanager.HintProvider, pod *v1.Pod) map[string][]topologymanager.TopologyHint {
	return p.GetPodTopologyHints(pod)
}

// Allocate is a hint provider's Allocate, which takes no context and no operation at v1.36.
func Allocate(_ context.Context, p topologymanager.HintProvider, pod *v1.Pod, container *v1.Container) error {
	return p.Allocate(pod, container)
}
