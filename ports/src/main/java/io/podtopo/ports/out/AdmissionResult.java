package io.podtopo.ports.out;

/** The {@code result} label of an admission counter. */
public enum AdmissionResult {
  ADMITTED,
  REJECTED
}
