package io.podtopo.app.report;

import io.podtopo.app.input.PodKey;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.ContainerRole;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The owner of every CPU at the end of a simulation, for the {@link TopologyMap}: the node shared
 * pool, the reserved CPUs, each pod's bubble (its shared pool, and budget no container uses), and
 * each container's exclusive CPUs. Where sets overlap the steady state wins: a long-running
 * container's slice over a finished init container's reused one, over the bubble, over the node
 * shared pool. {@link #memory} does the same for the memory of every NUMA node.
 */
public final class SimulationOwners {

  private SimulationOwners() {}

  /** CPU id to owner at the end of the run. */
  public static Map<Integer, CpuOwner> of(SimulationRun run) {
    return of(run, run.finalState());
  }

  /** CPU id to owner in {@code state}, one of the run's (after one of its steps). */
  public static Map<Integer, CpuOwner> of(SimulationRun run, NodeState state) {
    Map<Integer, CpuOwner> owners = new HashMap<>();
    CpuManagerState cpu = state.cpu();
    mark(owners, run.nodeSharedPool(state), CpuOwner.nodeShared());
    mark(owners, run.reservedCpus(), CpuOwner.reserved());
    Map<String, PodOutcome> byUid = byUid(run);
    Map<String, String> names = podNames(run);
    for (Map.Entry<String, CpuSet> bubble : cpu.podEntries().entrySet()) {
      mark(owners, bubble.getValue(), CpuOwner.podShared(names.getOrDefault(bubble.getKey(), bubble.getKey())));
    }
    List<Claim> claims = new ArrayList<>();
    for (Map.Entry<String, SortedMap<String, CpuSet>> pod : cpu.entries().entrySet()) {
      PodOutcome outcome = byUid.get(pod.getKey());
      String podName = names.getOrDefault(pod.getKey(), pod.getKey());
      for (Map.Entry<String, CpuSet> container : pod.getValue().entrySet()) {
        Optional<ContainerAssignment> assignment = assignment(outcome, container.getKey());
        boolean exclusive = assignment.map(ContainerAssignment::exclusive).orElse(true);
        boolean init = assignment.map(a -> a.role() == ContainerRole.INIT).orElse(false);
        if (!exclusive) {
          claims.add(new Claim(1, container.getValue(), CpuOwner.podShared(podName)));
        } else if (init) {
          claims.add(new Claim(0, container.getValue(), CpuOwner.exclusive(podName + " " + container.getKey() + " (init)")));
        } else {
          claims.add(new Claim(2, container.getValue(), CpuOwner.exclusive(podName + " " + container.getKey())));
        }
      }
    }
    claims.sort(Comparator.comparingInt(Claim::rank));
    claims.forEach(claim -> mark(owners, claim.cpus(), claim.owner()));
    return owners;
  }

  /**
   * The memory of every NUMA node by owner at the end of the run: in pod scope a pod's budget is
   * its shared pool minus the slices of its exclusive containers (running app containers and
   * sidecars); in container scope each running container owns its own blocks. A finished init
   * container's memory is reused by the others, so it counts for nobody; a removed pod's or
   * container's is free again. Under the memory policy {@code None}: the machine's memory, free.
   */
  public static List<MemoryBar> memory(SimulationRun run) {
    MemoryManagerState memory = run.finalState().memory();
    if (memory.machineState().isEmpty()) {
      return MemoryBar.of(run.machine());
    }
    MemoryBar.Tally tally = new MemoryBar.Tally();
    for (PodOutcome outcome : run.pods()) {
      Optional<PodAssignment> assignment = outcome.admission().assignment();
      if (outcome.removed() || assignment.isEmpty()) {
        continue;
      }
      String podName = PodKey.of(outcome.pod());
      CpuOwner pool = CpuOwner.podShared(podName);
      boolean podBudget = !assignment.get().podMemory().isEmpty();
      tally.add(pool, assignment.get().podMemory());
      for (ContainerRow row : ContainerRow.of(run, outcome)) {
        if (row.removed() || row.role() == ContainerRole.INIT || (podBudget && !row.exclusive())) {
          continue;
        }
        if (podBudget) {
          tally.subtract(pool, row.memory());
        }
        tally.add(CpuOwner.exclusive(podName + " " + row.name()), row.memory());
      }
    }
    return MemoryBar.of(memory.machineState(), tally);
  }

  /**
   * Who holds every device at the end of the run ({@code resource id} to {@code pod container}): a
   * device an app container or sidecar reused from a finished init container is the later
   * container's; a removed pod's devices are free again.
   */
  public static Map<String, String> devices(SimulationRun run) {
    Map<String, PodOutcome> byUid = byUid(run);
    Map<String, String> names = podNames(run);
    Map<String, String> holders = new HashMap<>();
    run.finalState().devices().allocations().forEach((uid, containers) -> containers.forEach((name, resources) -> {
      PodOutcome outcome = byUid.get(uid);
      boolean init = assignment(outcome, name).map(a -> a.role() == ContainerRole.INIT).orElse(false);
      resources.forEach((resource, ids) -> ids.forEach(id -> {
        String key = deviceKey(resource, id);
        if (!init || !holders.containsKey(key)) {
          holders.put(key, names.getOrDefault(uid, uid) + " " + name + (init ? " (init)" : ""));
        }
      }));
    }));
    return holders;
  }

  /** How {@link #devices} and the {@link TopologyMap} name a device: {@code resource id}. */
  static String deviceKey(String resource, String id) {
    return resource + " " + id;
  }

  /** CPUs a container holds; a higher rank wins where sets overlap. */
  private record Claim(int rank, CpuSet cpus, CpuOwner owner) {}

  private static Optional<ContainerAssignment> assignment(PodOutcome outcome, String container) {
    if (outcome == null) {
      return Optional.empty();
    }
    return outcome.admission().assignment()
        .flatMap(pod -> pod.containers().stream().filter(c -> c.name().equals(container)).findFirst());
  }

  private static Map<String, PodOutcome> byUid(SimulationRun run) {
    Map<String, PodOutcome> byUid = new HashMap<>();
    run.pods().forEach(outcome -> byUid.put(outcome.pod().uid(), outcome));
    return byUid;
  }

  /**
   * uid to {@code namespace/name} of every pod the run can name: the pods it admitted, and those of
   * the kubelet's checkpoints whose manifests were given; an owner of any other uid is named by it.
   */
  private static Map<String, String> podNames(SimulationRun run) {
    Map<String, String> names = new HashMap<>();
    run.restored().ifPresent(restored -> restored.preExisting().forEach(pod -> names.put(pod.uid(), pod.name())));
    run.pods().forEach(outcome -> names.put(outcome.pod().uid(), PodKey.of(outcome.pod())));
    return names;
  }

  private static void mark(Map<Integer, CpuOwner> owners, CpuSet cpus, CpuOwner owner) {
    cpus.forEachCpu(cpu -> owners.put(cpu, owner));
  }
}
