package io.podtopo.adapters.linux.kubelet;

/**
 * A manager's state restored from its checkpoint file.
 *
 * @param version the format it was read as ({@code V1} to {@code V4})
 * @param verification how its checksum verified
 * @param policyName the policy name it records
 * @param state the manager's state
 * @param <S> the state type ({@code CpuManagerState} or {@code MemoryManagerState})
 */
record RestoredCheckpoint<S>(String version, Verification verification, String policyName, S state) {}
