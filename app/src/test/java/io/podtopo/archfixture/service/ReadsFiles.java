package io.podtopo.archfixture.service;

import java.io.FileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Breaks the file system rule: a service reading files. */
public final class ReadsFiles {
  public String read(Path path) throws IOException {
    return Files.readString(path);
  }

  public int first(String name) throws IOException {
    try (FileReader reader = new FileReader(name, java.nio.charset.StandardCharsets.UTF_8)) {
      return reader.read();
    }
  }
}
