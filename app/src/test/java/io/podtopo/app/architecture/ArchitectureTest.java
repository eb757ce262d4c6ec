package io.podtopo.app.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The production code of every module follows the architecture of docs/design.md ("Modules",
 * "Dependency rules"; ADR 0001, ADR 0005).
 */
class ArchitectureTest {

  /** Production code only: not this module's tests, nor the test jars of others (adapters-grpc's helpers). */
  private static final JavaClasses PODTOPO = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .withImportOption(location -> !location.contains("-tests.jar"))
      .importPackages("io.podtopo");
  private static final PodtopoArchitecture RULES = new PodtopoArchitecture("io.podtopo");

  @Test
  void theImportHoldsTheDomainSoNoRulePassesVacuously() {
    RULES.requireDomain(PODTOPO);
  }

  @Test
  void theImportHoldsTheGrpcAdapterAndItsGeneratedCodeSoTheirRulesAreChecked() {
    assertThat(PODTOPO.that(resideInAPackage("io.podtopo.adapters.grpc"))).isNotEmpty();
    assertThat(PODTOPO.that(resideInAPackage("io.podtopo.adapters.grpc.v1")))
        .extracting(JavaClass::getSimpleName).contains("PodResourcesListerGrpc", "PodResources");
  }

  @Test
  void theImportHoldsThePrometheusAdapterSoItsRulesAreChecked() {
    assertThat(PODTOPO.that(resideInAPackage("io.podtopo.adapters.prometheus")))
        .extracting(JavaClass::getSimpleName).contains("PrometheusMetricsRecorder", "MetricsEndpoint", "AuditMetrics");
  }

  @Test
  void dependenciesPointInwardAsAnOnion() {
    RULES.onion().check(PODTOPO);
  }

  @Test
  void conformanceBuildsOnDomainAndPortsOnly() {
    RULES.conformanceUsesOnlyTheCore().check(PODTOPO);
  }

  @Test
  void nothingDependsOnTheCompositionRoot() {
    RULES.nothingDependsOnTheApp().check(PODTOPO);
  }

  @Test
  void theDomainDependsOnlyOnJavaAndImmutables() {
    RULES.domainIsPure().check(PODTOPO);
  }

  @Test
  void onlyTheGrpcAdapterTouchesGrpcProtobufAndNetty() {
    RULES.grpcOnlyInTheGrpcAdapter().check(PODTOPO);
  }

  @Test
  void onlyThePrometheusAdapterTouchesThePrometheusClient() {
    RULES.prometheusOnlyInThePrometheusAdapter().check(PODTOPO);
  }

  @Test
  void domainPortsServicesAndTheFakeAdapterNeverTouchTheFileSystem() {
    RULES.coreNeverTouchesTheFileSystem().check(PODTOPO);
  }

  @Test
  void onlyAppTouchesDaggerAndPicocli() {
    RULES.diAndCliOnlyInApp().check(PODTOPO);
  }

  @Test
  void issue26_item3_theCliTheAgentAndTheConformanceReferenceStepNodesThroughThePorts() {
    RULES.driversStepNodesThroughThePorts().check(PODTOPO);
  }

  @Test
  void topLevelPackagesHaveNoCycles() {
    RULES.noCyclesBetweenTopLevelPackages().check(PODTOPO);
  }
}
