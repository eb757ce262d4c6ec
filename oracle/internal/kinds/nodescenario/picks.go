package nodescenario

import (
	"fmt"

	pluginapi "k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
)

// devicePicks are a scenario's "devicePicks" (FORMAT.md): for each admit step, the devices each
// container of the admitted pod is to be given, by resource. The kubelet chooses among
// interchangeable devices in Go's map order (devicesToAllocate iterates sets); with picks, the
// device plugins offer GetPreferredAllocation and answer it with the picks of the container being
// allocated, which devicesToAllocate takes where they are among the devices it may choose from
// (it intersects the answer with them) and tops up in map order where they are not. The picks thus
// choose one of the kubelet's own outcomes whenever they are one, and change nothing else: a plugin
// asked about a container without picks answers nothing, as a plugin without GetPreferredAllocation.
type devicePicks struct {
	byStep []map[string]map[string][]string
	// step is the step being run, container the container whose devices are being allocated.
	step      int
	container string
}

// newDevicePicks checks that each pick is for an admit step; nil when the scenario has none.
func newDevicePicks(byStep []map[string]map[string][]string, steps []parsedStep) (*devicePicks, error) {
	if len(byStep) == 0 {
		return nil, nil
	}
	if len(byStep) > len(steps) {
		return nil, fmt.Errorf("devicePicks has %d entries, the scenario %d steps", len(byStep), len(steps))
	}
	for i, picks := range byStep {
		if picks != nil && steps[i].kind != "admit" {
			return nil, fmt.Errorf("devicePicks[%d]: step %d admits no pod", i, i+1)
		}
	}
	return &devicePicks{byStep: byStep}, nil
}

// given tells whether the scenario has picks (the plugins then offer GetPreferredAllocation).
func (p *devicePicks) given() bool { return p != nil }

// at is step i beginning.
func (p *devicePicks) at(i int) {
	if p != nil {
		p.step, p.container = i, ""
	}
}

// allocating is the Device Manager about to allocate the devices of a container of the step's pod.
func (p *devicePicks) allocating(container string) {
	if p != nil {
		p.container = container
	}
}

// preferred is resource's plugin's GetPreferredAllocation: the picks of the container being
// allocated, or no answer.
func (p *devicePicks) preferred(resource string) func(available, mustInclude []string,
	size int) (*pluginapi.PreferredAllocationResponse, error) {
	return func([]string, []string, int) (*pluginapi.PreferredAllocationResponse, error) {
		if p.step >= len(p.byStep) {
			return nil, nil
		}
		ids, ok := p.byStep[p.step][p.container][resource]
		if !ok {
			return nil, nil
		}
		return &pluginapi.PreferredAllocationResponse{
			ContainerResponses: []*pluginapi.ContainerPreferredAllocationResponse{{DeviceIDs: ids}}}, nil
	}
}

// steeredProvider is the Device Manager as a hint provider, telling the picks which container its
// Allocate is for (provider.go, provider_kube_1_36.go); every call is the manager's own.
type steeredProvider struct {
	picks *devicePicks
	topologymanager.HintProvider
}
