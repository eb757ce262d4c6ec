//go:build kube_1_36

package release

import (
	cadvisorapi "github.com/google/cadvisor/lib/model"
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager/topology"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
	"k8s.io/kubernetes/pkg/kubelet/nodestatus"
)

// NodeMachineInfo is the kubelet's nodestatus.MachineInfo setter, which at v1.36 takes cadvisor's
// info/v1 machine, a capacity function without a logger and no swap-capacity function.
func NodeMachineInfo(nodeName string, maxPods int, machine *cadvisorapi.MachineInfo,
	devices *devicemanager.ManagerImpl, reservation func() v1.ResourceList) nodestatus.Setter {
	copied, err := v136Machine(topology.Discover, machine)
	return nodestatus.MachineInfo(nodeName, maxPods, 0,
		machineFunc(copied, err),
		func(bool) v1.ResourceList { return nil },
		devices.GetCapacity, reservation, func(string, string, string) {}, false)
}

func machineFunc[M any](machine *M, err error) func() (*M, error) {
	return func() (*M, error) { return machine, err }
}

// UpdateAllocatedDevices is the Device Manager's UpdateAllocatedDevices, which takes no logger at
// v1.36.
func UpdateAllocatedDevices(_ klog.Logger, m *devicemanager.ManagerImpl) {
	m.UpdateAllocatedDevices()
}
