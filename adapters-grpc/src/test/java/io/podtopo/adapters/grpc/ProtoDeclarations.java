package io.podtopo.adapters.grpc;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a {@code .proto} file declares, as protoc describes it ({@link FileDescriptorProto}), written as
 * one line per declared thing so that two files can be compared as sets of lines, whatever the order
 * of their declarations and whatever their comments.
 *
 * <p>Every field protoc fills is written, by a walk over the descriptor itself rather than a list of
 * chosen attributes: syntax, package, imports, file options; each message (nested ones inside it), its
 * fields with number, label, type, type name, {@code proto3_optional}, JSON name, default and options,
 * its oneofs (a field names its oneof, not its index), reserved ranges and names, options; each enum
 * and value; each service, its methods with input and output types, streaming and options. A repeated
 * declaration is keyed by its name, or, having none (a reserved range), by its whole text. Only two
 * fields are left out: the file's {@code name} (where it lies) and {@code source_code_info} (its
 * comments and layout). For example:
 *
 * <pre>
 * message_type ClaimResource / field share_id / number: 5
 * message_type ClaimResource / field share_id / proto3_optional: true
 * service PodResourcesLister / method Get / output_type: .v1.GetPodResourcesResponse
 * options / go_package: k8s.io/kubelet/pkg/apis/podresources/v1
 * </pre>
 */
final class ProtoDeclarations {

  private static final Set<String> LEFT_OUT = Set.of("google.protobuf.FileDescriptorProto.name",
      "google.protobuf.FileDescriptorProto.source_code_info");
  private static final String ONEOF_INDEX = "google.protobuf.FieldDescriptorProto.oneof_index";

  private ProtoDeclarations() {}

  /** The lines, sorted. */
  static SortedSet<String> of(FileDescriptorProto file) {
    SortedSet<String> lines = new TreeSet<>();
    walk("", file, null, lines);
    return lines;
  }

  /**
   * Fails unless {@code podtopo} declares what {@code upstream} does, apart from {@code podtopoOwn}:
   * lines podtopo declares and upstream does not, each of which must be there.
   *
   * @throws AssertionError listing every line only one side declares
   */
  static void assertSame(FileDescriptorProto upstream, FileDescriptorProto podtopo, Collection<String> podtopoOwn) {
    SortedSet<String> theirs = of(upstream);
    SortedSet<String> ours = of(podtopo);
    List<String> problems = new ArrayList<>();
    theirs.stream().filter(line -> !ours.contains(line))
        .forEach(line -> problems.add("declared upstream, not in podtopo:   " + line));
    ours.stream().filter(line -> !theirs.contains(line) && !podtopoOwn.contains(line))
        .forEach(line -> problems.add("declared in podtopo, not upstream:   " + line));
    podtopoOwn.stream().filter(line -> !ours.contains(line) || theirs.contains(line))
        .forEach(line -> problems.add("podtopo's own declaration is gone or now upstream's too: " + line));
    if (!problems.isEmpty()) {
      throw new AssertionError(problems.size() + " difference(s) between upstream's " + upstream.getName()
          + " and podtopo's " + podtopo.getName() + ":\n  " + String.join("\n  ", problems));
    }
  }

  private static void walk(String path, Message message, DescriptorProto enclosing, SortedSet<String> lines) {
    DescriptorProto messageHere = message instanceof DescriptorProto declared ? declared : enclosing;
    for (Map.Entry<FieldDescriptor, Object> entry : message.getAllFields().entrySet()) {
      FieldDescriptor field = entry.getKey();
      if (LEFT_OUT.contains(field.getFullName())) {
        continue;
      }
      List<?> values = field.isRepeated() ? (List<?>) entry.getValue() : List.of(entry.getValue());
      for (Object value : values) {
        if (field.getFullName().equals(ONEOF_INDEX)) {
          lines.add(join(path, "oneof: " + enclosing.getOneofDecl((Integer) value).getName()));
        } else if (value instanceof Message child) {
          String name = name(child);
          if (field.isRepeated() && name == null) {
            lines.add(join(path, field.getName() + " " + TextFormat.shortDebugString(child)));
          } else {
            String childPath = join(path, field.getName() + (field.isRepeated() ? " " + name : ""));
            lines.add(childPath);
            walk(childPath, child, messageHere, lines);
          }
        } else {
          lines.add(join(path, field.getName() + ": " + value));
        }
      }
    }
    if (!message.getUnknownFields().asMap().isEmpty()) {
      lines.add(join(path, "unknown fields: " + message.getUnknownFields().toString().strip().replaceAll("\\s+", " ")));
    }
  }

  /** The {@code name} of a declaration, null when it has none. */
  private static String name(Message declaration) {
    FieldDescriptor name = declaration.getDescriptorForType().findFieldByName("name");
    return name != null && name.getType() == FieldDescriptor.Type.STRING && declaration.hasField(name)
        ? (String) declaration.getField(name) : null;
  }

  private static String join(String path, String part) {
    return path.isEmpty() ? part : path + " / " + part;
  }
}
