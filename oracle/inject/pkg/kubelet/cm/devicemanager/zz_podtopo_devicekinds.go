//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points and the state upstream's
// unit tests set directly. It only forwards calls and fields.

package devicemanager

import (
	"context"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/checkpointmanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager/checkpoint"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
)

// PodtopoNewManager gives a ManagerImpl as upstream's unit tests declare one (topology_hints_test.go,
// getTestManager of manager_test.go): its maps made, sources always ready, the given NUMA nodes,
// affinity store, active pods and checkpoint manager (nil where the test declares none), and no
// plugin server.
func PodtopoNewManager(numaNodes []int, store topologymanager.Store, activePods ActivePodsFunc,
	checkpoints checkpointmanager.CheckpointManager) *ManagerImpl {
	return &ManagerImpl{
		allDevices:            NewResourceDeviceInstances(),
		healthyDevices:        make(map[string]sets.Set[string]),
		unhealthyDevices:      make(map[string]sets.Set[string]),
		allocatedDevices:      make(map[string]sets.Set[string]),
		endpoints:             make(map[string]endpointInfo),
		podDevices:            newPodDevices(),
		devicesToReuse:        make(PodReusableDevices),
		sourcesReady:          &sourcesReadyStub{},
		activePods:            activePods,
		numaNodes:             numaNodes,
		topologyAffinityStore: store,
		checkpointManager:     checkpoints,
	}
}

// PodtopoAllDevices is the manager's allDevices.
func (m *ManagerImpl) PodtopoAllDevices() ResourceDeviceInstances { return m.allDevices }

// PodtopoHealthyDevices is the manager's healthyDevices.
func (m *ManagerImpl) PodtopoHealthyDevices() map[string]sets.Set[string] { return m.healthyDevices }

// PodtopoUnhealthyDevices is the manager's unhealthyDevices.
func (m *ManagerImpl) PodtopoUnhealthyDevices() map[string]sets.Set[string] {
	return m.unhealthyDevices
}

// PodtopoAllocatedDevices is the manager's allocatedDevices.
func (m *ManagerImpl) PodtopoAllocatedDevices() map[string]sets.Set[string] {
	return m.allocatedDevices
}

// PodtopoInsertPodDevices is podDevices.insert, without an allocate response.
func (m *ManagerImpl) PodtopoInsertPodDevices(podUID, contName, resource string, devices checkpoint.DevicesPerNUMA) {
	m.podDevices.insert(podUID, contName, resource, devices, nil)
}

// PodtopoContainerDevices is podDevices.containerDevices.
func (m *ManagerImpl) PodtopoContainerDevices(podUID, contName, resource string) sets.Set[string] {
	return m.podDevices.containerDevices(podUID, contName, resource)
}

// PodtopoDevicesToAllocate is devicesToAllocate.
func (m *ManagerImpl) PodtopoDevicesToAllocate(ctx context.Context, podUID, contName, resource string, required int,
	reusableDevices sets.Set[string]) (sets.Set[string], error) {
	return m.devicesToAllocate(ctx, podUID, contName, resource, required, reusableDevices)
}

// PodtopoGetPodDeviceRequest is getPodDeviceRequest.
func (m *ManagerImpl) PodtopoGetPodDeviceRequest(pod *v1.Pod) map[string]int {
	return m.getPodDeviceRequest(pod)
}

// PodtopoPlugin stands for a device plugin's endpoint, as upstream's tests' MockEndpoint does: its
// calls are the given functions (nil: an answer of nil, nil), it never stops.
type PodtopoPlugin struct {
	GetPreferredAllocation func(available, mustInclude []string, size int) (*pluginapi.PreferredAllocationResponse, error)
	Allocate               func(devs []string) (*pluginapi.AllocateResponse, error)
}

// PodtopoSetEndpoint makes plugin the endpoint of resource with the given options; a nil plugin
// gives the empty endpointInfo{} upstream's TestTopologyAlignedAllocation registers.
func (m *ManagerImpl) PodtopoSetEndpoint(resource string, plugin *PodtopoPlugin, opts *pluginapi.DevicePluginOptions) {
	if plugin == nil {
		m.endpoints[resource] = endpointInfo{}
		return
	}
	m.endpoints[resource] = endpointInfo{e: plugin, opts: opts}
}

var _ endpoint = &PodtopoPlugin{}

func (p *PodtopoPlugin) getPreferredAllocation(_ context.Context, available, mustInclude []string, size int) (*pluginapi.PreferredAllocationResponse, error) {
	if p.GetPreferredAllocation == nil {
		return nil, nil
	}
	return p.GetPreferredAllocation(available, mustInclude, size)
}

func (p *PodtopoPlugin) allocate(_ context.Context, devs []string) (*pluginapi.AllocateResponse, error) {
	if p.Allocate == nil {
		return nil, nil
	}
	return p.Allocate(devs)
}

func (p *PodtopoPlugin) preStartContainer(context.Context, []string) (*pluginapi.PreStartContainerResponse, error) {
	return &pluginapi.PreStartContainerResponse{}, nil
}

func (p *PodtopoPlugin) setStopTime(time.Time) {}

func (p *PodtopoPlugin) isStopped() bool { return false }

func (p *PodtopoPlugin) stopGracePeriodExpired() bool { return false }

func (p *PodtopoPlugin) socketPath() string { return "" }
