package io.podtopo.benchmarks;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * CPU topology hints of the static policy ({@code GetTopologyHints} for a container,
 * {@code GetPodTopologyHints} for a pod-level pod) on an 8-NUMA, 384-CPU machine: 2 sockets x 4 NUMA
 * nodes x 24 cores, SMT2 with siblings i / i+192, a third of the CPUs already assigned. 255 NUMA
 * combinations are examined per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CpuHintsBenchmark {

  private static final int CORES = 192;
  private static final int CORES_PER_NUMA = 24;

  private StaticPolicy policy;
  private CpuManagerState state;
  private Pod containerPod;
  private Container container;
  private Pod podLevelPod;

  @Setup
  public void setUp() {
    List<Cpu> cpus = new ArrayList<>();
    for (int core = 0; core < CORES; core++) {
      int numa = core / CORES_PER_NUMA;
      for (int thread = 0; thread < 2; thread++) {
        cpus.add(Cpu.of(core + thread * CORES, core, numa / 4, numa, numa / 4));
      }
    }
    CpuTopology topology = CpuTopology.of(Machine.ofCpus("2s-8numa-384", cpus));
    FeatureGates gates = FeatureGates.of(Map.of(
        FeatureGates.POD_LEVEL_RESOURCES, true, FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    policy = StaticPolicy.create(topology, 2, CpuSet.empty(), StaticPolicyOptions.defaults(), gates, "none", QuirkLog.of(Behaviour.KUBELET));
    CpuManagerState started = policy.start(CpuManagerState.empty());
    CpuSet busy = policy.allocateCpus(started, 128, Optional.empty(), CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET));
    state = CpuManagerState.of(started.defaultCpuSet().difference(busy), Map.of("busy", Map.of("c", busy)), Map.of());
    container = guaranteed("app", 30);
    containerPod = new Pod.Builder().uid("container-pod").addContainer(container).build();
    Quantity podCpu = Quantity.of(40);
    Quantity podMemory = Quantity.parse("4Gi");
    podLevelPod = new Pod.Builder().uid("pod-level")
        .putPodRequest(Resources.CPU, podCpu).putPodLimit(Resources.CPU, podCpu)
        .putPodRequest(Resources.MEMORY, podMemory).putPodLimit(Resources.MEMORY, podMemory)
        .addContainers(guaranteed("a", 16), guaranteed("b", 8), new Container.Builder().name("shared").build())
        .build();
  }

  private static Container guaranteed(String name, int cpus) {
    Quantity cpu = Quantity.of(cpus);
    Quantity memory = Quantity.parse("1Gi");
    return new Container.Builder().name(name).putRequest(Resources.CPU, cpu).putLimit(Resources.CPU, cpu)
        .putRequest(Resources.MEMORY, memory).putLimit(Resources.MEMORY, memory).build();
  }

  @Benchmark
  public Optional<List<TopologyHint>> containerHints() {
    return policy.containerHintList(state, containerPod, container);
  }

  @Benchmark
  public Optional<List<TopologyHint>> podHints() {
    return policy.podHintList(state, podLevelPod, QuirkLog.of(Behaviour.KUBELET));
  }
}
