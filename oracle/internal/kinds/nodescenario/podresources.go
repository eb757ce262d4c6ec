//go:build !kube_1_36

package nodescenario

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	podresourcesapi "k8s.io/kubelet/pkg/apis/podresources/v1"
)

// writePodLevel writes a PodResources pod's own cpu ids and memory (the pod-level resources of
// KEP-5526, which the List answer carries from v1.37 on).
func writePodLevel(pod *podresourcesapi.PodResources, written map[string]any) {
	written["cpuIds"] = cpuIDs(pod.CpuIds)
	written["memory"] = containerMemory(pod.Memory)
}

func (noDynamicResources) GetDynamicResources(klog.Logger, *v1.Pod, *v1.Container) []*podresourcesapi.DynamicResource {
	return []*podresourcesapi.DynamicResource{}
}
