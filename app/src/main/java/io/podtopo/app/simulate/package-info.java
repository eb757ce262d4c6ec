/**
 * {@code podtopo simulate}: runs scenario steps (admissions and removals) through the
 * {@link io.podtopo.ports.in.Simulator} use case on one machine and kubelet configuration, and keeps
 * what each step did and each pod was given for the reports.
 */
package io.podtopo.app.simulate;
