/**
 * The Memory Manager {@code Static} policy: per-NUMA memory tables, NUMA groups, reserved memory,
 * hugepages, container memory blocks, and, with KEP-5526, the pod entry and its partition into
 * exclusive blocks and a pod shared pool. Every operation is a pure function of a
 * {@link io.podtopo.domain.memorymanager.MemoryManagerState}.
 */
@PodtopoStyle
package io.podtopo.domain.memorymanager;

import io.podtopo.domain.style.PodtopoStyle;
