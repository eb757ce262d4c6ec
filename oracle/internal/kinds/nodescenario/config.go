package nodescenario

import (
	"fmt"
	"sort"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	kubeletconfig "k8s.io/kubernetes/pkg/kubelet/apis/config"
	"k8s.io/utils/cpuset"

	"podtopo.io/oracle/internal/wire"
)

// kubeletConfig is the part of a KubeletConfiguration the resource managers read (FORMAT.md), with
// the kubelet's field names.
type kubeletConfig struct {
	CPUManagerPolicy             string              `json:"cpuManagerPolicy"`
	CPUManagerPolicyOptions      map[string]string   `json:"cpuManagerPolicyOptions"`
	ReservedSystemCPUs           string              `json:"reservedSystemCPUs"`
	KubeReserved                 map[string]string   `json:"kubeReserved"`
	SystemReserved               map[string]string   `json:"systemReserved"`
	TopologyManagerPolicy        string              `json:"topologyManagerPolicy"`
	TopologyManagerScope         string              `json:"topologyManagerScope"`
	TopologyManagerPolicyOptions map[string]string   `json:"topologyManagerPolicyOptions"`
	MemoryManagerPolicy          string              `json:"memoryManagerPolicy"`
	ReservedMemory               []memoryReservation `json:"reservedMemory"`
	FeatureGates                 map[string]bool     `json:"featureGates"`
	MaxPods                      int                 `json:"maxPods"`
	// reservation, when set, is the container manager's GetNodeAllocatableReservation as the
	// kubelet computes it from a whole KubeletConfiguration (readKubeletConfiguration): it then
	// stands for what nodeAllocatableReservation and allocatableReservation derive from the
	// scenario's fields.
	reservation v1.ResourceList
}

type memoryReservation struct {
	NUMANode int32             `json:"numaNode"`
	Limits   map[string]string `json:"limits"`
}

// withDefaults fills the fields a KubeletConfiguration defaults (SetDefaults_KubeletConfiguration):
// CPU policy none, Topology Manager policy none and scope container, Memory Manager None, 110 pods.
func (c kubeletConfig) withDefaults() kubeletConfig {
	if c.CPUManagerPolicy == "" {
		c.CPUManagerPolicy = "none"
	}
	if c.MaxPods == 0 {
		c.MaxPods = defaultMaxPods
	}
	if c.TopologyManagerPolicy == "" {
		c.TopologyManagerPolicy = "none"
	}
	if c.TopologyManagerScope == "" {
		c.TopologyManagerScope = "container"
	}
	if c.MemoryManagerPolicy == "" {
		c.MemoryManagerPolicy = "None"
	}
	return c
}

// reservedCPUs is reservedSystemCPUs (the empty set when not given).
func (c kubeletConfig) reservedCPUs() (cpuset.CPUSet, error) {
	return wire.CPUs(c.ReservedSystemCPUs)
}

// nodeAllocatableReservation is what the container manager's GetNodeAllocatableReservation gives
// the CPU and Memory Managers. CPU: as cmd/kubelet's run does, reservedSystemCPUs, when given,
// replaces kubeReserved and systemReserved cpu by its size; else their sum. Memory and hugepages:
// the reservedMemory totals per resource, i.e. kubeReserved + systemReserved + the hard eviction
// threshold are taken to be configured as the Memory Manager requires them (its
// validateReservedMemory refuses to start otherwise), since the vectors give only reservedMemory.
func (c kubeletConfig) nodeAllocatableReservation() (v1.ResourceList, error) {
	if c.reservation != nil {
		return c.reservation.DeepCopy(), nil
	}
	reservation := v1.ResourceList{}
	reserved, err := c.reservedCPUs()
	if err != nil {
		return nil, fmt.Errorf("reservedSystemCPUs: %w", err)
	}
	if reserved.Size() > 0 {
		reservation[v1.ResourceCPU] = *resource.NewQuantity(int64(reserved.Size()), resource.DecimalSI)
	} else {
		cpu := resource.Quantity{}
		for field, list := range map[string]map[string]string{"kubeReserved": c.KubeReserved, "systemReserved": c.SystemReserved} {
			for name, value := range list {
				if name != string(v1.ResourceCPU) {
					return nil, fmt.Errorf("%s: only cpu is read, got %s", field, name)
				}
				q, err := resource.ParseQuantity(value)
				if err != nil {
					return nil, fmt.Errorf("%s.cpu: %w", field, err)
				}
				cpu.Add(q)
			}
		}
		reservation[v1.ResourceCPU] = cpu
	}
	reservations, err := c.memoryReservations()
	if err != nil {
		return nil, err
	}
	for _, r := range reservations {
		for name, q := range r.Limits {
			total := reservation[name]
			total.Add(q)
			reservation[name] = total
		}
	}
	return reservation, nil
}

// memoryReservations is reservedMemory in the kubelet's configuration type.
func (c kubeletConfig) memoryReservations() ([]kubeletconfig.MemoryReservation, error) {
	var reservations []kubeletconfig.MemoryReservation
	for _, r := range c.ReservedMemory {
		limits := v1.ResourceList{}
		names := make([]string, 0, len(r.Limits))
		for name := range r.Limits {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			q, err := resource.ParseQuantity(r.Limits[name])
			if err != nil {
				return nil, fmt.Errorf("reservedMemory[%d].%s: %w", r.NUMANode, name, err)
			}
			limits[v1.ResourceName(name)] = q
		}
		reservations = append(reservations, kubeletconfig.MemoryReservation{NumaNode: r.NUMANode, Limits: limits})
	}
	return reservations, nil
}
