package io.podtopo.domain.quirks;

import java.util.List;

/**
 * The kubelet release whose decisions {@link Behaviour#KUBELET} reproduces: the release the
 * kubelet oracle runs by default ({@code oracle/go.mod}, ADR 0009), against which every bundled
 * vector and quirk case is checked. The patch releases of {@link #DECIDING_ALIKE} run the same
 * resource-manager code and decide alike (ADR 0008's per-release table, from oracle runs), so no
 * choice among them is offered.
 */
public final class KubeletRelease {

  /** The release reproduced, as {@code k8s.io/kubernetes} tags it. */
  public static final String REPRODUCED = "v1.37.2";

  /** How reports name it: {@code kubelet v1.37.2}. */
  public static final String NAME = "kubelet " + REPRODUCED;

  /** The releases that decide as {@link #REPRODUCED} does, oldest first. */
  public static final List<String> DECIDING_ALIKE = List.of("v1.37.0", "v1.37.1", "v1.37.2");

  /** How help texts name the range: {@code kubelet v1.37.2 (v1.37.0 to v1.37.2 decide alike)}. */
  public static final String NAME_WITH_RANGE = NAME + " (v1.37.0 to v1.37.2 decide alike)";

  private KubeletRelease() {}
}
