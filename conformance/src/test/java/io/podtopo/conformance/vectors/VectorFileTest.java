package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A vector file keeps the SHA-256 of its bytes and the suite knows its Maven coordinates, so that
 * every report names exactly which vectors and which suite ran (issue 11).
 */
class VectorFileTest {

  @Test
  void aFileKnowsTheSha256OfItsBytesAsSha256sumComputesIt() {
    // sha256sum conformance/src/test/resources/io/podtopo/conformance/vectors/selftest/selftest.json
    assertThat(SelfTestVectors.files()).singleElement().extracting(VectorFile::sha256)
        .isEqualTo("9aa12635f30ca9d736eec15ba69b6037db81a0f91a455da1fa0d39c72e9a7505");
  }

  @Test
  void everyBundledFileHasItsOwnSha256() {
    List<String> digests = VectorFile.bundled().stream().map(VectorFile::sha256).toList();

    assertThat(digests).allMatch(d -> d.matches("[0-9a-f]{64}")).doesNotHaveDuplicates();
  }

  @Test
  void theSuiteIsNamedByTheMavenCoordinatesWrittenAtBuildTime() {
    assertThat(SuiteVersion.current().coordinates())
        .matches("io\\.podtopo:podtopo-conformance:\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }
}
