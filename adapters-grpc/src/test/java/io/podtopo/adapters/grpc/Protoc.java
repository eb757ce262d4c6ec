package io.podtopo.adapters.grpc;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The protoc that compiles podtopo's {@code api.proto}, run on any {@code .proto} file: it parses the
 * file into its {@link FileDescriptorProto}, as protoc hands it to every code generator. The
 * executable is the Maven artifact named by the system property {@value #PROPERTY} (set by this
 * module's surefire configuration), copied once into a temporary directory to be made executable.
 */
final class Protoc {

  static final String PROPERTY = "podtopo.protoc";

  private static Path executable;

  private Protoc() {}

  /**
   * Parses {@code file}, a path relative to {@code root} (its import path), as protoc does.
   *
   * @throws AssertionError when protoc rejects the file or cannot be run
   */
  static FileDescriptorProto parse(Path root, String file) {
    try {
      Path out = Files.createTempFile("podtopo-descriptor", ".pb");
      Path log = Files.createTempFile("podtopo-protoc", ".log");
      try {
        Process protoc = new ProcessBuilder(List.of(executable().toString(), "--proto_path=" + root,
            "--descriptor_set_out=" + out, file)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!protoc.waitFor(60, TimeUnit.SECONDS)) {
          protoc.destroyForcibly();
          throw new AssertionError("protoc did not finish within 60 s on " + root.resolve(file));
        }
        String said = Files.readString(log, StandardCharsets.UTF_8);
        if (protoc.exitValue() != 0) {
          throw new AssertionError("protoc rejected " + root.resolve(file) + " (exit " + protoc.exitValue() + "): "
              + said.strip());
        }
        FileDescriptorSet set = FileDescriptorSet.parseFrom(Files.readAllBytes(out));
        if (set.getFileCount() != 1) {
          throw new AssertionError("protoc described " + set.getFileCount() + " files for " + root.resolve(file));
        }
        return set.getFile(0);
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(log);
      }
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError("protoc wrote a descriptor set that does not parse: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while protoc ran", e);
    }
  }

  private static synchronized Path executable() throws IOException {
    if (executable == null) {
      String artifact = System.getProperty(PROPERTY);
      if (artifact == null || !Files.isRegularFile(Path.of(artifact))) {
        throw new AssertionError("no protoc: the system property " + PROPERTY + " must name the protoc artifact "
            + "in the Maven repository (adapters-grpc's surefire configuration sets it; the build that compiles "
            + "api.proto downloads it), got " + artifact);
      }
      Path dir = Files.createTempDirectory("podtopo-protoc");
      Path copy = dir.resolve("protoc");
      Files.copy(Path.of(artifact), copy, StandardCopyOption.REPLACE_EXISTING);
      if (!copy.toFile().setExecutable(true, true)) {
        throw new AssertionError("cannot make " + copy + " executable");
      }
      copy.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
      executable = copy;
    }
    return executable;
  }
}
