//go:build !kube_1_36

package release

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager/state"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

// MemoryPolicyAllocate is the Memory Manager policy's Allocate for an added pod's container.
func MemoryPolicyAllocate(ctx context.Context, p memorymanager.Policy, s state.State, pod *v1.Pod,
	container *v1.Container) error {
	return p.Allocate(ctx, s, pod, container, lifecycle.AddOperation)
}
