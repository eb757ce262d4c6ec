/**
 * The durable allocation store of a Linux node: {@link io.podtopo.adapters.linux.store.FileAllocationStore}
 * keeps the whole node snapshot in one versioned, checksummed JSON file that every save replaces
 * atomically, refuses a file it cannot trust instead of starting empty, and moves such a file aside
 * only when asked ({@link io.podtopo.adapters.linux.store.StateDirectory}). The format is described in
 * {@code docs/guide/state-store.md}.
 */
package io.podtopo.adapters.linux.store;
