package devicekinds

import (
	"encoding/json"
	"fmt"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// deviceHints is TestGetTopologyHints (scope "container": GetTopologyHints of the named container)
// and TestGetPodTopologyHints (scope "pod": GetPodTopologyHints). The active pods are the case's pod
// and every pod holding devices, so that the garbage collection both calls begin with keeps what
// the case holds (upstream lists the case's pod, and "fakeOtherPod" in pod scope).
func deviceHints(raw json.RawMessage) (any, error) {
	var in struct {
		managerInput
		Scope     string          `json:"scope"`
		Pod       json.RawMessage `json:"pod"`
		Container string          `json:"container"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	active := []*v1.Pod{pod}
	for uid := range in.PodDevices {
		if uid != string(pod.UID) {
			active = append(active, &v1.Pod{ObjectMeta: metav1.ObjectMeta{UID: types.UID(uid)}})
		}
	}
	m, err := in.manager(func() []*v1.Pod { return active }, nil)
	if err != nil {
		return nil, err
	}
	var hints map[string][]topologymanager.TopologyHint
	switch in.Scope {
	case "pod":
		hints = release.PodHints(quiet, m, pod)
	case "container", "":
		container, err := wire.ContainerOf(pod, in.Container)
		if err != nil {
			return nil, err
		}
		hints = release.ContainerHints(quiet, m, pod, container)
	default:
		return nil, fmt.Errorf("unknown scope %q", in.Scope)
	}
	return map[string]any{"hints": wire.WriteProviderHints(hints)}, nil
}
