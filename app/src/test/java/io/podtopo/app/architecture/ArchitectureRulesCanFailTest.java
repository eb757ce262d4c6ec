package io.podtopo.app.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * Each architecture rule fails on the fixture packages under {@code io.podtopo.archfixture}, each of
 * which breaks one rule on purpose, and names the offending class: no rule passes for want of teeth.
 */
class ArchitectureRulesCanFailTest {

  private static final String FIXTURE = "io.podtopo.archfixture";
  private static final JavaClasses FIXTURES = new ClassFileImporter().importPackages(FIXTURE);
  private static final PodtopoArchitecture RULES = new PodtopoArchitecture(FIXTURE);

  @Test
  void theOnionRuleCatchesTheDomainUsingAServiceAndAnAdapterUsingAnother() {
    assertThatThrownBy(() -> RULES.onion().check(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".domain.KnowsTheService")
        .hasMessageContaining(FIXTURE + ".adapters.fake.UsesTheLinuxAdapter");
  }

  @Test
  void theConformanceRuleCatchesTheSuiteUsingAnAdapter() {
    assertThatThrownBy(() -> RULES.conformanceUsesOnlyTheCore().check(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".conformance.UsesTheLinuxAdapter");
  }

  @Test
  void theCompositionRootRuleCatchesAServiceUsingTheApp() {
    assertThatThrownBy(() -> RULES.nothingDependsOnTheApp().check(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".service.StartsTheApp");
  }

  @Test
  void theDomainPurityRuleCatchesALibraryInTheDomain() {
    assertThatThrownBy(() -> RULES.domainIsPure().check(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".domain.UsesJackson")
        .hasMessageContaining("com.fasterxml.jackson.databind.JsonNode");
  }

  @Test
  void theGrpcRuleCatchesGrpcOutsideTheGrpcAdapter() {
    assertThatThrownBy(() -> RULES.grpcOnlyInTheGrpcAdapter().check(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".ports.TalksGrpc")
        .hasMessageContaining("io.grpc.archfixture.StubChannel");
  }

  @Test
  void thePrometheusRuleCatchesTheClientLibraryOutsideThePrometheusAdapter() {
    assertThatThrownBy(() -> RULES.prometheusOnlyInThePrometheusAdapter().check(FIXTURES))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".service.CountsInPrometheus")
        .hasMessageContaining("io.prometheus.metrics.core.metrics.Counter");
  }

  @Test
  void theFileSystemRuleCatchesAServiceReadingFiles() {
    assertThatThrownBy(() -> RULES.coreNeverTouchesTheFileSystem().check(FIXTURES))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".service.ReadsFiles")
        .hasMessageContaining("java.nio.file.Files")
        .hasMessageContaining("java.io.FileReader");
  }

  @Test
  void theDaggerAndPicocliRuleCatchesInjectionOutsideApp() {
    assertThatThrownBy(() -> RULES.diAndCliOnlyInApp().check(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".ports.LazilyInjected")
        .hasMessageContaining("dagger.Lazy");
  }

  @Test
  void theSteppingRuleCatchesADriverAdmittingThroughTheManagersThemselves() {
    assertThatThrownBy(() -> RULES.driversStepNodesThroughThePorts().check(FIXTURES))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(FIXTURE + ".app.StepsTheManagersItself")
        .hasMessageContaining(FIXTURE + ".domain.node.NodeResourceManagers.admit(int)");
  }

  @Test
  void theCycleRuleCatchesDomainAndServiceDependingOnEachOther() {
    assertThatThrownBy(() -> RULES.noCyclesBetweenTopLevelPackages().check(FIXTURES))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Cycle detected");
  }

  @Test
  void theDomainGuardCatchesAnImportWithoutTheDomain() {
    PodtopoArchitecture nothing = new PodtopoArchitecture(FIXTURE + ".nowhere");

    assertThatThrownBy(() -> nothing.requireDomain(FIXTURES)).isInstanceOf(AssertionError.class)
        .hasMessage("no class in " + FIXTURE + ".nowhere.domain.. was imported; the architecture rules would "
            + "pass without checking anything");
  }
}
