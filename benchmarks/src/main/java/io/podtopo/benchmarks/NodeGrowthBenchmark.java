package io.podtopo.benchmarks;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of one pod change as the node grows (issue 25): a 512-CPU, 8-NUMA node
 * ({@value #MACHINE}, pod scope, restricted, static CPU and Memory Managers) holding {@code pods} pods,
 * one in ten pod-level (2 CPUs, 512Mi) with an exclusive app (1 CPU, 256Mi) and two shared containers, the others
 * BestEffort with two containers, and one more such pod admitted and removed:
 *
 * <ul>
 *   <li>{@link #admission}: the managers' decision to admit it (hints, merge, allocation, containers started);
 *   <li>{@link #removal}: the managers' removal of it;
 *   <li>{@link #save}: saving the node after the change as the agent does, the journal record of the
 *       parts it changed ({@link FileAllocationStore#save}), alternately the admission and the removal;
 *   <li>{@link #wholeSave}: writing the whole state file instead, as every save did before the journal
 *       (ADR 0010), and as a save still does when the journal outgrew the state file.
 * </ul>
 *
 * <p>{@code NodeGrowthReport} prints the sizes beside these times.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class NodeGrowthBenchmark {

  /** The node: 2 sockets, 8 NUMA nodes of 32 cores with 2 threads, 256Gi each. */
  static final String MACHINE = "2s8n32c2t,mem=256Gi";

  @Param({"10", "100", "250", "500", "1000", "2000"})
  public int pods;

  private NodeResourceManagers managers;
  private NodeSnapshot without;
  private NodeSnapshot with;
  private Pod extra;
  private Path dir;
  private Path wholeDir;
  private FileAllocationStore store;
  private boolean admitted;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Grown node = grow(pods);
    managers = node.managers();
    without = node.snapshot();
    extra = pod(pods);
    with = admitted(managers, without, extra);
    dir = Files.createTempDirectory("podtopo-bench-growth");
    wholeDir = Files.createTempDirectory("podtopo-bench-growth-whole");
    store = FileAllocationStore.open(dir);
    store.save(without);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    for (Path root : new Path[] {dir, wholeDir}) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }

  @Benchmark
  public Admission admission() {
    return managers.admit(without.state(), extra);
  }

  @Benchmark
  public NodeState removal() {
    return managers.removePod(with.state(), extra);
  }

  @Benchmark
  public void save() {
    admitted = !admitted;
    store.save(admitted ? with : without);
  }

  @Benchmark
  public void wholeSave() {
    admitted = !admitted;
    // A store's first save writes the whole state file, as every save did before the journal.
    FileAllocationStore.open(wholeDir).save(admitted ? with : without);
  }

  /** A node of the benchmark's machine and configuration, and its snapshot holding {@code pods} pods. */
  record Grown(NodeResourceManagers managers, NodeSnapshot snapshot) {}

  static Grown grow(int pods) {
    CatalogMachineSource machine = CatalogMachineSource.of(MACHINE);
    NodeConfig config = BenchmarkNodes.restricted(machine.machine(), CpuSet.of(0, 256), TopologyManagerScope.POD,
        1L << 30).build();
    NodeResourceManagers managers = NodeResourceManagers.create(config, machine.machine());
    NodeSnapshot snapshot = NodeSnapshot.of(managers.initialState());
    for (int i = 0; i < pods; i++) {
      snapshot = admitted(managers, snapshot, pod(i));
    }
    return new Grown(managers, snapshot);
  }

  /** Pod {@code i}: one in ten pod-level with an exclusive app, the others BestEffort. */
  static Pod pod(int i) {
    if (i % 10 != 0) {
      return new Pod.Builder().uid("be-" + i).name("be-" + i).addContainer(Container.named("main"))
          .addContainer(Container.named("sidecar")).build();
    }
    return new Pod.Builder().uid("plr-" + i).name("plr-" + i)
        .putPodRequest("cpu", Quantity.parse("2")).putPodLimit("cpu", Quantity.parse("2"))
        .putPodRequest("memory", Quantity.parse("512Mi")).putPodLimit("memory", Quantity.parse("512Mi"))
        .addContainer(BenchmarkNodes.exclusive("app", "1", "256Mi").build())
        .addContainer(Container.named("proxy"))
        .addContainer(Container.named("logs"))
        .build();
  }

  static NodeSnapshot admitted(NodeResourceManagers managers, NodeSnapshot snapshot, Pod pod) {
    Admission admission = managers.admit(snapshot.state(), pod);
    if (!admission.admitted()) {
      throw new IllegalStateException("the benchmark pod " + pod.uid() + " must be admitted: " + admission.reason());
    }
    return snapshot.withAdmitted(managers.startContainers(admission.state(), pod), pod);
  }
}
