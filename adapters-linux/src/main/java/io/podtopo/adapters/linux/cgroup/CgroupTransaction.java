package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The cgroup changes of one batch, each made through the {@link CgroupOperations} (so tried as the
 * {@link RetryPolicy} says) and remembered with how to undo it, so that a failed batch can be
 * {@linkplain #undo undone} in reverse order: a written file gets its previous value back, a created
 * cgroup is removed, an enabled controller disabled. Reverse order keeps every parent allowing what
 * its children have at each step, as the forward order did. Not thread-safe: one per batch.
 */
final class CgroupTransaction {

  private static final String SUBTREE_CONTROL = "cgroup.subtree_control";

  /** One undo step; its failure message says what could not be undone. */
  private interface Undo {
    void run() throws CgroupOperationException;
  }

  private final CgroupOperations cgroups;
  private final Deque<Undo> undos = new ArrayDeque<>();

  CgroupTransaction(CgroupOperations cgroups) {
    this.cgroups = cgroups;
  }

  /** The content of {@code dir}'s {@code file}, without surrounding white space. */
  String read(Path dir, String file) throws CgroupOperationException {
    return cgroups.read(dir, file);
  }

  /** The child cgroups of {@code dir}. */
  List<Path> children(Path dir) throws CgroupOperationException {
    return cgroups.children(dir);
  }

  /** Sets {@code dir}'s {@code file} to {@code value}; nothing is written when it already holds it. */
  void set(Path dir, String file, String value) throws CgroupOperationException {
    String previous = read(dir, file);
    if (!previous.equals(value)) {
      cgroups.write(dir, file, value);
      undos.push(() -> cgroups.write(dir, file, previous));
    }
  }

  /** Makes the cgroup {@code dir} unless it exists. */
  void create(Path dir) throws CgroupOperationException {
    if (!cgroups.exists(dir)) {
      cgroups.create(dir);
      undos.push(() -> cgroups.remove(dir));
    }
  }

  /** Hands the cpuset controller to {@code dir}'s children (cgroup v2) unless it already does. */
  void enableCpuset(Path dir) throws CgroupOperationException {
    if (!Arrays.asList(read(dir, SUBTREE_CONTROL).split("\\s+")).contains("cpuset")) {
      cgroups.write(dir, SUBTREE_CONTROL, "+cpuset");
      undos.push(() -> cgroups.write(dir, SUBTREE_CONTROL, "-cpuset"));
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
}
