//go:build !kube_1_36

package release

import (
	cadvisorapi "github.com/google/cadvisor/lib/model"
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
	"k8s.io/kubernetes/pkg/kubelet/nodestatus"
)

// NodeMachineInfo is the kubelet's nodestatus.MachineInfo setter for a node of maxPods pods (none
// per core) on this machine: its capacity from the machine, without ephemeral storage, the device
// plugins' capacity and the node allocatable reservation.
func NodeMachineInfo(nodeName string, maxPods int, machine *cadvisorapi.MachineInfo,
	devices *devicemanager.ManagerImpl, reservation func() v1.ResourceList) nodestatus.Setter {
	return nodestatus.MachineInfo(nodeName, maxPods, 0,
		func() (*cadvisorapi.MachineInfo, error) { return machine, nil },
		func(klog.Logger, bool) v1.ResourceList { return nil },
		devices.GetCapacity, reservation, func(string, string, string) {}, func() *bool { return nil }, false)
}

// UpdateAllocatedDevices is the Device Manager's UpdateAllocatedDevices.
func UpdateAllocatedDevices(logger klog.Logger, m *devicemanager.ManagerImpl) {
	m.UpdateAllocatedDevices(logger)
}
