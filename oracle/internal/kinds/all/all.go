// Package all registers every kind family of the oracle.
package all

import (
	_ "podtopo.io/oracle/internal/kinds/cpukinds"
	_ "podtopo.io/oracle/internal/kinds/devicekinds"
	_ "podtopo.io/oracle/internal/kinds/memorykinds"
	_ "podtopo.io/oracle/internal/kinds/nodescenario"
	_ "podtopo.io/oracle/internal/kinds/podkinds"
	_ "podtopo.io/oracle/internal/kinds/topologykinds"
)
