package io.podtopo.app.report;

import static io.podtopo.app.report.OwnerStyle.escape;

import io.podtopo.app.input.PodKey;
import io.podtopo.app.simulate.NodeNotices;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.app.simulate.SimulatedStep;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.node.RejectionExplainer;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The reports of {@code simulate}, {@code topology} and {@code inspect} as one self-contained HTML
 * page ({@code --format html}): inline CSS and SVG, no script, nothing loaded from anywhere, and
 * well-formed XML as well as HTML (void elements closed, every attribute quoted). Per run
 * (or endpoint): the {@link MachineSvg} picture with every CPU painted by its owner, a legend naming
 * each owner's pod and container with its CPUs and memory, the memory of every NUMA node as bars by
 * owner, the same table rows as the text report, and the rejections with their reason, message
 * and explanation. Owners keep the marks of the {@link TopologyMap} and a pattern per kind, so the
 * page reads without colour.
 */
public final class HtmlReport {

  private static final String CSS = """
      body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:16px 24px;color:#1a1a1a;\
      background:#ffffff}
      h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 6px;border-bottom:2px solid #333}\
      h3{font-size:15px;margin:18px 0 6px}
      code,pre,.mono{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:12.5px}
      .note{color:#555}
      dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:6px 0}\
      dl.facts dt{font-weight:600}dl.facts dd{margin:0}
      figure{margin:0}svg.machine{display:block;max-width:100%;height:auto}
      svg.machine text{font-family:ui-monospace,'DejaVu Sans Mono',monospace}
      svg.machine text.label{font-size:12px;fill:#222}
      svg.machine text.id{font-size:9.5px;text-anchor:middle}
      svg.machine text.mark{font-size:12.5px;font-weight:700;text-anchor:middle}
      .socket-box{fill:#fafafa;stroke:#444;stroke-width:1.5}.numa-box{fill:#eef3f8;stroke:#6d8fb3}\
      .l3-box{fill:#e3ebf3;stroke:#9ab;stroke-dasharray:4 2}.core-box{fill:#ffffff;stroke:#999}\
      .cpuless .numa-box{fill:#f6efe6;stroke:#b39a6d}.device-box{fill:#fffaf0;stroke:#b38f00}\
      .device-box.held{fill:#ffe08a;stroke:#805f00;stroke-width:1.5}
      ul.legend{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 18px}
      ul.legend li{display:flex;align-items:center;gap:6px}
      .swatch{flex:none}.swatch text{font:700 11px ui-monospace,monospace;text-anchor:middle}
      .mem-row{display:grid;grid-template-columns:260px 1fr;align-items:center;gap:8px;margin:3px 0}
      .mem-bar{display:flex;height:22px;border:1px solid #444;background:#ffffff;overflow:hidden}
      .seg{overflow:hidden;white-space:nowrap;text-align:center;font:700 11px/22px ui-monospace,monospace;\
      border-right:1px solid #444;min-width:0}
      .seg.k-free{background:#ffffff;color:#555;font-weight:400}
      .seg.k-other{background:repeating-linear-gradient(-45deg,#ddd 0 4px,#fff 4px 8px);color:#333}
      .seg.k-reserved{background-image:repeating-linear-gradient(45deg,rgba(255,255,255,.4) 0 1px,transparent 1px 5px),\
      repeating-linear-gradient(-45deg,rgba(255,255,255,.4) 0 1px,transparent 1px 5px)}
      .seg.k-exclusive{background-image:repeating-linear-gradient(45deg,rgba(255,255,255,.25) 0 3px,transparent 3px 7px)}
      .seg.k-pod-shared{background-image:radial-gradient(rgba(0,0,0,.35) 1.2px,transparent 1.4px);\
      background-size:6px 6px}
      table.rows{border-collapse:collapse;margin:6px 0}
      table.rows th,table.rows td{border:1px solid #bbb;padding:3px 8px;text-align:left;vertical-align:top}
      table.rows th{background:#eee}
      table.rows td{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:12.5px}
      tr.rejected td{background:#fdecea}
      .rejection{border-left:4px solid #b8312f;padding:4px 10px;margin:8px 0;background:#fdf6f5}
      .rejection .reason{font-weight:700;color:#8a1f1d}
      details pre{margin:4px 0 4px 12px;white-space:pre-wrap}
      nav ul{margin:4px 0;padding-left:20px}
      """;

  private static final String OWNERS_NOTE = "Every CPU is painted by its owner; hover a CPU or a bar for details. "
      + "Marks: # reserved, . node shared pool, A B C ... a container's exclusive CPUs, a b c ... a pod shared pool, "
      + "- not assigned.";

  private HtmlReport() {}

  /** The page of {@code podtopo simulate}: one section per run; {@code explain}: every pod's explanation. */
  public static String simulation(List<SimulationRun> runs, boolean explain, boolean fullHints) {
    StringBuilder body = new StringBuilder();
    if (runs.size() > 1) {
      body.append("<nav><ul>");
      for (int i = 0; i < runs.size(); i++) {
        body.append("<li><a href=\"#run-").append(i + 1).append("\">").append(escape(runs.get(i).title()))
            .append("</a></li>");
      }
      body.append("</ul></nav>");
    }
    for (int i = 0; i < runs.size(); i++) {
      body.append(run(i + 1, runs.get(i), explain, fullHints));
    }
    return page("podtopo simulate", runs.stream().map(SimulationRun::title).collect(Collectors.joining("; ")),
        OWNERS_NOTE + " Scenarios show the state after their last step.", body.toString());
  }

  /** The page of {@code podtopo topology}: the machine, its memory and hugepages, and its NUMA distances. */
  public static String topology(Machine machine) {
    StringBuilder body = new StringBuilder("<section class=\"frame\" id=\"machine\">");
    body.append("<h2>").append(escape(TopologyMap.summary(machine))).append("</h2>");
    body.append("<figure>").append(MachineSvg.render(machine)).append("</figure>");
    body.append("<h3>Memory per NUMA node</h3>").append(memory(MemoryBar.of(machine), null));
    if (machine.hasDistances() && machine.numaNodes().size() > 1) {
      body.append("<h3>NUMA distances</h3>").append(distances(machine));
    }
    body.append("</section>");
    return page("podtopo topology", machine.name(), "Hover a CPU or a box for where it sits.", body.toString());
  }

  /** The page of {@code podtopo inspect}: the endpoint's table, and with the machine its picture. */
  public static String inspect(InspectedEndpoint endpoint) {
    StringBuilder body = new StringBuilder("<section class=\"frame\" id=\"endpoint\">");
    body.append("<h2>").append(escape(endpoint.socket().toString())).append("</h2><dl class=\"facts\">")
        .append(fact("endpoint", endpoint.socket().toString()))
        .append(fact("allocatable", InspectTable.allocatable(endpoint.allocatable()))).append("</dl>");
    List<MemoryBar> memory = InspectOwners.memory(endpoint);
    if (endpoint.machine().isPresent()) {
      Machine machine = endpoint.machine().get();
      body.append(picture(machine, InspectOwners.of(endpoint, machine), memory));
    } else {
      body.append("<p class=\"note\">Give --machine to see the machine's CPUs by owner.</p>");
      OwnerMarks marks = new OwnerMarks(memoryOwners(memory));
      body.append("<h3>Legend</h3>").append(legend(marks, memory))
          .append("<h3>Memory per NUMA node</h3>").append(memory(memory, marks));
    }
    body.append("<h3>Pods and containers</h3>");
    body.append(endpoint.pods().pods().isEmpty() ? "<p>no pods</p>"
        : table(InspectTable.rows(endpoint.pods().pods()), List.of()));
    body.append("</section>");
    return page("podtopo inspect", endpoint.socket().toString(), OWNERS_NOTE, body.toString());
  }

  private static String run(int number, SimulationRun run, boolean explain, boolean fullHints) {
    StringBuilder out = new StringBuilder("<section class=\"frame\" id=\"run-").append(number)
        .append("\" data-run=\"").append(number).append("\">");
    out.append("<h2>").append(escape(run.title())).append("</h2><dl class=\"facts\">")
        .append(fact("machine", TopologyMap.summary(run.machine())))
        .append(fact("kubelet config", run.kubeletConfig() + " (" + SimulationTable.configSummary(run) + ")"));
    run.restored().ifPresent(restored -> out.append(fact("kubelet state", restored.directory())));
    out.append(fact("node shared pool after the run", SimulationTable.cpuText(run.nodeSharedPool().toString())));
    NodeNotices.of(run.managers()).forEach(notice -> out.append(fact("notice", notice)));
    out.append("</dl>");
    if (run.steps().stream().anyMatch(step -> !(step.step() instanceof ScenarioStep.Admit))) {
      List<String[]> stepRows = SimulationTable.stepRows(run);
      out.append("<h3>Steps</h3>").append(table(stepRows, List.of()));
      for (SimulatedStep step : run.steps()) {
        OwnerMarks marks = new OwnerMarks(run.machine(), SimulationOwners.of(run, step.after()));
        out.append("<details class=\"step\" data-step=\"").append(step.number()).append("\"><summary>after step ")
            .append(step.number()).append(": ").append(escape(stepText(stepRows.get(step.number()))))
            .append("</summary><figure>").append(MachineSvg.render(run.machine(), marks)).append("</figure>")
            .append(legend(marks, List.of())).append("</details>");
      }
    }
    out.append(picture(run.machine(), SimulationOwners.of(run), SimulationOwners.memory(run),
        SimulationOwners.devices(run)));
    out.append("<h3>Containers</h3>");
    if (run.pods().isEmpty() && run.restored().isEmpty()) {
      out.append("<p>").append(escape(SimulationTable.NO_PODS)).append("</p>");
    } else {
      List<Integer> rejectedRows = new ArrayList<>();
      int row = 1;
      for (PodOutcome outcome : run.pods()) {
        int containers = ContainerRow.of(run, outcome).size();
        if (!outcome.admission().admitted()) {
          for (int i = 0; i < containers; i++) {
            rejectedRows.add(row + i);
          }
        }
        row += containers;
      }
      out.append(table(SimulationTable.rows(run), rejectedRows));
    }
    List<PodOutcome> rejected = run.pods().stream().filter(outcome -> !outcome.admission().admitted()).toList();
    if (!rejected.isEmpty()) {
      out.append("<h3>Rejections</h3>");
      RejectionExplainer explainer = new RejectionExplainer(run.managers());
      rejected.forEach(outcome -> out.append(rejection(outcome, explainer, fullHints)));
    }
    List<String> quirks = SimulationTable.quirkLines(run);
    if (!quirks.isEmpty()) {
      out.append("<h3>Quirks</h3><p>").append(escape(QuirkText.heading(run.managers().config().behaviour())))
          .append("</p><ul class=\"quirks\">");
      quirks.forEach(line -> out.append("<li>").append(escape(line.strip())).append("</li>"));
      out.append("</ul>");
    }
    if (explain) {
      out.append("<h3>Explanations</h3>");
      run.pods().stream().filter(outcome -> outcome.admission().admitted())
          .forEach(outcome -> out.append(explanation(outcome, fullHints, false)));
    }
    return out.append("</section>").toString();
  }

  /** A row of the steps table as a sentence: {@code remove-container default/web app: removed; node shared pool 0-31}. */
  private static String stepText(String[] row) {
    return row[1] + " " + row[2] + (row[3].equals("-") ? "" : " " + row[3]) + ": " + row[4] + "; node shared pool "
        + row[5];
  }

  private static String rejection(PodOutcome outcome, RejectionExplainer explainer, boolean fullHints) {
    String pod = PodKey.of(outcome.pod());
    StringBuilder out = new StringBuilder("<div class=\"rejection\" data-pod=\"").append(escape(pod)).append("\">");
    String reason = outcome.admission().noAnswer().isPresent() ? QuirkText.NO_ANSWER
        : outcome.admission().reason().orElse("");
    outcome.admission().failure().ifPresent(failure -> out.append("<p><b>").append(escape(pod))
        .append("</b>: <span class=\"reason\">").append(escape(reason)).append("</span>: <span class=\"message\">")
        .append(escape(failure.message())).append("</span></p>"));
    explainer.explain(outcome.pod(), outcome.admission()).ifPresent(cause -> {
      out.append("<ul class=\"why\">");
      cause.causes().forEach(line -> out.append("<li>why: ").append(escape(line)).append("</li>"));
      cause.fixes().forEach(line -> out.append("<li class=\"fix\">fix: ").append(escape(line)).append("</li>"));
      out.append("</ul>");
    });
    return out.append(explanation(outcome, fullHints, true)).append("</div>").toString();
  }

  private static String explanation(PodOutcome outcome, boolean fullHints, boolean open) {
    String lines = SimulationExplain.lines(outcome, fullHints).stream().map(OwnerStyle::escape)
        .collect(Collectors.joining("\n"));
    return "<details class=\"explain\"" + (open ? " open=\"open\"" : "") + "><summary>how "
        + escape(PodKey.of(outcome.pod())) + " was decided</summary><pre>" + lines + "</pre></details>";
  }

  /** The machine's picture, the legend of its owners and the memory bars, all with the same marks. */
  private static String picture(Machine machine, Map<Integer, CpuOwner> owners, List<MemoryBar> memory) {
    return picture(machine, owners, memory, Map.of());
  }

  /** As {@link #picture(Machine, Map, List)}, the devices drawn with their holders. */
  private static String picture(Machine machine, Map<Integer, CpuOwner> owners, List<MemoryBar> memory,
      Map<String, String> deviceHolders) {
    OwnerMarks marks = new OwnerMarks(machine, owners, memoryOwners(memory));
    return "<h3>CPUs by owner</h3><figure>" + MachineSvg.render(machine, marks, deviceHolders) + "</figure>"
        + "<h3>Legend</h3>" + legend(marks, memory)
        + "<h3>Memory per NUMA node</h3>" + memory(memory, marks);
  }

  private static List<CpuOwner> memoryOwners(List<MemoryBar> memory) {
    return memory.stream().flatMap(bar -> bar.owners().keySet().stream()).distinct().toList();
  }

  private static String legend(OwnerMarks marks, List<MemoryBar> memory) {
    StringBuilder out = new StringBuilder("<ul class=\"legend\">");
    for (CpuOwner owner : marks.legendOrder()) {
      String held = memoryOf(owner, memory);
      out.append("<li data-owner=\"").append(escape(OwnerStyle.key(owner))).append("\" data-kind=\"")
          .append(OwnerStyle.kindName(owner.kind())).append("\">").append(swatch(owner, marks))
          .append("<span>").append(who(owner)).append(" <span class=\"note\">(")
          .append(TopologyMap.plural(marks.cpus(owner), "CPU")).append(held.isEmpty() ? "" : "; " + escape(held))
          .append(")</span></span></li>");
    }
    if (marks.anyUnassigned()) {
      out.append("<li data-owner=\"").append(OwnerStyle.UNASSIGNED).append("\"><svg class=\"swatch\" width=\"22\" "
          + "height=\"22\"><rect x=\"1\" y=\"1\" width=\"20\" height=\"20\" rx=\"3\" fill=\"#ffffff\" stroke=\"#333\" "
          + "stroke-dasharray=\"2 2\"/><text x=\"11\" y=\"15\">-</text></svg><span>not assigned</span></li>");
    }
    return out.append("</ul>").toString();
  }

  /** {@code exclusive slice of container app in pod default/web}, names in bold. */
  private static String who(CpuOwner owner) {
    String name = owner.name();
    int space = name.indexOf(' ');
    return switch (owner.kind()) {
      case RESERVED -> "reserved for the system";
      case NODE_SHARED -> "node shared pool";
      case POD_SHARED -> "pod shared pool of pod <b>" + escape(name) + "</b>";
      case EXCLUSIVE -> space < 0 ? "exclusive: <b>" + escape(name) + "</b>"
          : "exclusive slice of container <b>" + escape(name.substring(space + 1)) + "</b> in pod <b>"
              + escape(name.substring(0, space)) + "</b>";
    };
  }

  /** {@code memory 4Gi, hugepages-1Gi 2Gi}: what the owner holds over all NUMA nodes. */
  private static String memoryOf(CpuOwner owner, List<MemoryBar> memory) {
    Map<String, Long> byType = new LinkedHashMap<>();
    for (MemoryBar bar : memory) {
      long bytes = owner.kind() == CpuOwner.Kind.RESERVED ? bar.systemReserved() : bar.owners().getOrDefault(owner, 0L);
      if (bytes > 0) {
        byType.merge(bar.type(), bytes, Long::sum);
      }
    }
    return byType.entrySet().stream().map(entry -> entry.getKey() + " " + ByteSizes.format(entry.getValue()))
        .collect(Collectors.joining(", "));
  }

  private static String swatch(CpuOwner owner, OwnerMarks marks) {
    return "<svg class=\"swatch\" width=\"22\" height=\"22\"><rect x=\"1\" y=\"1\" width=\"20\" height=\"20\" rx=\"3\" "
        + "fill=\"" + OwnerStyle.fill(owner, marks.index(owner)) + "\" stroke=\"#333\"/><rect x=\"1\" y=\"1\" "
        + "width=\"20\" height=\"20\" rx=\"3\" fill=\"url(#" + OwnerStyle.pattern(owner.kind()) + ")\"/><text x=\"11\" "
        + "y=\"15\" fill=\"" + OwnerStyle.ink(owner) + "\">" + escape(marks.markOf(owner)) + "</text></svg>";
  }

  /** One bar per NUMA node and memory type; {@code marks} null: no owners to paint. */
  private static String memory(List<MemoryBar> bars, OwnerMarks marks) {
    if (bars.isEmpty()) {
      return "<p class=\"note\">no memory information</p>";
    }
    StringBuilder out = new StringBuilder("<div class=\"memory\">");
    for (MemoryBar bar : bars) {
      double total = Math.max(1, bar.total());
      out.append("<div class=\"mem-row\"><span class=\"mono\">NUMA ").append(bar.node()).append(' ')
          .append(escape(bar.type())).append(": ").append(ByteSizes.format(bar.total())).append("</span>")
          .append("<div class=\"mem-bar\" data-numa=\"").append(bar.node()).append("\" data-type=\"")
          .append(escape(bar.type())).append("\">");
      if (bar.systemReserved() > 0) {
        out.append(segment(CpuOwner.reserved(), bar.systemReserved(), total, marks, "reserved for the system"));
      }
      if (marks != null) {
        for (CpuOwner owner : marks.legendOrder()) {
          Long bytes = bar.owners().get(owner);
          if (bytes != null) {
            out.append(segment(owner, bytes, total, marks, owner.describe()));
          }
        }
      }
      if (bar.other() > 0) {
        out.append(plainSegment("other", "?", bar.other(), total, "in use by no pod of this report"));
      }
      if (bar.free() > 0) {
        out.append(plainSegment("free", "free", bar.free(), total, "free"));
      }
      out.append("</div></div>");
    }
    return out.append("</div>").toString();
  }

  private static String segment(CpuOwner owner, long bytes, double total, OwnerMarks marks, String what) {
    String mark = marks == null ? "#" : marks.markOf(owner);
    int index = marks == null ? 0 : marks.index(owner);
    return "<span class=\"seg k-" + OwnerStyle.kindName(owner.kind()) + "\" data-owner=\""
        + escape(OwnerStyle.key(owner)) + "\" style=\"flex:0 0 " + percent(bytes, total) + "%;background-color:"
        + OwnerStyle.fill(owner, index) + ";color:" + OwnerStyle.ink(owner) + "\" title=\""
        + escape(what + ": " + ByteSizes.format(bytes) + " [" + mark + "]") + "\">" + escape(mark) + "</span>";
  }

  private static String plainSegment(String kind, String label, long bytes, double total, String what) {
    return "<span class=\"seg k-" + kind + "\" data-owner=\"" + kind + "\" style=\"flex:0 0 " + percent(bytes, total)
        + "%\" title=\"" + escape(what + ": " + ByteSizes.format(bytes)) + "\">" + label + "</span>";
  }

  private static String percent(long bytes, double total) {
    return String.format(java.util.Locale.ROOT, "%.3f", 100.0 * bytes / total);
  }

  /** A table of text rows, the first the header; {@code rejected}: the rows (from 1) to mark. */
  private static String table(List<String[]> rows, List<Integer> rejected) {
    StringBuilder out = new StringBuilder("<table class=\"rows\"><thead><tr>");
    for (String cell : rows.get(0)) {
      out.append("<th>").append(escape(cell)).append("</th>");
    }
    out.append("</tr></thead><tbody>");
    for (int i = 1; i < rows.size(); i++) {
      out.append(rejected.contains(i) ? "<tr class=\"rejected\">" : "<tr>");
      for (String cell : rows.get(i)) {
        out.append("<td>").append(escape(cell)).append("</td>");
      }
      out.append("</tr>");
    }
    return out.append("</tbody></table>").toString();
  }

  private static String distances(Machine machine) {
    StringBuilder out = new StringBuilder("<table class=\"rows distances\"><thead><tr><th></th>");
    machine.numaNodeIds().forEach(id -> out.append("<th>").append(id).append("</th>"));
    out.append("</tr></thead><tbody>");
    for (int from : machine.numaNodeIds()) {
      out.append("<tr><th>").append(from).append("</th>");
      machine.distances().get(from).forEach(distance -> out.append("<td>").append(distance).append("</td>"));
      out.append("</tr>");
    }
    return out.append("</tbody></table>").toString();
  }

  private static String fact(String name, String value) {
    return "<dt>" + escape(name) + "</dt><dd>" + escape(value) + "</dd>";
  }

  private static String page(String command, String subject, String note, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
        + "<link rel=\"icon\" href=\"data:,\"/><title>" + escape(command + ": " + subject) + "</title><style>\n"
        + CSS + "</style></head><body>" + OwnerStyle.patternDefinitions() + "<header><h1>" + escape(command)
        + "</h1><p class=\"note\">" + escape(note) + "</p></header>" + body + "</body></html>\n";
  }
}
