//go:build kube_1_36

package release

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager/state"
)

// MemoryPolicyAllocate is the Memory Manager policy's Allocate, which takes the context's logger
// instead of the context, and no operation, at v1.36.
func MemoryPolicyAllocate(ctx context.Context, p memorymanager.Policy, s state.State, pod *v1.Pod,
	container *v1.Container) error {
	return p.Allocate(klog.FromContext(ctx), s, pod, container)
}
