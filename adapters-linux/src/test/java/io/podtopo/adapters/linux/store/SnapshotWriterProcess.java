package io.podtopo.adapters.linux.store;

import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The writer that {@link CrashConsistencyTest} kills: a JVM of its own that saves
 * {@link BigSnapshots#snapshot} 0, 1, 2, ... to a state folder until it is killed, printing
 * {@code ready} before the first save and {@code saved N} after save {@code N} returned.
 *
 * <p>Arguments: the state folder, then {@code atomic} (a {@link FileAllocationStore}) or
 * {@code in-place} (the naive writer the store must not be: truncate the file, serialise, write, no
 * rename), and optionally a save number after which it exits by itself (status 0), which
 * {@link KillLoop} uses once to write the class-data archive every later writer starts from. It halts
 * when its standard input ends, that is when the test's JVM is gone.
 */
public final class SnapshotWriterProcess {

  private SnapshotWriterProcess() {}

  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    Consumer<NodeSnapshot> writer = switch (args[1]) {
      case "atomic" -> FileAllocationStore.open(dir)::save;
      case "in-place" -> snapshot -> writeInPlace(new StateDirectory(dir).file(), snapshot);
      default -> throw new IllegalArgumentException("writer must be atomic or in-place: " + args[1]);
    };
    int last = args.length > 2 ? Integer.parseInt(args[2]) : Integer.MAX_VALUE;
    DieWithTheParent.install();
    NodeSnapshot next = BigSnapshots.snapshot(0);
    System.out.println("ready");
    System.out.flush();
    for (int n = 0; ; n++) {
      writer.accept(next);
      System.out.println("saved " + n);
      System.out.flush();
      if (n == last) {
        System.exit(0);
      }
      next = BigSnapshots.snapshot(n + 1);
    }
  }

  private static void writeInPlace(Path file, NodeSnapshot snapshot) {
    try (OutputStream out = Files.newOutputStream(
        Files.createDirectories(file.getParent()).resolve(file.getFileName()))) {
      out.write(StateFileFormat.write(snapshot).bytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
