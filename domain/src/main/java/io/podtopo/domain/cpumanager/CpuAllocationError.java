package io.podtopo.domain.cpumanager;

/**
 * Why the CPU Manager refused to allocate, as data the admission code maps to a kubelet reason.
 *
 * <p>Typed errors ({@link SmtAlignmentError}, {@link EmptyPodSharedPoolError}) give their type as
 * the admission reason and their text as the message; any other error ({@link UntypedCpuAllocationError})
 * becomes {@code UnexpectedAdmissionError} with "Allocate failed due to &lt;err&gt;, which is
 * unexpected", as upstream {@code admission.GetPodAdmitResult} does.
 */
public sealed interface CpuAllocationError
    permits SmtAlignmentError, EmptyPodSharedPoolError, UntypedCpuAllocationError {

  /** Upstream {@code err.Error()}. */
  String message();

  /** The kubelet admission failure reason. */
  String admissionReason();

  /** The kubelet admission failure message. */
  default String admissionMessage() {
    return message();
  }
}
