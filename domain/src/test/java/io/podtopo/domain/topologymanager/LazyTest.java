package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The memoising holder behind {@link MaskFamily}'s extras, preferred width and enumeration: a
 * description's parts are computed only when the merge queries them, once, even when several
 * admissions query one description at the same time.
 */
class LazyTest {

  @Test
  void theSourceRunsOnlyWhenTheValueIsFirstAskedFor() {
    AtomicInteger runs = new AtomicInteger();
    Lazy<String> lazy = Lazy.of(() -> "value " + runs.incrementAndGet());

    assertThat(runs).hasValue(0);
    assertThat(lazy.get()).isEqualTo("value 1");
    assertThat(lazy.get()).isEqualTo("value 1");
    assertThat(runs).hasValue(1);
  }

  @Test
  void threadsAskingAtOnceShareOneRunOfTheSource() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    Lazy<Object> lazy = Lazy.of(() -> {
      runs.incrementAndGet();
      return new Object();
    });
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Future<Object>> values = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        values.add(threads.submit(() -> {
          start.await();
          return lazy.get();
        }));
      }
      start.countDown();
      Object first = values.get(0).get();
      for (Future<Object> value : values) {
        assertThat(value.get()).isSameAs(first);
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(runs).hasValue(1);
  }

  @Test
  void aSourceThatFailsHasNotRunAndIsTriedAgain() {
    AtomicInteger runs = new AtomicInteger();
    Lazy<Integer> lazy = Lazy.of(() -> {
      if (runs.incrementAndGet() == 1) {
        throw new IllegalStateException("not yet");
      }
      return runs.get();
    });

    assertThatThrownBy(lazy::get).isInstanceOf(IllegalStateException.class).hasMessage("not yet");
    assertThat(lazy.get()).isEqualTo(2);
    assertThat(lazy.get()).isEqualTo(2);
  }
}
