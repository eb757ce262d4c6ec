package io.podtopo.adapters.fake;

import io.podtopo.domain.pod.InvalidQuantityException;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A compact description of a synthetic machine, such as {@code 2s4n8c2t} or
 * {@code 2s8n24c2t,l3=8,mem=192Gi,hp1g=16}.
 *
 * <h2>Syntax</h2>
 *
 * <pre>
 *   shape  = layout *( "," part )
 *   layout = S "s" N "n" C "c" [ T "t" ]
 * </pre>
 *
 * <ul>
 *   <li>{@code S} sockets, {@code N} NUMA nodes with CPUs in total, {@code C} cores per NUMA node,
 *       {@code T} threads per core (1 when omitted). Either every socket holds the same number of
 *       NUMA nodes ({@code N} a multiple of {@code S}, e.g. AMD NPS4 or Intel SNC) or every NUMA
 *       node spans the same number of sockets ({@code S} a multiple of {@code N}); the cores of a
 *       node that spans sockets are split evenly between them.
 *   <li>{@code l3=K}: {@code K} consecutive cores share one L3 (uncore) cache; {@code K} divides the
 *       cores of a NUMA node and of a socket. Without it, each socket has one L3 cache, whose id is
 *       the socket id (as upstream {@code topology.Discover} does for CPUs without a cache).
 *   <li>{@code mem=Q}: memory per NUMA node, a Kubernetes quantity (default {@code 32Gi}).
 *   <li>{@code hp<size>=P}: {@code P} hugepages of {@code <size>} per NUMA node with CPUs, size
 *       written {@code 64k}, {@code 2m}, {@code 512m}, {@code 1g} or {@code 16g} (binary units), e.g.
 *       {@code hp2m=512} or {@code hp1g=4}. Several sizes may be given.
 *   <li>{@code cpuless=M}: {@code M} extra NUMA nodes without CPUs (GPU HBM, CXL memory), ids
 *       {@code N..N+M-1}, attached round-robin to the sockets; {@code cpulessmem=Q} is their memory
 *       (default: {@code mem}). They have no hugepages.
 *   <li>{@code siblings=far} (default) numbers SMT siblings {@code i, i+cores, i+2*cores, ...} as
 *       Linux does on x86; {@code siblings=near} numbers them adjacently ({@code 2i, 2i+1}), as on
 *       POWER and many arm64 machines.
 *   <li>{@code order=packed} (default) numbers the cores of socket 0 first, then socket 1;
 *       {@code order=interleaved} deals the cores round-robin over the sockets (socket 0's first
 *       core, socket 1's first core, ...), as some firmware does.
 *   <li>{@code dev=R:K}: {@code K} devices of the device plugin resource {@code R} (an extended
 *       resource name such as {@code nvidia.com/gpu}) on every NUMA node with CPUs, named after the
 *       part of {@code R} after its {@code /} and numbered across the machine ({@code dev=nvidia.com/gpu:2}
 *       on two nodes: {@code gpu-0}, {@code gpu-1} on node 0, {@code gpu-2}, {@code gpu-3} on node 1).
 *       May be given once per resource.
 * </ul>
 *
 * <h2>Numbering</h2>
 *
 * Physical cores are laid out socket by socket, NUMA node by NUMA node, L3 by L3. Core {@code k}
 * (0-based in that order) gets the position {@code p = k} ({@code packed}) or
 * {@code p = (k mod coresPerSocket) * S + k / coresPerSocket} ({@code interleaved}); its thread
 * {@code t} gets the CPU id {@code t * totalCores + p} ({@code far}) or {@code p * T + t}
 * ({@code near}). So with the defaults the first thread of every core comes first, across all
 * sockets, then the second threads: {@code 2s2n4c2t} has cores {@code (0,8) (1,9) ... (7,15)}. A
 * core's id is its lowest CPU id, as upstream {@code Discover} assigns it.
 *
 * <h2>Distances</h2>
 *
 * 10 to itself, 12 to another node of the same socket, 32 to a node of another socket; a CPU-less
 * node is 40 from the CPU nodes of its socket and 80 from every other node.
 */
public final class MachineShape {

  /** Memory per NUMA node when {@code mem} is not given. */
  public static final long DEFAULT_MEMORY_PER_NODE = 32L << 30;

  static final int LOCAL_DISTANCE = 10;
  static final int SAME_SOCKET_DISTANCE = 12;
  static final int REMOTE_DISTANCE = 32;
  static final int CPULESS_NEAR_DISTANCE = 40;
  static final int CPULESS_FAR_DISTANCE = 80;

  private static final Pattern LAYOUT = Pattern.compile("(\\d+)s(\\d+)n(\\d+)c(?:(\\d+)t)?");
  private static final Pattern HUGEPAGE_KEY = Pattern.compile("hp(\\d+)([kmg])");
  private static final List<String> KEYS =
      List.of("l3", "mem", "hp<size>", "cpuless", "cpulessmem", "siblings", "order", "dev");
  private static final Pattern DEVICES = Pattern.compile("([^:]+):(\\d+)");

  /** How SMT siblings are numbered. */
  public enum Siblings { FAR, NEAR }

  /** How cores are numbered across sockets. */
  public enum Order { PACKED, INTERLEAVED }

  private final String text;
  private final int sockets;
  private final int numaNodes;
  private final int coresPerNode;
  private final int threadsPerCore;
  private final int coresPerL3;
  private final long memoryPerNode;
  private final SortedMap<Long, Long> hugepagesPerNode;
  private final int cpulessNodes;
  private final long cpulessMemory;
  private final Siblings siblings;
  private final Order order;
  private final SortedMap<String, Integer> devicesPerNode;

  private MachineShape(Parser parser) {
    this.text = parser.text;
    this.sockets = parser.sockets;
    this.numaNodes = parser.numaNodes;
    this.coresPerNode = parser.coresPerNode;
    this.threadsPerCore = parser.threadsPerCore;
    this.coresPerL3 = parser.coresPerL3;
    this.memoryPerNode = parser.memoryPerNode;
    this.hugepagesPerNode = new TreeMap<>(parser.hugepages);
    this.cpulessNodes = parser.cpulessNodes;
    this.cpulessMemory = parser.cpulessMemory < 0 ? parser.memoryPerNode : parser.cpulessMemory;
    this.siblings = parser.siblings;
    this.order = parser.order;
    this.devicesPerNode = new TreeMap<>(parser.devicesPerNode);
  }

  /**
   * Parses a shape.
   *
   * @throws MachineShapeException naming the text and the part at fault
   */
  public static MachineShape parse(String text) {
    return new MachineShape(new Parser(text).parse());
  }

  /** Whether {@code text} looks like a shape (starts with its layout) rather than a name or file. */
  public static boolean looksLikeShape(String text) {
    return text != null && LAYOUT.matcher(text.strip().split(",", -1)[0]).matches();
  }

  /** The text the shape was parsed from, stripped. */
  public String text() {
    return text;
  }

  public int sockets() {
    return sockets;
  }

  /** NUMA nodes with CPUs. */
  public int numaNodes() {
    return numaNodes;
  }

  public int coresPerNode() {
    return coresPerNode;
  }

  public int threadsPerCore() {
    return threadsPerCore;
  }

  /** Cores per L3 cache; 0 when each socket has one. */
  public int coresPerL3() {
    return coresPerL3;
  }

  public int cpulessNodes() {
    return cpulessNodes;
  }

  public Siblings siblings() {
    return siblings;
  }

  public Order order() {
    return order;
  }

  /** Number of physical cores. */
  public int totalCores() {
    return numaNodes * coresPerNode;
  }

  /** Number of logical CPUs. */
  public int totalCpus() {
    return totalCores() * threadsPerCore;
  }

  /** The machine, named after the shape text. */
  public Machine toMachine() {
    return toMachine(text);
  }

  /** The machine with the given name. */
  public Machine toMachine(String name) {
    return new Machine.Builder()
        .name(name)
        .cpus(cpus())
        .numaNodes(nodes())
        .distances(distances())
        .devices(devices())
        .build();
  }

  /** {@code dev=R:K}: K devices of each resource R on every NUMA node with CPUs. */
  private List<Device> devices() {
    List<Device> devices = new ArrayList<>();
    devicesPerNode.forEach((resource, count) -> {
      String prefix = resource.substring(resource.indexOf('/') + 1);
      for (int node = 0; node < numaNodes; node++) {
        for (int i = 0; i < count; i++) {
          devices.add(Device.of(resource, prefix + "-" + (node * count + i), node));
        }
      }
    });
    return devices;
  }

  /** The CPUs, ascending by id. */
  public List<Cpu> cpus() {
    int totalCores = totalCores();
    int coresPerSocket = totalCores / sockets;
    Cpu[] byId = new Cpu[totalCpus()];
    for (int k = 0; k < totalCores; k++) {
      int socket = k / coresPerSocket;
      int position = order == Order.PACKED ? k : (k % coresPerSocket) * sockets + socket;
      int node = k / coresPerNode;
      int uncore = coresPerL3 == 0 ? socket : k / coresPerL3;
      int coreId = cpuId(position, 0, totalCores);
      for (int thread = 0; thread < threadsPerCore; thread++) {
        int id = cpuId(position, thread, totalCores);
        byId[id] = Cpu.of(id, coreId, socket, node, uncore);
      }
    }
    return List.of(byId);
  }

  private int cpuId(int position, int thread, int totalCores) {
    return siblings == Siblings.FAR ? thread * totalCores + position : position * threadsPerCore + thread;
  }

  private List<NumaNode> nodes() {
    List<NumaNode> nodes = new ArrayList<>();
    for (int id = 0; id < numaNodes; id++) {
      nodes.add(new NumaNode.Builder().id(id).memoryBytes(memoryPerNode).hugepages(hugepagesPerNode).build());
    }
    for (int id = numaNodes; id < numaNodes + cpulessNodes; id++) {
      nodes.add(NumaNode.of(id, cpulessMemory));
    }
    return nodes;
  }

  private SortedMap<Integer, List<Integer>> distances() {
    int all = numaNodes + cpulessNodes;
    SortedMap<Integer, List<Integer>> rows = new TreeMap<>();
    for (int from = 0; from < all; from++) {
      List<Integer> row = new ArrayList<>();
      for (int to = 0; to < all; to++) {
        row.add(distance(from, to));
      }
      rows.put(from, List.copyOf(row));
    }
    return rows;
  }

  private int distance(int from, int to) {
    if (from == to) {
      return LOCAL_DISTANCE;
    }
    boolean fromCpuless = from >= numaNodes;
    boolean toCpuless = to >= numaNodes;
    if (fromCpuless && toCpuless) {
      return CPULESS_FAR_DISTANCE;
    }
    if (fromCpuless || toCpuless) {
      int cpuless = fromCpuless ? from : to;
      int cpuNode = fromCpuless ? to : from;
      return socketOfCpuless(cpuless) == firstSocketOf(cpuNode) ? CPULESS_NEAR_DISTANCE : CPULESS_FAR_DISTANCE;
    }
    boolean sameSocket = numaNodes >= sockets && firstSocketOf(from) == firstSocketOf(to);
    return sameSocket ? SAME_SOCKET_DISTANCE : REMOTE_DISTANCE;
  }

  private int firstSocketOf(int node) {
    return node * coresPerNode / (totalCores() / sockets);
  }

  private int socketOfCpuless(int node) {
    return (node - numaNodes) % sockets;
  }

  @Override
  public String toString() {
    return text;
  }

  /** Parses one shape text, failing on the first part at fault. */
  private static final class Parser {
    private final String text;
    private int sockets;
    private int numaNodes;
    private int coresPerNode;
    private int threadsPerCore = 1;
    private int coresPerL3;
    private long memoryPerNode = DEFAULT_MEMORY_PER_NODE;
    private final Map<Long, Long> hugepages = new TreeMap<>();
    private int cpulessNodes;
    private long cpulessMemory = -1;
    private Siblings siblings = Siblings.FAR;
    private Order order = Order.PACKED;
    private final Map<String, Integer> devicesPerNode = new TreeMap<>();

    Parser(String text) {
      if (text == null || text.isBlank()) {
        throw new MachineShapeException(String.valueOf(text), String.valueOf(text),
            "a shape is required, e.g. 2s4n8c2t");
      }
      this.text = text.strip();
    }

    Parser parse() {
      String[] parts = text.split(",", -1);
      parseLayout(parts[0].strip());
      List<String> seen = new ArrayList<>();
      for (int i = 1; i < parts.length; i++) {
        String part = parts[i].strip();
        int equals = part.indexOf('=');
        if (equals <= 0 || equals == part.length() - 1) {
          throw fail(part, "expected key=value with a key among " + KEYS);
        }
        String key = part.substring(0, equals).strip().toLowerCase(Locale.ROOT);
        String value = part.substring(equals + 1).strip();
        if (seen.contains(key) && !key.equals("dev")) {
          throw fail(part, GoQuote.of(key) + " is given twice");
        }
        seen.add(key);
        parsePart(part, key, value);
      }
      validate();
      return this;
    }

    private void parseLayout(String layout) {
      Matcher matcher = LAYOUT.matcher(layout);
      if (!matcher.matches()) {
        throw fail(layout, "expected <sockets>s<numa nodes>n<cores per node>c<threads per core>t, e.g. 2s4n8c2t");
      }
      sockets = positive(layout, matcher.group(1), "sockets");
      numaNodes = positive(layout, matcher.group(2), "NUMA nodes");
      coresPerNode = positive(layout, matcher.group(3), "cores per NUMA node");
      threadsPerCore = matcher.group(4) == null ? 1 : positive(layout, matcher.group(4), "threads per core");
    }

    private void parsePart(String part, String key, String value) {
      Matcher hugepage = HUGEPAGE_KEY.matcher(key);
      switch (key) {
        case "l3" -> coresPerL3 = positive(part, value, "cores per L3 cache");
        case "mem" -> memoryPerNode = bytes(part, value);
        case "cpuless" -> cpulessNodes = nonNegative(part, value, "CPU-less NUMA nodes");
        case "cpulessmem" -> cpulessMemory = bytes(part, value);
        case "siblings" -> siblings = choice(part, value, Siblings.class);
        case "order" -> order = choice(part, value, Order.class);
        case "dev" -> devices(part, value);
        default -> {
          if (!hugepage.matches()) {
            throw fail(part, "unknown key " + GoQuote.of(key) + "; known keys: " + KEYS);
          }
          long size = hugepageSize(part, hugepage.group(1), hugepage.group(2));
          hugepages.put(size, (long) nonNegative(part, value, "hugepages"));
        }
      }
    }

    private void devices(String part, String value) {
      Matcher matcher = DEVICES.matcher(value);
      if (!matcher.matches()) {
        throw fail(part, "expected dev=<resource>:<devices per NUMA node>, e.g. dev=nvidia.com/gpu:2");
      }
      String resource = matcher.group(1).strip();
      if (!Device.isExtendedResourceName(resource)) {
        throw fail(part, GoQuote.of(resource) + " is not an extended resource name (a domain/name outside "
            + "kubernetes.io, such as nvidia.com/gpu)");
      }
      if (devicesPerNode.containsKey(resource)) {
        throw fail(part, "devices of " + GoQuote.of(resource) + " are given twice");
      }
      devicesPerNode.put(resource, positive(part, matcher.group(2), "devices per NUMA node"));
    }

    private void validate() {
      if (numaNodes % sockets != 0 && sockets % numaNodes != 0) {
        throw fail(text, numaNodes + " NUMA nodes cannot be spread evenly over " + sockets
            + " sockets (one must be a multiple of the other)");
      }
      if (numaNodes < sockets && coresPerNode % (sockets / numaNodes) != 0) {
        throw fail(text, coresPerNode + " cores per NUMA node cannot be split evenly over the "
            + (sockets / numaNodes) + " sockets each node spans");
      }
      int coresPerUnit = numaNodes < sockets ? coresPerNode / (sockets / numaNodes) : coresPerNode;
      if (coresPerL3 > 0 && coresPerUnit % coresPerL3 != 0) {
        throw fail("l3=" + coresPerL3, "an L3 cache of " + coresPerL3 + " cores would straddle a NUMA node or socket of "
            + coresPerUnit + " cores");
      }
      long cpus = (long) numaNodes * coresPerNode * threadsPerCore;
      if (cpus > CpuSet.MAX_CPU_ID + 1L) {
        throw fail(text, cpus + " CPUs are more than the " + (CpuSet.MAX_CPU_ID + 1) + " supported");
      }
      if (numaNodes + cpulessNodes > NumaMask.MAX_NODE_ID + 1) {
        throw fail(text, (numaNodes + cpulessNodes) + " NUMA nodes are more than the "
            + (NumaMask.MAX_NODE_ID + 1) + " supported");
      }
    }

    private int positive(String part, String value, String what) {
      int number = nonNegative(part, value, what);
      if (number == 0) {
        throw fail(part, what + " must be at least 1");
      }
      return number;
    }

    private int nonNegative(String part, String value, String what) {
      try {
        int number = Integer.parseInt(value);
        if (number < 0) {
          throw fail(part, what + " must not be negative");
        }
        return number;
      } catch (NumberFormatException e) {
        throw fail(part, what + " must be a whole number, not " + GoQuote.of(value));
      }
    }

    private long bytes(String part, String value) {
      try {
        Quantity quantity = Quantity.parse(value);
        if (!quantity.fitsInLong()) {
          throw fail(part, GoQuote.of(value) + " is too large");
        }
        return quantity.bytes();
      } catch (InvalidQuantityException e) {
        throw fail(part, e.getMessage());
      }
    }

    private long hugepageSize(String part, String digits, String unit) {
      long base = switch (unit) {
        case "k" -> 1L << 10;
        case "m" -> 1L << 20;
        default -> 1L << 30;
      };
      long number = positive(part, digits, "hugepage size");
      return number * base;
    }

    private <E extends Enum<E>> E choice(String part, String value, Class<E> type) {
      for (E constant : type.getEnumConstants()) {
        if (constant.name().equalsIgnoreCase(value)) {
          return constant;
        }
      }
      List<String> allowed = new ArrayList<>();
      for (E constant : type.getEnumConstants()) {
        allowed.add(constant.name().toLowerCase(Locale.ROOT));
      }
      throw fail(part, GoQuote.of(value) + " is not one of " + String.join("|", allowed));
    }

    private MachineShapeException fail(String part, String problem) {
      return new MachineShapeException(text, part, problem);
    }
  }
}
