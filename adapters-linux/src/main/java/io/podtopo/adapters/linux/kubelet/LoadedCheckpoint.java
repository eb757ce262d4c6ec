package io.podtopo.adapters.linux.kubelet;

/**
 * A checkpoint file as the kubelet's load-and-migrate chain returns it: the format it was read as,
 * how its checksum verified, and the payload struct (policy name, entries, ...) of that format.
 *
 * @param version {@code V1} to {@code V4}
 * @param verification how its checksum verified
 * @param payload the struct holding the state: the {@code data} struct of the newest format, the
 *     whole checkpoint otherwise
 */
record LoadedCheckpoint(String version, Verification verification, GoValue.GoStruct payload) {

  /** A string field of the payload. */
  String text(String field) {
    return GoValues.text(payload.field(field));
  }
}
