//go:build kube_1_36

package release

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm"
)

// InternalContainerLifecycle is the container manager's InternalContainerLifecycle, which takes no
// logger at v1.36.
func InternalContainerLifecycle(_ klog.Logger, m cm.ContainerManager) cm.InternalContainerLifecycle {
	return m.InternalContainerLifecycle()
}

// ContainerHasExclusiveCPUs is the container manager's ContainerHasExclusiveCPUs, which takes no
// logger at v1.36.
func ContainerHasExclusiveCPUs(_ klog.Logger, m cm.ContainerManager, pod *v1.Pod, container *v1.Container) bool {
	return m.ContainerHasExclusiveCPUs(pod, container)
}
