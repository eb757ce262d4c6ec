package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The PCI functions of a tree that a {@link DeviceMapping} names as devices: every function of
 * {@code sys/bus/pci/devices} (links to the folders under {@code sys/devices/pci*}, which are walked
 * too, since an archive keeps links but not what they point to), with its {@code vendor},
 * {@code device} and {@code class} ids and its {@code numa_node}. A function without a vendor,
 * device or class file is skipped; {@code numa_node} {@code -1}, missing, or a node the tree has no
 * folder for is no NUMA node.
 */
final class PciScan {

  private static final String BUS = "sys/bus/pci/devices";
  private static final Pattern ADDRESS = Pattern.compile("[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");

  private final SysfsFiles files;

  PciScan(SysfsFiles files) {
    this.files = files;
  }

  /** The devices, by address order. */
  List<Device> read(DeviceMapping mapping, Set<Integer> numaNodes) {
    TreeMap<String, String> folderOf = new TreeMap<>();
    for (String top : files.tree().list("sys/devices")) {
      if (top.startsWith("pci") && files.tree().isFolder("sys/devices/" + top)) {
        walk("sys/devices/" + top, folderOf);
      }
    }
    for (String address : files.tree().list(BUS)) {
      if (ADDRESS.matcher(address).matches() && files.tree().isFile(BUS + "/" + address + "/class")) {
        folderOf.putIfAbsent(address, BUS + "/" + address);
      }
    }
    List<Device> devices = new ArrayList<>();
    folderOf.forEach((address, folder) -> hex(folder + "/vendor").ifPresent(vendor ->
        hex(folder + "/device").ifPresent(device -> hex(folder + "/class").ifPresent(classCode ->
            mapping.resourceOf(vendor, device, classCode).ifPresent(resource -> {
              Integer node = files.integer(folder + "/numa_node");
              devices.add(Device.of(resource, address, node != null && numaNodes.contains(node) ? node : null));
            })))));
    return devices;
  }

  /** Every function folder below {@code folder}, by address; functions behind bridges included. */
  private void walk(String folder, TreeMap<String, String> folderOf) {
    for (String name : files.tree().list(folder)) {
      if (ADDRESS.matcher(name).matches()) {
        String child = folder + "/" + name;
        if (files.tree().isFolder(child)) {
          folderOf.putIfAbsent(name, child);
          walk(child, folderOf);
        }
      }
    }
  }

  /** A {@code 0x}-prefixed hexadecimal id file; empty when missing. */
  private Optional<Integer> hex(String path) {
    String text = files.text(path);
    if (text == null) {
      return Optional.empty();
    }
    String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
    try {
      return Optional.of(Integer.parseUnsignedInt(digits, 16));
    } catch (NumberFormatException e) {
      throw new SysfsException(files.tree().where(path), "not a hexadecimal id: " + SysfsFiles.quote(text));
    }
  }
}
