package io.podtopo.app.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.podtopo.domain.text.GoQuote;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads the YAML documents of one file as JSON trees, with errors naming the file and document.
 * A file is held to {@link #MAX_FILE_CHARS} characters, each document to {@link #MAX_DOCUMENT_CHARS}
 * characters and {@link #MAX_NESTING} levels of lists and mappings; an alias ({@code *name}) is
 * refused, so that no document can be multiplied by aliases ("billion laughs") or misread (the
 * YAML binding would read an alias as the text of its name).
 */
final class YamlDocuments {

  /**
   * The most characters of one YAML file, all its documents together (16 Mi: 10,000 pods of 1.6 KiB,
   * {@link PodManifests#MAX_PODS}); a file on disk larger than as many bytes is refused before it is read.
   */
  static final int MAX_FILE_CHARS = 16 << 20;
  /** The most characters (code points) of one YAML document: the Kubernetes API's request limit is 3 MiB. */
  static final int MAX_DOCUMENT_CHARS = 4 << 20;
  /** The most levels of lists and mappings in one document. */
  static final int MAX_NESTING = 64;

  /** The mapper of {@code new YAMLMapper()} (an empty document is null) with the limits above. */
  static final YAMLMapper MAPPER = new YAMLMapper(YAMLFactory.builder().loaderOptions(loaderOptions())
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
      .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL).build());

  private static LoaderOptions loaderOptions() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(MAX_DOCUMENT_CHARS);
    return options;
  }

  /** One non-empty document and its 1-based position in the file. */
  record Document(int index, JsonNode tree) {}

  private YamlDocuments() {}

  /** The non-empty documents of {@code file}, in order. */
  static List<Document> read(Path file) {
    refuseLarge(file);
    try (Reader reader = Files.newBufferedReader(file)) {
      return read(file.toString(), reader);
    } catch (NoSuchFileException e) {
      throw new InputException(file + ": no such file");
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * The one document of {@code file}, read whole: a top-level list stays one list (reading documents
   * one by one would take its items for documents).
   */
  static JsonNode readSingle(Path file) {
    refuseLarge(file);
    try (Reader reader = Files.newBufferedReader(file)) {
      String text = text(file.toString(), reader);
      refuseAliases(file.toString(), text);
      JsonNode tree = MAPPER.readTree(text);
      return tree == null ? MAPPER.missingNode() : tree;
    } catch (NoSuchFileException e) {
      throw new InputException(file + ": no such file");
    } catch (JsonProcessingException e) {
      throw new InputException(file + ": malformed YAML: " + describe(e), e);
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** The non-empty documents read from {@code reader}; {@code source} names it in errors. */
  static List<Document> read(String source, Reader reader) throws IOException {
    String text = text(source, reader);
    refuseAliases(source, text);
    List<Document> documents = new ArrayList<>();
    int index = 0;
    try (MappingIterator<JsonNode> iterator = MAPPER.readerFor(JsonNode.class).readValues(text)) {
      while (true) {
        index++;
        if (!iterator.hasNextValue()) {
          break;
        }
        JsonNode tree = iterator.nextValue();
        if (tree != null && !tree.isNull() && !tree.isMissingNode()) {
          documents.add(new Document(index, tree));
        }
      }
    } catch (JsonProcessingException e) {
      throw new InputException(source + ": document " + index + ": malformed YAML: " + describe(e), e);
    } catch (RuntimeException e) {
      if (e.getCause() instanceof JsonProcessingException cause) {
        throw new InputException(source + ": document " + index + ": malformed YAML: " + describe(cause), e);
      }
      throw e;
    }
    return documents;
  }

  /** The whole text of {@code reader}, at most {@link #MAX_FILE_CHARS} characters. */
  /** A file larger than {@link #MAX_FILE_CHARS} bytes, refused by its size before a character is read. */
  private static void refuseLarge(Path file) {
    long size;
    try {
      size = Files.size(file);
    } catch (NoSuchFileException e) {
      throw new InputException(file + ": no such file");
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (size > MAX_FILE_CHARS) {
      throw new InputException(file + ": larger than " + MAX_FILE_CHARS + " bytes, the limit of a YAML file");
    }
  }

  private static String text(String source, Reader reader) throws IOException {
    char[] buffer = new char[8192];
    StringBuilder text = new StringBuilder();
    for (int read = reader.read(buffer); read >= 0; read = reader.read(buffer)) {
      text.append(buffer, 0, read);
      if (text.length() > MAX_FILE_CHARS) {
        throw new InputException(source + ": larger than " + MAX_FILE_CHARS + " characters, the limit of a YAML file");
      }
    }
    return text.toString();
  }

  /** Fails on the first alias; a text that does not parse is left to the reading that follows. */
  private static void refuseAliases(String source, String text) throws IOException {
    try (YAMLParser parser = (YAMLParser) MAPPER.getFactory().createParser(text)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (parser.isCurrentAlias()) {
          JsonLocation at = parser.currentTokenLocation();
          throw new InputException(source + ": line " + at.getLineNr() + ", column " + at.getColumnNr()
              + ": YAML aliases are not supported: write the value out instead of the alias " + GoQuote.of("*" + parser.getText()));
        }
      }
    } catch (JsonProcessingException e) {
      return;
    }
  }

  /** Jackson's "value of type `T` from X value" in the user's terms: what the field takes, what it found. */
  private static final Pattern MISMATCH = Pattern.compile(
      "Cannot deserialize value of type `([^`]+)` from (\\w+) value.*");

  /** Jackson's problem without its source excerpt or its own types, with the line and column. */
  static String describe(JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    String problem = e.getOriginalMessage().lines().findFirst().orElse("").strip();
    Matcher mismatch = MISMATCH.matcher(problem);
    if (mismatch.matches()) {
      problem = "expected " + expected(mismatch.group(1)) + ", found " + found(mismatch.group(2));
    }
    return location == null || location.getLineNr() < 1
        ? problem
        : problem + " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  private static String expected(String javaType) {
    return switch (javaType) {
      case "java.lang.String" -> "a string";
      case "int", "long", "java.lang.Integer", "java.lang.Long" -> "a whole number";
      case "boolean", "java.lang.Boolean" -> "true or false";
      default -> javaType.startsWith("java.util.") && javaType.contains("List") ? "a list"
          : javaType.startsWith("java.util.") && javaType.contains("Map") ? "a mapping"
          : "a mapping of the " + javaType.substring(javaType.lastIndexOf('.') + 1) + " fields";
    };
  }

  private static String found(String jsonKind) {
    return switch (jsonKind) {
      case "Array" -> "a list";
      case "Object" -> "a mapping";
      case "String" -> "a string";
      case "Integer", "Float", "Number" -> "a number";
      case "Boolean" -> "true or false";
      default -> "a " + jsonKind.toLowerCase(java.util.Locale.ROOT);
    };
  }
}
