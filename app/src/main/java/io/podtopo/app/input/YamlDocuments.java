package io.podtopo.app.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the YAML documents of one file as JSON trees, with errors naming the file and document. */
final class YamlDocuments {

  static final YAMLMapper MAPPER = new YAMLMapper();

  /** One non-empty document and its 1-based position in the file. */
  record Document(int index, JsonNode tree) {}

  private YamlDocuments() {}

  /** The non-empty documents of {@code file}, in order. */
  static List<Document> read(Path file) {
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
    try (Reader reader = Files.newBufferedReader(file)) {
      JsonNode tree = MAPPER.readTree(reader);
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
    List<Document> documents = new ArrayList<>();
    int index = 0;
    try (MappingIterator<JsonNode> iterator = MAPPER.readerFor(JsonNode.class).readValues(reader)) {
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

  /** Jackson's problem without its source excerpt, with the line and column. */
  static String describe(JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    String problem = e.getOriginalMessage().lines().findFirst().orElse("").strip();
    return location == null || location.getLineNr() < 1
        ? problem
        : problem + " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }
}
