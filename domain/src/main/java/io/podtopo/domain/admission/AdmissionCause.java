package io.podtopo.domain.admission;

import io.podtopo.domain.topologymanager.AdmissionFailure;

/**
 * Why a pod is refused at admission, typed: upstream's {@code admission.Error} (a {@code Type()} and
 * an {@code Error()}) kept as what it is, with its numbers, up to the boundary, instead of flattened
 * into a reason and a text. The kubelet's {@link #reason()} and {@link #message()} are derived from
 * it, byte for byte upstream's ({@code GetPodAdmitResult}); a rejection's explanation reads its fields,
 * never its text.
 *
 * <ul>
 *   <li>{@link TopologyAffinityError}: the Topology Manager found no placement;
 *   <li>{@link SmtAlignmentError}: {@code full-pcpus-only} cannot give whole cores;
 *   <li>{@link EmptyPodSharedPoolError}: a pod-level pod's partition leaves its shared pool empty;
 *   <li>{@link PodLevelResourcesValidationError}: a pod-level pod the managers cannot partition;
 *   <li>{@link UnexpectedAdmissionError}: an allocation error without a type of its own (not enough
 *       CPUs, devices unavailable, the Memory Manager's errors, any other);
 *   <li>{@link InsufficientResourceError}: the resource-fit predicate's {@code OutOf<resource>};
 *   <li>{@link KubeletNoAnswer}: kubelet v1.37 would never finish or would crash (ADR 0008);
 *   <li>{@link ReportedFailure}: a reason and a message someone reported, and nothing more.
 * </ul>
 *
 * <p>One convention for the managers: an allocation that refuses a pod says so with its cause in its
 * result ({@code CpuAllocationResult}, {@code MemoryAllocationResult}, {@code DeviceAllocationResult}),
 * never with an exception. Their inner steps ({@code takeByTopology}, the Memory Manager's affinity
 * search, {@code devicesToAllocate}) throw an unchecked exception the allocation turns into its cause;
 * exceptions stay for what is no admission: a configuration or a restored state a manager refuses.
 */
public sealed interface AdmissionCause permits TopologyAffinityError, SmtAlignmentError, EmptyPodSharedPoolError,
    PodLevelResourcesValidationError, UnexpectedAdmissionError, InsufficientResourceError, KubeletNoAnswer,
    ReportedFailure {

  /** The kubelet's rejection reason (upstream {@code Type()}), e.g. {@code SMTAlignmentError}. */
  String reason();

  /** The kubelet's rejection message (upstream {@code Error()} of the admission error). */
  String message();

  /** The reason and the message, as the kubelet reports them. */
  default AdmissionFailure failure() {
    return AdmissionFailure.of(reason(), message());
  }
}
