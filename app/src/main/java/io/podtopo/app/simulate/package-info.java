/**
 * {@code podtopo simulate}: runs scenario steps (admissions and removals) through the domain's
 * {@link io.podtopo.domain.node.NodeResourceManagers} on one machine and kubelet configuration, and
 * keeps what each pod was given for the reports.
 */
package io.podtopo.app.simulate;
