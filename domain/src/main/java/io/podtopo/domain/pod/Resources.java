package io.podtopo.domain.pod;

import io.podtopo.domain.text.ByteSizes;

/** Names of the resources the node resource managers act on. */
public final class Resources {

  public static final String CPU = "cpu";
  public static final String MEMORY = "memory";
  public static final String HUGEPAGES_PREFIX = "hugepages-";
  private static final String NATIVE_PREFIX = "kubernetes.io/";

  private Resources() {}

  /** Whether the managers act on this resource: cpu, memory or a hugepage size. */
  public static boolean isManaged(String resource) {
    return CPU.equals(resource) || isMemoryKind(resource);
  }

  /** Memory or a hugepage size: the resources of the Memory Manager. */
  public static boolean isMemoryKind(String resource) {
    return MEMORY.equals(resource) || isHugepages(resource);
  }

  public static boolean isHugepages(String resource) {
    return resource.startsWith(HUGEPAGES_PREFIX) && resource.length() > HUGEPAGES_PREFIX.length();
  }

  /** Upstream {@code IsNativeResource}: no domain prefix, or one in {@code kubernetes.io/}. */
  public static boolean isNative(String resource) {
    return !resource.contains("/") || isPrefixedNative(resource);
  }

  /** Upstream {@code IsPrefixedNativeResource}: a resource in {@code kubernetes.io/}. */
  public static boolean isPrefixedNative(String resource) {
    return resource.contains(NATIVE_PREFIX);
  }

  /** Whether QoS is computed from this resource (cpu and memory only). */
  public static boolean isQosResource(String resource) {
    return CPU.equals(resource) || MEMORY.equals(resource);
  }

  /**
   * Upstream {@code HugePageResourceName} of a page size: {@code hugepages-} and the size in the
   * canonical binary-SI form ({@code 2Mi}, {@code 1Gi}, {@code 64Ki}).
   */
  public static String hugepageResourceName(long pageSizeBytes) {
    return HUGEPAGES_PREFIX + ByteSizes.quantity(pageSizeBytes);
  }
}
