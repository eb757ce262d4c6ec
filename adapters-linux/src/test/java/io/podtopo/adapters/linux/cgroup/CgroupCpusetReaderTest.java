package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CgroupCpusetReader} on temp-dir trees laid out as a kubelet's cgroup v1 (cgroupfs driver)
 * and v2 (systemd driver) trees are: every cgroup's CPUs, whether it is a leaf, whether it keeps its
 * parent's cpuset; refusals naming the path; cgroups vanishing while the tree is read; and nothing
 * but reads (AU-12).
 */
class CgroupCpusetReaderTest {

  @TempDir
  Path dir;

  private Path cgroup(String path, String... files) throws IOException {
    Path cgroup = Files.createDirectories(dir.resolve(path));
    for (int i = 0; i < files.length; i += 2) {
      Files.writeString(cgroup.resolve(files[i]), files[i + 1] + "\n");
    }
    return cgroup;
  }

  private static AppliedCpuset applied(String cgroup, String cpus, boolean leaf, boolean sameAsParent) {
    return AppliedCpuset.of(cgroup, CpuSet.parse(cpus), leaf, sameAsParent);
  }

  @Test
  void aCgroupV1TreeGivesEveryCgroupsCpusetCpus_au12() throws IOException {
    Path root = cgroup("cpuset/kubepods", "cpuset.cpus", "0-31", "cpuset.effective_cpus", "0-31");
    cgroup("cpuset/kubepods/pod1", "cpuset.cpus", "0-31");
    cgroup("cpuset/kubepods/pod1/0a1b", "cpuset.cpus", "3-4,19");
    cgroup("cpuset/kubepods/pod1/9f8e", "cpuset.cpus", "0-31");
    cgroup("cpuset/kubepods/besteffort", "cpuset.cpus", "0-31");
    cgroup("cpuset/kubepods/besteffort/pod2", "cpuset.cpus", "0-31");
    cgroup("cpuset/kubepods/besteffort/pod2/7c6d", "cpuset.cpus", "0-2,5-18,20-31");
    cgroup("cpuset/kubepods/besteffort/pod2/unset", "cpuset.cpus", "");

    assertThat(new CgroupCpusetReader().read(root)).containsExactly(
        applied("", "0-31", false, false),
        applied("besteffort", "0-31", false, true),
        applied("besteffort/pod2", "0-31", false, true),
        applied("besteffort/pod2/7c6d", "0-2,5-18,20-31", true, false),
        applied("besteffort/pod2/unset", "", true, false),
        applied("pod1", "0-31", false, true),
        applied("pod1/0a1b", "3-4,19", true, false),
        applied("pod1/9f8e", "0-31", true, true));
  }

  @Test
  void aCgroupV2TreeTakesTheEffectiveCpusWhereCpusetCpusIsEmptyAndTheParentsWhereThereIsNoFile_au12() throws IOException {
    Path root = cgroup("kubepods.slice", "cpuset.cpus", "", "cpuset.cpus.effective", "0-31");
    String pod = "kubepods.slice/kubepods-pod1.slice";
    cgroup(pod, "cpuset.cpus", "", "cpuset.cpus.effective", "0-31");
    cgroup(pod + "/cri-containerd-0a1b.scope", "cpuset.cpus", "3-4,19", "cpuset.cpus.effective", "3-4,19");
    cgroup(pod + "/cri-containerd-9f8e.scope", "cpuset.cpus", "", "cpuset.cpus.effective", "0-31");
    cgroup("kubepods.slice/kubepods-besteffort.slice/no-cpuset-controller");

    assertThat(new CgroupCpusetReader().read(root)).containsExactly(
        applied("", "0-31", false, false),
        applied("kubepods-besteffort.slice", "0-31", false, true),
        applied("kubepods-besteffort.slice/no-cpuset-controller", "0-31", true, true),
        applied("kubepods-pod1.slice", "0-31", false, true),
        applied("kubepods-pod1.slice/cri-containerd-0a1b.scope", "3-4,19", true, false),
        applied("kubepods-pod1.slice/cri-containerd-9f8e.scope", "0-31", true, true));
  }

  @Test
  void theCgroupV2RootCgroupHasOnlyEffectiveCpusAndIsReadFromThem_au12() throws IOException {
    Path root = cgroup("unified", "cpuset.cpus.effective", "0-3");
    cgroup("unified/leaf", "cpuset.cpus", "1", "cpuset.cpus.effective", "1");

    assertThat(new CgroupCpusetReader().read(root)).containsExactly(applied("", "0-3", false, false),
        applied("leaf", "1", true, false));
  }

  @Test
  void aRootThatIsNoCpusetCgroupOrNoDirectoryAndAFileThatIsNoCpuListAreRefusedNamingThePath_au12() throws IOException {
    Path plain = cgroup("plain");
    Path garbled = cgroup("garbled", "cpuset.cpus", "0-3");
    cgroup("garbled/leaf", "cpuset.cpus", "3-1");

    assertThatThrownBy(() -> new CgroupCpusetReader().read(plain)).isInstanceOf(CgroupReadException.class)
        .hasMessage(plain + " has neither cpuset.cpus nor cpuset.cpus.effective: not a cgroup of a cpuset hierarchy");
    assertThatThrownBy(() -> new CgroupCpusetReader().read(dir.resolve("absent"))).isInstanceOf(CgroupReadException.class)
        .hasMessage(dir.resolve("absent") + " is not a directory");
    assertThatThrownBy(() -> new CgroupCpusetReader().read(garbled)).isInstanceOf(CgroupReadException.class)
        .hasMessage(garbled.resolve("leaf/cpuset.cpus") + ": not a CPU list: \"3-1\"");
  }

  @Test
  void aCgroupRemovedWhileTheTreeIsReadIsLeftOutWithWhatWasBelowIt_au12() throws IOException {
    Path root = cgroup("kubepods", "cpuset.cpus", "0-7");
    cgroup("kubepods/gone", "cpuset.cpus", "0-7");
    cgroup("kubepods/gone/leaf", "cpuset.cpus", "1");
    cgroup("kubepods/listed-then-gone", "cpuset.cpus", "2");
    cgroup("kubepods/stays", "cpuset.cpus", "3");
    RemovingFs fs = new RemovingFs(List.of(root.resolve("gone")), List.of(root.resolve("listed-then-gone")));

    assertThat(new CgroupCpusetReader(fs).read(root)).containsExactly(applied("", "0-7", false, false),
        applied("stays", "3", true, false));
  }

  @Test
  void anUnreadableFileIsRefusedWithTheErrnoText_au12() throws IOException {
    Path root = cgroup("kubepods", "cpuset.cpus", "0-7");
    CgroupFs denying = new RecordingFs() {
      @Override
      public String read(Path file) throws IOException {
        throw new AccessDeniedException(file.toString());
      }
    };

    assertThatThrownBy(() -> new CgroupCpusetReader(denying).read(root)).isInstanceOf(CgroupReadException.class)
        .hasMessage("cannot read " + root.resolve("cpuset.cpus") + ": Permission denied");
  }

  @Test
  void readingATreeOnlyReadsAndLists_au12() throws IOException {
    Path root = cgroup("kubepods", "cpuset.cpus", "0-7");
    cgroup("kubepods/pod/c", "cpuset.cpus", "1");
    RecordingFs fs = new RecordingFs();

    new CgroupCpusetReader(fs).read(root);

    assertThat(fs.calls).isNotEmpty().allMatch(call -> call.startsWith("read ") || call.startsWith("list ")
        || call.startsWith("isDirectory "));
  }

  /** The real files, with every call recorded; any change fails the test. */
  private static class RecordingFs implements CgroupFs {
    final List<String> calls = new ArrayList<>();
    private final KernelCgroupFs files = new KernelCgroupFs();

    @Override
    public String read(Path file) throws IOException {
      calls.add("read " + file);
      return files.read(file);
    }

    @Override
    public void write(Path file, String value) {
      throw new AssertionError("write " + file);
    }

    @Override
    public boolean isDirectory(Path path) {
      calls.add("isDirectory " + path);
      return files.isDirectory(path);
    }

    @Override
    public void createDirectory(Path dir) {
      throw new AssertionError("mkdir " + dir);
    }

    @Override
    public void removeDirectory(Path dir) {
      throw new AssertionError("rmdir " + dir);
    }

    @Override
    public List<Path> directories(Path dir) throws IOException {
      calls.add("list " + dir);
      return files.directories(dir);
    }
  }

  /** Cgroups that vanish once listed: before their files are read, or before they are listed. */
  private static final class RemovingFs extends RecordingFs {
    private final List<Path> goneBeforeRead;
    private final List<Path> goneBeforeListing;

    RemovingFs(List<Path> goneBeforeRead, List<Path> goneBeforeListing) {
      this.goneBeforeRead = goneBeforeRead;
      this.goneBeforeListing = goneBeforeListing;
    }

    @Override
    public String read(Path file) throws IOException {
      if (goneBeforeRead.contains(file.getParent())) {
        throw new NoSuchFileException(file.toString());
      }
      return super.read(file);
    }

    @Override
    public boolean isDirectory(Path path) {
      return !goneBeforeRead.contains(path) && !goneBeforeListing.contains(path) && super.isDirectory(path);
    }

    @Override
    public List<Path> directories(Path dir) throws IOException {
      if (goneBeforeListing.contains(dir)) {
        throw new NoSuchFileException(dir.toString());
      }
      return super.directories(dir);
    }
  }
}
