package io.podtopo.app.cli;

import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.conformance.audit.AuditScope;
import io.podtopo.domain.gates.FeatureGates;
import java.nio.file.Path;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * Where {@code podtopo audit} learns the node's scope, which PodResources answers do not say: the
 * scope given ({@code --scope}) or the node's kubelet configuration ({@code --kubelet-config}: its
 * {@code topologyManagerScope} and feature gates). One or the other, never both.
 */
final class ScopeSource {

  /** The Topology Manager scopes, as the kubelet names them. */
  enum Scope {
    pod,
    container
  }

  @Option(names = "--scope", paramLabel = "SCOPE", required = true,
      description = "The node's Topology Manager scope: ${COMPLETION-CANDIDATES}.")
  Scope scope;

  @PathOption(PathKind.FILE)
  @Option(names = "--kubelet-config", paramLabel = "FILE", required = true,
      description = "The node's KubeletConfiguration (e.g. /var/lib/kubelet/config.yaml): its topologyManagerScope and "
          + "feature gates tell the scope.")
  Path kubeletConfig;

  /** What the option given says. @throws io.podtopo.app.input.InputException for a bad configuration file */
  AuditScope auditScope(FieldValidation fields) {
    if (scope != null) {
      String source = "--scope " + scope;
      return scope == Scope.pod ? AuditScope.podScope(source) : AuditScope.withoutPodLevelFields(source);
    }
    NodeSettings settings = KubeletConfigFile.read(kubeletConfig, fields);
    if (!settings.topologyManagerScope().equals(Scope.pod.name())) {
      return AuditScope.withoutPodLevelFields(kubeletConfig + ": topologyManagerScope " + settings.topologyManagerScope());
    }
    return Stream.of(FeatureGates.POD_LEVEL_RESOURCES, FeatureGates.POD_LEVEL_RESOURCE_MANAGERS)
        .filter(gate -> !settings.featureGates().enabled(gate)).findFirst()
        .map(gate -> AuditScope.withoutPodLevelFields(kubeletConfig + ": feature gate " + gate + " off"))
        .orElseGet(() -> AuditScope.podScope(kubeletConfig + ": topologyManagerScope pod, pod-level gates on"));
  }
}
