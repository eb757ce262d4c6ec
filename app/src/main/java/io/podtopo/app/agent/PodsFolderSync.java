package io.podtopo.app.agent;

import static io.podtopo.app.agent.DecisionLog.fields;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.out.AllocationStoreException;
import io.podtopo.ports.out.CpusetWriteException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Keeps a node's pods in line with a folder of manifests, as the kubelet does with its static pod
 * folder: each {@link #sync} takes a scan of the folder and
 *
 * <ol>
 *   <li>removes the pods of every file that is gone or changed (a changed file is released, then
 *       admitted again as new);</li>
 *   <li>on the first sync only, removes the active pods no manifest holds any more (a restarted agent
 *       whose folder changed while it was down);</li>
 *   <li>admits the pods of every new or changed file, files in name order and pods in file order; a
 *       pod the node already runs (restored from its state after a restart) is kept as it is, never
 *       allocated again; a pod whose {@code namespace/name} another file already holds is refused, as
 *       the kubelet refuses a duplicate static pod;</li>
 *   <li>writes the cpusets the node has not applied yet ({@link NodeResourceManager#reconcile}).</li>
 * </ol>
 *
 * <p>Every decision is one line of the {@link DecisionLog}. Nothing here stops the agent: a rejected
 * pod is a {@code warn} line with the kubelet's reason and message and is not retried until its file
 * changes, a file that is not a Pod manifest a {@code warn} line (once per version of the file), a
 * state that could not be saved an {@code error} line (the file is tried again by the next sync), a
 * cgroup that could not be written an {@code error} line (the node retries it with its next change).
 *
 * <p>Not thread-safe: one agent loop calls it.
 */
public final class PodsFolderSync {

  /** What the node runs from one file: the version of the file and its admitted pods. */
  private record Applied(String digest, List<Pod> pods) {}

  private final NodeResourceManager node;
  private final DecisionLog log;
  private final SortedMap<String, Applied> applied = new TreeMap<>();
  private boolean synced;

  /** A sync of {@code node}, logging to {@code log}. */
  public PodsFolderSync(NodeResourceManager node, DecisionLog log) {
    this.node = node;
    this.log = log;
  }

  /** Brings the node in line with {@code scan}, the folder's files by name. */
  public void sync(SortedMap<String, ManifestFile> scan) {
    releaseGoneAndChanged(scan);
    if (!synced) {
      removeOrphans(scan);
      synced = true;
    }
    for (ManifestFile file : scan.values()) {
      if (!applied.containsKey(file.name())) {
        apply(file);
      }
    }
    reconcile();
  }

  private void releaseGoneAndChanged(SortedMap<String, ManifestFile> scan) {
    for (String name : List.copyOf(applied.keySet())) {
      ManifestFile now = scan.get(name);
      if (now != null && now.digest().equals(applied.get(name).digest())) {
        continue;
      }
      String why = now == null ? "manifest removed" : "manifest changed";
      if (removeAll(name, applied.get(name).pods(), why)) {
        applied.remove(name);
      }
    }
  }

  private void removeOrphans(SortedMap<String, ManifestFile> scan) {
    Set<String> inManifests = new HashSet<>();
    scan.values().forEach(file -> file.pods().forEach(pod -> inManifests.add(pod.uid())));
    List<Pod> orphans = node.snapshot().activePods().stream().filter(pod -> !inManifests.contains(pod.uid())).toList();
    removeAll(null, orphans, "no manifest holds it");
  }

  /**
   * Removes {@code pods} of {@code file} (null: of no file); false when the node could not save a
   * removal (tried again next sync).
   */
  private boolean removeAll(String file, List<Pod> pods, String why) {
    for (Pod pod : pods) {
      try {
        node.removePod(pod.uid());
        log.info("removed", fields("file", file, "pod", fullName(pod), "uid", pod.uid(), "why", why));
      } catch (AllocationStoreException e) {
        log.error("not-saved", fields("file", file, "pod", fullName(pod), "uid", pod.uid(), "message", e.getMessage()));
        return false;
      } catch (CpusetWriteException e) {
        log.error("cgroup-write-failed", fields("file", file, "pod", fullName(pod), "message", e.getMessage()));
      }
    }
    return true;
  }

  private void apply(ManifestFile file) {
    if (file.error().isPresent()) {
      log.warn("invalid-manifest", fields("file", file.name(), "message", file.error().get()));
      applied.put(file.name(), new Applied(file.digest(), List.of()));
      return;
    }
    file.warnings().forEach(warning -> log.warn("unknown-fields", fields("file", file.name(), "message", warning)));
    List<Pod> running = new ArrayList<>();
    for (Pod pod : file.pods()) {
      Optional<String> holder = holderOf(pod);
      if (holder.isPresent()) {
        log.warn("duplicate-pod", fields("file", file.name(), "pod", fullName(pod),
            "message", "pod " + fullName(pod) + " is already defined by " + holder.get() + "; ignored"));
        continue;
      }
      Optional<Boolean> outcome = admit(file, pod);
      if (outcome.isEmpty()) {
        return; // not saved: the next sync takes the file again, its pods admitted so far as restored
      }
      if (outcome.get()) {
        running.add(pod);
      }
    }
    applied.put(file.name(), new Applied(file.digest(), running));
  }

  /** Whether the pod runs now; empty when its admission could not be saved. */
  private Optional<Boolean> admit(ManifestFile file, Pod pod) {
    if (node.snapshot().activePod(pod.uid()).isPresent()) {
      log.info("restored", fields("file", file.name(), "pod", fullName(pod), "uid", pod.uid(), "cpus", cpus(pod)));
      return Optional.of(true);
    }
    Admission admission;
    try {
      admission = node.admit(pod);
    } catch (AllocationStoreException e) {
      log.error("not-saved", fields("file", file.name(), "pod", fullName(pod), "uid", pod.uid(),
          "message", e.getMessage()));
      return Optional.empty();
    } catch (CpusetWriteException e) {
      log.error("cgroup-write-failed", fields("file", file.name(), "pod", fullName(pod), "uid", pod.uid(),
          "message", e.getMessage()));
      return Optional.of(true);
    }
    String quirks = quirks(admission);
    if (admission.admitted()) {
      log.info("admitted", fields("file", file.name(), "pod", fullName(pod), "uid", pod.uid(), "cpus", cpus(pod),
          "quirks", quirks));
      return Optional.of(true);
    }
    if (admission.noAnswer().isPresent()) {
      log.warn("no-answer", fields("file", file.name(), "pod", fullName(pod), "uid", pod.uid(),
          "message", admission.message().orElse(""), "quirks", quirks));
      return Optional.of(false);
    }
    Map<String, List<String>> explanation = new LinkedHashMap<>();
    node.explainRejection(pod, admission).ifPresent(cause -> {
      explanation.put("causes", cause.causes());
      explanation.put("fixes", cause.fixes());
    });
    log.warn("rejected", fields("file", file.name(), "pod", fullName(pod), "uid", pod.uid(),
        "reason", admission.reason().orElse(""), "message", admission.message().orElse(""), "quirks", quirks),
        explanation);
    return Optional.of(false);
  }

  private void reconcile() {
    try {
      node.reconcile();
    } catch (CpusetWriteException e) {
      log.error("cgroup-write-failed", fields("message", e.getMessage()));
    }
  }

  /** The file that already holds a pod of this {@code namespace/name}. */
  private Optional<String> holderOf(Pod pod) {
    for (Map.Entry<String, Applied> entry : applied.entrySet()) {
      if (entry.getValue().pods().stream().anyMatch(other -> fullName(other).equals(fullName(pod)))) {
        return Optional.of(entry.getKey());
      }
    }
    return Optional.empty();
  }

  /**
   * The pod's CPUs in the CPU Manager's state: its bubble in pod scope, its containers' exclusive
   * CPUs otherwise (what PodResources reports for it), read off the state rather than building the
   * whole node's PodResources view for one log line.
   */
  private String cpus(Pod pod) {
    CpuManagerState state = node.snapshot().state().cpu();
    CpuSet cpus = state.podCpus(pod.uid()).orElse(CpuSet.empty());
    for (CpuSet container : state.containerEntries(pod.uid()).values()) {
      cpus = cpus.union(container);
    }
    return cpus.toString();
  }

  /**
   * The quirks that changed the decision, as {@code Q-lone-sibling (D-21), ...}; null (no field) when
   * none did (ADR 0008).
   */
  private static String quirks(Admission admission) {
    return admission.quirks().isEmpty() ? null
        : admission.quirks().stream().map(KubeletQuirk::label).collect(Collectors.joining(", "));
  }

  private static String fullName(Pod pod) {
    return pod.namespace() + "/" + pod.name();
  }
}
