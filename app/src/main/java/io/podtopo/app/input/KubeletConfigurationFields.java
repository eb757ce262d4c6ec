package io.podtopo.app.input;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fields of {@code KubeletConfiguration} ({@code kubelet.config.k8s.io/v1beta1}, as of
 * Kubernetes v1.37: {@code staging/src/k8s.io/kubelet/config/v1beta1/types.go}), to tell a
 * misspelt field from one podtopo simply does not read. Checked: the top level, and each
 * {@code reservedMemory} entry ({@code numaNode}, {@code limits}); the members of the other nested
 * objects (authentication, logging, ...) are not looked into.
 */
final class KubeletConfigurationFields {

  /** Every top-level field of KubeletConfiguration v1beta1, with {@code apiVersion} and {@code kind}. */
  static final Set<String> TOP_LEVEL = Set.of("apiVersion", "kind",
      "enableServer", "staticPodPath", "podLogsDir", "syncFrequency", "fileCheckFrequency", "httpCheckFrequency",
      "staticPodURL", "staticPodURLHeader", "address", "port", "readOnlyPort", "tlsCertFile", "tlsPrivateKeyFile",
      "tlsCipherSuites", "tlsCurvePreferences", "tlsMinVersion", "rotateCertificates", "serverTLSBootstrap",
      "authentication", "authorization", "registryPullQPS", "registryBurst",
      "imagePullCredentialsVerificationPolicy", "preloadedImagesVerificationAllowlist", "eventRecordQPS",
      "eventBurst", "enableDebuggingHandlers", "enableContentionProfiling", "healthzPort", "healthzBindAddress",
      "oomScoreAdj", "clusterDomain", "clusterDNS", "streamingConnectionIdleTimeout", "nodeStatusUpdateFrequency",
      "nodeStatusReportFrequency", "nodeLeaseDurationSeconds", "imageMinimumGCAge", "imageMaximumGCAge",
      "imageGCHighThresholdPercent", "imageGCLowThresholdPercent", "volumeStatsAggPeriod", "kubeletCgroups",
      "systemCgroups", "cgroupRoot", "cgroupsPerQOS", "cgroupDriver", "cpuManagerPolicy", "singleProcessOOMKill",
      "cpuManagerPolicyOptions", "cpuManagerReconcilePeriod", "draManagerReconcilePeriod", "memoryManagerPolicy",
      "topologyManagerPolicy", "topologyManagerScope", "topologyManagerPolicyOptions", "qosReserved",
      "runtimeRequestTimeout", "hairpinMode", "maxPods", "podCIDR", "podPidsLimit", "resolvConf", "runOnce",
      "cpuCFSQuota", "cpuCFSQuotaPeriod", "nodeStatusMaxImages", "maxOpenFiles", "contentType", "kubeAPIQPS",
      "kubeAPIBurst", "serializeImagePulls", "maxParallelImagePulls", "evictionHard", "evictionSoft",
      "evictionSoftGracePeriod", "evictionPressureTransitionPeriod", "evictionMaxPodGracePeriod",
      "evictionMinimumReclaim", "mergeDefaultEvictionSettings", "podsPerCore", "enableControllerAttachDetach",
      "protectKernelDefaults", "makeIPTablesUtilChains", "iptablesMasqueradeBit", "iptablesDropBit",
      "featureGates", "failSwapOn", "memorySwap", "containerLogMaxSize", "containerLogMaxFiles",
      "containerLogMaxWorkers", "containerLogMonitorInterval", "configMapAndSecretChangeDetectionStrategy",
      "systemReserved", "kubeReserved", "reservedSystemCPUs", "showHiddenMetricsForVersion",
      "systemReservedCgroup", "kubeReservedCgroup", "enforceNodeAllocatable", "allowedUnsafeSysctls",
      "volumePluginDir", "providerID", "kernelMemcgNotification", "logging", "enableSystemLogHandler",
      "enableSystemLogQuery", "shutdownGracePeriod", "shutdownGracePeriodCriticalPods",
      "shutdownGracePeriodByPodPriority", "crashLoopBackOff", "reservedMemory", "enableProfilingHandler",
      "enableDebugFlagsHandler", "seccompDefault", "memoryThrottlingFactor", "memoryReservationPolicy",
      "registerWithTaints", "registerNode", "tracing", "localStorageCapacityIsolation", "containerRuntimeEndpoint",
      "imageServiceEndpoint", "failCgroupV1", "userNamespaces");

  /** The fields of a {@code reservedMemory} entry ({@code MemoryReservation}). */
  static final Set<String> MEMORY_RESERVATION = Set.of("numaNode", "limits");

  private KubeletConfigurationFields() {}

  /** The paths of the fields of {@code root} that KubeletConfiguration does not have, in document order. */
  static List<String> unknown(JsonNode root) {
    List<String> unknown = new ArrayList<>();
    root.fieldNames().forEachRemaining(name -> {
      if (!TOP_LEVEL.contains(name)) {
        unknown.add(name);
      }
    });
    JsonNode reserved = root.path("reservedMemory");
    for (int i = 0; reserved.isArray() && i < reserved.size(); i++) {
      int index = i;
      if (reserved.get(i).isObject()) {
        reserved.get(i).fieldNames().forEachRemaining(name -> {
          if (!MEMORY_RESERVATION.contains(name)) {
            unknown.add("reservedMemory[" + index + "]." + name);
          }
        });
      }
    }
    return unknown;
  }
}
