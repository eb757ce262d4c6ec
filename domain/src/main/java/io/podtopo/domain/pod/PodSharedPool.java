package io.podtopo.domain.pod;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The pod shared pool of a pod-level pod, walked as upstream's {@code validatePodScopeResources}
 * walks it (PLRM spec §6.3; the CPU Manager's copy for cpu, the Memory Manager's for memory and each
 * hugepage size): the init containers in pod order, each standard one against the budget less the
 * exclusive sidecars declared before it, then the app containers; at the end the long-running
 * containers on the pool (sidecars and app containers) against what the exclusive ones leave of the
 * budget.
 *
 * <p>A container is on the pool when it gets nothing exclusively; the managers say what each
 * container gets ({@code exclusive}). The walk answers with typed {@link PoolFinding}s, which the
 * managers phrase as their {@code EmptyPodSharedPoolError} texts ({@link #firstFinding}) and the
 * rejection's explanation as advice ({@link #sharedContainersWithout}). Each container's amounts are
 * asked for when the walk reaches it, as upstream reads them, so a manager that cannot read one
 * fails at the same container.
 */
public final class PodSharedPool {

  private final Pod pod;
  private final SortedMap<String, Long> budget;
  private final Function<Container, SortedMap<String, Long>> exclusive;

  private PodSharedPool(Pod pod, SortedMap<String, Long> budget,
      Function<Container, SortedMap<String, Long>> exclusive) {
    this.pod = pod;
    this.budget = budget;
    this.exclusive = exclusive;
  }

  /**
   * The pool of {@code pod}.
   *
   * @param budget the pod's budget per resource, in the order findings of the same container are reported
   * @param exclusive what a container gets exclusively per resource; empty for a container on the pool
   */
  public static PodSharedPool of(Pod pod, SortedMap<String, Long> budget,
      Function<Container, SortedMap<String, Long>> exclusive) {
    return new PodSharedPool(pod, Collections.unmodifiableSortedMap(new TreeMap<>(budget)), exclusive);
  }

  /** The budget per resource. */
  public SortedMap<String, Long> budget() {
    return budget;
  }

  /**
   * Upstream's answer: the first finding in its order (the containers in pod order, each against every
   * resource of the budget, then the long-running containers on the pool), where upstream returns its
   * error; empty when the pool serves every container on it.
   */
  public Optional<PoolFinding> firstFinding() {
    return walk(List.copyOf(budget.keySet()), false);
  }

  /**
   * For one resource of the budget, the containers on the pool the walk leaves without any of it: the
   * first standard init container after sidecars that take the whole budget, else the long-running
   * containers on the pool. An exclusive standard init container larger than its pool is passed over:
   * the pod-level validation refuses such a pod before (its aggregated requests exceed the budget).
   *
   * @throws IllegalArgumentException when the budget has no such resource
   */
  public Optional<PoolFinding> sharedContainersWithout(String resource) {
    if (!budget.containsKey(resource)) {
      throw new IllegalArgumentException("the budget has no " + resource + ": " + budget);
    }
    return walk(List.of(resource), true);
  }

  private Optional<PoolFinding> walk(List<String> resources, boolean passOverLargeInits) {
    Map<String, List<Map.Entry<String, Long>>> exclusiveLongRunning = new TreeMap<>();
    resources.forEach(resource -> exclusiveLongRunning.put(resource, new ArrayList<>()));
    List<String> sharing = new ArrayList<>();
    for (Container init : pod.initContainers()) {
      SortedMap<String, Long> own = exclusive.apply(init);
      if (init.restartable()) {
        longRunning(init, own, exclusiveLongRunning, sharing);
        continue;
      }
      for (String resource : resources) {
        long taken = total(exclusiveLongRunning.get(resource));
        long budgeted = budget.get(resource);
        if (own.isEmpty()) {
          if (taken >= budgeted) {
            return Optional.of(new SharedInitWithoutPool.Builder().resource(resource).container(init.name())
                .budget(budgeted).sidecars(exclusiveLongRunning.get(resource)).build());
          }
        } else if (!passOverLargeInits && own.getOrDefault(resource, 0L) > budgeted - taken) {
          return Optional.of(new ExclusiveInitBeyondPool.Builder().resource(resource).container(init.name())
              .requested(own.getOrDefault(resource, 0L)).pool(budgeted - taken).build());
        }
      }
    }
    for (Container app : pod.containers()) {
      longRunning(app, exclusive.apply(app), exclusiveLongRunning, sharing);
    }
    if (sharing.isEmpty()) {
      return Optional.empty();
    }
    for (String resource : resources) {
      if (total(exclusiveLongRunning.get(resource)) >= budget.get(resource)) {
        return Optional.of(new SharedContainersWithoutPool.Builder().resource(resource).budget(budget.get(resource))
            .exclusive(exclusiveLongRunning.get(resource)).sharing(sharing).build());
      }
    }
    return Optional.empty();
  }

  /** A sidecar or app container: on the pool, or exclusive with what it takes of each resource. */
  private static void longRunning(Container container, SortedMap<String, Long> own,
      Map<String, List<Map.Entry<String, Long>>> exclusiveLongRunning, List<String> sharing) {
    if (own.isEmpty()) {
      sharing.add(container.name());
      return;
    }
    exclusiveLongRunning.forEach((resource, takes) ->
        takes.add(Map.entry(container.name(), own.getOrDefault(resource, 0L))));
  }

  private static long total(List<Map.Entry<String, Long>> takes) {
    return takes.stream().mapToLong(Map.Entry::getValue).sum();
  }
}
