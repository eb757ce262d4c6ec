package io.podtopo.adapters.fake;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Named machines: the CPU topologies of the upstream kubelet tests that the bundled conformance
 * vectors use (under their upstream names, CPU for CPU), and real server shapes with memory and
 * hugepages.
 *
 * <p>The upstream test topologies carry no memory and no distance matrix, exactly like the
 * fixtures; those without an uncore cache in upstream have every CPU in uncore cache 0. The real
 * shapes are built from a {@link MachineShape}, shown by {@link CatalogMachine#shape()}. Machines
 * are built when first asked for, so looking one up does not pay for the others.
 */
public final class MachineCatalog {

  /** The machine {@code podtopo simulate} uses when none is given. */
  public static final String DEFAULT_MACHINE = "demo-2s";

  private static final MachineCatalog BUNDLED = new MachineCatalog(bundledMachines());

  /** How to build each machine, by name; machines are built on first use and kept. */
  private final SortedMap<String, Supplier<CatalogMachine>> definitions;
  private final Map<String, CatalogMachine> built = new ConcurrentHashMap<>();

  private MachineCatalog(Collection<Definition> definitions) {
    SortedMap<String, Supplier<CatalogMachine>> byName = new TreeMap<>();
    definitions.forEach(definition -> byName.put(definition.name(), definition.build()));
    this.definitions = byName;
  }

  /** A catalog name and how to build its machine. */
  private record Definition(String name, Supplier<CatalogMachine> build) {}

  /** The bundled catalog. */
  public static MachineCatalog bundled() {
    return BUNDLED;
  }

  /** All names, sorted. */
  public List<String> names() {
    return List.copyOf(definitions.keySet());
  }

  /** All entries, sorted by name. */
  public List<CatalogMachine> entries() {
    return names().stream().map(this::entry).toList();
  }

  /** Whether the catalog has a machine of this name. */
  public boolean contains(String name) {
    return definitions.containsKey(name);
  }

  /**
   * The entry with this name.
   *
   * @throws UnknownMachineException listing close names when there is none
   */
  public CatalogMachine entry(String name) {
    Supplier<CatalogMachine> definition = definitions.get(name);
    if (definition == null) {
      throw new UnknownMachineException(name, closeNames(name), names());
    }
    return built.computeIfAbsent(name, key -> definition.get());
  }

  /** The machine with this name. @throws UnknownMachineException when there is none */
  public Machine machine(String name) {
    return entry(name).machine();
  }

  /**
   * Names close to {@code name}: those containing it or contained in it (ignoring case), and those
   * within an edit distance of a third of its length (at least 2); closest first, at most 5.
   */
  List<String> closeNames(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    int threshold = Math.max(2, wanted.length() / 3);
    record Scored(String name, int score) {}
    List<Scored> scored = new ArrayList<>();
    for (String candidate : definitions.keySet()) {
      String lower = candidate.toLowerCase(Locale.ROOT);
      int distance = editDistance(wanted, lower);
      if (!wanted.isEmpty() && (lower.contains(wanted) || wanted.contains(lower))) {
        scored.add(new Scored(candidate, Math.min(distance, 1)));
      } else if (distance <= threshold) {
        scored.add(new Scored(candidate, distance));
      }
    }
    return scored.stream()
        .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::name))
        .limit(5)
        .map(Scored::name)
        .toList();
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  private static List<Definition> bundledMachines() {
    List<Definition> all = new ArrayList<>();
    // Upstream kubelet test topologies (pkg/kubelet/cm/cpumanager/policy_test.go and friends).
    all.add(fixture("topoSingleSocketHT", "upstream fixture: 1 socket, 4 cores, HT, siblings i/i+4", "1s1n4c2t"));
    all.add(fixture("topoDualSocketHT",
        "upstream fixture: 2 sockets of 3 cores, HT, cores numbered alternately by socket, siblings i/i+6",
        "2s2n3c2t,order=interleaved"));
    all.add(fixture("topoDualSocketNoHT", "upstream fixture: 2 sockets of 4 cores, no SMT", "2s2n4c"));
    all.add(fixture("topoDualSocketMultiNumaPerSocketHT",
        "upstream fixture: 2 sockets, 4 NUMA nodes of 10 cores, HT, siblings i/i+40", "2s4n10c2t"));
    all.add(fixture("topoDualSocketMultiNumaPerSocketHTLarge",
        "upstream fixture: 2 sockets, 8 NUMA nodes of 16 cores, HT, siblings i/i+128", "2s8n16c2t"));
    all.add(fixture("topoUncoreSingleSocketNoSMT",
        "upstream fixture: 1 socket of 16 cores, no SMT, 4 uncore caches of 4 cores", "1s1n16c,l3=4"));
    all.add(fixture("topoUncoreDualSocketNoSMT",
        "upstream fixture: 2 sockets of 8 cores on one NUMA node, no SMT, 4 uncore caches of 4 cores",
        "2s1n16c,l3=4"));
    all.add(fixture("topoUncoreSingleSocketMultiNuma",
        "upstream fixture: 1 socket, 2 NUMA nodes of 8 cores, no SMT, 4 uncore caches of 4 cores", "1s2n8c,l3=4"));
    all.add(fixture("topoUncoreSingleSocketSMT",
        "upstream fixture: 1 socket of 8 cores, HT, 2 uncore caches of 4 cores", "1s1n8c2t,l3=4"));
    all.add(fixture("returnMachineInfo",
        "upstream fixture (topology hints tests): 2 sockets of 3 cores, HT, siblings i/i+6", "2s2n3c2t"));
    all.add(new Definition("topoQuadSocketFourWayHT", MachineCatalog::quadSocketFourWayHt));
    // Real shapes.
    all.add(real("demo-2s",
        "the built-in machine of podtopo simulate: 2 sockets x 8 cores, HT, 2 NUMA nodes of 64Gi",
        "2s2n8c2t,mem=64Gi,hp1g=4,hp2m=1024"));
    all.add(real("epyc-9654-2s-nps4",
        "2x AMD EPYC 9654 (96 cores), NPS4: 8 NUMA nodes of 24 cores, 24 L3 caches of 8 cores, SMT2, 1536Gi",
        "2s8n24c2t,l3=8,mem=192Gi,hp1g=32,hp2m=4096"));
    all.add(real("epyc-9654-2s-nps1",
        "2x AMD EPYC 9654 (96 cores), NPS1: 2 NUMA nodes of 96 cores, 24 L3 caches of 8 cores, SMT2, 1536Gi",
        "2s2n96c2t,l3=8,mem=768Gi,hp1g=128,hp2m=16384"));
    all.add(real("xeon-8480-2s-snc2",
        "2x Intel Xeon Platinum 8480+ (56 cores), SNC2: 4 NUMA nodes of 28 cores, HT, one L3 per socket, 1Ti",
        "2s4n28c2t,mem=256Gi,hp1g=32,hp2m=4096"));
    all.add(real("xeon-6148-2s",
        "2x Intel Xeon Gold 6148 (20 cores): the classic 2-socket, 2-NUMA server, HT, 384Gi",
        "2s2n20c2t,mem=192Gi,hp1g=16,hp2m=2048"));
    all.add(real("grace-1s",
        "NVIDIA Grace CPU (72 Neoverse V2 cores, no SMT), 1 NUMA node, 480Gi LPDDR5X, 64K-page kernel",
        "1s1n72c,mem=480Gi,hp512m=64,hp16g=4"));
    all.add(real("gb200-tray",
        "GB200-like compute tray: 2 Grace CPUs of 72 cores (1 NUMA node each) and 4 GPUs whose HBM is "
            + "4 CPU-less NUMA nodes; the GPU devices and 2 ConnectX NICs on each Grace node",
        "2s2n72c,mem=480Gi,hp2m=8192,cpuless=4,cpulessmem=186Gi,dev=nvidia.com/gpu:2,dev=nvidia.com/rdma:2"));
    all.add(real("gpu-2s",
        "2-socket GPU inference server: 2 sockets x 16 cores, HT, 2 NUMA nodes of 256Gi, on each "
            + "NUMA node 2 NVIDIA GPUs and 1 SR-IOV NIC",
        "2s2n16c2t,mem=256Gi,hp1g=8,hp2m=2048,dev=nvidia.com/gpu:2,dev=intel.com/sriov_netdevice:1"));
    all.add(real("dgx-h100-like",
        "DGX H100-like: 2x Intel Xeon Platinum 8480C (56 cores), HT, 2 NUMA nodes of 1Ti, 8 GPUs and 8 "
            + "ConnectX-7 NICs, 4 of each on each NUMA node",
        "2s2n56c2t,mem=1Ti,hp1g=64,hp2m=8192,dev=nvidia.com/gpu:4,dev=nvidia.com/rdma:4"));
    all.add(real("ampere-altra-q80",
        "Ampere Altra Q80-30 (80 Neoverse N1 cores, no SMT), 1 NUMA node, 256Gi",
        "1s1n80c,mem=256Gi,hp1g=8,hp2m=4096"));
    all.add(real("laptop-8c2t",
        "laptop-like: 1 socket of 8 cores with adjacent SMT siblings, 1 NUMA node, 32Gi",
        "1s1n8c2t,siblings=near,mem=32Gi,hp2m=512"));
    return all;
  }

  private static Definition real(String name, String description, String shape) {
    return new Definition(name, () ->
        new CatalogMachine(name, description, Optional.of(shape), MachineShape.parse(shape).toMachine(name)));
  }

  /**
   * An upstream fixture: CPUs as the shape lays them out, NUMA nodes without memory, no distances,
   * and uncore cache 0 everywhere unless the shape gives {@code l3}.
   */
  private static Definition fixture(String name, String description, String shape) {
    return new Definition(name, () -> {
      MachineShape parsed = MachineShape.parse(shape);
      List<Cpu> cpus = parsed.coresPerL3() > 0
          ? parsed.cpus()
          : parsed.cpus().stream().map(cpu -> Cpu.of(cpu.id(), cpu.core(), cpu.socket(), cpu.numaNode(), 0)).toList();
      return new CatalogMachine(name, description, Optional.of(shape), Machine.ofCpus(name, cpus));
    });
  }

  /**
   * Upstream {@code topoQuadSocketFourWayHT}: a Knights Landing in SNC4 mode, 72 cores of 4
   * threads, 4 "sockets" (= NUMA nodes), with the scattered numbering of the real machine. The CPUs
   * are listed in id order by their core id; a core's socket is {@code (core / 2) mod 4}.
   */
  private static CatalogMachine quadSocketFourWayHt() {
    String[] coreRuns = {
        "0", "64-75", "64-75", "64-75", "63", "64-75",
        "1-15,18-57,60-63", "0-15,18-57,60-63", "0-15,18-57,60-63", "0-15,18-57,60-62"};
    List<Cpu> cpus = new ArrayList<>();
    for (String run : coreRuns) {
      for (int core : CpuSet.parse(run)) {
        int socket = (core / 2) % 4;
        cpus.add(Cpu.of(cpus.size(), core, socket, socket, 0));
      }
    }
    return new CatalogMachine("topoQuadSocketFourWayHT",
        "upstream fixture: Knights Landing SNC4, 4 sockets/NUMA nodes, 72 cores x 4 threads, scattered numbering",
        Optional.empty(), Machine.ofCpus("topoQuadSocketFourWayHT", cpus));
  }
}
