package io.podtopo.domain.cpumanager;

/**
 * How the CPU selection orders the CPUs it hands out one by one (upstream
 * {@code CPUSortingStrategy}).
 */
public enum CpuSortingStrategy {
  /** Fill whole cores first, then single CPUs core by core (the default). */
  PACKED,
  /**
   * Skip the whole-core step and hand out CPUs socket by socket in ascending id order, which
   * spreads them over cores when siblings have distant ids (option
   * {@code distribute-cpus-across-cores}).
   */
  SPREAD
}
