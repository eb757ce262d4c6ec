package io.podtopo.adapters.grpc;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A marshaller of messages that are already encoded: the bytes are sent as they are, so one
 * encoding serves every caller. The stream it hands gRPC tells its length and drains into the
 * transport's buffer in one write; a received message whose stream tells its length ({@link KnownLength},
 * as gRPC's own do) is read into one array of that length, with no growing buffers to copy from.
 */
final class PreEncoded implements MethodDescriptor.Marshaller<byte[]> {

  static final PreEncoded MARSHALLER = new PreEncoded();

  private PreEncoded() {}

  @Override
  public InputStream stream(byte[] encoded) {
    return new EncodedStream(encoded);
  }

  @Override
  public byte[] parse(InputStream stream) {
    try {
      if (!(stream instanceof KnownLength)) {
        return stream.readAllBytes();
      }
      byte[] told = new byte[stream.available()];
      int read = stream.readNBytes(told, 0, told.length);
      int next = stream.read();
      if (next == -1) {
        return read == told.length ? told : Arrays.copyOf(told, read);
      }
      ByteArrayOutputStream whole = new ByteArrayOutputStream();
      whole.write(told, 0, read);
      whole.write(next);
      whole.write(stream.readAllBytes());
      return whole.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read an encoded message", e);
    }
  }

  private static final class EncodedStream extends ByteArrayInputStream implements KnownLength, Drainable {

    EncodedStream(byte[] encoded) {
      super(encoded);
    }

    @Override
    public synchronized int drainTo(OutputStream target) throws IOException {
      int length = count - pos;
      target.write(buf, pos, length);
      pos = count;
      return length;
    }
  }
}
