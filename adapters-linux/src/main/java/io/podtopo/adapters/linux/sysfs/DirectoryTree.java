package io.podtopo.adapters.linux.sysfs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A sysfs root on disk: the real {@code /} of a node, or a copy of one. */
final class DirectoryTree implements SysfsTree {

  /** Where the CPU folder sits below a sysfs root; its presence is what makes a folder a root. */
  static final String CPU_FOLDER = "sys/devices/system/cpu";

  private final Path root;

  private DirectoryTree(Path root) {
    this.root = root;
  }

  /** The root at or just below {@code folder}; see {@link SysfsTree#open}. */
  static DirectoryTree open(Path folder) {
    if (Files.isDirectory(folder.resolve(CPU_FOLDER))) {
      return new DirectoryTree(folder);
    }
    Path absolute = folder.toAbsolutePath().normalize();
    if (absolute.getFileName() != null && absolute.getFileName().toString().equals("sys")
        && Files.isDirectory(absolute.resolve("devices/system/cpu"))) {
      return new DirectoryTree(absolute.getParent());
    }
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, Files::isDirectory)) {
      entries.forEach(children::add);
    } catch (IOException e) {
      throw new SysfsException(folder.toString(), "unreadable folder: " + reason(e), e);
    }
    if (children.size() == 1 && Files.isDirectory(children.get(0).resolve(CPU_FOLDER))) {
      return new DirectoryTree(children.get(0));
    }
    throw new SysfsException(folder.toString(),
        "not a sysfs root: no " + CPU_FOLDER + " in it or in its only folder");
  }

  @Override
  public byte[] read(String path) {
    try (InputStream in = Files.newInputStream(root.resolve(path))) {
      byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
      if (bytes.length > MAX_FILE_BYTES) {
        throw new SysfsException(where(path), "larger than " + MAX_FILE_BYTES + " bytes, the limit of a sysfs file");
      }
      return bytes;
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new SysfsException(where(path), "unreadable: " + reason(e), e);
    }
  }

  @Override
  public List<String> list(String folder) {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(root.resolve(folder))) {
      entries.forEach(entry -> names.add(entry.getFileName().toString()));
    } catch (NoSuchFileException | NotDirectoryException e) {
      return List.of();
    } catch (IOException e) {
      throw new SysfsException(where(folder), "unreadable folder: " + reason(e), e);
    }
    return names;
  }

  /** Why an I/O operation failed, without repeating the path. */
  static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String reason = e instanceof FileSystemException failure ? failure.getReason() : e.getMessage();
    return reason == null ? e.getClass().getSimpleName() : reason;
  }

  @Override
  public boolean isFolder(String path) {
    return Files.isDirectory(root.resolve(path));
  }

  @Override
  public boolean isFile(String path) {
    return Files.isRegularFile(root.resolve(path));
  }

  @Override
  public String where(String path) {
    return root.resolve(path).toString();
  }

  @Override
  public String name() {
    Path absolute = root.toAbsolutePath().normalize();
    if (absolute.getFileName() != null) {
      return absolute.getFileName().toString();
    }
    byte[] hostname = read("proc/sys/kernel/hostname");
    String name = hostname == null ? "" : new String(hostname, StandardCharsets.US_ASCII).strip();
    return name.isEmpty() ? absolute.toString() : name;
  }
}
