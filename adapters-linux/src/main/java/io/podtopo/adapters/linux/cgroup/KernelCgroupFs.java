package io.podtopo.adapters.linux.cgroup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * The cgroup file system as the kernel offers it. A value is written with a trailing newline, as
 * {@code echo} writes it, so that an empty value is still one {@code write(2)} the kernel sees; files
 * are never created (the kernel makes them with the cgroup).
 */
final class KernelCgroupFs implements CgroupFs {

  @Override
  public String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  @Override
  public void write(Path file, String value) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap((value + "\n").getBytes(StandardCharsets.UTF_8));
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      channel.write(bytes);
    }
  }

  @Override
  public boolean isDirectory(Path path) {
    return Files.isDirectory(path);
  }

  @Override
  public void createDirectory(Path dir) throws IOException {
    Files.createDirectory(dir);
  }

  @Override
  public void removeDirectory(Path dir) throws IOException {
    Files.delete(dir);
  }

  @Override
  public List<Path> directories(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(Files::isDirectory).sorted().toList();
    }
  }
}
