package io.podtopo.domain.cpumanager;

import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.ExclusiveInitBeyondPool;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodSharedPool;
import io.podtopo.domain.pod.PoolFinding;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.pod.SharedInitWithoutPool;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which containers and pods the {@code static} policy gives exclusive CPUs, and how many: upstream
 * {@code guaranteedCPUs}, {@code podGuaranteedCPUs} and {@code validatePodScopeResources}. They
 * depend on the feature gates only, not on the machine.
 */
public final class CpuEligibility {

  private final FeatureGates gates;

  public CpuEligibility(FeatureGates gates) {
    this.gates = gates;
  }

  /**
   * Upstream {@code guaranteedCPUs} (spec 2.4): the exclusive CPUs a container gets, 0 for the shared
   * pool. Needs a Guaranteed pod and an integral cpu request; inside a pod-level pod (gate
   * {@code PodLevelResourceManagers} on) also an equivalent-Guaranteed container.
   */
  public long guaranteedCpus(Pod pod, Container container) {
    if (pod.qosClass(gates) != QosClass.GUARANTEED) {
      return 0;
    }
    if (pod.managedAtPodLevel(gates) && !container.isEquivalentGuaranteed()) {
      return 0;
    }
    Quantity cpu = container.request(Resources.CPU).orElse(Quantity.ZERO);
    return cpu.isIntegral() ? cpu.value() : 0;
  }

  /**
   * Upstream {@code podGuaranteedCPUs}. A pod-level pod (gate {@code PodLevelResourceManagers} on):
   * its integral pod cpu request if Guaranteed, else 0. Otherwise the KEP-753 rule over
   * {@link #guaranteedCpus}: {@code max(largest standard init + sidecars before it, apps + sidecars)},
   * skipping containers without a cpu request.
   */
  public long podGuaranteedCpus(Pod pod) {
    if (pod.managedAtPodLevel(gates)) {
      if (pod.qosClass(gates) != QosClass.GUARANTEED) {
        return 0;
      }
      Quantity cpu = pod.podRequests().get(Resources.CPU);
      return cpu != null && cpu.isIntegral() ? cpu.value() : 0;
    }
    long largestInit = 0;
    long sidecars = 0;
    for (Container init : pod.initContainers()) {
      if (init.request(Resources.CPU).isEmpty()) {
        continue;
      }
      long cpus = guaranteedCpus(pod, init);
      if (init.restartable()) {
        sidecars += cpus;
      } else if (sidecars + cpus > largestInit) {
        largestInit = sidecars + cpus;
      }
    }
    long apps = 0;
    for (Container app : pod.containers()) {
      if (app.request(Resources.CPU).isPresent()) {
        apps += guaranteedCpus(pod, app);
      }
    }
    return Math.max(largestInit, apps + sidecars);
  }

  /**
   * The pod shared pool of cpu: the budget {@link #podGuaranteedCpus}, each container's
   * {@link #guaranteedCpus} (none: on the pool).
   */
  public PodSharedPool podSharedPool(Pod pod) {
    return PodSharedPool.of(pod, new TreeMap<>(Map.of(Resources.CPU, podGuaranteedCpus(pod))), container -> {
      long cpus = guaranteedCpus(pod, container);
      return cpus == 0 ? new TreeMap<>() : new TreeMap<>(Map.of(Resources.CPU, cpus));
    });
  }

  /**
   * Upstream {@code validatePodScopeResources} (PLRM spec 6.3): would the pod leave a container of
   * its shared pool without CPUs? The first finding of the {@link #podSharedPool} walk, in upstream's
   * words.
   */
  public Optional<EmptyPodSharedPoolError> validatePodScopeResources(Pod pod) {
    return podSharedPool(pod).firstFinding().map(CpuEligibility::emptyPodSharedPool);
  }

  private static EmptyPodSharedPoolError emptyPodSharedPool(PoolFinding finding) {
    if (finding instanceof ExclusiveInitBeyondPool init) {
      return EmptyPodSharedPoolError.of("pod rejected, largest exclusive init container requests " + init.requested()
          + " cpus, but only " + init.pool() + " available");
    }
    if (finding instanceof SharedInitWithoutPool) {
      return EmptyPodSharedPoolError.of("pod rejected, pod has shared init containers but no cpus available for them");
    }
    // SharedContainersWithoutPool, the last kind of finding
    return EmptyPodSharedPoolError.of("pod rejected, sum of exclusive container cpu requests equals pod budget, "
        + "leaving no cpus for shared containers");
  }
}
