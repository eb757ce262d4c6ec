package nodescenario

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	kubeletconfigv1beta1 "k8s.io/kubelet/config/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/eviction"
	"sigs.k8s.io/yaml"

	"podtopo.io/oracle/internal/wire"
)

// memoryAvailable is the hard eviction signal the kubelet adds to the memory reservation.
const memoryAvailable = "memory.available"

// readKubeletConfiguration reads a KubeletConfiguration file (kubelet.config.k8s.io/v1beta1, YAML or
// JSON) into what the resource managers and the predicate admit handler read, with the kubelet's
// node allocatable reservation. It is read into the kubelet's own v1beta1 type, strictly: a field
// the type does not have is refused (the kubelet warns and decodes leniently). What is read is
// defaulted as SetDefaults_KubeletConfiguration (withDefaults) and cmd/kubelet's loadConfigFile
// (evictionHard, mergeDefaultEvictionSettings) default it. The kubelet's scheme (and with it
// ValidateKubeletConfiguration) is not linked: it pulls the API server's option packages into the
// oracle's module graph. The managers refuse a policy, option or reservation they cannot use, as
// they do in the kubelet; a setting that changes what they decide and that the oracle does not
// model is refused by name.
func readKubeletConfiguration(file string) (kubeletConfig, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return kubeletConfig{}, err
	}
	var kc kubeletconfigv1beta1.KubeletConfiguration
	if err := yaml.UnmarshalStrict(data, &kc); err != nil {
		return kubeletConfig{}, fmt.Errorf("%s: %w", file, err)
	}
	if kc.APIVersion != kubeletconfigv1beta1.SchemeGroupVersion.String() || kc.Kind != "KubeletConfiguration" {
		return kubeletConfig{}, fmt.Errorf("%s: expected apiVersion %s and kind KubeletConfiguration, got %q and %q",
			file, kubeletconfigv1beta1.SchemeGroupVersion, kc.APIVersion, kc.Kind)
	}
	if kc.PodsPerCore != 0 {
		return kubeletConfig{}, fmt.Errorf("%s: podsPerCore: not modelled by the oracle's node (it would lower maxPods)", file)
	}
	reservation, err := nodeReservation(&kc)
	if err != nil {
		return kubeletConfig{}, fmt.Errorf("%s: %w", file, err)
	}
	config := kubeletConfig{
		CPUManagerPolicy:             kc.CPUManagerPolicy,
		CPUManagerPolicyOptions:      kc.CPUManagerPolicyOptions,
		ReservedSystemCPUs:           kc.ReservedSystemCPUs,
		TopologyManagerPolicy:        kc.TopologyManagerPolicy,
		TopologyManagerScope:         kc.TopologyManagerScope,
		TopologyManagerPolicyOptions: kc.TopologyManagerPolicyOptions,
		MemoryManagerPolicy:          kc.MemoryManagerPolicy,
		FeatureGates:                 kc.FeatureGates,
		MaxPods:                      int(kc.MaxPods),
		reservation:                  reservation,
	}
	for _, r := range kc.ReservedMemory {
		limits := map[string]string{}
		for name, q := range r.Limits {
			limits[string(name)] = q.String()
		}
		config.ReservedMemory = append(config.ReservedMemory, memoryReservation{NUMANode: r.NumaNode, Limits: limits})
	}
	return config.withDefaults(), nil
}

// evictionHard is the configuration's hard eviction thresholds as cmd/kubelet's loadConfigFile
// leaves them: the platform's defaults when none are given, the given ones merged over the defaults
// with mergeDefaultEvictionSettings, else the given ones alone.
func evictionHard(kc *kubeletconfigv1beta1.KubeletConfiguration) map[string]string {
	if kc.EvictionHard == nil {
		return eviction.DefaultEvictionHard
	}
	thresholds := copyOf(kc.EvictionHard)
	if kc.MergeDefaultEvictionSettings != nil && *kc.MergeDefaultEvictionSettings {
		for k, v := range eviction.DefaultEvictionHard {
			if _, given := thresholds[k]; !given {
				thresholds[k] = v
			}
		}
	}
	return thresholds
}

// nodeReservation is the container manager's GetNodeAllocatableReservation for a configuration:
// per resource, kubeReserved + systemReserved + the hard eviction threshold of memory.available,
// zero amounts left out. As cmd/kubelet's run does, reservedSystemCPUs, when given, replaces
// kubeReserved's cpu and sets systemReserved's to its size. Reserved resources other than cpu,
// memory and hugepages, and a threshold given as a percentage, are refused: the oracle's machine
// has no capacity for them and it does not model percentages.
func nodeReservation(kc *kubeletconfigv1beta1.KubeletConfiguration) (v1.ResourceList, error) {
	kube, system := copyOf(kc.KubeReserved), copyOf(kc.SystemReserved)
	reserved, err := wire.CPUs(kc.ReservedSystemCPUs)
	if err != nil {
		return nil, fmt.Errorf("reservedSystemCPUs: %w", err)
	}
	if reserved.Size() > 0 {
		delete(kube, string(v1.ResourceCPU))
		system[string(v1.ResourceCPU)] = strconv.Itoa(reserved.Size())
	}
	reservation := v1.ResourceList{}
	for _, list := range []struct {
		field  string
		values map[string]string
	}{{"kubeReserved", kube}, {"systemReserved", system}} {
		names := make([]string, 0, len(list.values))
		for name := range list.values {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if name != string(v1.ResourceCPU) && name != string(v1.ResourceMemory) &&
				!strings.HasPrefix(name, v1.ResourceHugePagesPrefix) {
				return nil, fmt.Errorf("%s.%s: not modelled by the oracle's node (cpu, memory and hugepages are)", list.field, name)
			}
			if err := add(reservation, v1.ResourceName(name), list.values[name]); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", list.field, name, err)
			}
		}
	}
	if threshold, ok := evictionHard(kc)[memoryAvailable]; ok {
		if strings.HasSuffix(threshold, "%") {
			return nil, fmt.Errorf("evictionHard.%s: a percentage (%s) is not modelled by the oracle's node", memoryAvailable, threshold)
		}
		if err := add(reservation, v1.ResourceMemory, threshold); err != nil {
			return nil, fmt.Errorf("evictionHard.%s: %w", memoryAvailable, err)
		}
	}
	for name, q := range reservation {
		if q.IsZero() {
			delete(reservation, name)
		}
	}
	return reservation, nil
}

func add(list v1.ResourceList, name v1.ResourceName, value string) error {
	q, err := resource.ParseQuantity(value)
	if err != nil {
		return err
	}
	total := list[name]
	total.Add(q)
	list[name] = total
	return nil
}

func copyOf(m map[string]string) map[string]string {
	copied := map[string]string{}
	for k, v := range m {
		copied[k] = v
	}
	return copied
}
