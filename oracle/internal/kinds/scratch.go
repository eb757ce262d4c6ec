package kinds

import "os"

// ScratchVariable names the environment variable that chooses where the managers' checkpoint folders
// are made.
const ScratchVariable = "PODTOPO_ORACLE_SCRATCH"

// sharedMemory is the tmpfs most Linux machines mount, where a file write and its fsync stay in memory.
const sharedMemory = "/dev/shm"

// ScratchDir makes a folder for one run's checkpoints (the kubelet's state files, written and
// fsynced on every allocation): in ScratchVariable's folder when that is set, else in /dev/shm when
// the oracle can make one there, else in the system's temporary folder. On disk every checkpoint's
// fsync costs milliseconds, which would swamp the kubelet's computation in the answers' timings and
// slow every scenario; in memory the files behave the same, only not durably.
func ScratchDir(pattern string) (string, error) {
	if root := os.Getenv(ScratchVariable); root != "" {
		return os.MkdirTemp(root, pattern)
	}
	if dir, err := os.MkdirTemp(sharedMemory, pattern); err == nil {
		return dir, nil
	}
	return os.MkdirTemp("", pattern)
}
