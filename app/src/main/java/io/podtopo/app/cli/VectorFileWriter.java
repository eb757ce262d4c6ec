package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the vector files the conformance commands find (a difference, a counterexample) into their
 * {@code --out} folder, made when the first file is written; each replays with
 * {@code conformance vectors --dir}.
 */
final class VectorFileWriter {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path folder;
  private final String what;

  /**
   * @param what what a file holds, for the error when it cannot be written (e.g. "a difference")
   */
  VectorFileWriter(Path folder, String what) {
    this.folder = folder;
    this.what = what;
  }

  /** Writes {@code file} as {@code NAME.json}, indented, and gives its path. */
  Path write(String name, ObjectNode file) {
    Path path = folder.resolve(name + ".json");
    try {
      Files.createDirectories(folder);
      JSON.writeValue(path.toFile(), file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + what + " to " + path + ": " + e.getMessage(), e);
    }
    return path;
  }
}
