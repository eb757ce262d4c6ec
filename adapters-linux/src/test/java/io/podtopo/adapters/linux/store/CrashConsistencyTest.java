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
 */
class CrashConsistencyTest {

  @TempDir
  Path dir;

  @Test
  void aSaveKilledAtAnyInstantLeavesTheLastAcknowledgedSnapshotOrTheNext_store7() throws Exception {
    KillLoop.Result result = new KillLoop("atomic", dir).run(1000, seed());
    System.out.println("STORE-7: " + result.summary());

    assertThat(result.torn()).as(result.summary()).isEmpty();
    Map<Landing, Integer> landings = result.landings();
    assertThat(landings.get(Landing.BEFORE_FIRST_SAVE)).as(result.summary()).isPositive();
    assertThat(landings.get(Landing.DURING_A_SAVE)).as(result.summary()).isGreaterThanOrEqualTo(20);
    assertThat(landings.get(Landing.BETWEEN_SAVES)).as(result.summary()).isGreaterThanOrEqualTo(50);
  }

  @Test
  void aNaiveWriterThatRewritesTheFileInPlaceIsCaughtTearingIt_store7() throws Exception {
    KillLoop.Result result = new KillLoop("in-place", dir).run(100, seed());
    System.out.println("STORE-7 (negative control): " + result.summary());

    assertThat(result.torn()).as(result.summary()).isNotEmpty()
        .allSatisfy(kill -> assertThat(kill.read())
            .matches("it is (empty|truncated|not JSON).*|checksum mismatch.*|another snapshot"));
  }

  private static long seed() {
    return Long.getLong(KillLoop.SEED_PROPERTY, System.nanoTime());
  }
}
