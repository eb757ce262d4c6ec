package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.CpuPolicy;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.memorymanager.MemoryHints;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.HintProvider;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import java.util.List;
import java.util.Optional;

/**
 * The Device, CPU and Memory Managers as hint providers of one state, in the kubelet's registration
 * order (upstream {@code NewContainerManager}: device, CPU, memory). A manager under its
 * {@code none}/{@code None} policy is still registered and, like upstream's none policies, answers
 * "no preference" (a nil map). The Device Manager is left out on a node without devices (no device
 * plugin registered, nothing held): it would answer no preference for every pod, which changes no
 * merge, and traces stay as they were (decision D-40). All answer under one admission's
 * {@link QuirkLog}.
 */
final class ManagerHintProviders {

  private ManagerHintProviders() {}

  static List<HintProvider> of(DeviceManager deviceManager, CpuPolicy cpuPolicy,
      MemoryPolicy memoryPolicy, NodeState state, QuirkLog quirks) {
    Cpu cpu = new Cpu(cpuPolicy, state.cpu(), quirks);
    Memory memory = new Memory(memoryPolicy, state.memory(), quirks);
    if (deviceManager.hasNoDevices() && state.devices().isEmpty()) {
      return List.of(cpu, memory);
    }
    return List.of(new Devices(deviceManager, state.devices()), cpu, memory);
  }

  /** The Device Manager: hints per device plugin resource the container or pod asks for. */
  private static final class Devices implements HintProvider {

    private final DeviceManager manager;
    private final DeviceManagerState state;

    Devices(DeviceManager manager, DeviceManagerState state) {
      this.manager = manager;
      this.state = state;
    }

    @Override
    public String name() {
      return "device";
    }

    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return ProviderHints.of(manager.containerHints(state, pod, container));
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return ProviderHints.of(manager.podHints(state, pod));
    }
  }

  /** The CPU Manager: {@code {"cpu": hints}}, or nil when it has no preference. */
  private static final class Cpu implements HintProvider {

    private final CpuPolicy policy;
    private final CpuManagerState state;
    private final QuirkLog quirks;

    Cpu(CpuPolicy policy, CpuManagerState state, QuirkLog quirks) {
      this.policy = policy;
      this.state = state;
      this.quirks = quirks;
    }

    @Override
    public String name() {
      return "cpu";
    }

    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return cpuHints(policy.containerHints(state, pod, container));
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return cpuHints(policy.podHints(state, pod, quirks));
    }

    private static ProviderHints cpuHints(Optional<ResourceHints> hints) {
      return hints.map(answer -> ProviderHints.of(Resources.CPU, answer)).orElse(ProviderHints.noPreference());
    }
  }

  /** The Memory Manager: hints per memory type, or nil when it has no preference. */
  private static final class Memory implements HintProvider {

    private final MemoryPolicy policy;
    private final MemoryManagerState state;
    private final QuirkLog quirks;

    Memory(MemoryPolicy policy, MemoryManagerState state, QuirkLog quirks) {
      this.policy = policy;
      this.state = state;
      this.quirks = quirks;
    }

    @Override
    public String name() {
      return "memory";
    }

    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return memoryHints(policy.containerHints(state, pod, container, quirks));
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return memoryHints(policy.podHints(state, pod, quirks));
    }

    private static ProviderHints memoryHints(MemoryHints hints) {
      if (hints.isNil()) {
        return ProviderHints.noPreference();
      }
      return ProviderHints.of(hints.resourceHints());
    }
  }
}
