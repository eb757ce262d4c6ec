// Package nodescenario answers the node-scenario kind (FORMAT.md) with the kubelet's own resource
// managers wired as its container manager wires them (pkg/kubelet/cm, NewContainerManager): the
// Topology Manager with the Device, CPU and Memory Managers as hint providers, the machine's devices
// registered with the Device Manager as their plugins would register them, admission through the
// Topology Manager's Admit (the kubelet's resource-allocation admit handler) and then the kubelet's
// predicate admit handler over the node its node status reports, containers started (their devices
// allocated by GetDeviceRunContainerOptions) and stopped through the internal container lifecycle,
// removed pods dropped by the managers' stale-state cleanup, restarts as new managers started on the
// same checkpoint files, and the PodResources v1 List answered by upstream's own server over the
// managers.
package nodescenario

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// input is a node-scenario case's input.
type input struct {
	Machine   json.RawMessage `json:"machine"`
	Kubelet   json.RawMessage `json:"kubelet"`
	Behaviour string          `json:"behaviour"`
	Steps     []step          `json:"steps"`
	// DevicePicks gives, per admit step, the devices each container of the pod is to be given where
	// the kubelet's choice is a tie (devicePicks, picks.go).
	DevicePicks []map[string]map[string][]string `json:"devicePicks"`
	// Hung lists the steps (indexes) whose admission a worker found never returns: the oracle adds
	// it when it asks a fresh worker again (kinds.RetryWith); such a step is not run again.
	Hung []int `json:"podtopoHung"`
	// Crashed holds the steps (index → the panic) whose admission panicked, for a scenario asked again
	// of a fresh worker after a later step hung; such a step is not run again.
	Crashed map[int]string `json:"podtopoCrashed"`
}

// step is one step: exactly one of its fields is set.
type step struct {
	Admit           json.RawMessage  `json:"admit"`
	RemoveContainer *containerRef    `json:"removeContainer"`
	RemovePod       *string          `json:"removePod"`
	Restart         *json.RawMessage `json:"restart"`
}

// readKubelet reads the configuration, refusing a field the managers do not read.
func readKubelet(raw json.RawMessage) (kubeletConfig, error) {
	var config kubeletConfig
	if len(raw) == 0 {
		return config.withDefaults(), nil
	}
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&config); err != nil {
		return config, fmt.Errorf("kubelet: %w", err)
	}
	return config.withDefaults(), nil
}

// readRestart reads a restart step, {} or {"devices": [...]}: the devices the device plugins report
// when they register again after the restart (a device turned unhealthy, say); nil when not given.
func readRestart(raw json.RawMessage) ([]device, error) {
	var restart struct {
		Devices *[]json.RawMessage `json:"devices"`
	}
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&restart); err != nil {
		return nil, fmt.Errorf("restart: %w", err)
	}
	if restart.Devices == nil {
		return nil, nil
	}
	devices, err := readDevices(*restart.Devices)
	if err != nil {
		return nil, fmt.Errorf("restart: %w", err)
	}
	return devices, nil
}

type containerRef struct {
	Pod       string `json:"pod"`
	Container string `json:"container"`
}

func (s step) kind() (string, error) {
	kinds := []string{}
	if s.Admit != nil {
		kinds = append(kinds, "admit")
	}
	if s.RemoveContainer != nil {
		kinds = append(kinds, "removeContainer")
	}
	if s.RemovePod != nil {
		kinds = append(kinds, "removePod")
	}
	if s.Restart != nil {
		kinds = append(kinds, "restart")
	}
	if len(kinds) != 1 {
		return "", fmt.Errorf("a step must have exactly one of admit, removeContainer, removePod, restart; got %v", kinds)
	}
	return kinds[0], nil
}
