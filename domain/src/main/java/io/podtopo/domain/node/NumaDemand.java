package io.podtopo.domain.node;

import io.podtopo.domain.topologymanager.FittingMasks;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What one resource needs of the NUMA nodes, for an explanation ({@link NumaDemands} reads it from the
 * node's state): the amount, and per node what is free, the most pods could ever get there
 * ({@code capacity}) and the size the hint providers count when they judge the narrowest placement
 * ({@code sizes}: for CPUs the node's CPUs, reserved ones included).
 */
final class NumaDemand {

  private final String resource;
  private final long request;
  private final SortedMap<Integer, Long> free;
  private final SortedMap<Integer, Long> capacity;
  private final SortedMap<Integer, Long> sizes;

  NumaDemand(String resource, long request, SortedMap<Integer, Long> free, SortedMap<Integer, Long> capacity,
      SortedMap<Integer, Long> sizes) {
    this.resource = resource;
    this.request = request;
    this.free = free;
    this.capacity = capacity;
    this.sizes = sizes;
  }

  /** A demand whose nodes' sizes are what they could ever give pods. */
  NumaDemand(String resource, long request, SortedMap<Integer, Long> free, SortedMap<Integer, Long> capacity) {
    this(resource, request, free, capacity, capacity);
  }

  String resource() {
    return resource;
  }

  long request() {
    return request;
  }

  /** What each NUMA node has free, by node id. */
  SortedMap<Integer, Long> free() {
    return free;
  }

  /** The most pods could ever get on each NUMA node, by node id. */
  SortedMap<Integer, Long> capacity() {
    return capacity;
  }

  /** What each NUMA node has in all, as the hint providers count it, by node id. */
  SortedMap<Integer, Long> sizes() {
    return sizes;
  }

  /** The fewest NUMA nodes that could ever hold the request (the providers' narrowest width); 0 when none can. */
  int width() {
    return everFits() ? FittingMasks.fewestHolding(sizes.values().stream().mapToLong(Long::longValue), request) : 0;
  }

  /** Whether all NUMA nodes together could give the request to pods. */
  boolean everFits() {
    return capacity.values().stream().mapToLong(Long::longValue).sum() >= request;
  }

  /** The {@code width} nodes with the most free, most free first (ties: lower id). */
  List<Integer> roomiest(int width) {
    return free.entrySet().stream()
        .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(width).map(Map.Entry::getKey).sorted().toList();
  }

  long freeOn(List<Integer> nodes) {
    return nodes.stream().mapToLong(node -> free.getOrDefault(node, 0L)).sum();
  }

  /** Whether some mask of the narrowest width has the request free (the top nodes by free are such a mask). */
  boolean fitsAlone() {
    int width = width();
    return width > 0 && freeOn(roomiest(width)) >= request;
  }

  /** The nodes that alone have the request free. */
  List<Integer> singleNodes() {
    return free.entrySet().stream().filter(entry -> entry.getValue() >= request).map(Map.Entry::getKey).toList();
  }

  /**
   * The {@code width} nodes to free the request on: the roomiest whose capacity can hold it (else
   * those that can hold the most).
   */
  List<Integer> toFree(int width) {
    List<Integer> roomiest = roomiest(width);
    if (roomiest.stream().mapToLong(node -> capacity.getOrDefault(node, 0L)).sum() >= request) {
      return roomiest;
    }
    return capacity.entrySet().stream()
        .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(width).map(Map.Entry::getKey).sorted().toList();
  }

  /** The most the {@code width} largest NUMA nodes can hold together. */
  long capacityOf(int width) {
    return capacity.values().stream().sorted(Comparator.reverseOrder()).limit(width).mapToLong(Long::longValue).sum();
  }
}
