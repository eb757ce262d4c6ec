package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.InputJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A vector file (format: {@code FORMAT.md} beside the bundled vectors).
 *
 * <p>Inputs are made self-contained on load, so that a subject in another process needs nothing
 * but the input: a string field {@code topology} that names an entry of the file's
 * {@code topologies} is replaced by that entry, and a string field {@code machine} that names an
 * entry of {@code machines} likewise.
 *
 * <p>The file's SHA-256 (of its bytes as read) is kept, so that a report names exactly which
 * vectors it ran. Its numbers are read as written and a file that is not JSON is described in the
 * user's terms ({@link InputJson}).
 */
public final class VectorFile {

  /**
   * The largest vector file read, in bytes (16 MiB): a hundred times the largest bundled one. A
   * larger file is refused before it is parsed.
   */
  public static final int MAX_BYTES = 16 << 20;

  private final String name;
  private final String sha256;
  private final List<VectorCase> cases;

  private VectorFile(String name, String sha256, List<VectorCase> cases) {
    this.name = name;
    this.sha256 = sha256;
    this.cases = List.copyOf(cases);
  }

  /**
   * Reads a vector file; its name is used in case results, its path in errors.
   *
   * @throws InvalidVectorFileException naming the file when it is not one
   */
  public static VectorFile read(Path path) {
    try (InputStream in = Files.newInputStream(path)) {
      return read(path.getFileName().toString(), path.toString(), in);
    } catch (IOException e) {
      throw new InvalidVectorFileException(path.toString(), e.getMessage());
    }
  }

  /**
   * Reads a vector file from a stream; {@code name} is used in case results and errors.
   *
   * @throws InvalidVectorFileException naming the file when it is not one, or larger than {@link #MAX_BYTES}
   */
  public static VectorFile read(String name, InputStream in) {
    return read(name, name, in);
  }

  private static VectorFile read(String name, String shown, InputStream in) {
    byte[] bytes;
    try {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      throw new InvalidVectorFileException(shown, e.getMessage());
    }
    if (bytes.length > MAX_BYTES) {
      throw new InvalidVectorFileException(shown, "larger than " + MAX_BYTES + " bytes, the limit of a vector file");
    }
    JsonNode root;
    try {
      root = InputJson.MAPPER.readTree(bytes);
    } catch (JsonProcessingException e) {
      throw new InvalidVectorFileException(shown, "not JSON: " + InputJson.describe(e));
    } catch (IOException e) {
      throw new InvalidVectorFileException(shown, e.getMessage());
    }
    if (root == null || !root.path("cases").isArray()) {
      throw new InvalidVectorFileException(shown, "no \"cases\" array");
    }
    JsonNode topologies = root.path("topologies");
    JsonNode machines = root.path("machines");
    List<VectorCase> cases = new ArrayList<>();
    for (JsonNode node : root.get("cases")) {
      String id = text(shown, node, "id");
      JsonNode input = node.path("input").deepCopy();
      resolve(input, "topology", topologies);
      resolve(input, "machine", machines);
      cases.add(new VectorCase(id, node.path("upstream").asText(""), text(shown, node, "kind"), input,
          node.path("expect"), name));
    }
    return new VectorFile(name, sha256(bytes), cases);
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static String text(String file, JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual()) {
      throw new InvalidVectorFileException(file, "a case has no \"" + field + "\": " + abbreviate(node));
    }
    return value.asText();
  }

  private static void resolve(JsonNode node, String field, JsonNode fixtures) {
    if (node instanceof ObjectNode object) {
      JsonNode reference = object.get(field);
      if (reference != null && reference.isTextual() && fixtures.has(reference.asText())) {
        object.set(field, fixtures.get(reference.asText()).deepCopy());
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> entry = it.next();
        if (!entry.getKey().equals(field)) {
          resolve(entry.getValue(), field, fixtures);
        }
      }
    } else if (node != null && node.isArray()) {
      node.forEach(element -> resolve(element, field, fixtures));
    }
  }

  private static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() > 120 ? text.substring(0, 120) + "..." : text;
  }

  public String name() {
    return name;
  }

  /** The SHA-256 of the file's bytes, 64 lower-case hex digits. */
  public String sha256() {
    return sha256;
  }

  public List<VectorCase> cases() {
    return cases;
  }

  /** The vector files bundled with the suite, in a fixed order. */
  public static List<VectorFile> bundled() {
    String base = "/io/podtopo/conformance/vectors/";
    List<VectorFile> files = new ArrayList<>();
    try (InputStream index = VectorFile.class.getResourceAsStream(base + "index.txt")) {
      if (index == null) {
        throw new IllegalStateException("bundled vector index " + base + "index.txt is missing from the classpath");
      }
      for (String line : new String(index.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
        String fileName = line.strip();
        if (fileName.isEmpty()) {
          continue;
        }
        try (InputStream in = VectorFile.class.getResourceAsStream(base + fileName)) {
          if (in == null) {
            throw new IllegalStateException("bundled vector file " + fileName + " is missing from the classpath");
          }
          files.add(read(fileName, in));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** Every {@code *.json} vector file directly in {@code dir}, sorted by name. */
  public static List<VectorFile> inDirectory(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new InvalidVectorFileException(dir.toString(), "not a directory");
    }
    try (var paths = Files.list(dir)) {
      return paths.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().map(VectorFile::read).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
