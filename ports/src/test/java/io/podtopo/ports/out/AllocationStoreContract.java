package io.podtopo.ports.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.ports.in.NodeSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The promises of {@link AllocationStore}'s Javadoc, for every adapter: a test class implements this
 * interface with a fresh store per test and the store a restarted node would open over the same
 * place. Promises only some stores can show have their own contracts below: a save that fails
 * ({@link SaveFailures}) and content that cannot be read ({@link UnreadableContent}).
 *
 * <p>Not here: that a save is atomic across a crash, which only killing a real writer shows (the
 * file store's crash tests).
 */
public interface AllocationStoreContract {

  /** An empty store, new for each test. */
  AllocationStore newStore();

  /**
   * The store a restarted node opens over the same place as {@code store}: a new instance of a
   * durable store, {@code store} itself for a store that lives as long as its process.
   */
  AllocationStore reopen(AllocationStore store);

  @Test
  default void load_isEmptyWhenNothingWasEverSaved() {
    AllocationStore store = newStore();

    assertThat(store.load()).isEmpty();
    assertThat(reopen(store).load()).isEmpty();
  }

  @Test
  default void save_aSavedSnapshotLoadsBackEqual_fromTheStoreAndFromItReopened() {
    AllocationStore store = newStore();

    for (NodeSnapshot snapshot : ContractNode.snapshots()) {
      store.save(snapshot);

      assertThat(store.load()).contains(snapshot);
      assertThat(reopen(store).load()).contains(snapshot);
    }
  }

  @Test
  default void save_replacesTheWholeSnapshot_evenWithAnEarlierOne() {
    List<NodeSnapshot> snapshots = ContractNode.snapshots();
    AllocationStore store = newStore();
    snapshots.forEach(store::save);

    store.save(snapshots.get(0));

    assertThat(store.load()).contains(snapshots.get(0));
    assertThat(reopen(store).load()).contains(snapshots.get(0));
  }

  /** Threading: saves from any thread, in no order, leave one whole snapshot that every thread loads. */
  @Test
  default void save_fromManyThreadsAtOnce_leavesOneOfTheSavedSnapshotsWhole() throws Exception {
    List<NodeSnapshot> snapshots = ContractNode.snapshots();
    AllocationStore store = newStore();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> saves = new ArrayList<>();
      for (int thread = 0; thread < 4; thread++) {
        int first = thread;
        saves.add(threads.submit(() -> {
          for (int i = 0; i < 2 * snapshots.size(); i++) {
            store.save(snapshots.get((first + i) % snapshots.size()));
          }
        }));
      }
      for (Future<?> save : saves) {
        save.get();
      }

      NodeSnapshot loaded = threads.submit(() -> store.load().orElseThrow()).get();
      assertThat(snapshots).contains(loaded);
      assertThat(store.load()).contains(loaded);
      assertThat(reopen(store).load()).contains(loaded);
    } finally {
      threads.shutdownNow();
    }
  }

  /** A store that can be made to fail a save: a save that fails leaves the previous snapshot in place. */
  interface SaveFailures extends AllocationStoreContract {

    /**
     * A store over what {@code store} holds (itself, or one opened over the same content) whose next
     * save fails: as the adapter fails for real, or, for a store that never does, as a test asks it to.
     */
    AllocationStore failingNextSave(AllocationStore store);

    @Test
    default void save_thatFailsThrowsAndLeavesThePreviousSnapshotInPlace() {
      List<NodeSnapshot> snapshots = ContractNode.snapshots();
      AllocationStore store = newStore();
      store.save(snapshots.get(0));
      AllocationStore failing = failingNextSave(store);

      assertThatThrownBy(() -> failing.save(snapshots.get(1))).isInstanceOf(AllocationStoreException.class);

      assertThat(failing.load()).contains(snapshots.get(0));
      assertThat(reopen(failing).load()).contains(snapshots.get(0));
    }
  }

  /**
   * A store whose content can be damaged: content that cannot be read is refused with a message,
   * never taken for an empty store.
   */
  interface UnreadableContent extends AllocationStoreContract {

    /** Damages what {@code store} saved, as a torn write or a disk error would. */
    void damage(AllocationStore store);

    @Test
    default void load_ofContentThatCannotBeReadIsRefusedWithAMessage_notTakenForNothingSaved() {
      AllocationStore store = newStore();
      store.save(ContractNode.snapshots().get(0));
      damage(store);

      assertThatThrownBy(() -> reopen(store).load()).isInstanceOf(AllocationStoreException.class)
          .message().isNotBlank();
    }
  }
}
