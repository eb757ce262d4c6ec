package io.podtopo.app.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameStartingWith;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.onionArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import java.io.RandomAccessFile;
import java.util.Set;
import java.util.TreeSet;

/**
 * The architecture rules of docs/design.md ("Dependency rules") and ADR 0001/0005, over the packages
 * below a root: the real code uses {@code io.podtopo}; the self-tests use a fixture root full of
 * violations, to show that each rule can fail.
 */
final class PodtopoArchitecture {

  /** What steps a node: an admission, a container starting or stopping, a removal. */
  private static final Set<String> STEPPING_FUNCTIONS =
      new TreeSet<>(Set.of("admit", "startContainers", "stopContainer", "removeContainer", "removePod"));

  private final String root;

  PodtopoArchitecture(String root) {
    this.root = root;
  }

  /**
   * Dependencies point inward: domain, then application services (ports and services), then the
   * adapters, which never depend on each other. The conformance suite and the composition root sit
   * outside the onion and may use its layers; the two rules after this one keep them outside.
   */
  ArchRule onion() {
    return onionArchitecture()
        .domainModels(root + ".domain..")
        .applicationServices(root + ".ports..", root + ".service..")
        .adapter("fake", root + ".adapters.fake..")
        .adapter("linux", root + ".adapters.linux..")
        .adapter("grpc", root + ".adapters.grpc..")
        .adapter("prometheus", root + ".adapters.prometheus..")
        .withOptionalLayers(true)
        .ignoreDependency(resideInAnyPackage(root + ".conformance..", root + ".app.."), alwaysTrue())
        .because("dependencies point inward only (docs/design.md#dependency-rules, ADR 0001)");
  }

  /** The conformance suite builds on the domain and the ports, never on an adapter or the app. */
  ArchRule conformanceUsesOnlyTheCore() {
    return noClasses().that().resideInAPackage(root + ".conformance..")
        .should().dependOnClassesThat().resideInAnyPackage(root + ".adapters..", root + ".app..")
        .because("conformance depends on ports and domain only (docs/design.md#dependency-rules)");
  }

  /** Nothing depends on the composition root. */
  ArchRule nothingDependsOnTheApp() {
    return noClasses().that().resideOutsideOfPackage(root + ".app..")
        .should().dependOnClassesThat().resideInAPackage(root + ".app..")
        .because("app composes everything and is used by nothing (docs/design.md#dependency-rules)");
  }

  /** The domain is pure: Java and Immutables' annotations only. */
  ArchRule domainIsPure() {
    return classes().that().resideInAPackage(root + ".domain..")
        .should().onlyDependOnClassesThat().resideInAnyPackage("java..", root + ".domain..", "org.immutables.value..")
        .because("domain is pure and deterministic: no I/O, logging or DI, no library");
  }

  /** Only the gRPC adapter touches gRPC, protobuf and Netty. */
  ArchRule grpcOnlyInTheGrpcAdapter() {
    return noClasses().that().resideOutsideOfPackage(root + ".adapters.grpc..")
        .should().dependOnClassesThat().resideInAnyPackage("io.grpc..", "com.google.protobuf..", "io.netty..")
        .because("only adapters-grpc speaks the PodResources wire protocol");
  }

  /** Only the Prometheus adapter touches the Prometheus client library. */
  ArchRule prometheusOnlyInThePrometheusAdapter() {
    return noClasses().that().resideOutsideOfPackage(root + ".adapters.prometheus..")
        .should().dependOnClassesThat().resideInAPackage("io.prometheus..")
        .because("only adapters-prometheus exports metrics");
  }

  /** The runtime core never touches the file system (ADR 0005). */
  ArchRule coreNeverTouchesTheFileSystem() {
    return noClasses().that().resideInAnyPackage(root + ".domain..", root + ".ports..", root + ".service..",
            root + ".adapters.fake..")
        .should().dependOnClassesThat(touchTheFileSystem())
        .because("on the node path only adapters-linux touches the file system (ADR 0005)");
  }

  /** Only the composition root touches Dagger and picocli. */
  ArchRule diAndCliOnlyInApp() {
    return noClasses().that().resideOutsideOfPackage(root + ".app..")
        .should().dependOnClassesThat().resideInAnyPackage("dagger..", "picocli..")
        .because("app is the composition root and the only command line");
  }

  /**
   * The command line, the agent and the conformance reference step a node through the use cases of
   * {@code ports.in} (the {@code Simulator}, a {@code NodeResourceManager}), never through the domain's
   * stepping functions themselves: one step loop, in the services (issue 26 item 3).
   */
  ArchRule driversStepNodesThroughThePorts() {
    String managers = root + ".domain.node.NodeResourceManagers";
    return noClasses().that().resideInAnyPackage(root + ".app..", root + ".conformance..")
        .should().callMethodWhere(describe("a stepping function of " + managers + " " + STEPPING_FUNCTIONS,
            call -> call.getTarget().getOwner().getFullName().equals(managers)
                && STEPPING_FUNCTIONS.contains(call.getTarget().getName())))
        .because("drivers step a node through ports.in, whose services hold the one step loop (docs/design.md)");
  }

  /** No cycles between the top-level packages (domain, ports, service, adapters, conformance, app). */
  ArchRule noCyclesBetweenTopLevelPackages() {
    return slices().matching(root + ".(*)..").should().beFreeOfCycles();
  }

  /**
   * Guards against rules passing vacuously: the import must hold the domain.
   *
   * @throws AssertionError when no domain class was imported
   */
  void requireDomain(JavaClasses classes) {
    if (classes.that(resideInAPackage(root + ".domain..")).isEmpty()) {
      throw new AssertionError("no class in " + root + ".domain.. was imported; the architecture rules "
          + "would pass without checking anything");
    }
  }

  private static DescribedPredicate<JavaClass> touchTheFileSystem() {
    return describe("touch the file system (java.nio.file, java.nio.channels, java.io.File*, "
        + "java.io.RandomAccessFile)", resideInAnyPackage("java.nio.file..", "java.nio.channels..")
            .or(resideInAPackage("java.io").and(simpleNameStartingWith("File")))
            .or(type(RandomAccessFile.class))::test);
  }
}
