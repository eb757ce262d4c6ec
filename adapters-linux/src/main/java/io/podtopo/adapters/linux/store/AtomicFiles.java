package io.podtopo.adapters.linux.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Replacing a file so that a crash at any instant leaves either the old content or the new one, and
 * moving a file aside without ever overwriting another.
 *
 * <p>{@link #replace}: the bytes go to a new temporary file {@code <name>.<random>.tmp} in the same
 * folder, which is forced to the device ({@code fsync}), then renamed over the file in one step
 * ({@code rename(2)}, {@link StandardCopyOption#ATOMIC_MOVE}), then the folder itself is forced so the
 * rename survives a power loss. A crash before the rename leaves the old file and a stale temporary
 * file; a crash after it leaves the new file.
 */
final class AtomicFiles {

  private static final String TEMP_SUFFIX = ".tmp";

  private AtomicFiles() {}

  /** Replaces {@code file} with {@code bytes} atomically and durably; creates its folder if needed. */
  static void replace(Path file, byte[] bytes) throws IOException {
    Path dir = file.getParent();
    if (!Files.isDirectory(dir)) {
      Files.createDirectories(dir);
      forceDirectory(dir.toAbsolutePath().getParent());
    }
    Path temp = Files.createTempFile(dir, file.getFileName() + ".", TEMP_SUFFIX);
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    forceDirectory(dir);
  }

  /** The temporary files a writer of {@code file} left behind (a crash before its rename). */
  static List<Path> tempFiles(Path file) throws IOException {
    List<Path> temps = new ArrayList<>();
    if (!Files.isDirectory(file.getParent())) {
      return temps;
    }
    String glob = escapeGlob(file.getFileName().toString()) + ".*" + TEMP_SUFFIX;
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(file.getParent(), glob)) {
      stream.forEach(temps::add);
    }
    temps.sort(null);
    return temps;
  }

  /**
   * Renames {@code file} to {@code <name>.<stamp>.<kind>} in its folder, or {@code <name>.<stamp>-2.<kind>},
   * {@code -3} and so on when that name is taken: nothing is ever overwritten. Forces the folder.
   *
   * @return the new path
   */
  static Path moveAside(Path file, String stamp, String kind) throws IOException {
    Path dir = file.getParent();
    String name = file.getFileName().toString();
    for (int attempt = 1; ; attempt++) {
      Path target = dir.resolve(name + "." + stamp + (attempt == 1 ? "" : "-" + attempt) + "." + kind);
      if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      try {
        Files.move(file, target);
      } catch (FileAlreadyExistsException raced) {
        continue;
      }
      forceDirectory(dir);
      return target;
    }
  }

  /** Forces a folder's entries (names, renames) to the device. */
  static void forceDirectory(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  private static String escapeGlob(String name) {
    return name.replaceAll("([\\\\*?\\[\\]{}])", "\\\\$1");
  }
}
