package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * The state journal, {@code node-state.journal} beside the state file: the changes saved since the
 * state file was last written, one line each, so that a change costs what it changed, not the whole
 * state (ADR 0010). Its first line names the state file it continues, by checksum; each further line
 * is a record: the parts ({@link StateParts}) the change set and removed, numbered, chained to the
 * record before by its checksum, and checksummed itself. Every line is compact canonical JSON
 * ({@link CanonicalJson}).
 *
 * <pre>
 * {"base":"sha256:…","format":"podtopo-node-state-journal","version":1}
 * {"checksum":"sha256:…","prev":"sha256:…","remove":[key],"seq":1,"set":{key: value}}
 * </pre>
 *
 * <p><b>Reading</b> ({@link #read}). A journal that names another state file is left over from before
 * the state file was rewritten (a crash between the two) and is ignored. A last line that is cut short
 * or fails its checksum is a save a crash interrupted, not acknowledged, and is ignored. Any other
 * fault (a bad line before a good one, a broken chain, an unknown format) refuses the state.
 *
 * <p><b>Writing</b> ({@link Writer}). A new journal replaces the old one atomically
 * ({@link AtomicFiles#replace}) with its first line only; each record is appended and forced to the
 * device ({@code fdatasync}) before the save returns; a record that could not be written whole is cut
 * off again.
 */
final class StateJournal {

  /** The journal's name in the state folder. */
  static final String FILE_NAME = "node-state.journal";
  static final String FORMAT = "podtopo-node-state-journal";
  static final int VERSION = 1;

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Set<String> HEADER = Set.of("base", "format", "version");
  private static final Set<String> RECORD = Set.of("checksum", "prev", "remove", "seq", "set");

  private StateJournal() {}

  /** The records of a journal that continues the state file of checksum {@code base}, in order. */
  record Records(List<JsonNode> records, String last) {}

  /**
   * The records of {@code file} that continue the state file of checksum {@code base}: none when
   * there is no journal or it continues another state file.
   *
   * @throws StateFileFormat.Refusal when the journal cannot be trusted
   */
  static Records read(Path file, String base) throws IOException, StateFileFormat.Refusal {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return new Records(List.of(), base);
    }
    List<String> lines = lines(bytes);
    if (lines.isEmpty()) {
      throw new StateFileFormat.Refusal("its journal " + file.getFileName() + " has no first line");
    }
    JsonNode header = parse(lines.get(0));
    if (header == null || !members(header).equals(HEADER) || !FORMAT.equals(header.path("format").asText())
        || header.path("version").asInt() != VERSION) {
      throw new StateFileFormat.Refusal("its journal " + file.getFileName() + " is not a version " + VERSION
          + " podtopo journal: its first line is " + DataNode.describe(header == null ? JSON.textNode(lines.get(0))
          : header));
    }
    if (!base.equals(header.path("base").asText())) {
      return new Records(List.of(), base);
    }
    List<JsonNode> records = new ArrayList<>();
    String last = base;
    for (int i = 1; i < lines.size(); i++) {
      JsonNode record = parse(lines.get(i));
      String fault = record == null ? "is not JSON" : fault(record, records.size() + 1, last);
      if (fault != null) {
        if (i == lines.size() - 1) {
          break; // the last record, cut short or half written by a crash: that save never returned
        }
        throw new StateFileFormat.Refusal("its journal " + file.getFileName() + " has a bad record on line " + (i + 1)
            + " (it " + fault + ") before later ones");
      }
      records.add(record);
      last = record.get("checksum").textValue();
    }
    return new Records(records, last);
  }

  /** The parts after applying the records in order. */
  static void apply(List<JsonNode> records, SortedMap<String, JsonNode> parts) {
    for (JsonNode record : records) {
      record.get("remove").forEach(key -> parts.remove(key.textValue()));
      record.get("set").fields().forEachRemaining(part -> parts.put(part.getKey(), part.getValue()));
    }
  }

  /** The checksum a journal on disk names as its state file; empty when there is none or it is unreadable. */
  static Optional<String> base(Path file) {
    // Its first line only: the journal may hold four state files' worth of records.
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = reader.readLine();
      JsonNode header = first == null ? null : parse(first);
      return header == null ? Optional.empty() : Optional.of(header.path("base").asText());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static String fault(JsonNode record, long seq, String prev) {
    if (!members(record).equals(RECORD)) {
      return "has members " + members(record);
    }
    if (!record.get("seq").canConvertToLong() || record.get("seq").longValue() != seq) {
      return "is numbered " + record.get("seq") + ", expected " + seq;
    }
    if (!prev.equals(record.get("prev").asText())) {
      return "does not follow the record before";
    }
    if (!record.get("set").isObject() || !record.get("remove").isArray()) {
      return "is not a set of parts and a list of keys";
    }
    ObjectNode body = ((ObjectNode) record).deepCopy();
    body.remove("checksum");
    return CanonicalJson.checksum(body).equals(record.get("checksum").asText()) ? null : "fails its checksum";
  }

  /** The lines that end with a line feed, and a last one that does not (cut short), if any. */
  private static List<String> lines(byte[] bytes) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '\n') {
        lines.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
        start = i + 1;
      }
    }
    if (start < bytes.length) {
      lines.add(""); // cut short: never valid, so dropped as the last record or refused before others
    }
    return lines;
  }

  private static JsonNode parse(String line) {
    try {
      JsonNode node = CanonicalJson.parse(line.getBytes(StandardCharsets.UTF_8));
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  private static Set<String> members(JsonNode node) {
    Set<String> names = new TreeSet<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static byte[] line(JsonNode node) {
    byte[] compact = CanonicalJson.compact(node);
    byte[] line = new byte[compact.length + 1];
    System.arraycopy(compact, 0, line, 0, compact.length);
    line[compact.length] = '\n';
    return line;
  }

  /**
   * The open journal of a store: appends the changes of each saved snapshot to the one saved before,
   * until the journal outgrows {@code limit} bytes or a change cannot be told as parts, when the
   * store writes the whole state file again and starts a new journal.
   */
  static final class Writer implements Closeable {

    private final FileChannel channel;
    private final long limit;
    private final PodOrder order;
    private NodeSnapshot saved;
    private long size;
    private long seq;
    private String last;

    private Writer(FileChannel channel, long size, long limit, NodeSnapshot saved, String base) {
      this.channel = channel;
      this.size = size;
      this.limit = limit;
      this.saved = saved;
      this.order = PodOrder.of(saved.activePods());
      this.last = base;
    }

    /**
     * Starts a new journal continuing the state file of checksum {@code base}, which holds
     * {@code saved}: it replaces {@code file} atomically.
     */
    static Writer start(Path file, String base, NodeSnapshot saved, long limit) throws IOException {
      ObjectNode header = JSON.objectNode().put("base", base).put("format", FORMAT).put("version", VERSION);
      byte[] bytes = line(header);
      AtomicFiles.replace(file, bytes);
      FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      return new Writer(channel, bytes.length, limit, saved, base);
    }

    /**
     * Appends the change from the last saved snapshot to {@code next} and forces it to the device.
     *
     * @return false, writing nothing, when the journal is full or the change is not one of parts: the
     *     caller writes the state file instead
     * @throws IOException when the record could not be written (cut off again; the writer is then
     *     done: the caller writes the state file next)
     */
    boolean append(NodeSnapshot next) throws IOException {
      if (size >= limit) {
        return false;
      }
      Optional<StateParts.Changes> changes = StateParts.changes(saved, next, order);
      if (changes.isEmpty()) {
        return false;
      }
      if (changes.get().isEmpty()) {
        saved = next;
        return true;
      }
      ObjectNode record = JSON.objectNode();
      record.put("seq", seq + 1);
      record.put("prev", last);
      ArrayNode remove = record.putArray("remove");
      changes.get().remove.forEach(remove::add);
      ObjectNode set = record.putObject("set");
      for (Map.Entry<String, JsonNode> part : changes.get().set.entrySet()) {
        set.set(part.getKey(), part.getValue());
      }
      String checksum = CanonicalJson.checksum(record);
      record.put("checksum", checksum);
      ByteBuffer buffer = ByteBuffer.wrap(line(record));
      try {
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(false);
      } catch (IOException e) {
        channel.truncate(size);
        throw e;
      }
      size += buffer.capacity();
      seq++;
      last = checksum;
      saved = next;
      return true;
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
