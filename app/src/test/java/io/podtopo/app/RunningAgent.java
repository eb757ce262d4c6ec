package io.podtopo.app;

import io.podtopo.app.agent.Agent;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.DecisionLog;
import io.podtopo.app.input.NodeSettings;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Clock;

/**
 * An agent of the reference wiring ({@link PodtopoComponent#reference()}) started and running its
 * loop on a thread of the test, its decision log written to {@code log}; closing it stops it as
 * SIGTERM would, waits for the loop and releases what it holds.
 */
final class RunningAgent implements AutoCloseable {

  private final Agent agent;
  private final Thread loop;

  private RunningAgent(Agent agent, Thread loop) {
    this.agent = agent;
    this.loop = loop;
  }

  static RunningAgent start(NodeSettings settings, LinuxNode node, AgentOptions options, Writer log,
      String threadName) {
    Agent agent = PodtopoComponent.reference().agent()
        .create(settings, node, options, new DecisionLog(new PrintWriter(log), Clock.systemUTC()))
        .agent();
    agent.start();
    Thread loop = new Thread(() -> {
      try {
        agent.run();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, threadName);
    loop.start();
    return new RunningAgent(agent, loop);
  }

  Agent agent() {
    return agent;
  }

  @Override
  public void close() throws InterruptedException {
    agent.stop();
    loop.join(10_000);
    agent.close();
  }
}
