package devicekinds

import (
	"encoding/json"

	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/wire"
)

// devicePodRequest is TestGetPodDeviceRequest: getPodDeviceRequest(pod) on a manager whose
// registered resources have an empty healthyDevices entry.
func devicePodRequest(raw json.RawMessage) (any, error) {
	var in struct {
		managerInput
		Pod json.RawMessage `json:"pod"`
	}
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	m, err := in.manager(noActivePods, nil)
	if err != nil {
		return nil, err
	}
	return map[string]any{"requests": m.PodtopoGetPodDeviceRequest(pod)}, nil
}
