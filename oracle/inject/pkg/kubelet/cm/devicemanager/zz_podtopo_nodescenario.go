//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package devicemanager

// PodtopoNewManagerImpl is newManagerImpl: the Device Manager with its plugin socket (and so its
// checkpoint) in the given folder instead of the kubelet's. It is the function itself, so that this
// file names none of the types in its signature, which differ by release (cadvisor's lib/model Node
// from v1.37 on, info/v1 at v1.36).
var PodtopoNewManagerImpl = newManagerImpl
