/**
 * Machines as the resource managers see them: CPUs with their core, socket, NUMA node and uncore
 * cache; NUMA nodes with memory and hugepages; NUMA distances; CPU sets and NUMA masks.
 */
@PodtopoStyle
package io.podtopo.domain.topology;

import io.podtopo.domain.style.PodtopoStyle;
