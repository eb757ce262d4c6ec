package io.podtopo.app.report;

import io.podtopo.conformance.audit.AuditInput;
import io.podtopo.conformance.audit.AuditResult;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One run of {@code podtopo audit}, to show.
 *
 * @param socket the endpoint's socket
 * @param cgroupTree the cgroup tree read, when one was given
 * @param input what the rules looked at
 * @param result how every rule fared
 */
public record AuditedEndpoint(Path socket, Optional<AuditedCgroupTree> cgroupTree, AuditInput input,
    AuditResult result) {

  public AuditedEndpoint {
    Objects.requireNonNull(socket, "socket");
    Objects.requireNonNull(cgroupTree, "cgroupTree");
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(result, "result");
  }
}
