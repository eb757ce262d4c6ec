package io.podtopo.adapters.linux.store;

import io.podtopo.ports.in.NodeSnapshot;
import java.nio.file.Path;

/**
 * A state file that was read and accepted: where it is, its format version, its checksum
 * ({@code sha256:...}) and the snapshot it holds.
 */
public record SavedState(Path file, int version, String checksum, NodeSnapshot snapshot) {}
