package io.podtopo.app.agent;

import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.InputException;
import io.podtopo.app.input.PodManifests;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A folder of pod manifests read like the kubelet's static pod folder ({@code staticPodPath}): every
 * regular file whose name does not start with {@code .}, whatever its extension, holds YAML or JSON
 * Pods (one, several documents, or a {@code List}); sub-folders are not read.
 *
 * <p><b>Uids.</b> A Pod with {@code metadata.uid} keeps it. Otherwise, as the kubelet does for a
 * static pod, its uid is an MD5 over what defines it: the file's bytes, the host name, the file's
 * path and the pod's place in the file, as 32 hex digits. So an unchanged file gives the same uids
 * across restarts, and any edit gives new ones (the kubelet hashes its Go object instead of the
 * bytes, so the digits differ from a kubelet's; the rule is the same).
 *
 * <p><b>Defaulting.</b> Each pod is defaulted and validated as the kubelet's file source reads a
 * static pod ({@link PodRoute#staticPod}, decision D-42), not as the API server creates one: with
 * {@code PodLevelResourcesFixDefaulting} on (v1.37's default) its {@code spec.resources} is taken as
 * written. A pod the file source would refuse makes its file invalid, with upstream's
 * {@code invalid pod: [...]}.
 *
 * <p>Reading is all a scan does: a file that cannot be read or is not a Pod manifest is a
 * {@link ManifestFile} with an error, never an exception.
 */
public final class PodsFolder {

  private final Path folder;
  private final String hostName;
  private final boolean strict;
  private final PodRoute route;
  private Map<String, ManifestFile> lastScan = Map.of();

  /**
   * {@link #PodsFolder(Path, String, boolean, FeatureGates)} with the kubelet's gates at their v1.37
   * defaults.
   *
   * @throws InputException when {@code folder} is not a folder
   */
  public PodsFolder(Path folder, String hostName, boolean strict) {
    this(folder, hostName, strict, FeatureGates.defaults());
  }

  /**
   * The folder {@code folder}, with {@code hostName} in the uids it derives; {@code strict}: a
   * manifest with a field the Pod API does not have is invalid, not only warned about; {@code gates}:
   * the kubelet's, which decide how a static pod is defaulted.
   *
   * @throws InputException when {@code folder} is not a folder
   */
  public PodsFolder(Path folder, String hostName, boolean strict, FeatureGates gates) {
    if (!Files.isDirectory(folder)) {
      throw new InputException(folder + ": the pods folder does not exist or is not a folder");
    }
    this.folder = folder;
    this.hostName = hostName;
    this.strict = strict;
    this.route = PodRoute.staticPod(gates);
  }

  /** The folder read. */
  public Path path() {
    return folder;
  }

  /**
   * Reads every manifest file now, by file name; a file whose bytes are those of the last scan is
   * not parsed again.
   *
   * @throws InputException when the folder itself cannot be listed
   */
  public synchronized SortedMap<String, ManifestFile> scan() {
    SortedMap<String, ManifestFile> files = new TreeMap<>();
    for (Path file : manifestPaths()) {
      String name = file.getFileName().toString();
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(file);
      } catch (IOException e) {
        continue; // removed or replaced between the listing and the read: the next scan sees it
      }
      String digest = HexFormat.of().formatHex(digest("SHA-256", bytes));
      ManifestFile last = lastScan.get(name);
      files.put(name, last != null && last.digest().equals(digest) ? last : read(file, bytes, digest));
    }
    lastScan = files;
    return files;
  }

  private List<Path> manifestPaths() {
    try (Stream<Path> children = Files.list(folder)) {
      return children.filter(child -> !child.getFileName().toString().startsWith("."))
          .filter(Files::isRegularFile)
          .toList();
    } catch (IOException e) {
      throw new InputException(folder + ": cannot list the pods folder: " + e.getMessage(), e);
    }
  }

  private ManifestFile read(Path file, byte[] bytes, String digest) {
    String name = file.getFileName().toString();
    List<Pod> pods;
    FieldValidation fields = FieldValidation.of(strict);
    try {
      pods = PodManifests.parse(file.toString(), new StringReader(new String(bytes, StandardCharsets.UTF_8)), fields,
          route);
    } catch (InputException | IllegalArgumentException e) {
      return ManifestFile.invalid(name, digest, e.getMessage());
    }
    if (pods.isEmpty()) {
      return ManifestFile.invalid(name, digest, file + ": holds no Pod");
    }
    List<Pod> withUids = new ArrayList<>();
    for (int index = 0; index < pods.size(); index++) {
      withUids.add(withUid(pods.get(index), file, bytes, index));
    }
    return ManifestFile.of(name, digest, withUids, fields.warnings());
  }

  /** The pod with its uid: its own, or derived as the kubelet derives a static pod's. */
  private Pod withUid(Pod pod, Path file, byte[] bytes, int index) {
    if (!pod.uid().equals(pod.namespace() + "/" + pod.name())) {
      return pod;
    }
    byte[] source = ("host:" + hostName + "\nfile:" + file.toAbsolutePath() + "\nindex:" + index + "\n")
        .getBytes(StandardCharsets.UTF_8);
    byte[] whole = new byte[bytes.length + source.length];
    System.arraycopy(bytes, 0, whole, 0, bytes.length);
    System.arraycopy(source, 0, whole, bytes.length, source.length);
    return new Pod.Builder().from(pod).uid(HexFormat.of().formatHex(digest("MD5", whole))).build();
  }

  private static byte[] digest(String algorithm, byte[] bytes) {
    try {
      return MessageDigest.getInstance(algorithm).digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has " + algorithm, e);
    }
  }
}
