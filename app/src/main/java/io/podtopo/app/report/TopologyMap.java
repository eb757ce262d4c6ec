package io.podtopo.app.report;

import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A terminal picture of a machine's CPUs grouped by socket, NUMA node, L3 cache and core, each CPU
 * marked with its owner, followed by a legend.
 *
 * <p>Every core is a block of its CPUs: their ids on one line and their marks right below, so SMT
 * siblings sit side by side whatever their numbering. Marks: {@code #} reserved, {@code .} node
 * shared pool, {@code A B C ...} a container's exclusive CPUs, {@code a b c ...} a pod shared pool,
 * {@code -} a CPU the caller assigned to nobody. The devices of a NUMA node are listed under it, with
 * the container holding each. Letters are given in the order of each owner's
 * lowest CPU; after {@code Z} (or {@code z}) come two-letter marks. The picture reads without
 * colour; ANSI colour is optional. Lines wrap so that the picture fits the width (100 columns by
 * default) for machines of up to several hundred CPUs. The same input gives the same text.
 */
public final class TopologyMap {

  /** The width pictures fit by default. */
  public static final int DEFAULT_WIDTH = 100;

  private static final String INDENT = "    ";
  private static final String RESET = "\u001b[0m";
  private static final String[] PALETTE = {"31", "32", "33", "34", "35", "36"};

  private final int width;
  private final boolean colour;

  private TopologyMap(int width, boolean colour) {
    this.width = width;
    this.colour = colour;
  }

  /** Plain text, 100 columns. */
  public static TopologyMap plain() {
    return new TopologyMap(DEFAULT_WIDTH, false);
  }

  /** Marks coloured with ANSI escapes, 100 columns. */
  public static TopologyMap coloured() {
    return new TopologyMap(DEFAULT_WIDTH, true);
  }

  /** The same map fitting {@code columns} columns (at least 40). */
  public TopologyMap withWidth(int columns) {
    if (columns < 40) {
      throw new IllegalArgumentException("a topology map needs at least 40 columns, not " + columns);
    }
    return new TopologyMap(columns, colour);
  }

  /** The picture of {@code machine} with CPUs marked by {@code owners} (CPU id to owner). */
  public String render(Machine machine, Map<Integer, CpuOwner> owners) {
    return render(machine, owners, Map.of());
  }

  /**
   * The picture of {@code machine} with CPUs marked by {@code owners} and, under each NUMA node, its
   * devices with their holders ({@code resource id} to holder, as {@link SimulationOwners#devices}
   * names them; a device nobody holds is {@code free}).
   */
  public String render(Machine machine, Map<Integer, CpuOwner> owners, Map<String, String> deviceHolders) {
    Marks marks = new Marks(machine, owners);
    return draw(machine, marks, false, deviceHolders) + marks.legend();
  }

  /**
   * The machine alone, as {@code podtopo topology} shows it: CPU ids without marks, each NUMA node's
   * memory and hugepage pools, CPU-less nodes, and the distance matrix when there is more than one
   * NUMA node.
   */
  public String render(Machine machine) {
    Marks marks = new Marks(machine, Map.of());
    StringBuilder out = new StringBuilder(draw(machine, marks, true, Map.of()));
    if (machine.hasDistances() && machine.numaNodes().size() > 1) {
      out.append(distances(machine));
    }
    return out.toString();
  }

  private String draw(Machine machine, Marks marks, boolean topologyOnly, Map<String, String> deviceHolders) {
    StringBuilder out = new StringBuilder();
    out.append(summary(machine)).append('\n');
    boolean showL3 = showsL3(machine);
    for (Map.Entry<Integer, SortedMap<Integer, SortedMap<Integer, List<List<Cpu>>>>> socket : layout(machine).entrySet()) {
      out.append("socket ").append(socket.getKey()).append('\n');
      for (Map.Entry<Integer, SortedMap<Integer, List<List<Cpu>>>> node : socket.getValue().entrySet()) {
        out.append(wrapAtCommas("  " + nodeHeader(machine, node.getKey(), node.getValue(), topologyOnly), INDENT + "  "));
        List<Device> onNode = machine.devices().stream()
            .filter(device -> device.numaNode().equals(java.util.Optional.of(node.getKey()))).toList();
        appendDevices(out, INDENT + "devices: ", devices(onNode, topologyOnly, deviceHolders, false));
        for (Map.Entry<Integer, List<List<Cpu>>> cache : node.getValue().entrySet()) {
          String prefix = showL3 ? String.format(Locale.ROOT, "L3 %-3d ", cache.getKey()) : "";
          appendCores(out, prefix, cache.getValue(), marks, !topologyOnly);
        }
      }
    }
    List<String> cpuless = machine.numaNodeIds().stream()
        .filter(id -> machine.cpusOfNode(id).isEmpty())
        .map(id -> id + memorySuffix(machine.numaNode(id), " (", topologyOnly ? hugepages(machine.numaNode(id), ", ") + ")" : ")"))
        .toList();
    if (!cpuless.isEmpty()) {
      out.append(wrapAtCommas("NUMA nodes without CPUs: " + String.join(", ", cpuless), "  "));
    }
    List<Device> elsewhere = machine.devices().stream()
        .filter(device -> device.numaNode().map(id -> machine.cpusOfNode(id).isEmpty()).orElse(true)).toList();
    appendDevices(out, "devices off the NUMA nodes with CPUs: ", devices(elsewhere, topologyOnly, deviceHolders, true));
    return out.toString();
  }

  /** One line per resource, the first after {@code heading}, the others aligned below it, each wrapped at commas. */
  private void appendDevices(StringBuilder out, String heading, List<String> perResource) {
    String indent = " ".repeat(heading.length());
    for (int i = 0; i < perResource.size(); i++) {
      out.append(wrapAtCommas((i == 0 ? heading : indent) + perResource.get(i), indent + "  "));
    }
  }

  /**
   * Devices, one text per resource: {@code nvidia.com/gpu gpu-0 (default/infer model), gpu-1 (free)};
   * without holders when drawing the machine alone; with {@code @node} ({@code @-}: no NUMA node)
   * when {@code withNode}.
   */
  private static List<String> devices(List<Device> devices, boolean topologyOnly, Map<String, String> holders,
      boolean withNode) {
    Map<String, List<String>> byResource = new java.util.TreeMap<>();
    for (Device device : devices) {
      String id = device.id() + (withNode ? "@" + device.numaNode().map(String::valueOf).orElse("-") : "")
          + (device.healthy() ? "" : " unhealthy");
      if (!topologyOnly) {
        id += " (" + holders.getOrDefault(SimulationOwners.deviceKey(device.resource(), device.id()), "free") + ")";
      }
      byResource.computeIfAbsent(device.resource(), resource -> new ArrayList<>()).add(id);
    }
    List<String> parts = new ArrayList<>();
    byResource.forEach((resource, ids) -> parts.add(resource + " " + String.join(", ", ids)));
    return parts;
  }

  /** Whether the L3 caches are worth showing: more of them than sockets. */
  static boolean showsL3(Machine machine) {
    return machine.cpus().stream().map(Cpu::uncoreCache).distinct().count()
        > machine.cpus().stream().map(Cpu::socket).distinct().count();
  }

  /** The distance matrix: a header row of node ids, then one row per node. */
  private static String distances(Machine machine) {
    List<Integer> ids = machine.numaNodeIds();
    int cell = Math.max(3, ids.stream().mapToInt(id -> Integer.toString(id).length()).max().orElse(1) + 1);
    for (List<Integer> row : machine.distances().values()) {
      cell = Math.max(cell, row.stream().mapToInt(d -> Integer.toString(d).length() + 1).max().orElse(1));
    }
    StringBuilder out = new StringBuilder("NUMA distances:\n").append("  ").append(pad("", cell));
    for (int id : ids) {
      out.append(pad(Integer.toString(id), cell + 1));
    }
    out.append('\n');
    for (int from : ids) {
      out.append("  ").append(pad(Integer.toString(from), cell));
      for (int distance : machine.distances().get(from)) {
        out.append(pad(Integer.toString(distance), cell + 1));
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** socket -> NUMA node -> L3 cache -> cores (each its CPUs ascending), cores by lowest CPU id. */
  static SortedMap<Integer, SortedMap<Integer, SortedMap<Integer, List<List<Cpu>>>>> layout(Machine machine) {
    Map<List<Integer>, List<Cpu>> cores = new LinkedHashMap<>();
    for (Cpu cpu : machine.cpus()) {
      cores.computeIfAbsent(List.of(cpu.socket(), cpu.numaNode(), cpu.uncoreCache(), cpu.core()), key -> new ArrayList<>())
          .add(cpu);
    }
    SortedMap<Integer, SortedMap<Integer, SortedMap<Integer, List<List<Cpu>>>>> layout = new TreeMap<>();
    for (Map.Entry<List<Integer>, List<Cpu>> core : cores.entrySet()) {
      List<Integer> key = core.getKey();
      layout.computeIfAbsent(key.get(0), s -> new TreeMap<>())
          .computeIfAbsent(key.get(1), n -> new TreeMap<>())
          .computeIfAbsent(key.get(2), c -> new ArrayList<>())
          .add(core.getValue());
    }
    return layout;
  }

  private void appendCores(StringBuilder out, String prefix, List<List<Cpu>> cores, Marks marks, boolean withMarks) {
    int cell = marks.cellWidth();
    int threads = cores.stream().mapToInt(List::size).max().orElse(1);
    int coreWidth = threads * (cell + 1) + 1;
    int available = width - INDENT.length() - prefix.length();
    int perLine = Math.max(1, available / coreWidth);
    for (int start = 0; start < cores.size(); start += perLine) {
      StringBuilder ids = new StringBuilder(INDENT).append(start == 0 ? prefix : " ".repeat(prefix.length()));
      StringBuilder owners = new StringBuilder(INDENT).append(" ".repeat(prefix.length()));
      for (List<Cpu> core : cores.subList(start, Math.min(cores.size(), start + perLine))) {
        for (int slot = 0; slot < threads; slot++) {
          if (slot < core.size()) {
            int id = core.get(slot).id();
            ids.append(pad(Integer.toString(id), cell)).append(' ');
            owners.append(marks.painted(id, pad(marks.mark(id), cell))).append(' ');
          } else {
            ids.append(" ".repeat(cell + 1));
            owners.append(" ".repeat(cell + 1));
          }
        }
        ids.append(' ');
        owners.append(' ');
      }
      out.append(ids.toString().stripTrailing()).append('\n');
      if (withMarks) {
        out.append(owners.toString().stripTrailing()).append('\n');
      }
    }
  }

  /** {@code demo-2s: 2 sockets, 2 NUMA nodes, 16 cores, 32 CPUs}. */
  static String summary(Machine machine) {
    long cores = machine.cpus().stream().map(cpu -> List.of(cpu.socket(), cpu.core())).distinct().count();
    long cpuless = machine.numaNodeIds().stream().filter(id -> machine.cpusOfNode(id).isEmpty()).count();
    return machine.name() + ": " + plural(machine.socketCount(), "socket") + ", " + plural(machine.numaNodes().size(), "NUMA node")
        + (cpuless > 0 ? " (" + cpuless + " without CPUs)" : "") + ", " + plural(cores, "core") + ", "
        + plural(machine.cpus().size(), "CPU");
  }

  private static String nodeHeader(Machine machine, int node, SortedMap<Integer, List<List<Cpu>>> caches,
      boolean withHugepages) {
    CpuSet.Builder cpus = new CpuSet.Builder();
    caches.values().forEach(cores -> cores.forEach(core -> core.forEach(cpu -> cpus.add(cpu.id()))));
    CpuSet set = cpus.build();
    String hugepages = withHugepages ? hugepages(machine.numaNode(node), " | ") : "";
    return "NUMA node " + node + memorySuffix(machine.numaNode(node), " | ", "") + hugepages + " | "
        + plural(set.size(), "CPU") + ": " + set;
  }

  /**
   * {@code before} and the node's hugepage pools that hold pages ({@code hugepages 2Mi x 1024,
   * 1Gi x 4}), or nothing.
   */
  static String hugepages(NumaNode node, String before) {
    List<String> pools = new ArrayList<>();
    node.hugepages().forEach((size, count) -> {
      if (count > 0) {
        pools.add(ByteSizes.format(size) + " x " + count);
      }
    });
    return pools.isEmpty() ? "" : before + "hugepages " + String.join(", ", pools);
  }

  /** {@code line} and a newline, broken after commas into indented lines that fit the width. */
  private String wrapAtCommas(String line, String continuation) {
    StringBuilder out = new StringBuilder();
    String rest = line;
    while (rest.length() > width) {
      int cut = rest.lastIndexOf(',', width - 1);
      if (cut <= continuation.length()) {
        break;
      }
      out.append(rest, 0, cut + 1).append('\n');
      rest = continuation + rest.substring(cut + 1);
    }
    return out.append(rest).append('\n').toString();
  }

  /** {@code before}, the node's memory ({@link ByteSizes}) and {@code after}; nothing for a node without memory. */
  static String memorySuffix(NumaNode node, String before, String after) {
    return node.memoryBytes() == 0 ? "" : before + ByteSizes.format(node.memoryBytes()) + after;
  }

  static String plural(long count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }

  private static String pad(String text, int width) {
    return " ".repeat(Math.max(0, width - text.length())) + text;
  }

  /** The {@link OwnerMarks} of a picture, its colours and its legend. */
  private final class Marks {
    private final OwnerMarks marks;
    private final int cellWidth;

    Marks(Machine machine, Map<Integer, CpuOwner> owners) {
      this.marks = new OwnerMarks(machine, owners);
      int widestId = Integer.toString(machine.cpuSet().isEmpty() ? 0 : machine.cpuSet().last()).length();
      this.cellWidth = Math.max(marks.widestMark(), widestId);
    }

    int cellWidth() {
      return cellWidth;
    }

    String mark(int cpu) {
      return marks.mark(cpu);
    }

    String painted(int cpu, String text) {
      CpuOwner owner = marks.ownerOf(cpu);
      return owner == null ? text : painted(owner, text);
    }

    String legend() {
      StringBuilder legend = new StringBuilder("legend:\n");
      int widest = marks.widestMark();
      for (CpuOwner owner : marks.legendOrder()) {
        legend.append("  ").append(painted(owner, pad(marks.markOf(owner), widest))).append("  ")
            .append(owner.describe()).append(" (").append(plural(marks.cpus(owner), "CPU")).append(")\n");
      }
      if (marks.anyUnassigned()) {
        legend.append("  ").append(pad(OwnerMarks.UNASSIGNED, widest)).append("  not assigned\n");
      }
      return legend.toString();
    }

    private String painted(CpuOwner owner, String text) {
      return colour ? "\u001b[" + colourOf(owner) + "m" + text + RESET : text;
    }

    private String colourOf(CpuOwner owner) {
      return switch (owner.kind()) {
        case RESERVED -> "90";
        case NODE_SHARED -> "2";
        case EXCLUSIVE -> "1;" + PALETTE[marks.index(owner) % PALETTE.length];
        case POD_SHARED -> PALETTE[marks.index(owner) % PALETTE.length];
      };
    }
  }
}
