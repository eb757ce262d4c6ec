package podkinds

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/klog/v2"
	v1qos "k8s.io/kubernetes/pkg/apis/core/v1/helper/qos"
	"k8s.io/kubernetes/pkg/kubelet/config"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
)

// nodeName is the node the static pods are read on: the file source appends it to a pod's name.
const nodeName types.NodeName = "podtopo-node"

// manifestName is the static pod file's name. An error naming the file names it without its folder.
const manifestName = "pod.yaml"

type staticInput struct {
	Manifest     string          `json:"manifest"`
	FeatureGates map[string]bool `json:"featureGates"`
}

// staticOutput is the pod the file source hands on, with the QoS class the kubelet computes for
// it, or the file source's error.
type staticOutput struct {
	Error    *string  `json:"error"`
	QOSClass *string  `json:"qosClass"`
	Pod      *heldPod `json:"pod"`
}

// staticPodDecode writes the manifest to a file and reads it as the kubelet's file source reads a
// static pod path (config.PodtopoExtractFromFile forwards to extractFromFile). The QoS class is
// v1qos.GetPodQOS of the pod read: a static pod has no status.qosClass, so it is computed.
func staticPodDecode(raw json.RawMessage) (any, error) {
	var in staticInput
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "podtopo-static-pod-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, manifestName)
	if err := os.WriteFile(file, []byte(in.Manifest), 0o600); err != nil {
		return nil, err
	}
	pod, err := config.PodtopoExtractFromFile(klog.Background(), file, nodeName)
	if err != nil {
		message := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		return staticOutput{Error: &message}, nil
	}
	if pod == nil {
		return nil, fmt.Errorf("the file source gave neither a pod nor an error")
	}
	qos := string(v1qos.GetPodQOS(pod))
	read := held(pod)
	return staticOutput{QOSClass: &qos, Pod: &read}, nil
}
