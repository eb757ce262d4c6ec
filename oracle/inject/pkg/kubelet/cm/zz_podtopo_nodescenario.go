//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package cm

import (
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
)

// PodtopoContainerManager is the container manager holding the given managers, as
// NewContainerManager stores them, so that its PodResources providers (GetCPUs, GetPodCPUs,
// GetMemory, GetPodMemory, GetDevices, ...) and InternalContainerLifecycle are upstream's own.
func PodtopoContainerManager(topologyManager topologymanager.Manager, deviceManager devicemanager.Manager,
	cpuManager cpumanager.Manager, memoryManager memorymanager.Manager) ContainerManager {
	return &containerManagerImpl{topologyManager: topologyManager, deviceManager: deviceManager,
		cpuManager: cpuManager, memoryManager: memoryManager}
}
