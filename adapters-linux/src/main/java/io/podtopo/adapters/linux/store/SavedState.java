package io.podtopo.adapters.linux.store;

import io.podtopo.ports.in.NodeSnapshot;
import java.nio.file.Path;

/**
 * A saved state that was read and accepted: where its state file is, the file's format version, the
 * checksum of the last thing saved ({@code sha256:...}: the state file's, or the last journal
 * record's), the snapshot and how many journal records it took on top of the state file
 * ({@link StateJournal}).
 */
public record SavedState(Path file, int version, String checksum, NodeSnapshot snapshot, int journalRecords) {}
