package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A failed cgroup operation is tried a bounded number of times, then reported with the C library's
 * errno text, whichever way the JDK carried the errno.
 */
class RetryAndErrnoTest {

  @Test
  void anOperationThatKeepsFailingIsTriedAsOftenAsThePolicySaysThenReportedWithItsErrno() {
    List<Duration> pauses = new ArrayList<>();
    AtomicInteger tries = new AtomicInteger();
    RetryPolicy policy = RetryPolicy.of(4, Duration.ofMillis(5), pauses::add);

    assertThatThrownBy(() -> policy.run("cgroup /x: cannot write \"1\" to cpuset.cpus", () -> {
      tries.incrementAndGet();
      throw new IOException("No space left on device");
    })).isInstanceOf(CgroupOperationException.class)
        .hasMessage("cgroup /x: cannot write \"1\" to cpuset.cpus: No space left on device (tried 4 times)");
    assertThat(tries).hasValue(4);
    assertThat(pauses).containsExactly(Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(20));
  }

  @Test
  void anInterruptWhileWaitingEndsTheTriesAndKeepsTheThreadInterrupted() {
    AtomicInteger tries = new AtomicInteger();
    RetryPolicy policy = RetryPolicy.of(5, Duration.ofMillis(5), delay -> {
      throw new InterruptedException();
    });

    try {
      assertThatThrownBy(() -> policy.run("op", () -> {
        tries.incrementAndGet();
        throw new IOException("Device or resource busy");
      })).hasMessage("op: Device or resource busy (tried once)");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(tries).hasValue(1);
  }

  @Test
  void aPolicyNeedsAnAttemptAndNoNegativeDelay() {
    assertThatThrownBy(() -> RetryPolicy.of(0, Duration.ZERO, delay -> {})).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RetryPolicy.of(1, Duration.ofMillis(-1), delay -> {}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theErrnoTextComesFromTheExceptionTypeTheReasonOrTheMessage() {
    assertThat(Errno.text(new AccessDeniedException("/x"))).isEqualTo("Permission denied");
    assertThat(Errno.text(new NoSuchFileException("/x"))).isEqualTo("No such file or directory");
    assertThat(Errno.text(new FileAlreadyExistsException("/x"))).isEqualTo("File exists");
    assertThat(Errno.text(new DirectoryNotEmptyException("/x"))).isEqualTo("Directory not empty");
    assertThat(Errno.text(new NotDirectoryException("/x"))).isEqualTo("Not a directory");
    assertThat(Errno.text(new FileSystemException("/x", null, "Device or resource busy")))
        .isEqualTo("Device or resource busy");
    assertThat(Errno.text(new IOException("Invalid argument"))).isEqualTo("Invalid argument");
    assertThat(Errno.text(new IOException())).isEqualTo("IOException");
  }
}
