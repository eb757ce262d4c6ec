// Package devicekinds answers the Device Manager's kinds (device-hints, device-allocate,
// device-preferred-allocation, device-pod-request, device-allocate-sequence) with upstream's
// ManagerImpl, built as upstream's topology_hints_test.go and manager_test.go build it: a struct
// with the case's devices, held devices and allocated devices set directly (through the forwarding
// file inject/pkg/kubelet/cm/devicemanager/zz_podtopo_devicekinds.go), no plugin server and no
// socket, and stand-in plugin endpoints where a call reaches a plugin.
package devicekinds

import (
	"context"
	"sort"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/klog/v2"
	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/checkpointmanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager/checkpoint"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

func init() {
	kinds.Register("device-hints", deviceHints)
	kinds.Register("device-allocate", deviceAllocate)
	kinds.Register("device-preferred-allocation", devicePreferredAllocation)
	kinds.Register("device-pod-request", devicePodRequest)
	kinds.Register("device-allocate-sequence", deviceAllocateSequence)
}

// quiet is the logger the manager is given: upstream's tests log to the test, the oracle nowhere.
var quiet = logr.Discard()

// quietContext carries quiet to the calls that take their logger from a context.
func quietContext() context.Context { return klog.NewContext(context.Background(), quiet) }

// device is a device as its plugin advertises it: {"id", "numa": n | null, "healthy"?}.
type device struct {
	ID      string `json:"id"`
	NUMA    *int   `json:"numa"`
	Healthy *bool  `json:"healthy"`
}

// pluginDevice is the device as the plugin API carries it: a NUMA node gives a topology of that
// one node, null no topology (makeNUMADevice and {ID: ...} in upstream's tests).
func (d device) pluginDevice() *pluginapi.Device {
	out := &pluginapi.Device{ID: d.ID, Health: pluginapi.Healthy}
	if !d.healthy() {
		out.Health = pluginapi.Unhealthy
	}
	if d.NUMA != nil {
		out.Topology = &pluginapi.TopologyInfo{Nodes: []*pluginapi.NUMANode{{ID: int64(*d.NUMA)}}}
	}
	return out
}

func (d device) healthy() bool { return d.Healthy == nil || *d.Healthy }

// managerInput is what the device kinds share (FORMAT.md, "Common inputs").
type managerInput struct {
	NUMANodes        []int                                     `json:"numaNodes"`
	Devices          map[string][]device                       `json:"devices"`
	Registered       []string                                  `json:"registered"`
	PodDevices       map[string]map[string]map[string][]string `json:"podDevices"`
	AllocatedDevices map[string][]string                       `json:"allocatedDevices"`
	Hint             *wire.Hint                                `json:"hint"`
}

// store is the affinity store: the fake Topology Manager with the case's hint, or with none (its
// empty hint) for a null hint.
func (in managerInput) store() (topologymanager.Store, error) {
	if in.Hint == nil {
		return release.NewFakeManager(quiet), nil
	}
	hint, err := in.Hint.ToHint()
	if err != nil {
		return nil, err
	}
	return release.NewFakeManagerWithHint(quiet, &hint), nil
}

// manager builds the manager of the case as upstream's tests fill theirs: every registered
// resource has a (possibly empty) healthyDevices entry; every device is in allDevices and, healthy,
// in healthyDevices (else unhealthyDevices); every held device is in podDevices and in
// allocatedDevices, which also holds the case's allocatedDevices.
func (in managerInput) manager(activePods devicemanager.ActivePodsFunc,
	checkpoints checkpointmanager.CheckpointManager) (*devicemanager.ManagerImpl, error) {
	store, err := in.store()
	if err != nil {
		return nil, err
	}
	m := devicemanager.PodtopoNewManager(in.NUMANodes, store, activePods, checkpoints)
	healthy, unhealthy := m.PodtopoHealthyDevices(), m.PodtopoUnhealthyDevices()
	for _, resource := range in.Registered {
		if healthy[resource] == nil {
			healthy[resource] = sets.New[string]()
		}
	}
	for resource, devices := range in.Devices {
		m.PodtopoAllDevices()[resource] = devicemanager.DeviceInstances{}
		if healthy[resource] == nil {
			healthy[resource] = sets.New[string]()
		}
		for _, d := range devices {
			m.PodtopoAllDevices()[resource][d.ID] = d.pluginDevice()
			if d.healthy() {
				healthy[resource].Insert(d.ID)
			} else {
				if unhealthy[resource] == nil {
					unhealthy[resource] = sets.New[string]()
				}
				unhealthy[resource].Insert(d.ID)
			}
		}
	}
	allocated := m.PodtopoAllocatedDevices()
	hold := func(resource string, ids []string) {
		if allocated[resource] == nil {
			allocated[resource] = sets.New[string]()
		}
		allocated[resource].Insert(ids...)
	}
	for pod, containers := range in.PodDevices {
		for container, resources := range containers {
			for resource, ids := range resources {
				m.PodtopoInsertPodDevices(pod, container, resource, in.perNUMA(resource, ids))
				hold(resource, ids)
			}
		}
	}
	for resource, ids := range in.AllocatedDevices {
		hold(resource, ids)
	}
	return m, nil
}

// perNUMA files held devices under their NUMA node as the kubelet records them (a device without
// topology under -1, upstream's nodeWithoutTopology); only the ids are ever read back.
func (in managerInput) perNUMA(resource string, ids []string) checkpoint.DevicesPerNUMA {
	nodes := map[string]int64{}
	for _, d := range in.Devices[resource] {
		if d.NUMA != nil {
			nodes[d.ID] = int64(*d.NUMA)
		}
	}
	out := checkpoint.DevicesPerNUMA{}
	for _, id := range ids {
		node, ok := nodes[id]
		if !ok {
			node = -1
		}
		out[node] = append(out[node], id)
	}
	return out
}

// resources lists the case's resources (advertised or registered), sorted.
func (in managerInput) resources() []string {
	all := sets.New[string](in.Registered...)
	for resource := range in.Devices {
		all.Insert(resource)
	}
	return sets.List(all)
}

// ids writes a set of device ids sorted; a nil set gives nil (JSON null).
func ids(set sets.Set[string]) []string {
	if set == nil {
		return nil
	}
	list := set.UnsortedList()
	sort.Strings(list)
	return list
}
