package io.podtopo.domain.pod;

/**
 * What the walk of a pod-level pod's shared pool finds wrong for one resource of its budget
 * ({@link PodSharedPool}): an exclusive standard init container larger than the pool it runs beside,
 * a standard init container on the pool when nothing is left of it, or long-running containers on
 * the pool when nothing is left of it. The managers phrase a finding as their
 * {@code EmptyPodSharedPoolError} text, the rejection's explanation as advice.
 */
public sealed interface PoolFinding
    permits ExclusiveInitBeyondPool, SharedInitWithoutPool, SharedContainersWithoutPool {

  /** The resource of the budget the finding is about: {@code cpu}, {@code memory}, a hugepage size. */
  String resource();
}
