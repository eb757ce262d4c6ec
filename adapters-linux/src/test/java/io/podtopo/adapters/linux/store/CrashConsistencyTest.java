package io.podtopo.adapters.linux.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.linux.store.KillLoop.Landing;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * STORE-7: a save is atomic against a crash. Writer processes saving large snapshots one after the
 * other are killed with SIGKILL ({@link ProcessHandle#destroyForcibly} on Linux; the exit status 137
 * proves it) at random instants, and a fresh store must then load exactly the last acknowledged snapshot or
 * the next one. The same loop against a naive writer that rewrites the file in place must find torn
 * files, which shows the loop can fail.
 *
 * <p><b>How many kills.</b> {@code ./mvnw -B verify} makes {@value #VERIFY_KILLS} kills (and a tenth
 * of that against the naive writer); {@code -D}{@value #FULL_PROPERTY}{@code =true}, as the profile
 * {@code full-counts} that {@code .ci/run} runs after verify sets it, makes the {@value #FULL_KILLS}
 * asked before; {@code -D}{@value #KILLS_PROPERTY}{@code =N} makes N. The
 * landings asked for scale with the count: at least one kill before the first save, one in a hundred
 * inside a save (a temporary file left or a journal record cut short, or the save on disk before its
 * acknowledgement: a journal append is mostly its write and {@code fdatasync}, and leaves no temporary
 * file; about one kill in twenty-five lands there) and one in twenty between saves.
 */
class CrashConsistencyTest {

  /** The system property that sets the count of kills of the atomic writer. */
  static final String KILLS_PROPERTY = "podtopo.killtest.kills";
  static final int VERIFY_KILLS = 200;
  static final int FULL_KILLS = 1000;
  /** The system property of the full counts and lengths of the long tests (profile {@code full-counts}). */
  static final String FULL_PROPERTY = "podtopo.tests.full";

  @TempDir
  Path dir;

  @Test
  void aSaveKilledAtAnyInstantLeavesTheLastAcknowledgedSnapshotOrTheNext_store7() throws Exception {
    int kills = kills();
    KillLoop.Result result = new KillLoop("atomic", dir).run(kills, seed());
    System.out.println("STORE-7: " + result.summary());

    assertThat(result.kills()).hasSize(kills);
    assertThat(result.torn()).as(result.summary()).isEmpty();
    Map<Landing, Integer> landings = result.landings();
    assertThat(landings.get(Landing.BEFORE_FIRST_SAVE)).as(result.summary()).isPositive();
    assertThat(landings.get(Landing.DURING_A_SAVE) + landings.get(Landing.AFTER_A_WRITE)).as(result.summary())
        .isGreaterThanOrEqualTo(kills / 100);
    assertThat(landings.get(Landing.BETWEEN_SAVES)).as(result.summary()).isGreaterThanOrEqualTo(kills / 20);
  }

  @Test
  void aNaiveWriterThatRewritesTheFileInPlaceIsCaughtTearingIt_store7() throws Exception {
    KillLoop.Result result = new KillLoop("in-place", dir).run(Math.max(10, kills() / 10), seed());
    System.out.println("STORE-7 (negative control): " + result.summary());

    assertThat(result.torn()).as(result.summary()).isNotEmpty()
        .allSatisfy(kill -> assertThat(kill.read())
            .matches("it is (empty|truncated|not JSON).*|checksum mismatch.*|another snapshot"));
  }

  private static int kills() {
    return Integer.getInteger(KILLS_PROPERTY, Boolean.getBoolean(FULL_PROPERTY) ? FULL_KILLS : VERIFY_KILLS);
  }

  private static long seed() {
    return Long.getLong(KillLoop.SEED_PROPERTY, System.nanoTime());
  }
}
