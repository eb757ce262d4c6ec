package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Progress stays quiet for two seconds, then reports at most once a second. */
class ProgressTest {

  private long now;

  @Test
  void quietForTwoSecondsThenAtMostOneLineASecond() {
    StringWriter err = new StringWriter();
    Progress progress = new Progress(new PrintWriter(err), 10, "cases", () -> now);

    now = 1_999_000_000L;
    progress.done(1);
    now = 2_000_000_000L;
    progress.done(2);
    now = 2_500_000_000L;
    progress.done(3);
    now = 3_000_000_000L;
    progress.done(4);

    assertThat(err.toString().lines()).containsExactly("podtopo: 2/10 cases run (about 8 s left)",
        "podtopo: 4/10 cases run (about 4 s left)");
  }
}
