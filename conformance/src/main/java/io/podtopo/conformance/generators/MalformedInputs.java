package io.podtopo.conformance.generators;

import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Inputs as users and other tools get them wrong: a valid text (a quantity, a cpulist, a machine
 * shape, a Pod manifest) with one to four mutations (a character inserted from an alphabet of the
 * characters these formats and YAML give meaning to, a character deleted or replaced, a piece
 * repeated), or text from that alphabet alone. Most results are invalid; some stay valid, as real
 * edits do.
 */
public final class MalformedInputs {

  /** Characters with a meaning in quantities, cpulists, shapes, YAML and JSON, digits, and a few others. */
  private static final String ALPHABET = "0123456789-,.+eEmkKMGTPiIsnct:{}[]\"'#&*!|>%@`\\ \t\n\u00e9\u0000";

  private static final List<String> QUANTITIES = List.of("1", "500m", "2Gi", "1.5", "100Mi", "1e3", "0.001",
      "1Ei", "9223372036854775807", "4k", "12345678901234567890");
  private static final List<String> CPULISTS = List.of("0", "0-3", "0-3,8-11", "1,3,5", "0-65535", "", "2-2");
  private static final List<String> SHAPES = List.of("2s4n8c2t", "1s1n2c1t", "2s4n8c2t,mem=64Gi",
      "2s16n8c2t,mem=32Gi", "1s2n4c2t,mem=8Gi,hp1g=4");
  private static final List<String> MANIFESTS = List.of("""
      apiVersion: v1
      kind: Pod
      metadata: {name: web, namespace: shop}
      spec:
        resources:
          limits: {cpu: "4", memory: 4Gi}
        containers:
          - name: app
            resources: {limits: {cpu: "2", memory: 2Gi}}
          - name: sidecar
      """, """
      apiVersion: v1
      kind: List
      items:
        - {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, resources: {requests: {cpu: 1}}}]}}
      """, """
      {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "j"}, "spec": {"containers": [{"name": "c"}]}}
      """);

  private MalformedInputs() {}

  /** Quantities such as {@code 2Gi}, {@code 500m}, mutated. */
  public static Gen<String> quantities() {
    return mutated(QUANTITIES);
  }

  /** Linux cpulists such as {@code 0-3,8-11}, mutated. */
  public static Gen<String> cpulists() {
    return mutated(CPULISTS);
  }

  /** Machine shapes such as {@code 2s4n8c2t,mem=64Gi}, mutated. */
  public static Gen<String> shapes() {
    return mutated(SHAPES);
  }

  /** Pod manifests (YAML, a List, JSON), mutated. */
  public static Gen<String> manifests() {
    return mutated(MANIFESTS);
  }

  private static Gen<String> mutated(List<String> seeds) {
    Gen<String> edited = Generate.pick(seeds).zip(lists().of(mutations()).ofSizeBetween(1, 4), MalformedInputs::apply);
    Gen<String> noise = lists().of(Generate.pick(alphabet())).ofSizeBetween(0, 24)
        .map(chars -> String.join("", chars));
    return Generate.frequency(Pair.of(6, edited), Pair.of(1, noise)).describedAs(MalformedInputs::quoted);
  }

  /** One edit: a kind (0 insert, 1 delete, 2 replace, 3 repeat), a place (a fraction of the length) and a character. */
  private record Mutation(int kind, int place, String character) {}

  private static Gen<Mutation> mutations() {
    return integers().between(0, 3).zip(integers().between(0, 999), Generate.pick(alphabet()), Mutation::new);
  }

  private static List<String> alphabet() {
    return ALPHABET.chars().mapToObj(c -> String.valueOf((char) c)).toList();
  }

  private static String apply(String seed, List<Mutation> mutations) {
    StringBuilder text = new StringBuilder(seed);
    for (Mutation mutation : mutations) {
      int at = text.length() == 0 ? 0 : mutation.place() * text.length() / 1000;
      switch (mutation.kind()) {
        case 0 -> text.insert(at, mutation.character());
        case 1 -> {
          if (text.length() > 0) {
            text.deleteCharAt(at);
          }
        }
        case 2 -> {
          if (text.length() > 0) {
            text.setCharAt(at, mutation.character().charAt(0));
          }
        }
        default -> text.insert(at, text.substring(at, Math.min(text.length(), at + 3)));
      }
    }
    return text.toString();
  }

  private static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\u0000", "\\0") + "\"";
  }
}
