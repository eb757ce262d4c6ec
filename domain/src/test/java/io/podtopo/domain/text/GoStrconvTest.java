package io.podtopo.domain.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Go's {@code strconv.ParseBool} and {@code strconv.Atoi} as the kubelet's option parsing uses them (the
 * CPU Manager's and the Topology Manager's policy options): exactly Go's spellings, Go's reasons.
 */
class GoStrconvTest {

  @Test
  void parseBoolTakesExactlyGosTwelveSpellings() {
    List.of("1", "t", "T", "TRUE", "true", "True").forEach(text -> assertThat(GoStrconv.parseBool(text)).contains(true));
    List.of("0", "f", "F", "FALSE", "false", "False").forEach(text -> assertThat(GoStrconv.parseBool(text)).contains(false));
    List.of("", "yes", "tRUE", "TrUe", " true", "2").forEach(text -> assertThat(GoStrconv.parseBool(text)).isEmpty());
  }

  @Test
  void atoiTakesASignAndDigitsWithGosReasons() {
    assertThat(GoStrconv.atoi("+8")).isEqualTo(8);
    assertThat(GoStrconv.atoi("-3")).isEqualTo(-3);
    assertThatThrownBy(() -> GoStrconv.atoi("8 ")).hasMessage("invalid syntax");
    assertThatThrownBy(() -> GoStrconv.atoi("+")).hasMessage("invalid syntax");
    assertThatThrownBy(() -> GoStrconv.atoi("99999999999999999999")).hasMessage("value out of range");
  }
}
