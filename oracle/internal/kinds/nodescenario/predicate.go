package nodescenario

import (
	"context"
	"errors"
	goruntime "runtime"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
	"k8s.io/kubernetes/pkg/kubelet/preemption"

	"podtopo.io/oracle/internal/release"
)

const (
	// nodeName names the scenario's node.
	nodeName = "podtopo-node"
	// defaultMaxPods is the KubeletConfiguration default maxPods.
	defaultMaxPods = 110
)

// defaultEvictionHardMemory is the default hard eviction threshold memory.available<100Mi, which the
// container manager's GetNodeAllocatableReservation adds to the memory reservation.
var defaultEvictionHardMemory = resource.MustParse("100Mi")

// predicateHandler is the kubelet's predicate admit handler (lifecycle.NewPredicateAdmitHandler),
// which NewMainKubelet registers right after the resource-allocation handler (the Topology
// Manager): over the node as the kubelet reports it (nodeObject), with upstream's critical-pod
// admission handler (a critical pod short of a resource would have other pods evicted: the oracle
// evicts none, so such an eviction fails and the pod is refused with that error) and the container
// manager's UpdatePluginResources (the Device Manager raises the node's allocatable devices to those
// it already gave a pod being admitted again).
func (n *node) predicateHandler() lifecycle.PodAdmitHandler {
	return lifecycle.NewPredicateAdmitHandler(n.nodeObject,
		preemption.NewCriticalPodAdmissionHandler(n.pods.active, noEviction, record.NewFakeRecorder(0)),
		n.manager.UpdatePluginResources)
}

func noEviction(*v1.Pod, bool, *int64, func(*v1.PodStatus)) error {
	return errors.New("the oracle's node evicts no pod")
}

// nodeObject is the node as the kubelet's node status reports it when a pod is admitted (the
// predicate reads the cached node, which the kubelet updates every 10 s; here it is always up to
// date): the os, arch and hostname labels of initialNode, and the capacity and allocatable that
// upstream's nodestatus.MachineInfo setter computes from the machine (cadvisor's CPUs, memory and
// hugepages, the configuration's maxPods pods, no ephemeral storage), the Device Manager's GetCapacity (every device of
// a registered plugin, the healthy ones allocatable) and the node allocatable reservation.
func (n *node) nodeObject(ctx context.Context, _ bool) (*v1.Node, error) {
	node := &v1.Node{ObjectMeta: metav1.ObjectMeta{Name: nodeName, Labels: map[string]string{
		v1.LabelHostname: nodeName, v1.LabelOSStable: goruntime.GOOS, v1.LabelArchStable: goruntime.GOARCH}}}
	setter := release.NodeMachineInfo(nodeName, n.maxPods, n.machine, n.devices,
		func() v1.ResourceList { return n.allocatableReservation })
	if err := setter(klog.NewContext(ctx, n.logger), node); err != nil {
		return nil, err
	}
	return node, nil
}

// allocatableReservation is the container manager's GetNodeAllocatableReservation as the scenario's
// configuration gives it: the managers' reservation (nodeAllocatableReservation), and for memory,
// when reservedMemory reserves none, the default hard eviction threshold (the configuration has no
// kubeReserved or systemReserved memory; with reservedMemory the Memory Manager requires their sum
// with the threshold to equal it). A configuration read from a KubeletConfiguration file has the
// kubelet's own reservation, the threshold included.
func (c kubeletConfig) allocatableReservation() (v1.ResourceList, error) {
	if c.reservation != nil {
		return c.reservation.DeepCopy(), nil
	}
	reservation, err := c.nodeAllocatableReservation()
	if err != nil {
		return nil, err
	}
	if _, ok := reservation[v1.ResourceMemory]; !ok {
		reservation[v1.ResourceMemory] = defaultEvictionHardMemory.DeepCopy()
	}
	return reservation, nil
}
