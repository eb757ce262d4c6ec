package io.podtopo.adapters.linux.store;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The test JVM's class path with its folders (the modules' {@code target/classes} and
 * {@code test-classes}) packed into one jar ahead of its jars: a class-data archive (CDS) holds
 * classes of jars only, so a child JVM started on this class path (a state writer of
 * {@link KillLoop}, an agent of app's kill test) can start from one.
 */
public final class JarredClassPath {

  private JarredClassPath() {}

  /** Writes the folders' files to {@code jar} (the first of a name wins, as on the class path) and returns the class path. */
  public static String write(Path jar) throws IOException {
    List<String> entries = new ArrayList<>();
    entries.add(jar.toString());
    Set<String> written = new HashSet<>();
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
      for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
        Path folder = Path.of(entry);
        if (!Files.isDirectory(folder)) {
          entries.add(entry);
          continue;
        }
        try (Stream<Path> files = Files.walk(folder)) {
          for (Path path : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
            String name = folder.relativize(path).toString().replace(File.separatorChar, '/');
            if (written.add(name)) {
              out.putNextEntry(new JarEntry(name));
              Files.copy(path, out);
              out.closeEntry();
            }
          }
        }
      }
    }
    return String.join(File.pathSeparator, entries);
  }
}
