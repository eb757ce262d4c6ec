package nodescenario

import (
	"fmt"
	"sync"

	v1 "k8s.io/api/core/v1"
)

// podRecord is what the node knows of one pod: its last spec, its running containers (name to
// container id) and the containers that exited and were removed.
type podRecord struct {
	pod     *v1.Pod
	running map[string]string
	removed map[string]bool
}

// pods is the kubelet's view of its pods that the managers read through their activePods function
// (the kubelet's GetActivePods): a pod is active from the moment it is handed to admission (the
// kubelet adds it to its pod manager first) until it is rejected, removed, or every one of its init
// and app containers was removed (it has terminated). Safe for the CPU Manager's reconcile loop to
// read concurrently.
type pods struct {
	mu      sync.Mutex
	order   []string
	records map[string]*podRecord
	ids     int
}

func newPods() *pods { return &pods{records: map[string]*podRecord{}} }

// active lists the active pods in the order they were first admitted.
func (p *pods) active() []*v1.Pod {
	p.mu.Lock()
	defer p.mu.Unlock()
	var active []*v1.Pod
	for _, uid := range p.order {
		active = append(active, p.records[uid].pod)
	}
	return active
}

// othersThan lists the active pods but this one.
func (p *pods) othersThan(pod *v1.Pod) []*v1.Pod {
	var others []*v1.Pod
	for _, active := range p.active() {
		if active.UID != pod.UID {
			others = append(others, active)
		}
	}
	return others
}

func (p *pods) isActive(uid string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, active := range p.order {
		if active == uid {
			return true
		}
	}
	return false
}

// handed records a pod handed to admission: it is active (in its old place if it was).
func (p *pods) handed(pod *v1.Pod) {
	p.mu.Lock()
	defer p.mu.Unlock()
	uid := string(pod.UID)
	record := p.records[uid]
	if record == nil {
		record = &podRecord{running: map[string]string{}, removed: map[string]bool{}}
		p.records[uid] = record
	}
	record.pod = pod
	for _, active := range p.order {
		if active == uid {
			return
		}
	}
	p.order = append(p.order, uid)
}

// deactivate makes a pod inactive (rejected, removed or terminated).
func (p *pods) deactivate(uid string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, active := range p.order {
		if active == uid {
			p.order = append(p.order[:i:i], p.order[i+1:]...)
			return
		}
	}
}

// record is the pod's record, nil for a pod never given.
func (p *pods) record(uid string) *podRecord {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.records[uid]
}

// started gives a new container id to a container that starts.
func (p *pods) started(uid, name string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ids++
	id := fmt.Sprintf("%s_%s_%d", uid, name, p.ids)
	p.records[uid].running[name] = id
	return id
}

// stopped records that a running container exited and was removed; it gives the container's id
// ("" if it was not running) and whether the pod has now terminated (every init and app container
// removed).
func (p *pods) stopped(uid, name string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	record := p.records[uid]
	if record == nil {
		return "", false
	}
	id := record.running[name]
	delete(record.running, name)
	record.removed[name] = true
	for _, c := range append(append([]v1.Container{}, record.pod.Spec.InitContainers...), record.pod.Spec.Containers...) {
		if !record.removed[c.Name] {
			return id, false
		}
	}
	return id, true
}

// runningIDs lists the running containers of every pod as (pod uid, container name, id), as the
// kubelet's container runtime reports them at start.
func (p *pods) runningIDs() [][3]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var running [][3]string
	for uid, record := range p.records {
		for name, id := range record.running {
			running = append(running, [3]string{uid, name, id})
		}
	}
	return running
}

// known lists every pod given, active or not.
func (p *pods) known() map[string]*v1.Pod {
	p.mu.Lock()
	defer p.mu.Unlock()
	known := map[string]*v1.Pod{}
	for uid, record := range p.records {
		known[uid] = record.pod
	}
	return known
}

// forget clears what the node knew of a removed pod's containers, so that a pod given again with
// its uid starts anew.
func (p *pods) forget(uid string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if record := p.records[uid]; record != nil {
		record.running = map[string]string{}
		record.removed = map[string]bool{}
	}
}
