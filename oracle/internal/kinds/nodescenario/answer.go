package nodescenario

import (
	"context"
	"sort"

	v1 "k8s.io/api/core/v1"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/klog/v2"
	podresourcesapi "k8s.io/kubelet/pkg/apis/podresources/v1"
	kubefeatures "k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/kubelet/apis/podresources"
	memorystate "k8s.io/kubernetes/pkg/kubelet/cm/memorymanager/state"
	"k8s.io/utils/cpuset"

	"podtopo.io/oracle/internal/release"
	"podtopo.io/oracle/internal/wire"
)

// block is a memory block in the answer's form.
type block struct {
	NUMAAffinity []int  `json:"numaAffinity"`
	Type         string `json:"type"`
	Size         uint64 `json:"size"`
}

func blocks(list []memorystate.Block) []block {
	written := []block{}
	for _, b := range list {
		affinity := append([]int{}, b.NUMAAffinity...)
		sort.Ints(affinity)
		written = append(written, block{NUMAAffinity: affinity, Type: string(b.Type), Size: b.Size})
	}
	return written
}

// snapshot is the node after a step in the answer's form (FORMAT.md, node-scenario), read from the
// managers' own state (the devices a container holds from the Device Manager's GetDevices) and the
// PodResources server.
func (n *node) snapshot() map[string]any {
	cpuState := n.cpu.State()
	memState := n.memory.State()
	known := n.pods.known()
	uids := map[string]bool{}
	for _, pod := range n.pods.active() {
		uids[string(pod.UID)] = true
	}
	for uid := range cpuState.GetCPUAssignments() {
		uids[uid] = true
	}
	for uid := range cpuState.GetPodCPUAssignments() {
		uids[uid] = true
	}
	for uid := range memState.GetMemoryAssignments() {
		uids[uid] = true
	}
	for uid := range memState.GetPodMemoryAssignments() {
		uids[uid] = true
	}
	for uid := range n.devices.PodtopoPodsWithDevices() {
		uids[uid] = true
	}
	pods := map[string]any{}
	for uid := range uids {
		pods[uid] = n.podAnswer(uid, known[uid])
	}
	hints := map[string]map[string]wire.Hint{}
	for uid, containers := range storedHints(n.topology) {
		hints[uid] = map[string]wire.Hint{}
		for name, hint := range containers {
			hints[uid][name] = wire.FromHint(hint)
		}
	}
	return map[string]any{
		"defaultCpuSet": cpuState.GetDefaultCPUSet().String(),
		"pods":          pods,
		"topologyHints": hints,
		"machineState":  machineState(memState.GetMachineState()),
		"podResources":  n.podResources(),
	}
}

func (n *node) podAnswer(uid string, pod *v1.Pod) map[string]any {
	cpuState := n.cpu.State()
	memState := n.memory.State()
	answer := map[string]any{"cpus": nil, "memory": nil}
	if cpus, ok := cpuState.GetPodCPUSet(uid); ok {
		answer["cpus"] = cpus.String()
	}
	if entry, ok := memState.GetPodMemoryAssignments()[uid]; ok {
		answer["memory"] = blocks(entry.MemoryBlocks)
	}
	names := []string{}
	specs := map[string]*v1.Container{}
	if pod != nil {
		for i := range pod.Spec.InitContainers {
			names = append(names, pod.Spec.InitContainers[i].Name)
			specs[pod.Spec.InitContainers[i].Name] = &pod.Spec.InitContainers[i]
		}
		for i := range pod.Spec.Containers {
			names = append(names, pod.Spec.Containers[i].Name)
			specs[pod.Spec.Containers[i].Name] = &pod.Spec.Containers[i]
		}
		for i := range pod.Spec.EphemeralContainers {
			c := v1.Container(pod.Spec.EphemeralContainers[i].EphemeralContainerCommon)
			names = append(names, c.Name)
			specs[c.Name] = &c
		}
	}
	for name := range cpuState.GetCPUAssignments()[uid] {
		if specs[name] == nil {
			names = append(names, name)
		}
	}
	for name := range memState.GetMemoryAssignments()[uid] {
		if specs[name] == nil {
			names = append(names, name)
		}
	}
	containers := map[string]any{}
	for _, name := range names {
		c := map[string]any{"cpus": nil, "memory": nil, "devices": n.containerDevices(uid, name)}
		cpus, hasCPUs := cpuState.GetCPUSet(uid, name)
		if hasCPUs {
			c["cpus"] = cpus.String()
		}
		if list, ok := memState.GetMemoryAssignments()[uid][name]; ok {
			c["memory"] = blocks(list)
		}
		if spec := specs[name]; spec != nil {
			c["isolation"] = string(n.cpu.GetResourceIsolationLevel(pod, spec))
			c["cfsQuota"] = !(utilfeature.DefaultFeatureGate.Enabled(kubefeatures.DisableCPUQuotaWithExclusiveCPUs) &&
				release.ContainerHasExclusiveCPUs(n.logger, n.manager, pod, spec))
		} else if hasCPUs {
			c["isolation"], c["cfsQuota"] = "container", false
		} else {
			c["isolation"], c["cfsQuota"] = "host", true
		}
		containers[name] = c
	}
	answer["containers"] = containers
	return answer
}

// machineState is the Memory Manager's machine state in the memory-start form.
func machineState(state memorystate.NUMANodeMap) map[string]any {
	written := map[string]any{}
	for id, node := range state {
		tables := map[string]any{}
		for resource, table := range node.MemoryMap {
			tables[string(resource)] = map[string]uint64{"allocatable": table.Allocatable, "free": table.Free,
				"reserved": table.Reserved, "systemReserved": table.SystemReserved, "totalMemSize": table.TotalMemSize}
		}
		cells := append([]int{}, node.Cells...)
		written[itoa(id)] = map[string]any{"memoryMap": tables, "cells": cells,
			"numberOfAssignments": node.NumberOfAssignments}
	}
	return written
}

// podResourcesServer is upstream's PodResources v1 server over the container manager's providers
// and the active pods, as the kubelet builds it (no dynamic resources).
func (n *node) podResourcesServer(ctx context.Context) podresourcesapi.PodResourcesListerServer {
	return podresources.NewV1PodResourcesServer(ctx, podresources.PodResourcesProviders{
		Pods: podsProvider{n.pods}, Devices: n.manager, Cpus: n.manager, Memory: n.manager,
		DynamicResources: noDynamicResources{}})
}

// podResources is the PodResources v1 List answer of upstream's server (podResourcesServer).
func (n *node) podResources() map[string]any {
	ctx := klog.NewContext(context.Background(), n.logger)
	response, err := n.podResourcesServer(ctx).List(ctx, &podresourcesapi.ListPodResourcesRequest{})
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	pods := []any{}
	for _, pod := range response.PodResources {
		containers := []any{}
		for _, c := range pod.Containers {
			containers = append(containers, map[string]any{"name": c.Name, "cpuIds": cpuIDs(c.CpuIds),
				"memory": containerMemory(c.Memory), "devices": podResourcesDevices(c.Devices)})
		}
		written := map[string]any{"name": pod.Name, "namespace": pod.Namespace, "containers": containers}
		writePodLevel(pod, written)
		pods = append(pods, written)
	}
	return map[string]any{"pods": pods}
}

func cpuIDs(ids []int64) string {
	cpus := make([]int, 0, len(ids))
	for _, id := range ids {
		cpus = append(cpus, int(id))
	}
	return cpuset.New(cpus...).String()
}

func containerMemory(list []*podresourcesapi.ContainerMemory) []block {
	written := []block{}
	for _, m := range list {
		var affinity []int
		if m.Topology != nil {
			for _, node := range m.Topology.Nodes {
				affinity = append(affinity, int(node.ID))
			}
		}
		sort.Ints(affinity)
		written = append(written, block{NUMAAffinity: affinity, Type: m.MemoryType, Size: m.Size})
	}
	return written
}

// podsProvider gives the server the kubelet's pods: the active ones (the
// KubeletPodResourcesListUseActivePods default).
type podsProvider struct{ pods *pods }

func (p podsProvider) GetActivePods() []*v1.Pod { return p.pods.active() }
func (p podsProvider) GetPods() []*v1.Pod       { return p.pods.active() }
func (p podsProvider) GetPodByName(namespace, name string) (*v1.Pod, bool) {
	for _, pod := range p.pods.active() {
		if pod.Namespace == namespace && pod.Name == name {
			return pod, true
		}
	}
	return nil, false
}

// noDynamicResources stands for the DRA manager, which no scenario uses (its GetDynamicResources,
// whose signature differs by release, is in podresources.go and podresources_kube_1_36.go).
type noDynamicResources struct{}
