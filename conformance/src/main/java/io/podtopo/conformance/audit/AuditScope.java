package io.podtopo.conformance.audit;

import java.util.Objects;

/**
 * What the caller knows of whether the node fills the pod-level {@code cpu_ids} and {@code memory}
 * of PodResources (PLRM spec §9.2: only in pod scope with the PodLevelResourceManagers gate on). The
 * answers do not say, so it comes from the caller: a scope given, or a kubelet configuration read.
 *
 * @param podLevelFields whether the fields may be filled
 * @param source where that is known from, for messages (e.g. {@code --scope container})
 */
public record AuditScope(PodLevelFields podLevelFields, String source) {

  /** Whether a node may fill the pod-level fields. */
  public enum PodLevelFields {
    /** Pod scope with the gates on: the fields are filled for pods with pod-level resources. */
    ALLOWED,
    /** Container scope, or the gate off: the fields are always empty. */
    FORBIDDEN,
    /** Not known: the rules that need it are not checked. */
    UNKNOWN
  }

  public AuditScope {
    Objects.requireNonNull(podLevelFields, "podLevelFields");
    Objects.requireNonNull(source, "source");
  }

  /** A node in pod scope with the gates on, as {@code source} says. */
  public static AuditScope podScope(String source) {
    return new AuditScope(PodLevelFields.ALLOWED, source);
  }

  /** A node that never fills the pod-level fields (container scope or gate off), as {@code source} says. */
  public static AuditScope withoutPodLevelFields(String source) {
    return new AuditScope(PodLevelFields.FORBIDDEN, source);
  }

  /** Nothing known. */
  public static AuditScope unknown() {
    return new AuditScope(PodLevelFields.UNKNOWN, "scope unknown");
  }
}
