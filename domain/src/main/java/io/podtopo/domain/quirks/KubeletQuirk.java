package io.podtopo.domain.quirks;

/**
 * A point where kubelet v1.37's allocation or admission decision departs from the corrected one
 * (ADR 0008). Each quirk has a stable id, the decision of {@code docs/spec/decisions.md} it comes
 * from, both behaviours in one line each, and what the kubelet does when it is reached: it answers
 * (differently), never finishes, or crashes. {@link Behaviour} chooses which behaviour a node
 * reproduces.
 */
public enum KubeletQuirk {

  /** D-8, invariant 24: the CPU Manager does not restore a pod-level pod after a restart. */
  CPU_RESTART_REALLOCATES("Q-cpu-restart-reallocates", "D-8", KubeletOutcome.ANSWERS,
      "a pod-level pod re-admitted after a restart gets its CPU hints from the per-container size check "
          + "(a pod-shared container never matches: no hint) and a new bubble from the default set: "
          + "rejected, or moved with its old bubble leaked",
      "the restored bubble gives the hints and is kept; only containers without an entry are carved "
          + "out of it (invariant 24)",
      "kubernetes/kubernetes#140989; the fix #141041 is listed in CHANGELOG-1.38 (since v1.37.0)"),

  /** D-8: a failed CPU partition keeps the pod's new bubble. */
  CPU_PARTIAL_BUBBLE("Q-cpu-partial-bubble", "D-8", KubeletOutcome.LEAVES_RESIDUE,
      "an AllocatePod whose partition fails leaves the new bubble out of the default set, in the pod entry",
      "the state is returned unchanged",
      "policy_static.go AllocatePod (v1.37): SetPodCPUSet before the partition, nothing released on "
          + "error; #141041 adds the release"),

  /** D-21, invariant 26: full-pcpus-only can hand out half cores. */
  LONE_SIBLING("Q-lone-sibling", "D-21", KubeletOutcome.ANSWERS,
      "with full-pcpus-only allocateCPUs takes from every free CPU, the lone SMT sibling of a reserved "
          + "CPU included, and an odd NUMA-aligned part splits a core",
      "only cores whose every thread is free are given out, the NUMA-aligned part in whole cores "
          + "(invariant 26)",
      "policy_static.go allocateCPUs (v1.37): GetAvailableCPUs ∪ reusable, min(numCPUs, aligned) CPUs aligned"),

  /** D-16: the NUMA-distributed selection loops forever on some remainders. */
  NUMA_REMAINDER_LOOP("Q-numa-remainder-loop", "D-16", KubeletOutcome.NEVER_FINISHES,
      "with distribute-cpus-across-numa and full-pcpus-only a remainder subset whose free CPUs cover the "
          + "remainder but not in whole groups is scored by a loop that never ends",
      "such a subset is skipped, as the resize variant does; the same answer wherever the kubelet finishes",
      "cpu_assignment.go takeByTopologyNUMADistributed (v1.37); the fix #140730 is listed in "
          + "CHANGELOG-1.38 (\"the kubelet could hang during Pod admission\")"),

  /** D-12, invariant 24: the Memory Manager does not restore a pod-level pod after a restart. */
  MEMORY_RESTART_REAPPLIES("Q-memory-restart-reapplies", "D-12", KubeletOutcome.ANSWERS,
      "a pod-level pod re-admitted after a restart gets its memory hints from its first container's "
          + "blocks (none when they are not the whole budget) and AllocatePod reserves the budget again",
      "the pod entry gives the hints; a complete allocation is kept, a partial one completed without "
          + "reserving again, a pod entry without containers replaced (invariants 24, 25)",
      "kubernetes/kubernetes#140906 and #141069; the fixes #141077 and #141070 were merged after v1.37.0"),

  /** D-11: a missing hugepage table makes the Memory Manager dereference nil. */
  MEMORY_MISSING_TABLE("Q-memory-missing-table", "D-11", KubeletOutcome.CRASHES,
      "a requested hugepage size that some NUMA node has no table for is read from a nil table: "
          + "the kubelet panics",
      "a mask with such a node cannot serve that size",
      "memorymanager policy_static.go calculateHints (v1.37): machineState[n].MemoryMap[r].Free; "
          + "cadvisor lists every size on every node, so only synthetic machines reach it"),

  /** D-13: the allocation-time group check lets a single node of a group through. */
  MEMORY_SINGLE_NODE_IN_GROUP("Q-memory-single-node-in-group", "D-13", KubeletOutcome.ANSWERS,
      "a single-node hint on one node of a multi-node memory group passes the allocation-time check and "
          + "is allocated, breaking the group (the next start refuses the state or not, by Go's map order); "
          + "a pod refused after it leaves the group broken: the cleanup resets a node's cells only with its "
          + "last assignment",
      "it is refused as the hints refuse it: preferred hint violates NUMA node allocation",
      "memorymanager policy_static.go isAffinityViolatingNUMAAllocations (v1.37) checks masks of "
          + "several nodes only; calculateHints refuses the single node"),

  /** D-41: a pod-level pod's devices are allocated when its containers start, after admission. */
  DEVICES_AT_CONTAINER_START("Q-devices-at-container-start", "D-41", KubeletOutcome.ANSWERS,
      "the Device Manager's AllocatePod does nothing: in pod scope under best-effort a pod-level pod short of "
          + "devices passes the resource managers, holding its CPUs and memory, and the resource-fit predicate "
          + "run after them refuses it: OutOf<resource>, also where free devices would serve it but a device "
          + "another pod holds has turned unhealthy (used, not allocatable); a restored pod whose running "
          + "containers hold devices no longer healthy or registered is admitted and keeps them",
      "the devices are allocated at admission with the pod hint, after the CPUs and memory: a shortage, or "
          + "a held device no longer healthy or registered, is the Device Manager's error "
          + "(UnexpectedAdmissionError); a pod its free devices serve is admitted",
      "kubelet.go NewMainKubelet (v1.37): the resource managers' admit handler, then "
          + "lifecycle.NewPredicateAdmitHandler; lifecycle/predicate.go InsufficientResourceError; the "
          + "Device Manager's AllocatePod of the KEP-5526 code returns nil; devicesToAllocate runs only for a "
          + "container being started"),

  /**
   * D-43: the Topology Manager's stored hints outlive a refused pod and, after a restart, the
   * containers of a restored pod.
   */
  STALE_TOPOLOGY_HINTS("Q-stale-topology-hints", "D-43", KubeletOutcome.LEAVES_RESIDUE,
      "the Topology Manager drops a stored hint only when a container it saw start since the kubelet started "
          + "stops: the hints of a pod refused after they were stored (an allocation error, or a later "
          + "container's topology refusal in container scope) and those stored again for a pod restored after a "
          + "restart are never removed",
      "a refused pod leaves no hint (NA-3, invariant 35) and a container's hint goes when it stops (NA-12)",
      "topologymanager scope.go (v1.37.2): setTopologyHints before allocateAlignedResources or AllocatePod; "
          + "podTopologyHints loses an entry only in RemoveContainer, for a container id AddContainer "
          + "(PreStartContainer) put in podMap; a restart starts with both maps empty");

  private final String id;
  private final String decision;
  private final KubeletOutcome outcome;
  private final String kubelet;
  private final String spec;
  private final String evidence;

  KubeletQuirk(String id, String decision, KubeletOutcome outcome, String kubelet, String spec, String evidence) {
    this.id = id;
    this.decision = decision;
    this.outcome = outcome;
    this.kubelet = kubelet;
    this.spec = spec;
    this.evidence = evidence;
  }

  /** The stable id, e.g. {@code Q-lone-sibling}. */
  public String id() {
    return id;
  }

  /** The decision of {@code docs/spec/decisions.md} the quirk comes from, e.g. {@code D-21}. */
  public String decision() {
    return decision;
  }

  /** What kubelet v1.37 does when it reaches the quirk. */
  public KubeletOutcome outcome() {
    return outcome;
  }

  /** The kubelet's behaviour, in one line. */
  public String kubeletBehaviour() {
    return kubelet;
  }

  /** The corrected behaviour, in one line. */
  public String specBehaviour() {
    return spec;
  }

  /** Where the kubelet's behaviour was read: upstream file, function, issue or PR. */
  public String evidence() {
    return evidence;
  }

  /** {@code Q-lone-sibling (D-21)}. */
  public String label() {
    return id + " (" + decision + ")";
  }

  /**
   * What is said instead of an answer where the kubelet never finishes or crashes, e.g.
   * {@code kubelet v1.37 would never finish admitting this pod (quirk Q-numa-remainder-loop, D-16)}
   * for {@code doing} = {@code admitting this pod} (left out when empty).
   */
  public String noAnswerMessage(String doing) {
    String what = outcome == KubeletOutcome.CRASHES ? "would crash" : "would never finish";
    return KubeletRelease.NAME + " " + what + (doing.isEmpty() ? "" : " " + doing) + " (quirk " + id + ", " + decision + ")";
  }

  /** What kubelet v1.37 does at a quirk. */
  public enum KubeletOutcome {
    /** It decides, differently from the corrected behaviour. */
    ANSWERS,
    /** It never finishes the admission. */
    NEVER_FINISHES,
    /** It crashes (a Go panic). */
    CRASHES,
    /**
     * It decides as the corrected behaviour does but leaves something of a refused or removed pod in
     * its state: never the reason a pod is refused.
     */
    LEAVES_RESIDUE
  }
}
