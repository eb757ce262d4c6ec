package nodescenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	cadvisorapi "github.com/google/cadvisor/lib/model"
	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/wire"
)

// scenario is a case ready to run: its configuration, machine (as cadvisor reports it, and the
// devices its plugins report) and steps with their pods read.
type scenario struct {
	config  kubeletConfig
	machine *cadvisorapi.MachineInfo
	devices []device
	steps   []parsedStep
	// picks are the scenario's devicePicks, by step (nil: none).
	picks []map[string]map[string][]string
	// raw is the input as given, hung the steps known to never return (input.Hung) and crashed those
	// known to panic, with the panic (input.Crashed).
	raw     json.RawMessage
	hung    []int
	crashed map[int]string
	// timed is a scenario asked for its timings: its answer leaves out the merges (on 16 NUMA nodes
	// they list 65,535 hints a provider, and writing them merges every admission a second time).
	timed bool
}

// parsedStep is a step read; devices is, for a restart that gives them, the devices the plugins
// report after it (nil: the same as before).
type parsedStep struct {
	kind      string
	pod       *v1.Pod
	container containerRef
	podUID    string
	devices   []device
}

// run is one run of a scenario: a fresh checkpoint folder, a node built and started, each step
// done and answered. hung lists the steps (indexes) whose admission never finished: they are not
// run again. plugins are the devices the device plugins report now. admitNanos is, per step, how long its admission took (the two admit
// handlers' calls, nothing of the oracle's own recording after them; 0 for a step admitting nothing).
type run struct {
	s          scenario
	picks      *devicePicks
	dir        string
	pods       *pods
	node       *node
	plugins    []device
	hung       map[int]bool
	admitNanos []int64
}

func newRun(s scenario) (*run, error) {
	dir, err := kinds.ScratchDir("podtopo-node-")
	if err != nil {
		return nil, err
	}
	r := &run{s: s, dir: dir, pods: newPods(), plugins: s.devices, hung: map[int]bool{}, admitNanos: make([]int64, len(s.steps))}
	for _, i := range s.hung {
		r.hung[i] = true
	}
	if r.picks, err = newDevicePicks(s.picks, s.steps); err != nil {
		r.close()
		return nil, err
	}
	r.node, err = newNode(s.config, s.machine, r.plugins, r.picks, dir, r.pods)
	if err != nil {
		r.close()
		return nil, fmt.Errorf("the kubelet would not start: %w", err)
	}
	if err := r.node.start(); err != nil {
		r.close()
		return nil, fmt.Errorf("the kubelet would not start: %w", err)
	}
	return r, nil
}

func (r *run) close() {
	if r.node != nil {
		r.node.stop()
	}
	_ = os.RemoveAll(r.dir)
}

// answer runs every step and gives the answer: {"reservedCpus", "initial", "steps"}, and how long
// each step's admission took.
func (s scenario) answer() (map[string]any, []int64, error) {
	r, err := newRun(s)
	if err != nil {
		return nil, nil, err
	}
	defer func() { r.close() }()
	answer := map[string]any{"reservedCpus": r.node.reservedCPUs(), "initial": r.node.snapshot()}
	steps := []any{}
	for i := range s.steps {
		written, stop, err := r.step(i)
		var crash *crashedAt
		if errors.As(err, &crash) {
			return s.withCrash(crash).answer()
		}
		if err != nil {
			return nil, nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		steps = append(steps, written)
		if stop {
			break
		}
	}
	answer["steps"] = steps
	return answer, r.admitNanos, nil
}

// step does step i and answers it; stop is a restart the kubelet refused, which ends the scenario.
func (r *run) step(i int) (map[string]any, bool, error) {
	st := r.s.steps[i]
	r.picks.at(i)
	switch st.kind {
	case "admit":
		decision, merges, err := r.admit(i)
		if err != nil {
			return nil, false, err
		}
		written := r.node.snapshot()
		written["decision"] = decision
		if merges != nil {
			written["merges"] = merges
		}
		return written, false, nil
	case "removeContainer":
		if !r.pods.isActive(st.container.Pod) {
			// A container of a pod that is not active (removed, refused, terminated) is not running:
			// nothing happens (FORMAT.md).
			break
		}
		id, terminated := r.pods.stopped(st.container.Pod, st.container.Container)
		if err := r.node.stopContainer(id); err != nil {
			return nil, false, err
		}
		if terminated {
			r.pods.deactivate(st.container.Pod)
		}
		r.node.removeStaleState()
	case "removePod":
		if err := r.node.removePod(st.podUID); err != nil {
			return nil, false, err
		}
	case "restart":
		if st.devices != nil {
			r.plugins = st.devices
		}
		startError, err := r.restart()
		if err != nil {
			return nil, false, err
		}
		if startError == "" {
			// The answer is the state once the stale-state cleanup ran, as after every step: the Device
			// Manager's UpdateAllocatedDevices drops what a pod no longer active held without writing its
			// checkpoint, so the restarted manager reads such devices back until its next hint or
			// allocation call drops them again, before any decision sees them.
			r.node.removeStaleState()
		}
		written := r.node.snapshot()
		written["decision"] = nil
		if startError != "" {
			written["startError"] = startError
			return written, true, nil
		}
		written["startError"] = nil
		return written, false, nil
	}
	written := r.node.snapshot()
	written["decision"] = nil
	return written, false, nil
}

// admit is the kubelet's HandlePodAdditions for one pod: the pod joins the pod manager (so it is
// active during its own admission), its admit handlers decide (node.admitHandlers) within the call
// timeout, the hints each provider gave are recorded, and the decision is carried out
// (node.settle).
func (r *run) admit(i int) (map[string]any, []map[string]any, error) {
	pod := r.s.steps[i].pod
	if r.hung[i] {
		return map[string]any{"admitted": false, "reason": "KubeletNoAnswer", "message": r.neverFinishes()}, nil, nil
	}
	if panicked, crashed := r.s.crashed[i]; crashed {
		message := "kubelet " + kinds.Release + " would crash admitting this pod: " + panicked
		return map[string]any{"admitted": false, "reason": "KubeletNoAnswer", "message": message}, nil, nil
	}
	r.pods.handed(pod)
	r.node.merges.reset()
	var result lifecycle.PodAdmitResult
	ended := kinds.WithinUnlessSlow(kinds.CallTimeout, kinds.SlowCallLimit, func() {
		started := time.Now()
		result = r.node.admitHandlers(pod)
		r.admitNanos[i] = time.Since(started).Nanoseconds()
	})
	if ended.Outcome == kinds.Hung {
		return nil, nil, r.retryWithHung(i)
	}
	if ended.Outcome == kinds.Slow {
		// Not an endless loop the kubelet is known for, only slower than the oracle waits: no decision to
		// answer with, so the scenario as a whole goes unanswered, as a crash outside an admission.
		return nil, nil, fmt.Errorf("no answer: kubelet %s did not return within %s admitting pod %s (slow, in no loop "+
			"known to be endless)", kinds.Release, kinds.SlowCallLimit, pod.UID)
	}
	if ended.Outcome != kinds.Returned {
		return nil, nil, &crashedAt{step: i, panicked: ended.Panic}
	}
	var merges []map[string]any
	if !r.s.timed {
		merges = r.node.merges.written(r.node.topology.GetPolicy(), r.node.logger)
	}
	if err := r.node.settle(pod, result.Admit); err != nil {
		return nil, nil, err
	}
	if !result.Admit {
		return map[string]any{"admitted": false, "reason": result.Reason, "message": result.Message}, merges, nil
	}
	return map[string]any{"admitted": true, "reason": nil, "message": nil}, merges, nil
}

// neverFinishes is the message of an admission that never returns.
func (r *run) neverFinishes() string {
	return "kubelet " + kinds.Release + " would never finish admitting this pod (its admission did not return within " +
		kinds.CallTimeout.String() + ")"
}

// retryWithHung asks for the scenario again in a fresh worker, step i known to never return: the
// call left spinning in this worker would slow every later call.
func (r *run) retryWithHung(i int) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(r.s.raw, &fields); err != nil {
		return err
	}
	encoded, err := json.Marshal(append(append([]int{}, r.s.hung...), i))
	if err != nil {
		return err
	}
	fields["podtopoHung"] = encoded
	if len(r.s.crashed) > 0 {
		if fields["podtopoCrashed"], err = json.Marshal(r.s.crashed); err != nil {
			return err
		}
	}
	input, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	return &kinds.RetryWith{Input: input}
}

// crashedAt is the error of a run whose step panicked: the managers the panic left half-changed are
// no node to go on with, so the scenario is run again from its start, that step answered as the
// kubelet's crash; every step is then answered in one run and the answers all describe one node (a
// replay of the steps before it could take another way where Go's map order or device choice decides).
type crashedAt struct {
	step     int
	panicked string
}

func (c *crashedAt) Error() string {
	return fmt.Sprintf("step %d panicked: %s", c.step+1, c.panicked)
}

// withCrash is the scenario with one more step known to panic.
func (s scenario) withCrash(c *crashedAt) scenario {
	crashed := map[int]string{c.step: c.panicked}
	for step, earlier := range s.crashed {
		crashed[step] = earlier
	}
	s.crashed = crashed
	return s
}

// restart is a kubelet restart: new managers built from the configuration and the machine on the
// same checkpoint files and started with the active pods and the running containers, the device
// plugins then registering again with the devices they report now. A refused start gives its
// error; the node answered is then the one before the restart.
func (r *run) restart() (string, error) {
	r.node.stop()
	restarted, err := newNode(r.s.config, r.s.machine, r.plugins, r.picks, r.dir, r.pods)
	if err != nil {
		return "", fmt.Errorf("the kubelet would not start again: %w", err)
	}
	if err := restarted.start(); err != nil {
		restarted.stop()
		return err.Error(), nil
	}
	r.node = restarted
	return "", nil
}

// reservedCPUs is the CPU Manager's reserved set: all CPUs but the allocatable ones under the
// static policy, none under the none policy.
func (n *node) reservedCPUs() string {
	if n.cpu.GetAllocatableCPUs().IsEmpty() {
		return ""
	}
	return n.cpu.GetAllCPUs().Difference(n.cpu.GetAllocatableCPUs()).String()
}

func storedHints(m topologymanager.Manager) map[string]map[string]topologymanager.TopologyHint {
	return topologymanager.PodtopoStoredHints(m)
}

func itoa(i int) string { return strconv.Itoa(i) }

// read reads a case's input.
func read(raw json.RawMessage) (scenario, error) {
	var in input
	if err := kinds.Decode(raw, &in); err != nil {
		return scenario{}, err
	}
	config, err := readKubelet(in.Kubelet)
	if err != nil {
		return scenario{}, err
	}
	machine, devices, err := machineInfo(in.Machine)
	if err != nil {
		return scenario{}, err
	}
	s := scenario{config: config, machine: machine, devices: devices, raw: raw, hung: in.Hung, crashed: in.Crashed,
		picks: in.DevicePicks}
	for i, st := range in.Steps {
		kind, err := st.kind()
		if err != nil {
			return scenario{}, fmt.Errorf("step %d: %w", i+1, err)
		}
		parsed := parsedStep{kind: kind}
		switch kind {
		case "admit":
			if parsed.pod, err = wire.ReadPod(st.Admit); err != nil {
				return scenario{}, fmt.Errorf("step %d: %w", i+1, err)
			}
		case "removeContainer":
			parsed.container = *st.RemoveContainer
		case "removePod":
			parsed.podUID = *st.RemovePod
		case "restart":
			if parsed.devices, err = readRestart(*st.Restart); err != nil {
				return scenario{}, fmt.Errorf("step %d: %w", i+1, err)
			}
			if parsed.devices != nil {
				if err := sameDevices(devices, parsed.devices); err != nil {
					return scenario{}, fmt.Errorf("step %d: %w", i+1, err)
				}
			}
		}
		s.steps = append(s.steps, parsed)
	}
	return s, nil
}
