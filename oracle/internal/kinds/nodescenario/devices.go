package nodescenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
	podresourcesapi "k8s.io/kubelet/pkg/apis/podresources/v1"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
)

// device is one device a device plugin advertises, in the schema of fixtures/sysfs/*.expected.json:
// {"resource", "id", "numa": node | null, "healthy"?} (healthy unless "healthy": false; null numa:
// the plugin reports no topology).
type device struct {
	Resource string `json:"resource"`
	ID       string `json:"id"`
	NUMA     *int64 `json:"numa"`
	Healthy  *bool  `json:"healthy"`
}

// readDevices reads a devices list, refusing a field it does not know and a device without resource
// or id, or named twice.
func readDevices(raw []json.RawMessage) ([]device, error) {
	devices := []device{}
	seen := map[[2]string]bool{}
	for i, one := range raw {
		var d device
		decoder := json.NewDecoder(bytes.NewReader(one))
		decoder.DisallowUnknownFields()
		if err := decoder.Decode(&d); err != nil {
			return nil, fmt.Errorf("devices[%d]: %w", i, err)
		}
		if d.Resource == "" || d.ID == "" {
			return nil, fmt.Errorf("devices[%d]: a device needs a resource and an id", i)
		}
		key := [2]string{d.Resource, d.ID}
		if seen[key] {
			return nil, fmt.Errorf("devices[%d]: %s %s is listed twice", i, d.Resource, d.ID)
		}
		seen[key] = true
		devices = append(devices, d)
	}
	return devices, nil
}

// sameDevices checks that a restart's devices are the machine's, each with its health after the
// restart (FORMAT.md): a device that disappears or a plugin that does not register again (which the
// kubelet keeps registered with no device from its checkpoint for the plugin's grace period) is not
// part of the scenario format.
func sameDevices(machine, restart []device) error {
	placed := func(list []device) []string {
		keys := make([]string, 0, len(list))
		for _, d := range list {
			key := d.Resource + "/" + d.ID
			if d.NUMA != nil {
				key += fmt.Sprintf("@%d", *d.NUMA)
			}
			keys = append(keys, key)
		}
		sort.Strings(keys)
		return keys
	}
	before, after := placed(machine), placed(restart)
	if fmt.Sprint(before) != fmt.Sprint(after) {
		return fmt.Errorf("a restart's devices must be the machine's devices with their health after the restart "+
			"(a device or plugin that disappears is not modelled): the machine has %v, the restart gives %v", before, after)
	}
	return nil
}

// pluginDevice is the device as its plugin's ListAndWatch reports it.
func (d device) pluginDevice() *pluginapi.Device {
	health := pluginapi.Healthy
	if d.Healthy != nil && !*d.Healthy {
		health = pluginapi.Unhealthy
	}
	plugin := &pluginapi.Device{ID: d.ID, Health: health}
	if d.NUMA != nil {
		plugin.Topology = &pluginapi.TopologyInfo{Nodes: []*pluginapi.NUMANode{{ID: *d.NUMA}}}
	}
	return plugin
}

// registerDevices is each resource's device plugin registering and reporting its devices, as the
// kubelet's plugin server connects a plugin (its endpoint) and receives its ListAndWatch answer
// (genericDeviceUpdateCallback, which checkpoints the registered devices): upstream's
// TestUpdateCapacityAllocatable and getTestManager (manager_test.go) register them so. The plugin
// answers Allocate with one empty container response and offers neither GetPreferredAllocation nor
// PreStartContainer (no options), as upstream's test endpoints do; in a scenario with devicePicks it
// offers GetPreferredAllocation, answered from the picks (picks.go).
func (n *node) registerDevices(devices []device) {
	byResource := map[string][]*pluginapi.Device{}
	var resources []string
	for _, d := range devices {
		if _, ok := byResource[d.Resource]; !ok {
			resources = append(resources, d.Resource)
		}
		byResource[d.Resource] = append(byResource[d.Resource], d.pluginDevice())
	}
	sort.Strings(resources)
	for _, resource := range resources {
		plugin, options := &devicemanager.PodtopoPlugin{Allocate: emptyAllocation}, (*pluginapi.DevicePluginOptions)(nil)
		if n.picks.given() {
			plugin.GetPreferredAllocation = n.picks.preferred(resource)
			options = &pluginapi.DevicePluginOptions{GetPreferredAllocationAvailable: true}
		}
		n.devices.PodtopoSetEndpoint(resource, plugin, options)
		n.devices.PodtopoDeviceUpdate(n.logger, resource, byResource[resource])
	}
}

// emptyAllocation is a plugin's answer to Allocate: one container response, with no device specs,
// mounts or environment (no answer reads them).
func emptyAllocation([]string) (*pluginapi.AllocateResponse, error) {
	return &pluginapi.AllocateResponse{ContainerResponses: []*pluginapi.ContainerAllocateResponse{{}}}, nil
}

// containerDevices is what the Device Manager holds for a container (GetDevices): device ids by
// resource, sorted; empty when it holds none.
func (n *node) containerDevices(uid, name string) map[string][]string {
	held := map[string][]string{}
	for resource, instances := range n.devices.GetDevices(uid, name) {
		ids := make([]string, 0, len(instances))
		for id := range instances {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		held[resource] = ids
	}
	return held
}

// listedDevice is a device of a PodResources ContainerDevices entry in the machine's device form.
type listedDevice struct {
	Resource string `json:"resource"`
	ID       string `json:"id"`
	NUMA     *int64 `json:"numa"`
}

// podResourcesDevices is a container's PodResources devices, one per device id and NUMA node of
// each ContainerDevices entry (upstream lists one entry per device and node, in Go's map order),
// sorted by resource, id and node.
func podResourcesDevices(list []*podresourcesapi.ContainerDevices) []listedDevice {
	written := []listedDevice{}
	for _, entry := range list {
		var nodes []*int64
		if entry.Topology == nil || len(entry.Topology.Nodes) == 0 {
			nodes = append(nodes, nil)
		} else {
			for _, node := range entry.Topology.Nodes {
				id := node.ID
				nodes = append(nodes, &id)
			}
		}
		for _, id := range entry.DeviceIds {
			for _, node := range nodes {
				written = append(written, listedDevice{Resource: entry.ResourceName, ID: id, NUMA: node})
			}
		}
	}
	sort.Slice(written, func(i, j int) bool {
		a, b := written[i], written[j]
		if a.Resource != b.Resource {
			return a.Resource < b.Resource
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		return a.NUMA != nil && (b.NUMA == nil || *a.NUMA < *b.NUMA)
	})
	return written
}
