package io.podtopo.adapters.linux.cgroup;

/**
 * The two cgroup file-system APIs a cpuset controller can be mounted with. Both name the files
 * {@code cpuset.cpus} and {@code cpuset.mems}; they differ in how a new cgroup starts, what an empty
 * value means and how a parent hands the controller to its children.
 */
public enum CgroupVersion {

  /**
   * The legacy {@code cpuset} hierarchy (fstype {@code cgroup}, super option {@code cpuset}): a new
   * cgroup starts with empty cpus and mems, and no process may join it until both are set; the kernel
   * refuses a child outside its parent and a parent narrower than a child.
   */
  V1,

  /**
   * The unified hierarchy (fstype {@code cgroup2}): an empty value means "all of the parent's", a
   * child only has cpuset files when its parent lists {@code cpuset} in
   * {@code cgroup.subtree_control}, and the kernel clips a child to its parent (effective cpus) rather
   * than refusing it. Partitions ({@code cpuset.cpus.partition}) are left alone.
   */
  V2;

  /** Whether an empty {@code cpuset.cpus}/{@code cpuset.mems} allows everything the parent does. */
  boolean emptyAllowsAll() {
    return this == V2;
  }
}
