package podkinds

import (
	v1 "k8s.io/api/core/v1"
)

// heldPod is a pod's resources as a kubelet holds them: spec.resources, then every init and app
// container's requests and limits, in spec order. Quantities are upstream's Quantity.String().
type heldPod struct {
	Resources      requirements    `json:"resources"`
	InitContainers []heldContainer `json:"initContainers"`
	Containers     []heldContainer `json:"containers"`
}

type heldContainer struct {
	Name          string       `json:"name"`
	RestartPolicy string       `json:"restartPolicy,omitempty"`
	Resources     requirements `json:"resources"`
}

// requirements always has both maps, empty where the pod sets nothing: a nil spec.resources and an
// empty one read alike here (the QoS class tells them apart where a gate makes them differ).
type requirements struct {
	Requests map[string]string `json:"requests"`
	Limits   map[string]string `json:"limits"`
}

func held(pod *v1.Pod) heldPod {
	out := heldPod{InitContainers: []heldContainer{}, Containers: []heldContainer{}}
	if pod.Spec.Resources != nil {
		out.Resources = toRequirements(*pod.Spec.Resources)
	} else {
		out.Resources = toRequirements(v1.ResourceRequirements{})
	}
	for _, c := range pod.Spec.InitContainers {
		out.InitContainers = append(out.InitContainers, toContainer(c))
	}
	for _, c := range pod.Spec.Containers {
		out.Containers = append(out.Containers, toContainer(c))
	}
	return out
}

func toContainer(c v1.Container) heldContainer {
	held := heldContainer{Name: c.Name, Resources: toRequirements(c.Resources)}
	if c.RestartPolicy != nil {
		held.RestartPolicy = string(*c.RestartPolicy)
	}
	return held
}

func toRequirements(r v1.ResourceRequirements) requirements {
	return requirements{Requests: toList(r.Requests), Limits: toList(r.Limits)}
}

func toList(list v1.ResourceList) map[string]string {
	out := map[string]string{}
	for name, quantity := range list {
		out[string(name)] = quantity.String()
	}
	return out
}
