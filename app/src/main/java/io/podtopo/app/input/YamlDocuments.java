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
import io.podtopo.conformance.json.InputJson;
import io.podtopo.domain.text.GoQuote;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads the YAML documents of one file as JSON trees, with errors naming the file and document.
 * A file is held to {@link #MAX_FILE_CHARS} characters, each document to {@link #MAX_DOCUMENT_CHARS}
 * characters and {@link #MAX_NESTING} levels of lists and mappings; an alias ({@code *name}) is
 * refused, so that no document can be multiplied by aliases ("billion laughs") or misread (the
 * YAML binding would read an alias as the text of its name). A file is read as UTF-8: a byte that is
 * not UTF-8 text is refused naming its line. Numbers are kept as written and errors are told in
 * the user's terms ({@link InputJson}).
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

  /**
   * The mapper of {@code new YAMLMapper()} (an empty document is null) with the limits above, numbers
   * as written.
   */
  static final YAMLMapper MAPPER = InputJson.numbersAsWritten(new YAMLMapper(YAMLFactory.builder()
      .loaderOptions(loaderOptions())
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
      .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL).build()));

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
    return documents(file.toString(), text(file));
  }

  /**
   * The one document of {@code file}, read whole: a top-level list stays one list (reading documents
   * one by one would take its items for documents).
   */
  static JsonNode readSingle(Path file) {
    String text = text(file);
    try {
      refuseAliases(file.toString(), text);
      JsonNode tree = MAPPER.readTree(text);
      return tree == null ? MAPPER.missingNode() : tree;
    } catch (JsonProcessingException e) {
      throw new InputException(file + ": malformed YAML: " + InputJson.describe(e), e);
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** The non-empty documents read from {@code reader}; {@code source} names it in errors. */
  static List<Document> read(String source, Reader reader) throws IOException {
    return documents(source, text(source, reader));
  }

  private static List<Document> documents(String source, String text) {
    List<Document> documents = new ArrayList<>();
    int index = 0;
    try {
      refuseAliases(source, text);
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
      }
    } catch (JsonProcessingException e) {
      throw new InputException(source + ": document " + index + ": malformed YAML: " + InputJson.describe(e), e);
    } catch (IOException e) {
      throw new InputException(source + ": cannot read: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      if (e.getCause() instanceof JsonProcessingException cause) {
        throw new InputException(source + ": document " + index + ": malformed YAML: " + InputJson.describe(cause), e);
      }
      throw e;
    }
    return documents;
  }

  /**
   * The text of {@code file}: at most {@link #MAX_FILE_CHARS} bytes (a larger file on disk is refused
   * by its size before a byte is read) of UTF-8.
   */
  private static String text(Path file) {
    refuseLarge(file);
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_FILE_CHARS + 1);
    } catch (NoSuchFileException e) {
      throw new InputException(file + ": no such file");
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (bytes.length > MAX_FILE_CHARS) {
      throw tooLarge(file.toString(), "bytes");
    }
    return utf8(file.toString(), bytes);
  }

  /** {@code bytes} as UTF-8 text; the first byte that is not UTF-8 is refused naming its line. */
  private static String utf8(String source, byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer text = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(in, text, true);
    if (result.isError()) {
      int line = 1;
      for (int i = 0; i < in.position(); i++) {
        line += bytes[i] == '\n' ? 1 : 0;
      }
      throw new InputException(source + ": line " + line + ": not UTF-8 text (byte 0x"
          + HexFormat.of().toHexDigits(bytes[in.position()]) + "); YAML and JSON files are read as UTF-8");
    }
    decoder.flush(text);
    return text.flip().toString();
  }

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
      throw tooLarge(file.toString(), "bytes");
    }
  }

  private static InputException tooLarge(String source, String units) {
    return new InputException(source + ": larger than " + MAX_FILE_CHARS + " " + units + ", the limit of a YAML file");
  }

  /** The whole text of {@code reader}, at most {@link #MAX_FILE_CHARS} characters. */
  private static String text(String source, Reader reader) throws IOException {
    char[] buffer = new char[8192];
    StringBuilder text = new StringBuilder();
    for (int read = reader.read(buffer); read >= 0; read = reader.read(buffer)) {
      text.append(buffer, 0, read);
      if (text.length() > MAX_FILE_CHARS) {
        throw tooLarge(source, "characters");
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
}
