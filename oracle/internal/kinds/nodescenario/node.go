package nodescenario

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/go-logr/logr"
	cadvisorapi "github.com/google/cadvisor/lib/model"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
	runtimeapi "k8s.io/cri-api/pkg/apis/runtime/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/cm"
	"k8s.io/kubernetes/pkg/kubelet/cm/containermap"
	"k8s.io/kubernetes/pkg/kubelet/cm/cpumanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/devicemanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/memorymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"

	"podtopo.io/oracle/internal/release"
)

// reconcilePeriod is the KubeletConfiguration default cpuManagerReconcilePeriod.
const reconcilePeriod = 10 * time.Second

// node is the kubelet's resource managers on one machine, as NewContainerManager builds them and
// Start starts them: the Topology Manager, then the Device, CPU and Memory Managers, each added to
// it as a hint provider in that order; the predicate admit handler the kubelet runs after the
// Topology Manager's; and the device plugins of the machine's devices. Checkpoints live in dir, so
// a restart is a new node on the same dir.
type node struct {
	logger                 klog.Logger
	pods                   *pods
	machine                *cadvisorapi.MachineInfo
	plugins                []device
	picks                  *devicePicks
	allocatableReservation v1.ResourceList
	maxPods                int
	topology               topologymanager.Manager
	devices                *devicemanager.ManagerImpl
	cpu                    cpumanager.Manager
	memory                 memorymanager.Manager
	manager                cm.ContainerManager
	lifecycle              cm.InternalContainerLifecycle
	predicate              lifecycle.PodAdmitHandler
	merges                 *mergeLog
}

// newNode builds the managers; an error is the kubelet refusing to start with this configuration.
// plugins are the devices the device plugins report once the node has started; picks, when not
// nil, steer the devices the Device Manager chooses among (picks.go).
func newNode(config kubeletConfig, machine *cadvisorapi.MachineInfo, plugins []device, picks *devicePicks,
	dir string, pods *pods) (*node, error) {
	logger := logr.Discard()
	n := &node{logger: logger, pods: pods, machine: machine, plugins: plugins, picks: picks, merges: &mergeLog{},
		maxPods: config.MaxPods}
	var err error
	if n.allocatableReservation, err = config.allocatableReservation(); err != nil {
		return nil, err
	}
	n.topology, err = release.NewTopologyManager(logger, machine, config.TopologyManagerPolicy,
		config.TopologyManagerScope, config.TopologyManagerPolicyOptions)
	if err != nil {
		return nil, err
	}
	n.devices, err = release.NewDeviceManager(logger, filepath.Join(dir, "device-plugins", "kubelet.sock"),
		machine, n.topology)
	if err != nil {
		return nil, err
	}
	n.topology.AddHintProvider(logger, n.merges.provider("device", steeredProvider{picks: picks, HintProvider: n.devices}))
	reservation, err := config.nodeAllocatableReservation()
	if err != nil {
		return nil, err
	}
	reservedCPUs, err := config.reservedCPUs()
	if err != nil {
		return nil, err
	}
	n.cpu, err = release.NewCPUManager(logger, config.CPUManagerPolicy, config.CPUManagerPolicyOptions, reconcilePeriod,
		machine, reservedCPUs, reservation, dir, n.topology)
	if err != nil {
		return nil, err
	}
	n.topology.AddHintProvider(logger, n.merges.provider("cpu", n.cpu))
	reservedMemory, err := config.memoryReservations()
	if err != nil {
		return nil, err
	}
	n.memory, err = release.NewMemoryManager(logger, config.MemoryManagerPolicy, machine, reservation, reservedMemory,
		dir, n.topology)
	if err != nil {
		return nil, err
	}
	n.topology.AddHintProvider(logger, n.merges.provider("memory", n.memory))
	n.manager = cm.PodtopoContainerManager(n.topology, n.devices, n.cpu, n.memory)
	n.predicate = n.predicateHandler()
	n.lifecycle = release.InternalContainerLifecycle(logger, n.manager)
	return n, nil
}

// start is the container manager's Start for these managers: the CPU Manager, the Memory Manager,
// then the Device Manager, each given the active pods and the running containers as the runtime
// reports them. Its error is the kubelet's, which then does not start. The device plugins then
// register their devices (before any pod is admitted: on a real node they register when they find
// the kubelet's socket, which can be later).
func (n *node) start() error {
	ctx := klog.NewContext(context.Background(), n.logger)
	containers := containermap.NewContainerMap()
	running := sets.New[string]()
	for _, c := range n.pods.runningIDs() {
		containers.Add(c[0], c[1], c[2])
		running.Insert(c[2])
	}
	if err := n.cpu.Start(ctx, n.pods.active, sourcesReady{}, noPodStatus{}, noRuntime{}, containers.Clone()); err != nil {
		return fmt.Errorf("start cpu manager error: %w", err)
	}
	if err := n.memory.Start(ctx, n.pods.active, sourcesReady{}, noPodStatus{}, noRuntime{}, containers.Clone()); err != nil {
		return fmt.Errorf("start memory manager error: %w", err)
	}
	if err := n.devices.Start(n.logger, n.pods.active, sourcesReady{}, containers.Clone(), running); err != nil {
		return err
	}
	n.registerDevices(n.plugins)
	return nil
}

// stop stops the Device Manager's plugin server (the others have nothing to stop).
func (n *node) stop() {
	_ = n.devices.Stop(n.logger)
}

// startContainers starts each init, app and ephemeral container of an admitted pod that is neither
// running nor removed, in that order, as the kubelet's runtime manager starts them: its run options
// first (the container manager's GetResources, whose Device Manager part,
// GetDeviceRunContainerOptions, allocates the devices of a container that holds none), then the
// internal container lifecycle (PreCreateContainer, then PreStartContainer with its new id). A
// container whose run options fail is not started (CreateContainerConfigError), as the kubelet
// leaves it until its next sync.
func (n *node) startContainers(pod *v1.Pod) error {
	ctx := klog.NewContext(context.Background(), n.logger)
	record := n.pods.record(string(pod.UID))
	var all []v1.Container
	all = append(all, pod.Spec.InitContainers...)
	all = append(all, pod.Spec.Containers...)
	for _, e := range pod.Spec.EphemeralContainers {
		all = append(all, v1.Container(e.EphemeralContainerCommon))
	}
	for i := range all {
		c := &all[i]
		if _, running := record.running[c.Name]; running || record.removed[c.Name] {
			continue
		}
		n.picks.allocating(c.Name)
		if _, err := n.devices.GetDeviceRunContainerOptions(ctx, pod, c); err != nil {
			continue
		}
		config := &runtimeapi.ContainerConfig{Linux: &runtimeapi.LinuxContainerConfig{Resources: &runtimeapi.LinuxContainerResources{}}}
		if err := n.lifecycle.PreCreateContainer(n.logger, pod, c, config); err != nil {
			return fmt.Errorf("PreCreateContainer %s: %w", c.Name, err)
		}
		id := n.pods.started(string(pod.UID), c.Name)
		if err := n.lifecycle.PreStartContainer(n.logger, pod, c, id); err != nil {
			return fmt.Errorf("PreStartContainer %s: %w", c.Name, err)
		}
	}
	return nil
}

// admitHandlers runs the kubelet's admit handlers on a pod already handed to the pod manager, in
// the kubelet's order, the first to refuse deciding: the resource-allocation handler (the Topology
// Manager's Admit) then the predicate admit handler (the eviction, sysctl and later handlers refuse
// none of the pods the oracle is given). OtherPods are the active pods but this one.
func (n *node) admitHandlers(pod *v1.Pod) lifecycle.PodAdmitResult {
	ctx := klog.NewContext(context.Background(), n.logger)
	attributes := &lifecycle.PodAdmitAttributes{Pod: pod, OtherPods: n.pods.othersThan(pod), Operation: lifecycle.AddOperation}
	result := release.Admit(ctx, n.topology, attributes)
	if result.Admit {
		result = release.Admit(ctx, n.predicate, attributes)
	}
	return result
}

// settle carries out an admission's decision as the kubelet does: a refused pod is failed (the
// containers of one that ran, a pod admitted again after a restart, are killed, as when it is
// removed); an admitted one has its containers started, and the stale-state cleanup then runs as
// the CPU Manager's reconcile loop would.
func (n *node) settle(pod *v1.Pod, admitted bool) error {
	if !admitted {
		return n.removePod(string(pod.UID))
	}
	if err := n.startContainers(pod); err != nil {
		return err
	}
	n.removeStaleState()
	return nil
}

// removePod is a pod deleted: each of its running containers is stopped (PostStopContainer), it
// leaves the pod manager, and the stale-state cleanup drops what it held.
func (n *node) removePod(uid string) error {
	record := n.pods.record(uid)
	if record != nil {
		for name := range record.running {
			id, _ := n.pods.stopped(uid, name)
			if err := n.stopContainer(id); err != nil {
				return err
			}
		}
		n.pods.forget(uid)
	}
	n.pods.deactivate(uid)
	n.removeStaleState()
	return nil
}

// stopContainer is a container that exited and is removed: the internal lifecycle's
// PostStopContainer.
func (n *node) stopContainer(id string) error {
	if id == "" {
		return nil
	}
	return n.lifecycle.PostStopContainer(n.logger, id)
}

// removeStaleState runs the CPU, Memory and Device Managers' stale-state cleanup, which drops what
// pods no longer active hold: the CPU Manager's reconcile loop runs it every reconcile period, the
// Memory Manager at the start of its next hint or allocation call, the Device Manager
// (UpdateAllocatedDevices) likewise.
func (n *node) removeStaleState() {
	cpumanager.PodtopoRemoveStaleState(n.cpu, n.logger)
	memorymanager.PodtopoRemoveStaleState(n.memory, n.logger)
	release.UpdateAllocatedDevices(n.logger, n.devices)
}

type sourcesReady struct{}

func (sourcesReady) AddSource(string) {}
func (sourcesReady) AllReady() bool   { return true }

// noPodStatus has no pod's status, so the CPU Manager's reconcile loop updates no container.
type noPodStatus struct{}

func (noPodStatus) GetPodStatus(types.UID) (v1.PodStatus, bool) { return v1.PodStatus{}, false }

type noRuntime struct{}

func (noRuntime) UpdateContainerResources(context.Context, string, *runtimeapi.ContainerResources) error {
	return nil
}
