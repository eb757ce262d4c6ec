package nodescenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"k8s.io/klog/v2"
	podresourcesapi "k8s.io/kubelet/pkg/apis/podresources/v1"

	"podtopo.io/oracle/internal/gates"
)

// FolderNode is a node of the kubelet's own resource managers (the node-scenario kind's node) with
// the pods of a static pod folder admitted, for `oracle/kubelet node`: its PodResources v1 server
// answers from the managers' state. Its checkpoints live in a folder of its own, removed by Close.
type FolderNode struct {
	node *node
	dir  string
}

// decision is one file's outcome as StartFolderNode prints it: the pod the file source read and the
// kubelet's decision (reason and message of a refusal, null for an admission), or the file source's
// error (the pod then not admitted).
type decision struct {
	File      string  `json:"file"`
	Namespace string  `json:"namespace,omitempty"`
	Name      string  `json:"name,omitempty"`
	UID       string  `json:"uid,omitempty"`
	Admitted  bool    `json:"admitted"`
	Reason    *string `json:"reason"`
	Message   *string `json:"message"`
	Error     string  `json:"error,omitempty"`
}

// StartFolderNode builds and starts the managers for the machine (a machine JSON file, the schema of
// `podtopo topology --format json`, read as cadvisor reports it: machineFileInfo; its devices
// registered by their plugins) under the
// KubeletConfiguration file (readKubeletConfiguration, its feature gates set), then hands each pod of podsDir
// (readPodsFolder, file-name order) to admission as the kubelet's HandlePodAdditions does
// (node.admitHandlers, node.settle), writing one JSON line per file to decisions. A file the file
// source refuses is reported and left out, as the kubelet logs and skips it.
func StartFolderNode(machineFile, configFile, podsDir string, decisions io.Writer) (*FolderNode, error) {
	raw, err := os.ReadFile(machineFile)
	if err != nil {
		return nil, err
	}
	machine, devices, err := machineFileInfo(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", machineFile, err)
	}
	config, err := readKubeletConfiguration(configFile)
	if err != nil {
		return nil, err
	}
	// The gates decide how the file source defaults a pod as well as what the managers do.
	if err := gates.Apply(config.FeatureGates); err != nil {
		return nil, fmt.Errorf("%s: featureGates: %w", configFile, err)
	}
	folder, err := readPodsFolder(podsDir)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "podtopo-node-")
	if err != nil {
		return nil, err
	}
	f := &FolderNode{dir: dir}
	if f.node, err = newNode(config, machine, devices, nil, dir, newPods()); err != nil {
		f.Close()
		return nil, fmt.Errorf("the kubelet would not start: %w", err)
	}
	if err := f.node.start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("the kubelet would not start: %w", err)
	}
	out := json.NewEncoder(decisions)
	for _, read := range folder {
		line, err := f.admit(read)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", read.file, err)
		}
		if err := out.Encode(line); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// admit hands one file's pod to admission and carries out the decision.
func (f *FolderNode) admit(read folderPod) (decision, error) {
	if read.err == nil && read.pod == nil {
		read.err = errors.New("the file source gave neither a pod nor an error")
	}
	if read.err != nil {
		return decision{File: read.file, Error: read.err.Error()}, nil
	}
	pod := read.pod
	f.node.pods.handed(pod)
	f.node.merges.reset() // the hints are not answered here; reset, the log does not grow with the folder
	result := f.node.admitHandlers(pod)
	if err := f.node.settle(pod, result.Admit); err != nil {
		return decision{}, err
	}
	written := decision{File: read.file, Namespace: pod.Namespace, Name: pod.Name, UID: string(pod.UID),
		Admitted: result.Admit}
	if !result.Admit {
		written.Reason, written.Message = &result.Reason, &result.Message
	}
	return written, nil
}

// PodResources is upstream's PodResources v1 server over the node's managers and active pods.
func (f *FolderNode) PodResources() podresourcesapi.PodResourcesListerServer {
	return f.node.podResourcesServer(klog.NewContext(context.Background(), f.node.logger))
}

// Close stops the Device Manager's plugin server and removes the checkpoints.
func (f *FolderNode) Close() {
	if f.node != nil {
		f.node.stop()
	}
	_ = os.RemoveAll(f.dir)
}
