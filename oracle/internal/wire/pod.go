package wire

import (
	"encoding/json"
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Pod is the vectors' pod form (FORMAT.md, "Pods"; conformance's PodJson): uid, name (default the
// uid), namespace (default "default"), the containers, spec.resources as "resources" or the
// transcribed shorthands "podResources" and "podCPU" (a pod-level CPU request = limit).
type Pod struct {
	UID                 string        `json:"uid"`
	Name                string        `json:"name"`
	Namespace           string        `json:"namespace"`
	Containers          []Container   `json:"containers"`
	InitContainers      []Container   `json:"initContainers"`
	EphemeralContainers []Container   `json:"ephemeralContainers"`
	Resources           *Requirements `json:"resources"`
	PodResources        *Shorthand    `json:"podResources"`
	PodCPU              *string       `json:"podCPU"`
}

// Container is a container: shorthands for cpu and memory, and any resource under "resources";
// "image" only where a kind validates the pod (the resource managers never read it).
type Container struct {
	Name          string        `json:"name"`
	Image         string        `json:"image"`
	RestartPolicy string        `json:"restartPolicy"`
	Resources     *Requirements `json:"resources"`
	Shorthand
}

// Shorthand is the transcribed form of cpu and memory requests and limits.
type Shorthand struct {
	CPURequest    *string `json:"cpuRequest"`
	CPULimit      *string `json:"cpuLimit"`
	MemoryRequest *string `json:"memoryRequest"`
	MemoryLimit   *string `json:"memoryLimit"`
}

// Requirements is {"requests": {resource: quantity}, "limits": {...}}.
type Requirements struct {
	Requests map[string]string `json:"requests"`
	Limits   map[string]string `json:"limits"`
}

// ReadPod reads a pod in the vectors' form.
func ReadPod(raw json.RawMessage) (*v1.Pod, error) {
	var pod Pod
	if err := json.Unmarshal(raw, &pod); err != nil {
		return nil, fmt.Errorf("pod: %w", err)
	}
	return pod.Build()
}

// Build gives the upstream pod; no defaulting is applied, as the vectors hold what upstream's
// test pods hold.
func (p Pod) Build() (*v1.Pod, error) {
	name, namespace := p.Name, p.Namespace
	if name == "" {
		name = p.UID
	}
	if namespace == "" {
		namespace = "default"
	}
	pod := &v1.Pod{ObjectMeta: metav1.ObjectMeta{UID: types.UID(p.UID), Name: name, Namespace: namespace}}
	var err error
	if pod.Spec.Containers, err = containers(p.Containers); err != nil {
		return nil, err
	}
	if pod.Spec.InitContainers, err = containers(p.InitContainers); err != nil {
		return nil, err
	}
	ephemeral, err := containers(p.EphemeralContainers)
	if err != nil {
		return nil, err
	}
	for _, c := range ephemeral {
		pod.Spec.EphemeralContainers = append(pod.Spec.EphemeralContainers,
			v1.EphemeralContainer{EphemeralContainerCommon: v1.EphemeralContainerCommon(c)})
	}
	if p.Resources != nil || p.PodResources != nil || p.PodCPU != nil {
		requirements := v1.ResourceRequirements{}
		if p.PodCPU != nil {
			if err := put(&requirements, Shorthand{CPURequest: p.PodCPU, CPULimit: p.PodCPU}); err != nil {
				return nil, err
			}
		}
		if p.PodResources != nil {
			if err := put(&requirements, *p.PodResources); err != nil {
				return nil, err
			}
		}
		if err := putAll(&requirements, p.Resources); err != nil {
			return nil, err
		}
		pod.Spec.Resources = &requirements
	}
	return pod, nil
}

func containers(list []Container) ([]v1.Container, error) {
	var built []v1.Container
	for _, c := range list {
		container := v1.Container{Name: c.Name, Image: c.Image}
		if c.RestartPolicy != "" {
			policy := v1.ContainerRestartPolicy(c.RestartPolicy)
			container.RestartPolicy = &policy
		}
		if err := put(&container.Resources, c.Shorthand); err != nil {
			return nil, fmt.Errorf("container %s: %w", c.Name, err)
		}
		if err := putAll(&container.Resources, c.Resources); err != nil {
			return nil, fmt.Errorf("container %s: %w", c.Name, err)
		}
		built = append(built, container)
	}
	return built, nil
}

func put(r *v1.ResourceRequirements, s Shorthand) error {
	for _, field := range []struct {
		list     *v1.ResourceList
		resource v1.ResourceName
		value    *string
	}{
		{&r.Requests, v1.ResourceCPU, s.CPURequest}, {&r.Limits, v1.ResourceCPU, s.CPULimit},
		{&r.Requests, v1.ResourceMemory, s.MemoryRequest}, {&r.Limits, v1.ResourceMemory, s.MemoryLimit},
	} {
		if field.value != nil {
			if err := putQuantity(field.list, field.resource, *field.value); err != nil {
				return err
			}
		}
	}
	return nil
}

func putAll(r *v1.ResourceRequirements, given *Requirements) error {
	if given == nil {
		return nil
	}
	for name, value := range given.Requests {
		if err := putQuantity(&r.Requests, v1.ResourceName(name), value); err != nil {
			return err
		}
	}
	for name, value := range given.Limits {
		if err := putQuantity(&r.Limits, v1.ResourceName(name), value); err != nil {
			return err
		}
	}
	return nil
}

func putQuantity(list *v1.ResourceList, name v1.ResourceName, value string) error {
	quantity, err := resource.ParseQuantity(value)
	if err != nil {
		return fmt.Errorf("%s: %q is not a quantity: %w", name, value, err)
	}
	if *list == nil {
		*list = v1.ResourceList{}
	}
	(*list)[name] = quantity
	return nil
}

// ContainerOf finds an init or app container of the pod by name (names are unique in a pod).
func ContainerOf(pod *v1.Pod, name string) (*v1.Container, error) {
	for _, list := range [][]v1.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range list {
			if list[i].Name == name {
				return &list[i], nil
			}
		}
	}
	return nil, fmt.Errorf("the pod has no container %q", name)
}
