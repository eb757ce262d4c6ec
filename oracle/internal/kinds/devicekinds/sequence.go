package devicekinds

import (
	"encoding/json"
	"fmt"
	"os"

	v1 "k8s.io/api/core/v1"
	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/checkpointmanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// step is one Allocate call of a sequence.
type step struct {
	pod       *v1.Pod
	container *v1.Container
}

// stepResult is what a sequence reports of a step: its error and allocatedDevices' size per
// resource afterwards.
type stepResult struct {
	Error     *string        `json:"error"`
	Allocated map[string]int `json:"allocated"`
}

// deviceAllocateSequence is TestPodContainerDeviceAllocation, TestInitContainerDeviceAllocation and
// TestRestartableInitContainerDeviceAllocation: Allocate(ctx, pod, container, AddOperation) one
// call after another on one manager built as getTestManager builds it (the fake Topology Manager, a
// checkpoint manager on a temporary directory removed afterwards, every resource's plugin answering
// Allocate with one empty container response). The active pods are the pods of the steps so far,
// as upstream's tests add each pod before allocating it.
func deviceAllocateSequence(raw json.RawMessage) (any, error) {
	var in struct {
		managerInput
		Steps []struct {
			Pod       json.RawMessage `json:"pod"`
			Container string          `json:"container"`
		} `json:"steps"`
		AllocatePod json.RawMessage `json:"allocatePod"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	var steps []step
	if len(in.AllocatePod) > 0 && string(in.AllocatePod) != "null" {
		pod, err := wire.ReadPod(in.AllocatePod)
		if err != nil {
			return nil, err
		}
		for i := range pod.Spec.InitContainers {
			steps = append(steps, step{pod, &pod.Spec.InitContainers[i]})
		}
		for i := range pod.Spec.Containers {
			steps = append(steps, step{pod, &pod.Spec.Containers[i]})
		}
	}
	for i, s := range in.Steps {
		pod, err := wire.ReadPod(s.Pod)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
		container, err := wire.ContainerOf(pod, s.Container)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
		steps = append(steps, step{pod, container})
	}

	dir, err := kinds.ScratchDir("podtopo-oracle-devicemanager-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	checkpoints, err := checkpointmanager.NewCheckpointManager(dir)
	if err != nil {
		return nil, err
	}
	var active []*v1.Pod
	m, err := in.manager(func() []*v1.Pod { return active }, checkpoints)
	if err != nil {
		return nil, err
	}
	for _, resource := range in.resources() {
		m.PodtopoSetEndpoint(resource, &devicemanager.PodtopoPlugin{Allocate: emptyAllocation}, nil)
	}

	results := []stepResult{}
	for _, s := range steps {
		if !isActive(active, s.pod) {
			active = append(active, s.pod)
		}
		result := stepResult{Allocated: map[string]int{}}
		if err := release.Allocate(quietContext(), m, s.pod, s.container); err != nil {
			message := err.Error()
			result.Error = &message
		}
		for _, resource := range in.resources() {
			result.Allocated[resource] = m.PodtopoAllocatedDevices()[resource].Len()
		}
		results = append(results, result)
	}

	containers := map[string]map[string][]string{}
	if len(steps) > 0 {
		last := steps[len(steps)-1].pod
		for _, c := range append(append([]v1.Container{}, last.Spec.InitContainers...), last.Spec.Containers...) {
			for _, resource := range in.resources() {
				held := m.PodtopoContainerDevices(string(last.UID), c.Name, resource)
				if held == nil {
					continue
				}
				if containers[c.Name] == nil {
					containers[c.Name] = map[string][]string{}
				}
				containers[c.Name][resource] = ids(held)
			}
		}
	}
	return map[string]any{"steps": results, "containers": containers}, nil
}

// emptyAllocation is a plugin's answer to Allocate: one container response, with no device
// specs, mounts or environment (upstream's stubs add some; no vector compares them).
func emptyAllocation([]string) (*pluginapi.AllocateResponse, error) {
	return &pluginapi.AllocateResponse{ContainerResponses: []*pluginapi.ContainerAllocateResponse{{}}}, nil
}

func isActive(active []*v1.Pod, pod *v1.Pod) bool {
	for _, p := range active {
		if p.UID == pod.UID {
			return true
		}
	}
	return false
}
