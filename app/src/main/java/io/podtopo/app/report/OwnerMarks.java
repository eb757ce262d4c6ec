package io.podtopo.app.report;

import io.podtopo.app.report.CpuOwner.Kind;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mark of every owner of one picture, as the {@link TopologyMap} and the {@link HtmlReport}
 * show it: {@code #} reserved, {@code .} node shared pool, {@code A B C ...} a container's
 * exclusive CPUs, {@code a b c ...} a pod shared pool, given in the order of each owner's lowest
 * CPU (after {@code Z} come two-letter marks); owners that hold memory but no CPU come after.
 */
final class OwnerMarks {

  /** The mark of a CPU nobody was assigned. */
  static final String UNASSIGNED = "-";

  private final Map<Integer, CpuOwner> owners;
  private final Map<CpuOwner, String> markOf = new LinkedHashMap<>();
  private final Map<CpuOwner, Integer> indexOf = new LinkedHashMap<>();
  private final Map<CpuOwner, Integer> cpuCount = new LinkedHashMap<>();
  private final int[] perKind = new int[Kind.values().length];
  private boolean anyUnassigned;

  /** The marks of {@code owners} (CPU id to owner) on {@code machine}. */
  OwnerMarks(Machine machine, Map<Integer, CpuOwner> owners) {
    this(machine, owners, List.of());
  }

  /** The same, with {@code alsoOwners} (owners of memory, say) marked after those of CPUs. */
  OwnerMarks(Machine machine, Map<Integer, CpuOwner> owners, Collection<CpuOwner> alsoOwners) {
    this.owners = owners;
    for (int id : machine.cpuSet()) {
      CpuOwner owner = owners.get(id);
      if (owner == null) {
        anyUnassigned = true;
        continue;
      }
      cpuCount.merge(owner, 1, Integer::sum);
      add(owner);
    }
    alsoOwners.forEach(this::add);
  }

  /** The marks of owners of memory alone, on a machine not known. */
  OwnerMarks(Collection<CpuOwner> owners) {
    this.owners = Map.of();
    owners.forEach(this::add);
  }

  private void add(CpuOwner owner) {
    if (markOf.containsKey(owner)) {
      return;
    }
    int index = perKind[owner.kind().ordinal()]++;
    indexOf.put(owner, index);
    markOf.put(owner, switch (owner.kind()) {
      case RESERVED -> "#";
      case NODE_SHARED -> ".";
      case EXCLUSIVE -> letters(index, 'A');
      case POD_SHARED -> letters(index, 'a');
    });
  }

  /** The owner of a CPU, or null. */
  CpuOwner ownerOf(int cpu) {
    return owners.get(cpu);
  }

  /** The mark of a CPU; {@link #UNASSIGNED} for a CPU of nobody. */
  String mark(int cpu) {
    CpuOwner owner = owners.get(cpu);
    return owner == null ? UNASSIGNED : markOf.get(owner);
  }

  /** The mark of an owner this picture knows. */
  String markOf(CpuOwner owner) {
    return markOf.get(owner);
  }

  /** The owner's place among the owners of its kind, from 0: the colour it gets. */
  int index(CpuOwner owner) {
    return indexOf.get(owner);
  }

  /** How many CPUs the owner holds. */
  int cpus(CpuOwner owner) {
    return cpuCount.getOrDefault(owner, 0);
  }

  /** The widest mark. */
  int widestMark() {
    return markOf.values().stream().mapToInt(String::length).max().orElse(1);
  }

  /** Whether some CPU of the machine has no owner. */
  boolean anyUnassigned() {
    return anyUnassigned;
  }

  /** Every owner in the order of a legend: by kind, then by mark. */
  List<CpuOwner> legendOrder() {
    List<CpuOwner> order = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      markOf.keySet().stream().filter(owner -> owner.kind() == kind).forEach(order::add);
    }
    return order;
  }

  /** {@code A..Z}, then {@code AA, AB, ...} (lower case from {@code 'a'}). */
  static String letters(int index, char first) {
    StringBuilder text = new StringBuilder();
    int n = index;
    do {
      text.insert(0, (char) (first + n % 26));
      n = n / 26 - 1;
    } while (n >= 0);
    return text.toString();
  }
}
