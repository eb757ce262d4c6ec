package io.podtopo.ports.out;

/**
 * Applies CPUs and memory nodes to a container's cgroup (what the kubelet passes to the runtime as
 * CRI {@code CpusetCpus}/{@code CpusetMems} and its reconcile loop keeps up to date).
 *
 * <p><b>Promises.</b> After {@link #write} returns, the container's cgroup has exactly those
 * {@code cpuset.cpus} and {@code cpuset.mems}. Writing the same values again is harmless. The
 * service calls it only after the allocation was saved, and only for running containers.
 *
 * <p><b>Threading.</b> Called by one writer at a time, in the order the changes must apply;
 * implementations must be safe to call from any thread.
 *
 * <p><b>Errors.</b> {@link CpusetWriteException} naming the cgroup; the cgroup keeps its old value.
 */
public interface CpusetWriter {

  /** Applies {@code write} to the container's cgroup. */
  void write(CpusetWrite write);
}
