/**
 * The real Linux node behind the driven ports: the machine from a sysfs tree
 * ({@code io.podtopo.adapters.linux.sysfs}), container cpusets in cgroup v1 or v2
 * ({@code io.podtopo.adapters.linux.cgroup}), the durable allocation store
 * ({@code io.podtopo.adapters.linux.store}) and the kubelet's own checkpoint files
 * ({@code io.podtopo.adapters.linux.kubelet}). This is the only module that touches the file system on
 * the node path (ADR 0005).
 */
package io.podtopo.adapters.linux;
