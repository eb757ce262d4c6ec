package io.podtopo.conformance.scenarios;

/**
 * The kubelet oracle's error for a scenario the kubelet's code could not answer outside an
 * admission: it panicked ({@code would crash: kubelet v1.37.2 panicked: ...}, e.g. the Memory
 * Manager's {@code validateState} on a restart) or did not return within the oracle's answer timeout
 * ({@code no answer: kubelet v1.37.2 did not return within ...}). An admission that crashes or never
 * returns is answered, not an error: its decision is {@code KubeletNoAnswer}.
 */
final class KubeletCrash {

  private KubeletCrash() {}

  /** Whether {@code error}, as the subject's answer or exception words it, is such an error. */
  static boolean named(String error) {
    return error.contains("would crash") || error.contains("no answer: kubelet");
  }
}
