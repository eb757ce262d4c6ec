package io.podtopo.app.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.memorymanager.MemoryBlock;
import java.util.List;

/** Memory blocks in the JSON reports: {@code {"type": "memory", "size": 1073741824, "numaNodes": [0]}}. */
final class MemoryJson {

  private MemoryJson() {}

  /** Appends {@code blocks} to {@code array}, in order. */
  static void add(ArrayNode array, List<MemoryBlock> blocks) {
    for (MemoryBlock block : blocks) {
      ObjectNode entry = array.addObject();
      entry.put("type", block.type());
      entry.put("size", block.size());
      block.numaAffinity().forEach(entry.putArray("numaNodes")::add);
    }
  }
}
