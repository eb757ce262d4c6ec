package io.podtopo.ports.out;

/** The {@code resource_name} label of the resource-manager counters (PLRM spec §12). */
public enum ResourceName {
  CPU("cpu"),
  MEMORY("memory");

  private final String label;

  ResourceName(String label) {
    this.label = label;
  }

  /** The label value, e.g. {@code cpu}. */
  public String label() {
    return label;
  }
}
