package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.KnownLength;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Rule PR-9: {@code listEncoded()} gives the answer's bytes exactly, whichever stream gRPC hands the
 * marshaller: one that tells its length is read into one array of that length; one that tells too
 * little, too much or nothing is still read to its end.
 */
class PreEncodedTest {

  private static final byte[] MESSAGE = "a List answer, already encoded".getBytes(StandardCharsets.UTF_8);

  @Test
  void pr9_aStreamThatTellsItsLengthIsReadWhole() {
    assertThat(PreEncoded.MARSHALLER.parse(new Told(MESSAGE, MESSAGE.length))).isEqualTo(MESSAGE);
  }

  @Test
  void pr9_aStreamThatTellsTooLittleIsStillReadToItsEnd() {
    assertThat(PreEncoded.MARSHALLER.parse(new Told(MESSAGE, 5))).isEqualTo(MESSAGE);
    assertThat(PreEncoded.MARSHALLER.parse(new Told(MESSAGE, 0))).isEqualTo(MESSAGE);
  }

  @Test
  void pr9_aStreamThatTellsTooMuchGivesTheBytesItHas() {
    assertThat(PreEncoded.MARSHALLER.parse(new Told(MESSAGE, MESSAGE.length + 7))).isEqualTo(MESSAGE);
  }

  @Test
  void pr9_aStreamThatTellsNothingIsReadToItsEnd() {
    assertThat(PreEncoded.MARSHALLER.parse(new ByteArrayInputStream(MESSAGE))).isEqualTo(MESSAGE);
  }

  @Test
  void pr9_whatTheServerStreamsIsWhatTheClientParses() throws Exception {
    try (InputStream sent = PreEncoded.MARSHALLER.stream(MESSAGE)) {
      assertThat(sent).isInstanceOf(KnownLength.class);
      assertThat(PreEncoded.MARSHALLER.parse(sent)).isEqualTo(MESSAGE);
    }
  }

  /** A stream of known length that tells {@code told} bytes as available at first, as a broken one might. */
  private static final class Told extends ByteArrayInputStream implements KnownLength {

    private boolean first = true;
    private final int told;

    Told(byte[] bytes, int told) {
      super(bytes);
      this.told = told;
    }

    @Override
    public synchronized int available() {
      if (first) {
        first = false;
        return told;
      }
      return super.available();
    }
  }
}
