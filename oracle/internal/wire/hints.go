package wire

import (
	"encoding/json"
	"fmt"

	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager"
	"k8s.io/kubernetes/pkg/kubelet/cm/topologymanager/bitmask"
)

// Hint is a topology hint as the vectors write it: the affinity as sorted node ids (null: a nil
// mask) and preferred.
type Hint struct {
	NUMAAffinity *[]int `json:"numaAffinity"`
	Preferred    bool   `json:"preferred"`
}

// Mask builds a bitmask of the ids; nil ids give a nil mask.
func Mask(ids *[]int) (bitmask.BitMask, error) {
	if ids == nil {
		return nil, nil
	}
	mask, err := bitmask.NewBitMask(*ids...)
	if err != nil {
		return nil, fmt.Errorf("NUMA affinity %v: %w", *ids, err)
	}
	return mask, nil
}

// Ids lists a mask's node ids; a nil mask gives nil.
func Ids(mask bitmask.BitMask) *[]int {
	if mask == nil {
		return nil
	}
	ids := mask.GetBits()
	if ids == nil {
		ids = []int{}
	}
	return &ids
}

// ToHint converts a vector hint.
func (h Hint) ToHint() (topologymanager.TopologyHint, error) {
	mask, err := Mask(h.NUMAAffinity)
	return topologymanager.TopologyHint{NUMANodeAffinity: mask, Preferred: h.Preferred}, err
}

// FromHint writes an upstream hint.
func FromHint(h topologymanager.TopologyHint) Hint {
	return Hint{NUMAAffinity: Ids(h.NUMANodeAffinity), Preferred: h.Preferred}
}

// HintList is a list of hints that keeps Go's nil apart from an empty list: JSON null is a nil
// slice, [] an empty one.
type HintList []topologymanager.TopologyHint

// ReadHintList reads null, [] or a list of hints.
func ReadHintList(raw json.RawMessage) (HintList, error) {
	var hints *[]Hint
	if err := json.Unmarshal(raw, &hints); err != nil {
		return nil, err
	}
	if hints == nil {
		return nil, nil
	}
	list := HintList{}
	for _, hint := range *hints {
		converted, err := hint.ToHint()
		if err != nil {
			return nil, err
		}
		list = append(list, converted)
	}
	return list, nil
}

// WriteHintList writes a list of hints, null for a nil one.
func WriteHintList(hints []topologymanager.TopologyHint) *[]Hint {
	if hints == nil {
		return nil
	}
	written := []Hint{}
	for _, hint := range hints {
		written = append(written, FromHint(hint))
	}
	return &written
}

// ProviderHints reads one provider's answer in the merge-hints form: null is a nil map, {} an
// empty one, and each resource's list as ReadHintList reads it.
func ProviderHints(raw json.RawMessage) (map[string][]topologymanager.TopologyHint, error) {
	var resources map[string]json.RawMessage
	if err := json.Unmarshal(raw, &resources); err != nil {
		return nil, fmt.Errorf("provider hints: %w", err)
	}
	if resources == nil {
		return nil, nil
	}
	hints := map[string][]topologymanager.TopologyHint{}
	for resource, list := range resources {
		read, err := ReadHintList(list)
		if err != nil {
			return nil, fmt.Errorf("hints of %s: %w", resource, err)
		}
		hints[resource] = read
	}
	return hints, nil
}

// WriteProviderHints writes a provider's answer: null for a nil map.
func WriteProviderHints(hints map[string][]topologymanager.TopologyHint) map[string]*[]Hint {
	if hints == nil {
		return nil
	}
	written := map[string]*[]Hint{}
	for resource, list := range hints {
		written[resource] = WriteHintList(list)
	}
	return written
}
