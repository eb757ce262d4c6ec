/**
 * Driven ports: what the application services need from the world: the machine
 * ({@link io.podtopo.ports.out.MachineSource}), durable allocations
 * ({@link io.podtopo.ports.out.AllocationStore}), container cgroups
 * ({@link io.podtopo.ports.out.CpusetWriter}) and metrics ({@link io.podtopo.ports.out.MetricsRecorder}).
 * Adapters implement them; the fake adapters in {@code io.podtopo.adapters.fake} do so in memory.
 */
@PodtopoStyle
package io.podtopo.ports.out;

import io.podtopo.domain.style.PodtopoStyle;
