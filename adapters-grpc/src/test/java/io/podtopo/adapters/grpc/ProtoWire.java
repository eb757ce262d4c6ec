package io.podtopo.adapters.grpc;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The protobuf wire format written by hand from its specification (varints, tags, length-delimited
 * fields, packed repeated varints), independent of protobuf-java and of the generated classes.
 * {@link #decode} reads bytes as a message of the {@link Spec91} table and fails on any field the
 * table does not list or that arrives with another wire type than the table's.
 */
final class ProtoWire {

  private ProtoWire() {}

  /** A decoded field: a {@code Long} (varint), a {@code String}, a {@code List<Long>} (packed) or a {@link Message}. */
  record Value(int number, Object value) {}

  /** A decoded message of the table: its type and its fields in wire order. */
  record Message(String type, List<Value> values) {

    boolean has(int number) {
      return values.stream().anyMatch(v -> v.number() == number);
    }

    String string(int number) {
      return (String) one(number);
    }

    long varint(int number) {
      return (Long) one(number);
    }

    @SuppressWarnings("unchecked")
    List<Long> packed(int number) {
      return values.stream().filter(v -> v.number() == number).flatMap(v -> ((List<Long>) v.value()).stream()).toList();
    }

    Message message(int number) {
      return (Message) one(number);
    }

    List<Message> messages(int number) {
      return values.stream().filter(v -> v.number() == number).map(v -> (Message) v.value()).toList();
    }

    private Object one(int number) {
      List<Object> found = values.stream().filter(v -> v.number() == number).map(Value::value).toList();
      if (found.size() != 1) {
        throw new AssertionError(type + " field " + number + " occurs " + found.size() + " times, expected once");
      }
      return found.get(0);
    }
  }

  /**
   * Decodes {@code bytes} as a message {@code type} of the §9.1 table.
   *
   * @throws AssertionError naming the message, field and wire type that the table does not allow
   */
  static Message decode(String type, byte[] bytes) {
    Reader in = new Reader(bytes);
    List<Value> values = new ArrayList<>();
    while (in.hasMore()) {
      long tag = in.varint();
      int number = (int) (tag >>> 3);
      int wireType = (int) (tag & 7);
      Spec91.Field field = Spec91.field(type, number).orElseThrow(() -> new AssertionError(
          type + " has no field " + number + " in §9.1, yet one arrived with wire type " + wireType));
      if (wireType != field.wireType()) {
        throw new AssertionError(type + "." + field.name() + " (field " + number + ") arrived with wire type "
            + wireType + ", §9.1 makes it " + field.wireType());
      }
      values.add(new Value(number, wireType == 0 ? (Object) in.varint() : payload(field, in.lengthDelimited())));
    }
    return new Message(type, values);
  }

  private static Object payload(Spec91.Field field, byte[] payload) {
    return switch (field.kind()) {
      case STRING -> new String(payload, StandardCharsets.UTF_8);
      case MESSAGE -> decode(field.type(), payload);
      case INT64 -> packedVarints(payload);
      case UINT64 -> throw new AssertionError("a uint64 is never length-delimited");
    };
  }

  private static List<Long> packedVarints(byte[] payload) {
    Reader in = new Reader(payload);
    List<Long> values = new ArrayList<>();
    while (in.hasMore()) {
      values.add(in.varint());
    }
    return values;
  }

  /** A {@code GetPodResourcesRequest}: {@code pod_name} as field 1, {@code pod_namespace} as field 2. */
  static byte[] getRequest(String name, String namespace) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(stringField(1, name));
    out.writeBytes(stringField(2, namespace));
    return out.toByteArray();
  }

  /** A length-delimited string field: tag ({@code number << 3 | 2}), length, UTF-8 bytes. */
  static byte[] stringField(int number, String value) {
    byte[] text = value.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeVarint(out, (long) number << 3 | 2);
    writeVarint(out, text.length);
    out.writeBytes(text);
    return out.toByteArray();
  }

  private static void writeVarint(ByteArrayOutputStream out, long value) {
    long rest = value;
    while ((rest & ~0x7FL) != 0) {
      out.write((int) (rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    out.write((int) rest);
  }

  private static final class Reader {
    private final byte[] bytes;
    private int position;

    Reader(byte[] bytes) {
      this.bytes = bytes;
    }

    boolean hasMore() {
      return position < bytes.length;
    }

    long varint() {
      long value = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (position >= bytes.length) {
          throw new AssertionError("a varint runs past the end of the message");
        }
        byte next = bytes[position++];
        value |= (long) (next & 0x7F) << shift;
        if ((next & 0x80) == 0) {
          return value;
        }
      }
      throw new AssertionError("a varint is longer than 10 bytes");
    }

    byte[] lengthDelimited() {
      long length = varint();
      if (length < 0 || position + length > bytes.length) {
        throw new AssertionError("a length of " + length + " runs past the end of the message");
      }
      byte[] payload = Arrays.copyOfRange(bytes, position, position + (int) length);
      position += (int) length;
      return payload;
    }
  }
}
