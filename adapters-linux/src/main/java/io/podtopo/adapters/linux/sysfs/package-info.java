/**
 * The machine from a Linux sysfs tree: {@link io.podtopo.adapters.linux.sysfs.SysfsTopology} (the
 * kernel's description, comparable with hwloc and written in the fixture JSON schema; its
 * {@code toMachine()} is the kubelet's view), read from a node's {@code /}, a copy of it or an
 * archive of one, and {@link io.podtopo.adapters.linux.sysfs.SysfsMachineSource}, the
 * {@link io.podtopo.ports.out.MachineSource} over a sysfs root. A tree that cannot be used fails
 * with a {@link io.podtopo.adapters.linux.sysfs.SysfsException} naming the file.
 */
package io.podtopo.adapters.linux.sysfs;
