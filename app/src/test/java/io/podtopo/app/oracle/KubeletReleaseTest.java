package io.podtopo.app.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.quirks.KubeletRelease;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The release podtopo names as the one it reproduces is the one its oracle runs by default (ADR
 * 0009): bumping the oracle without podtopo's claim, or the claim without the oracle, fails here.
 */
class KubeletReleaseTest {

  @Test
  void theReleaseReproducedIsTheOraclesDefault() throws IOException {
    String goMod = Files.readString(KubeletOracle.launcher().resolveSibling("go.mod"));
    Matcher pinned = Pattern.compile("(?m)^replace k8s\\.io/kubernetes => \\./\\.build/src/kubernetes@(v[0-9.]+)$")
        .matcher(goMod);

    assertThat(pinned.find()).as("oracle/go.mod pins k8s.io/kubernetes").isTrue();
    assertThat(KubeletRelease.REPRODUCED).isEqualTo(pinned.group(1));
    assertThat(KubeletRelease.DECIDING_ALIKE).endsWith(KubeletRelease.REPRODUCED);
  }

  @Test
  void everyReleaseDecidingAlikeIsPinnedInTheOracle() {
    for (String release : KubeletRelease.DECIDING_ALIKE) {
      Path modfile = KubeletOracle.launcher().resolveSibling("releases").resolve(release + ".mod");
      assertThat(release.equals(KubeletRelease.REPRODUCED) || Files.isRegularFile(modfile))
          .as("%s is pinned (oracle/releases/%s.mod)", release, release).isTrue();
    }
  }
}
