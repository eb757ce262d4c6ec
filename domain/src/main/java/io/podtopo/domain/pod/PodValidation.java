package io.podtopo.domain.pod;

import io.podtopo.domain.gates.FeatureGates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.regex.Pattern;

/**
 * The resource rules of API validation of a pod on create, with upstream's messages (decision
 * D-42): {@code ValidatePodCreate} ({@code pkg/apis/core/validation/validation.go}, v1.37.2), which
 * the API server runs after {@code PrepareForCreate} and the kubelet's file source after decoding a
 * static pod. Run on the pod as defaulted ({@link PodDefaults}).
 *
 * <ul>
 *   <li>every app and init container's resources ({@code validateContainerCommon} →
 *       {@code ValidateContainerResourceRequirements}): resource names
 *       ({@code ValidateContainerResourceName}), whole numbers for extended resources, hugepage
 *       amounts in whole pages, requests no larger than limits, and equal to them where the resource
 *       cannot be overcommitted (hugepages, extended resources), which need a limit; hugepages only
 *       beside cpu or memory;
 *   <li>with {@code PodLevelResources} on and a {@code spec.resources} stanza
 *       ({@code validatePodResources}): the same rules with pod-level names (cpu, memory, hugepages
 *       only: {@code validatePodResourceName}), then {@code validatePodResourceConsistency}: each pod
 *       request at least the containers' aggregate request, each pod hugepage limit at least their
 *       aggregate limit, each app container's limit at most the pod limit;
 *   <li>{@code spec.ephemeralContainers}: forbidden on create.
 * </ul>
 *
 * <p>Nothing else of a pod is validated here (names, images, ports...). Upstream collects some
 * errors in Go map order, so their order is not upstream's; the set is.
 */
public final class PodValidation {

  private static final Set<String> STANDARD_CONTAINER_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage");
  private static final Set<String> INTEGER_RESOURCES = Set.of("pods", "resourcequotas", "services",
      "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims", "services.nodeports",
      "services.loadbalancers");
  private static final Set<String> STANDARD_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage",
      "requests.cpu", "requests.memory", "requests.ephemeral-storage", "limits.cpu", "limits.memory",
      "limits.ephemeral-storage", "pods", "resourcequotas", "services", "replicationcontrollers", "secrets",
      "configmaps", "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports",
      "services.loadbalancers");

  private static final String LABEL_KEY_FORMAT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final Pattern LABEL_KEY = Pattern.compile(LABEL_KEY_FORMAT);
  private static final String LABEL_KEY_MESSAGE = "must consist of alphanumeric characters, '-', '_' or '.', "
      + "and must start and end with an alphanumeric character";
  /** Upstream's {@code RegexError} with three examples writes two spaces before each "or". */
  private static final String LABEL_KEY_EXAMPLES = " (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for"
      + " validation is '" + LABEL_KEY_FORMAT + "')";

  private PodValidation() {}

  /** Whether ephemeral containers are refused, as on every create, or taken as a stored pod may carry them. */
  public enum EphemeralContainers { FORBIDDEN, ALLOWED }

  /** The errors of the pod's resources, none for a valid pod; {@code gates} are the validating side's. */
  public static List<FieldError> onCreate(Pod pod, FeatureGates gates, EphemeralContainers ephemeral) {
    List<FieldError> errors = new ArrayList<>(Names.subdomain("metadata.name", pod.name()));
    if (pod.containers().isEmpty()) {
      errors.add(FieldError.required("spec.containers", ""));
    }
    for (int i = 0; i < pod.containers().size(); i++) {
      Container container = pod.containers().get(i);
      errors.addAll(Names.label("spec.containers[" + i + "].name", container.name()));
      errors.addAll(requirements(container.requests(), container.limits(), "spec.containers[" + i + "].resources",
          PodValidation::containerResourceName));
    }
    for (int i = 0; i < pod.initContainers().size(); i++) {
      Container container = pod.initContainers().get(i);
      errors.addAll(Names.label("spec.initContainers[" + i + "].name", container.name()));
      errors.addAll(requirements(container.requests(), container.limits(),
          "spec.initContainers[" + i + "].resources", PodValidation::containerResourceName));
    }
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCES) && pod.podResourcesStanza()) {
      errors.addAll(requirements(pod.podRequests(), pod.podLimits(), "spec.resources", PodValidation::podResourceName));
      errors.addAll(consistency(pod));
    }
    if (ephemeral == EphemeralContainers.FORBIDDEN && !pod.ephemeralContainers().isEmpty()) {
      errors.add(FieldError.forbidden("spec.ephemeralContainers", "cannot be set on create"));
    }
    return List.copyOf(errors);
  }

  private interface NameRule {
    List<FieldError> check(String resource, String field);
  }

  /** {@code validateResourceRequirements}. */
  private static List<FieldError> requirements(SortedMap<String, Quantity> requests, SortedMap<String, Quantity> limits,
      String field, NameRule names) {
    List<FieldError> errors = new ArrayList<>();
    String limitsField = field + ".limits";
    String requestsField = field + ".requests";
    boolean cpuOrMemory = false;
    boolean hugePages = false;
    for (Map.Entry<String, Quantity> limit : limits.entrySet()) {
      String resource = limit.getKey();
      String at = limitsField + "[" + resource + "]";
      errors.addAll(names.check(resource, at));
      errors.addAll(quantityValue(resource, limit.getValue(), at));
      if (isHugePageName(resource)) {
        hugePages = true;
        hugePageValue(resource, limit.getValue(), at, errors);
      }
      cpuOrMemory |= Resources.isQosResource(resource);
    }
    for (Map.Entry<String, Quantity> request : requests.entrySet()) {
      String resource = request.getKey();
      Quantity quantity = request.getValue();
      String at = requestsField + "[" + resource + "]";
      errors.addAll(names.check(resource, at));
      errors.addAll(quantityValue(resource, quantity, at));
      Quantity limit = limits.get(resource);
      if (limit != null) {
        if (quantity.compareTo(limit) != 0 && !isOvercommitAllowed(resource)) {
          errors.add(FieldError.invalid(requestsField, quantity.goString(),
              "must be equal to " + resource + " limit of " + limit.goString()));
        } else if (quantity.compareTo(limit) > 0) {
          errors.add(FieldError.invalid(requestsField, quantity.goString(),
              "must be less than or equal to " + resource + " limit of " + limit.goString()));
        }
      } else if (!isOvercommitAllowed(resource)) {
        errors.add(FieldError.required(limitsField, "Limit must be set for non overcommitable resources"));
      }
      if (isHugePageName(resource)) {
        hugePages = true;
        hugePageValue(resource, quantity, at, errors);
      }
      cpuOrMemory |= Resources.isQosResource(resource);
    }
    if (!cpuOrMemory && hugePages) {
      errors.add(FieldError.forbidden(field, "HugePages require cpu or memory"));
    }
    return errors;
  }

  /** {@code validatePodResourceConsistency}. */
  private static List<FieldError> consistency(Pod pod) {
    List<FieldError> errors = new ArrayList<>();
    pod.aggregatedContainerRequests().forEach((resource, aggregated) -> {
      Quantity request = pod.podRequests().get(resource);
      if (request != null && aggregated.compareTo(request) > 0) {
        errors.add(FieldError.invalid("spec.resources.requests[" + resource + "]", request.goString(),
            "must be greater than or equal to aggregate container requests of " + aggregated.goString()));
      }
    });
    pod.aggregatedContainerLimits().forEach((resource, aggregated) -> {
      Quantity limit = pod.podLimits().get(resource);
      if (isHugePageName(resource) && limit != null && aggregated.compareTo(limit) > 0) {
        errors.add(FieldError.invalid("spec.resources.limits[" + resource + "]", limit.goString(),
            "must be greater than or equal to aggregate container limits of " + aggregated.goString()));
      }
    });
    for (int i = 0; i < pod.containers().size(); i++) {
      for (Map.Entry<String, Quantity> limit : pod.containers().get(i).limits().entrySet()) {
        Quantity podLimit = pod.podLimits().get(limit.getKey());
        if (podLimit != null && limit.getValue().compareTo(podLimit) > 0) {
          errors.add(FieldError.invalid("spec.resources.containers[" + i + "][" + limit.getKey() + "].limits",
              limit.getValue().goString(), "must be less than or equal to pod limits of " + podLimit.goString()));
        }
      }
    }
    return errors;
  }

  /** {@code ValidateResourceQuantityValue}: quantities here are never negative, so only the integer rule. */
  private static List<FieldError> quantityValue(String resource, Quantity quantity, String field) {
    if ((INTEGER_RESOURCES.contains(resource) || isExtendedResourceName(resource)) && !quantity.isIntegral()) {
      return List.of(FieldError.invalid(field, quantity.goString(), "must be an integer"));
    }
    return List.of();
  }

  /** {@code validateResourceQuantityHugePageValue}, indivisible values not allowed (a create). */
  private static void hugePageValue(String resource, Quantity quantity, String field, List<FieldError> errors) {
    if (!isHugePageValueDivisible(resource, quantity)) {
      errors.add(FieldError.invalid(field, quantity.goString(),
          quantity.goString() + " is not positive integer multiple of " + resource));
    }
  }

  /** {@code IsHugePageResourceValueDivisible}. */
  private static boolean isHugePageValueDivisible(String resource, Quantity quantity) {
    Quantity pageSize;
    try {
      pageSize = Quantity.parse(resource.substring(Resources.HUGEPAGES_PREFIX.length()));
    } catch (InvalidQuantityException e) {
      return false;
    }
    if (pageSize.isZero() || !pageSize.isIntegral()) {
      return false;
    }
    return quantity.value() % pageSize.value() == 0;
  }

  /** {@code ValidateContainerResourceName}. */
  private static List<FieldError> containerResourceName(String resource, String field) {
    List<FieldError> errors = new ArrayList<>(resourceName(resource, field));
    if (!resource.contains("/")) {
      if (!STANDARD_CONTAINER_RESOURCES.contains(resource) && !isHugePageName(resource)) {
        errors.add(FieldError.invalid(field, resource, "must be a standard resource for containers"));
      }
    } else if (!Resources.isNative(resource) && !isExtendedResourceName(resource)) {
      errors.add(FieldError.invalid(field, resource, "doesn't follow extended resource name standard"));
    }
    return errors;
  }

  /** {@code validatePodResourceName}: cpu, memory and hugepages only ({@code IsSupportedPodLevelResource}). */
  private static List<FieldError> podResourceName(String resource, String field) {
    List<FieldError> errors = resourceName(resource, field);
    if (!errors.isEmpty()) {
      return errors;
    }
    if (!Resources.isQosResource(resource) && !resource.startsWith(Resources.HUGEPAGES_PREFIX)) {
      return List.of(FieldError.notSupported(field, resource, "cpu", "hugepages-", "memory"));
    }
    return List.of();
  }

  /** {@code validateResourceName}: a qualified name, and a standard resource unless it has a prefix. */
  private static List<FieldError> resourceName(String resource, String field) {
    List<String> messages = qualifiedNameErrors(resource);
    if (!messages.isEmpty()) {
      return messages.stream().map(message -> FieldError.invalid(field, resource, message)).toList();
    }
    if (!resource.contains("/") && !STANDARD_RESOURCES.contains(resource) && !isQuotaHugePageName(resource)) {
      return List.of(FieldError.invalid(field, resource, "must be a standard resource type or fully qualified"));
    }
    return List.of();
  }

  /** {@code IsQualifiedName} ({@code content.IsLabelKey}). */
  private static List<String> qualifiedNameErrors(String value) {
    List<String> errors = new ArrayList<>();
    String[] parts = value.split("/", -1);
    String name;
    if (parts.length == 1) {
      name = parts[0];
    } else if (parts.length == 2) {
      String prefix = parts[0];
      name = parts[1];
      if (prefix.isEmpty()) {
        errors.add("prefix part must be non-empty");
      } else {
        if (prefix.length() > 253) {
          errors.add("prefix part must be no more than 253 bytes");
        }
        if (!Names.isSubdomain(prefix)) {
          errors.add("prefix part " + Names.SUBDOMAIN_MESSAGE);
        }
      }
    } else {
      return List.of("a valid label key " + LABEL_KEY_MESSAGE + LABEL_KEY_EXAMPLES
          + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
    }
    if (name.isEmpty()) {
      errors.add("name part must be non-empty");
    } else if (name.length() > 63) {
      errors.add("name part must be no more than 63 bytes");
    }
    if (!LABEL_KEY.matcher(name).matches()) {
      errors.add("name part " + LABEL_KEY_MESSAGE + LABEL_KEY_EXAMPLES);
    }
    return errors;
  }

  /** {@code IsHugePageResourceName}: the prefix, with or without a size. */
  private static boolean isHugePageName(String resource) {
    return resource.startsWith(Resources.HUGEPAGES_PREFIX);
  }

  private static boolean isQuotaHugePageName(String resource) {
    return resource.startsWith(Resources.HUGEPAGES_PREFIX) || resource.startsWith("requests." + Resources.HUGEPAGES_PREFIX);
  }

  /** {@code IsOvercommitAllowed}: native and not hugepages. */
  private static boolean isOvercommitAllowed(String resource) {
    return Resources.isNative(resource) && !isHugePageName(resource);
  }

  /** {@code IsExtendedResourceName}: not native, not {@code requests.}-prefixed, a qualified quota name. */
  public static boolean isExtendedResourceName(String resource) {
    if (Resources.isNative(resource) || resource.startsWith("requests.")) {
      return false;
    }
    return qualifiedNameErrors("requests." + resource).isEmpty();
  }
}
