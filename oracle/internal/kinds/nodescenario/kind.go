package nodescenario

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"time"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
)

// SpecCasesVariable names the environment variable that makes the oracle answer a case marked
// "behaviour": "spec" as the kubelet does (value "kubelet") instead of declaring it unsupported.
const SpecCasesVariable = "PODTOPO_ORACLE_SPEC_CASES"

// runs is how many times each scenario is run, each in fresh managers and a fresh folder: an
// outcome that depends on Go's map order shows as runs that differ. A scenario whose runs differ is
// run up to moreRuns times in all, so that every outcome Go's order gives is seen. Outcomes are not
// equally likely: the restart of Q-memory-single-node-in-group's scenario is refused about one run
// in four, which 16 runs miss about once in a hundred scenarios.
const (
	runs     = 16
	moreRuns = 64
	// runsBudget bounds the time spent running one scenario again for its other outcomes: a large
	// scenario is run as often as fits (at least once), so that its answer comes within the suite's
	// timeout.
	runsBudget = 20 * time.Second
)

func init() {
	kinds.RegisterSelfTimed("node-scenario", answer)
}

// answer answers a node-scenario case: the configuration's feature gates set, the scenario run
// several times (once when the input asks for "outcomes": "one", FORMAT.md). When the runs differ, the answer is the first run's with "alternatives": every
// distinct answer, in the order first seen (FORMAT.md). A case asking for podtopo's corrected
// behaviour ("behaviour": "spec") is unsupported unless SpecCasesVariable is "kubelet": the
// kubelet's code has only its own behaviour.
func answer(raw json.RawMessage) (any, error) {
	var behaviour struct {
		Behaviour string `json:"behaviour"`
		Outcomes  string `json:"outcomes"`
		Timing    *struct {
			Runs int `json:"runs"`
		} `json:"timing"`
	}
	if err := kinds.Decode(raw, &behaviour); err != nil {
		return nil, err
	}
	switch behaviour.Behaviour {
	case "", "kubelet":
	case "spec":
		if os.Getenv(SpecCasesVariable) != "kubelet" {
			return nil, &kinds.UnsupportedCase{Reason: "the case asks for podtopo's corrected behaviour (\"behaviour\": " +
				"\"spec\", ADR 0008), which the kubelet's own code does not have; " + SpecCasesVariable +
				"=kubelet answers it as kubelet v1.37 does"}
		}
	default:
		return nil, fmt.Errorf("behaviour must be \"kubelet\" or \"spec\", got %q", behaviour.Behaviour)
	}
	tries, most := runs, moreRuns
	switch behaviour.Outcomes {
	case "", "all":
	case "one":
		tries, most = 1, 1
	default:
		return nil, fmt.Errorf("outcomes must be \"all\" or \"one\", got %q", behaviour.Outcomes)
	}
	if behaviour.Timing != nil {
		if behaviour.Timing.Runs < 1 {
			return nil, fmt.Errorf("timing.runs must be a positive number, got %d", behaviour.Timing.Runs)
		}
		tries, most = behaviour.Timing.Runs, behaviour.Timing.Runs
	}
	s, err := read(raw)
	if err != nil {
		return nil, err
	}
	s.timed = behaviour.Timing != nil
	if err := gates.Apply(s.config.FeatureGates); err != nil {
		return nil, err
	}
	var distinct []map[string]any
	var nanos [][]int64
	started := time.Now()
	for i := 0; i < tries || (len(distinct) > 1 && i < most); i++ {
		if i > 0 && behaviour.Timing == nil && time.Since(started) > runsBudget {
			break
		}
		answered, took, err := s.answer()
		if err != nil {
			return nil, err
		}
		nanos = append(nanos, took)
		if !seen(distinct, answered) {
			distinct = append(distinct, answered)
		}
		if kinds.Abandoned() {
			break // a run that never finished is not run again: it would not finish either
		}
	}
	first := map[string]any{}
	for k, v := range distinct[0] {
		first[k] = v
	}
	if behaviour.Timing != nil {
		first["timings"] = timings(s, nanos)
	}
	if len(distinct) > 1 {
		alternatives := []any{}
		for _, a := range distinct {
			alternatives = append(alternatives, a)
		}
		first["alternatives"] = alternatives
	}
	return first, nil
}

// seen tells whether an answer equal to this one (as JSON) is in the list.
func seen(list []map[string]any, answer map[string]any) bool {
	encoded, _ := json.Marshal(answer)
	for _, other := range list {
		otherEncoded, _ := json.Marshal(other)
		if reflect.DeepEqual(encoded, otherEncoded) {
			return true
		}
	}
	return false
}

// timings is the answer's "timings" (FORMAT.md): the runs, and per step the median time its
// admission took over them (null for a step admitting nothing).
func timings(s scenario, nanos [][]int64) map[string]any {
	steps := []any{}
	for i, st := range s.steps {
		if st.kind != "admit" {
			steps = append(steps, nil)
			continue
		}
		times := make([]int64, 0, len(nanos))
		for _, run := range nanos {
			times = append(times, run[i])
		}
		sort.Slice(times, func(a, b int) bool { return times[a] < times[b] })
		steps = append(steps, times[len(times)/2])
	}
	return map[string]any{"runs": len(nanos), "steps": steps}
}
