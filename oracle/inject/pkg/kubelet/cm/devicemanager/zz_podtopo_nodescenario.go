//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package devicemanager

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/klog/v2"
	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
)

// PodtopoNewManagerImpl is newManagerImpl: the Device Manager with its plugin socket (and so its
// checkpoint) in the given folder instead of the kubelet's. It is the function itself, so that this
// file names none of the types in its signature, which differ by release (cadvisor's lib/model Node
// from v1.37 on, info/v1 at v1.36).
var PodtopoNewManagerImpl = newManagerImpl

// PodtopoDeviceUpdate is genericDeviceUpdateCallback: what the manager does with a device plugin's
// ListAndWatch answer (PluginListAndWatchReceiver), as upstream's TestUpdateCapacityAllocatable
// calls it.
func (m *ManagerImpl) PodtopoDeviceUpdate(logger klog.Logger, resourceName string, devices []*pluginapi.Device) {
	m.genericDeviceUpdateCallback(logger, resourceName, devices)
}

// PodtopoPodsWithDevices is podDevices.pods(): the pods the manager holds devices for.
func (m *ManagerImpl) PodtopoPodsWithDevices() sets.Set[string] {
	return m.podDevices.pods()
}
