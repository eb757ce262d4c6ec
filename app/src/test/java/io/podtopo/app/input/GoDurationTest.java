package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Durations as Go's {@code time.ParseDuration} reads them, for {@code audit --every}. */
class GoDurationTest {

  @ParameterizedTest
  @CsvSource({"500ms, PT0.5S", "60s, PT1M", "5m, PT5M", "1h30m, PT1H30M", "1.5h, PT1H30M", "2m30.5s, PT2M30.5S",
      "250us, PT0.00025S", "250µs, PT0.00025S", "1ns, PT0.000000001S", ".5s, PT0.5S"})
  void goDurationsAreReadToTheNanosecond(String text, Duration expected) {
    assertThat(GoDuration.parse("--every", text)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "60", "5x", "1h 30m", "s", "-5s", "1.2.3s", "1d"})
  void anythingElseIsRefusedNamingTheOptionAndAnExample(String text) {
    assertThatThrownBy(() -> GoDuration.parse("--every", text)).isInstanceOf(InputException.class)
        .hasMessage("--every " + text + ": not a duration: give a number and a unit, e.g. 500ms, 60s, 5m or 1h30m");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0s", "0ms", "300y", "2562048h"})
  void zeroAndDurationsBeyondGosRangeAreRefused(String text) {
    assertThatThrownBy(() -> GoDuration.parse("--every", text)).isInstanceOf(InputException.class)
        .hasMessageStartingWith("--every " + text + ": ");
  }
}
