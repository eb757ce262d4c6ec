package nodescenario

import (
	"os"
	"path/filepath"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/config"
)

// folderPod is one file of a pods folder read: its pod, or the file source's error.
type folderPod struct {
	file string
	pod  *v1.Pod
	err  error
}

// readPodsFolder reads a folder of pod manifests as the kubelet's file source reads its static pod
// path (extractFromDir): the entries in file-name order, folders and names starting with "." left
// out, each file read as one pod by the file source's extractFromFile (the static-pod-decode kind's
// reading: the scheme's defaulting, the file source's defaults, its uid and the node name appended
// to the pod's name, ValidatePodCreate) on this node.
func readPodsFolder(dir string) ([]folderPod, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var read []folderPod
	for _, entry := range entries {
		if entry.IsDir() || strings.HasPrefix(entry.Name(), ".") {
			continue
		}
		pod, err := config.PodtopoExtractFromFile(klog.Background(), filepath.Join(dir, entry.Name()), types.NodeName(nodeName))
		read = append(read, folderPod{file: entry.Name(), pod: pod, err: err})
	}
	return read, nil
}
