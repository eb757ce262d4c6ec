/**
 * Driven ports: what the application services need from the world: the machine
 * ({@link io.podtopo.ports.out.MachineSource}), durable allocations
 * ({@link io.podtopo.ports.out.AllocationStore}), container cgroups
 * ({@link io.podtopo.ports.out.CpusetWriter}) and metrics ({@link io.podtopo.ports.out.MetricsRecorder});
 * and what an audit needs: a node's PodResources answers ({@link io.podtopo.ports.out.PodResourcesReader}).
 * Adapters implement them; the fake adapters in {@code io.podtopo.adapters.fake} do so in memory. Each
 * port's promises are a contract in this module's test jar ({@code io.podtopo.ports.out.*Contract})
 * that every adapter's tests run.
 */
@PodtopoStyle
package io.podtopo.ports.out;

import io.podtopo.domain.style.PodtopoStyle;
