/**
 * Fake hardware for simulation and tests: {@link io.podtopo.adapters.fake.MachineCatalog} (named
 * machines: the upstream test topologies and real server shapes),
 * {@link io.podtopo.adapters.fake.MachineShape} (a compact syntax for synthetic machines), and the
 * in-memory driven ports: {@link io.podtopo.adapters.fake.CatalogMachineSource},
 * {@link io.podtopo.adapters.fake.InMemoryAllocationStore},
 * {@link io.podtopo.adapters.fake.RecordingCpusetWriter} and
 * {@link io.podtopo.adapters.fake.InMemoryMetricsRecorder}, which can share an
 * {@link io.podtopo.adapters.fake.EventLog} so tests see the order of their effects; and
 * {@link io.podtopo.adapters.fake.NodePodResources}, a node service's PodResources answers without a
 * socket.
 */
package io.podtopo.adapters.fake;
