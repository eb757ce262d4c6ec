package io.podtopo.app.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from the kernel: its file descriptors' socket inodes
 * ({@code /proc/PID/fd}) matched with the {@code LISTEN} entries of {@code /proc/PID/net/tcp} and
 * {@code tcp6}.
 */
final class ListeningSockets {

  /** The {@code st} column of a socket in the {@code LISTEN} state. */
  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  /** A listening socket: its local address as the kernel writes it (hex) and its port. */
  record Listener(String addressHex, int port) {

    /** Whether it listens on 127.0.0.1 only (as IPv4, or IPv4-mapped IPv6). */
    boolean isLoopbackOnly() {
      return addressHex.equals("0100007F") || addressHex.equals("0000000000000000FFFF00000100007F");
    }
  }

  /** Every TCP socket process {@code pid} listens on. */
  static List<Listener> of(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    Path fds = Path.of("/proc", Long.toString(pid), "fd");
    try (Stream<Path> links = Files.list(fds)) {
      for (Path link : links.toList()) {
        try {
          String target = Files.readSymbolicLink(link).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring("socket:[".length(), target.length() - 1));
          }
        } catch (IOException closedMeanwhile) {
          // a descriptor closed between the listing and the read is no listener
        }
      }
    }
    List<Listener> listeners = new ArrayList<>();
    for (String table : List.of("tcp", "tcp6")) {
      List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "net", table));
      for (String line : lines.subList(1, lines.size())) {
        String[] columns = line.strip().split("\\s+");
        if (columns[3].equals(LISTEN) && inodes.contains(columns[9])) {
          String[] local = columns[1].split(":");
          listeners.add(new Listener(local[0], Integer.parseInt(local[1], 16)));
        }
      }
    }
    return listeners;
  }
}
