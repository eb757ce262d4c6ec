package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Durations are written as Go's time.ParseDuration reads them, as in every Kubernetes file and flag. */
class GoDurationTest {

  @Test
  void unitsFractionsAndSequencesAddUpAsInGo() {
    assertThat(GoDuration.parse("0")).isEqualTo(Duration.ZERO);
    assertThat(GoDuration.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(GoDuration.parse("60s")).isEqualTo(Duration.ofMinutes(1));
    assertThat(GoDuration.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
    assertThat(GoDuration.parse("1h2m3s")).isEqualTo(Duration.ofSeconds(3723));
    assertThat(GoDuration.parse(".5m")).isEqualTo(Duration.ofSeconds(30));
    assertThat(GoDuration.parse("2us")).isEqualTo(Duration.ofNanos(2000));
    assertThat(GoDuration.parse("2µs")).isEqualTo(Duration.ofNanos(2000));
    assertThat(GoDuration.parse("1.9ns")).as("Go truncates below a nanosecond").isEqualTo(Duration.ofNanos(1));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "60", "s", "1d", "-1s", "1s ", "1 s", "1.2.3s", "+1s"})
  void anythingElseIsRefusedNamingTheText(String text) {
    assertThatThrownBy(() -> GoDuration.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid duration \"" + text + "\": expected numbers with units such as 500ms");
  }
}
