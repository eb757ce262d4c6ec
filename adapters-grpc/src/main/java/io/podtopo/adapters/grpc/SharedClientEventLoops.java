package io.podtopo.adapters.grpc;

import io.netty.channel.EventLoopGroup;
import java.time.Duration;

/**
 * The event loops every {@link PodResourcesClient} of one JVM shares, as gRPC's own channels share
 * one worker group by default: one thread per core, created by the first client and stopped when the
 * last one closes. A poller with many connections then runs on a few threads, not on one event loop
 * thread per connection beside its callers (sixteen clients on two cores spent their time switching
 * between 32 threads; see the load section of {@code docs/guide/podresources.md}).
 */
final class SharedClientEventLoops {

  private static final Duration GRACE = Duration.ofSeconds(1);

  private static EventLoopGroup group;
  private static int users;

  private SharedClientEventLoops() {}

  /**
   * The shared group, created when no client holds it; every call is paired with one {@link #release}.
   *
   * @throws IllegalStateException when epoll is not available on this machine
   */
  static synchronized EventLoopGroup acquire() {
    if (users == 0) {
      group = EpollTransport.eventLoops("podresources-client", Math.max(1, Runtime.getRuntime().availableProcessors()));
    }
    users++;
    return group;
  }

  /** Gives back {@code released}; the last client to give it back stops its threads. */
  static void release(EventLoopGroup released) {
    EventLoopGroup stopping;
    synchronized (SharedClientEventLoops.class) {
      if (released != group || users == 0) {
        throw new IllegalStateException("released an event loop group this holder did not hand out");
      }
      users--;
      if (users > 0) {
        return;
      }
      stopping = group;
      group = null;
    }
    EpollTransport.shutDown(stopping, GRACE);
  }
}
