package io.podtopo.domain.cpumanager;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.util.Optional;

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
   * Upstream {@code validatePodScopeResources} (PLRM spec 6.3): would the pod leave a container of
   * its shared pool without CPUs? Walks standard init containers against the budget minus the
   * sidecars so far, then checks that shared long-running containers keep at least one CPU.
   */
  public Optional<EmptyPodSharedPoolError> validatePodScopeResources(Pod pod) {
    long budget = podGuaranteedCpus(pod);
    boolean sharedLongRunning = false;
    long longRunningExclusive = 0;
    for (Container init : pod.initContainers()) {
      long cpus = guaranteedCpus(pod, init);
      if (!init.restartable()) {
        long poolForStandardInits = budget - longRunningExclusive;
        if (cpus > 0 && cpus > poolForStandardInits) {
          return Optional.of(EmptyPodSharedPoolError.of("pod rejected, largest exclusive init container requests "
              + cpus + " cpus, but only " + poolForStandardInits + " available"));
        }
        if (cpus == 0 && longRunningExclusive >= budget) {
          return Optional.of(EmptyPodSharedPoolError.of(
              "pod rejected, pod has shared init containers but no cpus available for them"));
        }
      } else if (cpus == 0) {
        sharedLongRunning = true;
      } else {
        longRunningExclusive += cpus;
      }
    }
    for (Container app : pod.containers()) {
      long cpus = guaranteedCpus(pod, app);
      if (cpus == 0) {
        sharedLongRunning = true;
      } else {
        longRunningExclusive += cpus;
      }
    }
    if (sharedLongRunning && longRunningExclusive >= budget) {
      return Optional.of(EmptyPodSharedPoolError.of("pod rejected, sum of exclusive container cpu requests equals "
          + "pod budget, leaving no cpus for shared containers"));
    }
    return Optional.empty();
  }

}
