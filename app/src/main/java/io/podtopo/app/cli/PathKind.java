package io.podtopo.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a path option must name, and what is wrong with a path given for it, in the words of the
 * shell ({@code no such file}, {@code not a directory}).
 */
enum PathKind {

  /** An existing file to read; a named pipe such as bash's {@code <(command)} is one too. */
  FILE {
    @Override
    Optional<String> problem(Path path) {
      if (!Files.exists(path)) {
        return Optional.of("no such file");
      }
      return Files.isDirectory(path) ? Optional.of("a directory, not a file") : unreadable(path);
    }
  },

  /** An existing folder to read. */
  FOLDER {
    @Override
    Optional<String> problem(Path path) {
      if (!Files.exists(path)) {
        return Optional.of("no such directory");
      }
      return Files.isDirectory(path) ? unreadable(path) : Optional.of("not a directory");
    }
  },

  /** An existing file or folder to read, or {@code -} for standard input. */
  FILE_FOLDER_OR_STANDARD_INPUT {
    @Override
    Optional<String> problem(Path path) {
      if (path.toString().equals("-")) {
        return Optional.empty();
      }
      return Files.exists(path) ? unreadable(path) : Optional.of("no such file or directory");
    }
  },

  /** A folder to write in: an existing one, or one that can be made with its missing parents. */
  FOLDER_TO_WRITE {
    @Override
    Optional<String> problem(Path path) {
      if (Files.exists(path) && !Files.isDirectory(path)) {
        return Optional.of("not a directory");
      }
      return unmakeable(path);
    }
  },

  /**
   * A Unix socket to connect to. A missing one is left to the client: the endpoint may not be up
   * yet ({@code audit --every} asks again); a folder or a file of another kind is refused.
   */
  SOCKET {
    @Override
    Optional<String> problem(Path path) {
      return Files.exists(path) ? notASocket(path) : Optional.empty();
    }
  },

  /**
   * Where to serve a Unix socket: nothing yet, or a stale socket (replaced), in a folder that exists
   * or can be made.
   */
  SOCKET_TO_SERVE {
    @Override
    Optional<String> problem(Path path) {
      return Files.exists(path, LinkOption.NOFOLLOW_LINKS) ? notASocket(path)
          : unmakeable(path.toAbsolutePath().getParent());
    }
  };

  private static final int FILE_TYPE_BITS = 0170000;
  private static final int SOCKET_TYPE = 0140000;

  /** What is wrong with {@code path} for an option of this kind; empty when nothing is. */
  abstract Optional<String> problem(Path path);

  private static Optional<String> unreadable(Path path) {
    return Files.isReadable(path) ? Optional.empty() : Optional.of("not readable");
  }

  /** Why the folder {@code folder} cannot be written in, or made with its missing parents. */
  private static Optional<String> unmakeable(Path folder) {
    Path absolute = folder.toAbsolutePath();
    Path existing = absolute;
    while (!Files.exists(existing)) {
      existing = existing.getParent();
    }
    String cannot = existing.equals(absolute) ? "" : "cannot be made: " + existing + " is ";
    if (!Files.isDirectory(existing)) {
      return Optional.of(cannot + "not a directory");
    }
    return Files.isWritable(existing) ? Optional.empty() : Optional.of(cannot + "not writable");
  }

  private static Optional<String> notASocket(Path path) {
    if (Files.isDirectory(path)) {
      return Optional.of("a directory, not a socket");
    }
    try {
      int mode = (Integer) Files.getAttribute(path, "unix:mode");
      return (mode & FILE_TYPE_BITS) == SOCKET_TYPE ? Optional.empty() : Optional.of("not a socket");
    } catch (IOException e) {
      return Optional.of("cannot be read: " + e.getMessage());
    }
  }
}
