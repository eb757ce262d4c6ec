package devicekinds

import (
	"encoding/json"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"

	"podtopo.io/oracle/internal/kinds"
)

// allocateInput is a devicesToAllocate call: devicesToAllocate(ctx, podUID, container, resource,
// request, reusableDevices).
type allocateInput struct {
	managerInput
	PodUID          string   `json:"podUID"`
	Container       string   `json:"container"`
	Resource        string   `json:"resource"`
	Request         int      `json:"request"`
	ReusableDevices []string `json:"reusableDevices"`
}

// noActivePods is the active pods of upstream's devicesToAllocate tests: none.
func noActivePods() []*v1.Pod { return []*v1.Pod{} }

// call runs devicesToAllocate on m.
func (in allocateInput) call(m *devicemanager.ManagerImpl) (sets.Set[string], error) {
	return m.PodtopoDevicesToAllocate(quietContext(), in.PodUID, in.Container, in.Resource, in.Request,
		sets.New[string](in.ReusableDevices...))
}

// deviceAllocate is TestTopologyAlignedAllocation and TestPodContainerDeviceToAllocate:
// devicesToAllocate, every resource's plugin offering GetPreferredAllocation with the case's fixed
// answer (its preferredAllocation), or not offering it (null: upstream's empty endpointInfo{}).
func deviceAllocate(raw json.RawMessage) (any, error) {
	var in struct {
		allocateInput
		PreferredAllocation *[]string `json:"preferredAllocation"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	m, err := in.manager(noActivePods, nil)
	if err != nil {
		return nil, err
	}
	for _, resource := range in.resources() {
		if in.PreferredAllocation == nil {
			m.PodtopoSetEndpoint(resource, nil, nil)
			continue
		}
		answer := *in.PreferredAllocation
		m.PodtopoSetEndpoint(resource, &devicemanager.PodtopoPlugin{
			GetPreferredAllocation: func(_, _ []string, _ int) (*pluginapi.PreferredAllocationResponse, error) {
				return &pluginapi.PreferredAllocationResponse{ContainerResponses: []*pluginapi.ContainerPreferredAllocationResponse{
					{DeviceIDs: answer}}}, nil
			},
		}, &pluginapi.DevicePluginOptions{GetPreferredAllocationAvailable: true})
	}
	devices, err := in.call(m)
	if err != nil {
		return map[string]any{"error": err.Error(), "devices": nil}, nil
	}
	return map[string]any{"error": nil, "devices": ids(devices)}, nil
}

// devicePreferredAllocation is TestGetPreferredAllocationParameters: devicesToAllocate with every
// resource's plugin offering GetPreferredAllocation, recording what its first call is given and
// answering nothing (nil, nil), as upstream's MockEndpoint there does.
func devicePreferredAllocation(raw json.RawMessage) (any, error) {
	var in allocateInput
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	m, err := in.manager(noActivePods, nil)
	if err != nil {
		return nil, err
	}
	output := map[string]any{"available": nil, "mustInclude": nil, "size": nil}
	called := false
	for _, resource := range in.resources() {
		m.PodtopoSetEndpoint(resource, &devicemanager.PodtopoPlugin{
			GetPreferredAllocation: func(available, mustInclude []string, size int) (*pluginapi.PreferredAllocationResponse, error) {
				if !called {
					called = true
					output["available"] = ids(sets.New[string](available...))
					output["mustInclude"] = ids(sets.New[string](mustInclude...))
					output["size"] = size
				}
				return nil, nil
			},
		}, &pluginapi.DevicePluginOptions{GetPreferredAllocationAvailable: true})
	}
	if _, err := in.call(m); err != nil {
		output["error"] = err.Error()
	}
	return output, nil
}
