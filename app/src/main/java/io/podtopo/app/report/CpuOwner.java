package io.podtopo.app.report;

import java.util.Objects;

/**
 * Who a CPU belongs to, for the {@link TopologyMap}: a kind and, for containers and pod pools, a
 * name such as {@code default/web app} or {@code default/web}.
 *
 * @param kind what sort of owner this is
 * @param name who it is; empty for the node shared pool and the reserved CPUs
 */
public record CpuOwner(Kind kind, String name) {

  /** Sorts of owners; each has its own marks on the map, so the picture reads without colour. */
  public enum Kind {
    /** CPUs reserved for the system ({@code #}). */
    RESERVED,
    /** The node shared pool, the CPU Manager's default set ({@code .}). */
    NODE_SHARED,
    /** A container's exclusive CPUs (upper-case letters {@code A}, {@code B}, ...). */
    EXCLUSIVE,
    /** A pod shared pool, or bubble CPUs no container uses (lower-case letters {@code a}, {@code b}, ...). */
    POD_SHARED
  }

  private static final CpuOwner RESERVED = new CpuOwner(Kind.RESERVED, "");
  private static final CpuOwner NODE_SHARED = new CpuOwner(Kind.NODE_SHARED, "");

  public CpuOwner {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
  }

  /** Reserved CPUs. */
  public static CpuOwner reserved() {
    return RESERVED;
  }

  /** The node shared pool. */
  public static CpuOwner nodeShared() {
    return NODE_SHARED;
  }

  /** The exclusive CPUs of one container, e.g. {@code exclusive("default/web app")}. */
  public static CpuOwner exclusive(String container) {
    return new CpuOwner(Kind.EXCLUSIVE, container);
  }

  /** The shared pool of one pod, e.g. {@code podShared("default/web")}. */
  public static CpuOwner podShared(String pod) {
    return new CpuOwner(Kind.POD_SHARED, pod);
  }

  /** What the owner is, for a legend: {@code reserved}, {@code exclusive: default/web app}, ... */
  public String describe() {
    return switch (kind) {
      case RESERVED -> "reserved";
      case NODE_SHARED -> "node shared pool";
      case EXCLUSIVE -> "exclusive: " + name;
      case POD_SHARED -> "pod shared pool: " + name;
    };
  }
}
