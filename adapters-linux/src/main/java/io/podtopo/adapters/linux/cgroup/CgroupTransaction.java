package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The cgroup changes of one batch, each tried by the {@link RetryPolicy} and remembered with how to
 * undo it, so that a failed batch can be {@linkplain #undo undone} in reverse order: a written file
 * gets its previous value back, a created cgroup is removed, an enabled controller disabled. Reverse
 * order keeps every parent allowing what its children have at each step, as the forward order did.
 * Not thread-safe: one per batch.
 */
final class CgroupTransaction {

  private static final String SUBTREE_CONTROL = "cgroup.subtree_control";

  /** One undo step; its failure message says what could not be undone. */
  private interface Undo {
    void run() throws CgroupOperationException;
  }

  private final CgroupFs fs;
  private final RetryPolicy retry;
  private final Deque<Undo> undos = new ArrayDeque<>();

  CgroupTransaction(CgroupFs fs, RetryPolicy retry) {
    this.fs = fs;
    this.retry = retry;
  }

  /** The content of {@code dir}'s {@code file}, without surrounding white space. */
  String read(Path dir, String file) throws CgroupOperationException {
    return retry.run("cgroup " + dir + ": cannot read " + file, () -> fs.read(dir.resolve(file))).strip();
  }

  /** The child cgroups of {@code dir}. */
  List<Path> children(Path dir) throws CgroupOperationException {
    return retry.run("cgroup " + dir + ": cannot list its children", () -> fs.directories(dir));
  }

  /** Sets {@code dir}'s {@code file} to {@code value}; nothing is written when it already holds it. */
  void set(Path dir, String file, String value) throws CgroupOperationException {
    String previous = read(dir, file);
    if (!previous.equals(value)) {
      write(dir, file, value);
      undos.push(() -> write(dir, file, previous));
    }
  }

  /** Makes the cgroup {@code dir} unless it exists. */
  void create(Path dir) throws CgroupOperationException {
    if (!fs.isDirectory(dir)) {
      retry.run("cgroup " + dir + ": cannot create it", () -> {
        fs.createDirectory(dir);
        return dir;
      });
      undos.push(() -> retry.run("cgroup " + dir + ": cannot remove it", () -> {
        fs.removeDirectory(dir);
        return dir;
      }));
    }
  }

  /** Hands the cpuset controller to {@code dir}'s children (cgroup v2) unless it already does. */
  void enableCpuset(Path dir) throws CgroupOperationException {
    if (!Arrays.asList(read(dir, SUBTREE_CONTROL).split("\\s+")).contains("cpuset")) {
      write(dir, SUBTREE_CONTROL, "+cpuset");
      undos.push(() -> write(dir, SUBTREE_CONTROL, "-cpuset"));
    }
  }

  /**
   * Undoes every change so far, latest first, going on past a failed step.
   *
   * @return what happened, for the end of the failure's message: {@code nothing had been changed},
   *     {@code undid the batch's N earlier changes}, or how many could not be undone and the first
   *     failure
   */
  String undo() {
    int changes = undos.size();
    int failed = 0;
    String first = null;
    while (!undos.isEmpty()) {
      try {
        undos.pop().run();
      } catch (CgroupOperationException failure) {
        failed++;
        first = first == null ? failure.getMessage() : first;
      }
    }
    if (changes == 0) {
      return "nothing had been changed";
    }
    if (failed == 0) {
      return "undid the batch's " + changes + " earlier change" + (changes == 1 ? "" : "s");
    }
    return "undo incomplete: " + failed + " of the batch's " + changes + " earlier changes could not be undone, "
        + "first: " + first;
  }

  private void write(Path dir, String file, String value) throws CgroupOperationException {
    retry.run("cgroup " + dir + ": cannot write \"" + value + "\" to " + file, () -> {
      fs.write(dir.resolve(file), value);
      return dir;
    });
  }
}
