package io.podtopo.adapters.linux.cgroup;

import java.io.IOException;
import java.time.Duration;

/**
 * How often a failed cgroup file operation is tried before it counts as failed, and how long to wait
 * between tries: {@code firstDelay}, then twice as long each time. The sleeper is injectable so tests
 * neither wait nor depend on a clock. An interrupt while waiting ends the tries (the thread stays
 * interrupted).
 */
public final class RetryPolicy {

  /** Waits between tries; {@link Thread#sleep} in production. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration delay) throws InterruptedException;
  }

  /** One cgroup file operation. */
  @FunctionalInterface
  interface Operation<T> {
    T run() throws IOException;
  }

  private final int attempts;
  private final Duration firstDelay;
  private final Sleeper sleeper;

  private RetryPolicy(int attempts, Duration firstDelay, Sleeper sleeper) {
    this.attempts = attempts;
    this.firstDelay = firstDelay;
    this.sleeper = sleeper;
  }

  /** Three tries, 10 ms then 20 ms apart. */
  public static RetryPolicy defaults() {
    return of(3, Duration.ofMillis(10), delay -> Thread.sleep(delay.toMillis()));
  }

  /**
   * {@code attempts} tries, the first {@code firstDelay} apart.
   *
   * @throws IllegalArgumentException when {@code attempts} is not positive or the delay is negative
   */
  public static RetryPolicy of(int attempts, Duration firstDelay, Sleeper sleeper) {
    if (attempts < 1 || firstDelay.isNegative()) {
      throw new IllegalArgumentException("a retry policy needs at least one attempt and no negative delay, got "
          + attempts + " attempts " + firstDelay + " apart");
    }
    return new RetryPolicy(attempts, firstDelay, sleeper);
  }

  /**
   * Runs {@code operation} until it succeeds or the tries are used up.
   *
   * @param what the operation for the message, e.g. {@code cgroup /x: cannot write "1" to cpuset.cpus}
   * @throws CgroupOperationException {@code what}, the errno text of the last failure and the number of
   *     tries
   */
  <T> T run(String what, Operation<T> operation) throws CgroupOperationException {
    Duration delay = firstDelay;
    for (int attempt = 1; ; attempt++) {
      try {
        return operation.run();
      } catch (IOException failure) {
        if (attempt == attempts || !pause(delay)) {
          throw new CgroupOperationException(what + ": " + Errno.text(failure)
              + (attempt == 1 ? " (tried once)" : " (tried " + attempt + " times)"), failure);
        }
        delay = delay.multipliedBy(2);
      }
    }
  }

  private boolean pause(Duration delay) {
    try {
      sleeper.sleep(delay);
      return true;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
