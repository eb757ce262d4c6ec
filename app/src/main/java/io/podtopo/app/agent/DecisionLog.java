package io.podtopo.app.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's structured log: one JSON object per line and per event, flushed at once, e.g.
 *
 * <pre>{@code
 * {"time":"2026-12-03T08:00:00.123Z","level":"info","event":"admitted","file":"web.yaml","pod":"default/web","uid":"5f0c...","cpus":"2-3"}
 * {"time":"2026-12-03T08:00:01.456Z","level":"warn","event":"rejected","file":"big.yaml","pod":"default/big","uid":"9a1e...","reason":"TopologyAffinityError","message":"..."}
 * }</pre>
 *
 * <p>Every line has {@code time} (UTC, ISO-8601), {@code level} ({@code info}, {@code warn},
 * {@code error}) and {@code event}; the other fields are the event's, in the order given (a null
 * value leaves its field out). Thread-safe.
 */
public final class DecisionLog {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final PrintWriter out;
  private final Clock clock;

  /** A log written to {@code out}, stamped by {@code clock}. */
  public DecisionLog(PrintWriter out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  /** The fields {@code key1, value1, key2, value2, ...} in that order. */
  public static Map<String, String> fields(String... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("fields come as key, value pairs");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      fields.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return fields;
  }

  /** An event that is how things should go. */
  public void info(String event, Map<String, String> fields) {
    write("info", event, fields, Map.of());
  }

  /** An event that refused something the user asked for (a rejected pod, a bad manifest). */
  public void warn(String event, Map<String, String> fields) {
    write("warn", event, fields, Map.of());
  }

  /** {@link #warn(String, Map)} with fields that are lists of text (a rejected pod's causes and fixes). */
  public void warn(String event, Map<String, String> fields, Map<String, List<String>> lists) {
    write("warn", event, fields, lists);
  }

  /** An event where podtopo could not do its part (a state it could not save, a cgroup it could not write). */
  public void error(String event, Map<String, String> fields) {
    write("error", event, fields, Map.of());
  }

  private void write(String level, String event, Map<String, String> fields, Map<String, List<String>> lists) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", clock.instant().toString());
    line.put("level", level);
    line.put("event", event);
    fields.forEach((key, value) -> {
      if (value != null) {
        line.put(key, value);
      }
    });
    lists.forEach((key, values) -> values.forEach(line.putArray(key)::add));
    String text;
    try {
      text = JSON.writeValueAsString(line);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings always serialises", e);
    }
    synchronized (out) {
      out.println(text);
      out.flush();
    }
  }
}
