//go:build kube_1_36

package nodescenario

import (
	v1 "k8s.io/api/core/v1"
	podresourcesapi "k8s.io/kubelet/pkg/apis/podresources/v1"
)

// writePodLevel writes nothing: at v1.36 a PodResources pod has no cpu ids or memory of its own
// (k8s.io/kubelet v0.36's PodResources message has name, namespace and containers only), so the
// answer leaves them out rather than invent them.
func writePodLevel(*podresourcesapi.PodResources, map[string]any) {}

func (noDynamicResources) GetDynamicResources(*v1.Pod, *v1.Container) []*podresourcesapi.DynamicResource {
	return []*podresourcesapi.DynamicResource{}
}
