package io.podtopo.adapters.grpc;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A marshaller of messages that are already encoded: the bytes are sent as they are, so one
 * encoding serves every caller. The stream it hands gRPC tells its length and drains into the
 * transport's buffer in one write.
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
      return stream.readAllBytes();
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
