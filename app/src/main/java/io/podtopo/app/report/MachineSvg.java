package io.podtopo.app.report;

import static io.podtopo.app.report.OwnerStyle.escape;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * An SVG picture of a machine for the {@link HtmlReport}: a box per socket, NUMA node (with its
 * memory and hugepages) and L3 cache (when there are more L3 caches than sockets), a box per core
 * holding its CPUs side by side, and NUMA nodes without CPUs at the end. Each CPU is one
 * {@code <g class="cpu" data-cpu="ID" data-owner="KEY">} with its id, its owner's mark, colour and
 * pattern, and a {@code <title>} tooltip. Cores wrap onto as many rows as needed, so the picture
 * keeps its width from 2 CPUs to thousands. A NUMA node's devices are chips below its cores, each a
 * {@code <g class="device" data-device="RESOURCE ID" data-holder="POD CONTAINER">} (no holder when
 * free), devices off the NUMA nodes with CPUs a row at the end.
 */
final class MachineSvg {

  /** The width of every picture, in CSS pixels. */
  static final int WIDTH = 1160;
  private static final int CELL_W = 30;
  private static final int CELL_H = 32;
  private static final int THREAD_GAP = 2;
  private static final int CORE_PAD = 3;
  private static final int CORE_GAP = 6;
  private static final int INSET = 10;
  private static final int HEADER = 22;
  private static final int GAP = 8;

  private final Machine machine;
  private final OwnerMarks marks;
  private final boolean withOwners;
  private final Map<String, String> deviceHolders;
  /** Boxes by depth (socket, NUMA node, L3, core), drawn before the CPUs, outermost first. */
  private final List<List<String>> boxes = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
      new ArrayList<>());
  private final StringBuilder cpus = new StringBuilder();
  private final int threads;
  private final int coreWidth;
  private int y;

  private MachineSvg(Machine machine, OwnerMarks marks, boolean withOwners, Map<String, String> deviceHolders) {
    this.machine = machine;
    this.marks = marks;
    this.withOwners = withOwners;
    this.deviceHolders = deviceHolders;
    this.threads = TopologyMap.layout(machine).values().stream()
        .flatMap(node -> node.values().stream()).flatMap(cache -> cache.values().stream())
        .flatMap(List::stream).mapToInt(List::size).max().orElse(1);
    this.coreWidth = threads * CELL_W + (threads - 1) * THREAD_GAP + 2 * CORE_PAD;
  }

  /** The picture of {@code machine} with every CPU painted by its owner in {@code marks}. */
  static String render(Machine machine, OwnerMarks marks) {
    return render(machine, marks, Map.of());
  }

  /** As {@link #render(Machine, OwnerMarks)}, each device with its holder ({@code resource id} to holder). */
  static String render(Machine machine, OwnerMarks marks, Map<String, String> deviceHolders) {
    return new MachineSvg(machine, marks, true, deviceHolders).draw();
  }

  /** The machine alone: CPU ids without owners. */
  static String render(Machine machine) {
    return new MachineSvg(machine, new OwnerMarks(machine, Map.of()), false, Map.of()).draw();
  }

  private String draw() {
    y = GAP;
    boolean showL3 = TopologyMap.showsL3(machine);
    for (Map.Entry<Integer, SortedMap<Integer, SortedMap<Integer, List<List<Cpu>>>>> socket
        : TopologyMap.layout(machine).entrySet()) {
      int socketTop = y;
      y += HEADER;
      for (Map.Entry<Integer, SortedMap<Integer, List<List<Cpu>>>> node : socket.getValue().entrySet()) {
        int nodeTop = y;
        y += HEADER;
        for (Map.Entry<Integer, List<List<Cpu>>> cache : node.getValue().entrySet()) {
          int depth = showL3 ? 3 : 2;
          int cacheTop = y;
          if (showL3) {
            y += HEADER - 4;
          }
          cores(depth * INSET, cache.getValue());
          if (showL3) {
            box(2, 2 * INSET, cacheTop, WIDTH - 4 * INSET, y - cacheTop + INSET / 2, "l3", "L3 cache " + cache.getKey(),
                "L3 cache " + cache.getKey());
            y += INSET / 2 + 4;
          }
        }
        int nodeId = node.getKey();
        devices(2 * INSET, machine.devices().stream()
            .filter(device -> device.numaNode().equals(java.util.Optional.of(nodeId))).toList());
        NumaNode numa = machine.numaNode(node.getKey());
        box(1, INSET, nodeTop, WIDTH - 2 * INSET, y - nodeTop + INSET / 2, "numa", nodeLabel(numa),
            nodeLabel(numa) + ": CPUs " + machine.cpusOfNode(node.getKey()));
        y += INSET / 2 + GAP;
      }
      box(0, 0, socketTop, WIDTH, y - socketTop, "socket", "socket " + socket.getKey(), "socket " + socket.getKey());
      y += GAP;
    }
    cpuless();
    devices(0, machine.devices().stream()
        .filter(device -> device.numaNode().map(id -> machine.cpusOfNode(id).isEmpty()).orElse(true)).toList());
    StringBuilder svg = new StringBuilder();
    svg.append("<svg class=\"machine\" role=\"img\" width=\"").append(WIDTH).append("\" height=\"").append(y)
        .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(y).append("\"><title>")
        .append(escape(TopologyMap.summary(machine))).append("</title>");
    boxes.forEach(level -> level.forEach(svg::append));
    return svg.append(cpus).append("</svg>").toString();
  }

  /** The cores of one group from the current row on, wrapped at the picture's width. */
  private void cores(int left, List<List<Cpu>> cores) {
    int available = WIDTH - 2 * left;
    int perRow = Math.max(1, (available + CORE_GAP) / (coreWidth + CORE_GAP));
    int rowHeight = CELL_H + 2 * CORE_PAD + CORE_GAP;
    for (int i = 0; i < cores.size(); i++) {
      int x = left + (i % perRow) * (coreWidth + CORE_GAP);
      int top = y + (i / perRow) * rowHeight;
      List<Cpu> core = cores.get(i);
      boxes.get(3).add(rect("core", x, top, coreWidth, CELL_H + 2 * CORE_PAD, "core " + core.get(0).core()));
      for (int slot = 0; slot < core.size(); slot++) {
        cpu(core.get(slot), x + CORE_PAD + slot * (CELL_W + THREAD_GAP), top + CORE_PAD);
      }
    }
    y += ((cores.size() + perRow - 1) / perRow) * rowHeight;
  }

  private void cpu(Cpu cpu, int x, int top) {
    CpuOwner owner = marks.ownerOf(cpu.id());
    String key = owner == null ? OwnerStyle.UNASSIGNED : OwnerStyle.key(owner);
    String fill = owner == null ? "#ffffff" : OwnerStyle.fill(owner, marks.index(owner));
    String ink = owner == null ? "#1a1a1a" : OwnerStyle.ink(owner);
    String where = "CPU " + cpu.id() + " (core " + cpu.core() + ", socket " + cpu.socket() + ", NUMA node "
        + cpu.numaNode() + ", L3 " + cpu.uncoreCache() + ")";
    String tooltip = withOwners
        ? where + ": " + (owner == null ? "not assigned" : owner.describe() + " [" + marks.markOf(owner) + "]")
        : where;
    cpus.append("<g class=\"cpu\" data-cpu=\"").append(cpu.id()).append("\" data-owner=\"").append(escape(key))
        .append("\" transform=\"translate(").append(x).append(',').append(top).append(")\"><title>")
        .append(escape(tooltip)).append("</title><rect width=\"").append(CELL_W).append("\" height=\"")
        .append(CELL_H).append("\" rx=\"3\" fill=\"").append(fill).append("\" stroke=\"#333333\"")
        .append(owner == null && withOwners ? " stroke-dasharray=\"2 2\"" : "").append("/>");
    if (owner != null) {
      cpus.append("<rect width=\"").append(CELL_W).append("\" height=\"").append(CELL_H)
          .append("\" rx=\"3\" fill=\"url(#").append(OwnerStyle.pattern(owner.kind())).append(")\"/>");
    }
    cpus.append("<text class=\"id\" x=\"").append(CELL_W / 2).append("\" y=\"11\" fill=\"").append(ink).append("\">")
        .append(cpu.id()).append("</text>");
    if (withOwners) {
      cpus.append("<text class=\"mark\" x=\"").append(CELL_W / 2).append("\" y=\"27\" fill=\"").append(ink)
          .append("\">").append(escape(marks.mark(cpu.id()))).append("</text>");
    }
    cpus.append("</g>");
  }

  /** A row of device chips from the current row on, wrapped at the picture's width. */
  private void devices(int left, List<Device> devices) {
    if (devices.isEmpty()) {
      return;
    }
    int x = left;
    int height = CELL_H - 8;
    for (Device device : devices) {
      int width = Math.max(56, 7 * device.id().length() + 14);
      if (x + width > WIDTH - left && x > left) {
        x = left;
        y += height + CORE_GAP;
      }
      String key = SimulationOwners.deviceKey(device.resource(), device.id());
      String holder = deviceHolders.get(key);
      String where = device.resource() + " " + device.id() + device.numaNode().map(node -> " on NUMA node " + node)
          .orElse(" without a NUMA node") + (device.healthy() ? "" : ", unhealthy");
      String tooltip = withOwners ? where + ": " + (holder == null ? "free" : "held by " + holder) : where;
      cpus.append("<g class=\"device\" data-device=\"").append(escape(key)).append('"')
          .append(holder == null ? "" : " data-holder=\"" + escape(holder) + "\"")
          .append(" transform=\"translate(").append(x).append(',').append(y).append(")\"><title>")
          .append(escape(tooltip)).append("</title><rect class=\"device-box").append(holder == null ? "" : " held")
          .append("\" width=\"").append(width).append("\" height=\"").append(height).append("\" rx=\"6\"/>")
          .append("<text class=\"id\" x=\"").append(width / 2).append("\" y=\"16\">").append(escape(device.id()))
          .append("</text></g>");
      x += width + CORE_GAP;
    }
    y += height + CORE_GAP;
  }

  /** NUMA nodes without CPUs (CXL or GPU memory): a row of small boxes with their memory. */
  private void cpuless() {
    List<Integer> ids = machine.numaNodeIds().stream().filter(id -> machine.cpusOfNode(id).isEmpty()).toList();
    if (ids.isEmpty()) {
      return;
    }
    int width = 260;
    int perRow = Math.max(1, (WIDTH + GAP) / (width + GAP));
    for (int i = 0; i < ids.size(); i++) {
      NumaNode node = machine.numaNode(ids.get(i));
      String label = nodeLabel(node) + ", no CPUs";
      box(1, (i % perRow) * (width + GAP), y + (i / perRow) * (HEADER + GAP + 4), width, HEADER + 4, "numa cpuless",
          label, label);
    }
    y += ((ids.size() + perRow - 1) / perRow) * (HEADER + GAP + 4);
  }

  /** {@code NUMA node 0 · 64Gi · hugepages 1Gi x 4 · 16 CPUs}. */
  private String nodeLabel(NumaNode node) {
    CpuSet cpuSet = machine.cpusOfNode(node.id());
    return "NUMA node " + node.id() + TopologyMap.memorySuffix(node, " · ", "") + TopologyMap.hugepages(node, " · ")
        + (cpuSet.isEmpty() ? "" : " · " + TopologyMap.plural(cpuSet.size(), "CPU"));
  }

  private void box(int depth, int x, int top, int width, int height, String kind, String label, String tooltip) {
    boxes.get(depth).add("<g class=\"" + kind + "\">" + rect(kind, x, top, width, height, tooltip)
        + "<text class=\"label\" x=\"" + (x + 6) + "\" y=\"" + (top + 15) + "\">" + escape(label) + "</text></g>");
  }

  private static String rect(String kind, int x, int top, int width, int height, String tooltip) {
    return "<rect class=\"" + kind + "-box\" x=\"" + x + "\" y=\"" + top + "\" width=\"" + width + "\" height=\""
        + height + "\" rx=\"4\"><title>" + escape(tooltip) + "</title></rect>";
  }
}
