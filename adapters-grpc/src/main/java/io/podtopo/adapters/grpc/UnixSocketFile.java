package io.podtopo.adapters.grpc;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * What is at a Unix domain socket's path, and making it free for a new server. A path is a socket
 * only if it is one itself (a symbolic link to a socket is not); the path of a socket that nobody
 * accepts connections on any more is stale.
 */
final class UnixSocketFile {

  /** The longest socket path Linux accepts: {@code sun_path} holds 108 bytes with the closing NUL. */
  static final int MAX_PATH_BYTES = 107;

  private static final int FILE_TYPE_BITS = 0170000;
  private static final int SOCKET_TYPE = 0140000;

  private UnixSocketFile() {}

  /**
   * Makes {@code path} free for a new socket, as the kubelet does before it listens: a stale socket
   * is removed and missing parent folders are created (mode 0750).
   *
   * @throws SocketPathException when the path is too long, exists and is not a socket (it is left
   *     as it is), is a socket another server accepts connections on, or cannot be prepared
   */
  static void makeFree(Path path) {
    requireShortEnough(path);
    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      if (!isSocket(path)) {
        throw new SocketPathException(path, "exists and is not a Unix domain socket; it is left untouched");
      }
      if (accepts(path)) {
        throw new SocketPathException(path, "another server is listening on this socket");
      }
      delete(path, "cannot remove the stale socket");
    }
    try {
      Path parent = path.toAbsolutePath().getParent();
      if (!Files.isDirectory(parent)) {
        Files.createDirectories(parent, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-x---")));
      }
    } catch (IOException e) {
      throw new SocketPathException(path, "cannot create the socket's folder", e);
    }
  }

  /**
   * Why nothing answers on {@code path}: it does not exist, is not a socket, or nobody accepts
   * connections on it.
   */
  static String whyUnreachable(Path path) {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return "there is no socket at " + path;
    }
    if (!isSocket(path)) {
      return path + " is not a Unix domain socket";
    }
    return accepts(path) ? "the server on " + path + " did not answer" : "nothing is listening on " + path;
  }

  /** Whether {@code path} itself is a Unix domain socket. */
  static boolean isSocket(Path path) {
    try {
      int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      return (mode & FILE_TYPE_BITS) == SOCKET_TYPE;
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether a server accepts connections on the socket at {@code path}. */
  static boolean accepts(Path path) {
    try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(path))) {
      return probe.isConnected();
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * @throws SocketPathException when {@code path} is longer than {@value #MAX_PATH_BYTES} bytes
   */
  static void requireShortEnough(Path path) {
    int length = path.toString().getBytes(StandardCharsets.UTF_8).length;
    if (length > MAX_PATH_BYTES) {
      throw new SocketPathException(path, "a socket path holds at most " + MAX_PATH_BYTES + " bytes, this one has " + length);
    }
  }

  /**
   * Removes the file at {@code path} if it is there.
   *
   * @throws SocketPathException with {@code failure} when it is there and cannot be removed
   */
  static void delete(Path path, String failure) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new SocketPathException(path, failure, e);
    }
  }
}
