//go:build !kube_1_36

package release

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm"
)

// InternalContainerLifecycle is the container manager's InternalContainerLifecycle.
func InternalContainerLifecycle(logger klog.Logger, m cm.ContainerManager) cm.InternalContainerLifecycle {
	return m.InternalContainerLifecycle(logger)
}

// ContainerHasExclusiveCPUs is the container manager's ContainerHasExclusiveCPUs.
func ContainerHasExclusiveCPUs(logger klog.Logger, m cm.ContainerManager, pod *v1.Pod, container *v1.Container) bool {
	return m.ContainerHasExclusiveCPUs(logger, pod, container)
}
