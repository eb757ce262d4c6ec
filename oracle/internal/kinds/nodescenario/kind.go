package nodescenario

import (
	"encoding/json"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
)

func init() {
	kinds.Register("node-scenario", answer)
}

// answer answers a node-scenario case: the configuration's feature gates set, the scenario run.
func answer(raw json.RawMessage) (any, error) {
	s, err := read(raw)
	if err != nil {
		return nil, err
	}
	if err := gates.Apply(s.config.FeatureGates); err != nil {
		return nil, err
	}
	return s.answer()
}
