/**
 * The node: everything a KubeletConfiguration says about the resource managers
 * ({@link io.podtopo.domain.node.NodeConfig}), their whole state
 * ({@link io.podtopo.domain.node.NodeState}), and the pure functions over them that a kubelet runs:
 * pod admission (hint providers, merge, policy, allocation, with a trace of every step), container
 * and pod removal, the PodResources view and the allocatable resources
 * ({@link io.podtopo.domain.node.NodeResourceManagers}); and the cpusets a node's cgroups apply
 * ({@link io.podtopo.domain.node.AppliedCpuset}), which an audit compares with that view.
 */
@PodtopoStyle
package io.podtopo.domain.node;

import io.podtopo.domain.style.PodtopoStyle;
