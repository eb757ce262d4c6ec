/** Pictures and tables of results for a terminal: {@link io.podtopo.app.report.TopologyMap}. */
package io.podtopo.app.report;
