// Package all registers every kind family of the oracle.
package all

import (
	_ "podtopo.io/oracle/internal/kinds/podkinds"
	_ "podtopo.io/oracle/internal/kinds/topologykinds"
)
