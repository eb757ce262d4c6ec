// Package podresourcessocket serves a PodResources v1 server on a Unix domain socket until the
// process is asked to stop, as the kubelet's ListenAndServePodResources serves its own (a gRPC
// server on the socket with the lister registered; the kubelet's rate limiter left out).
package podresourcessocket

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"syscall"

	"google.golang.org/grpc"
	podresourcesapi "k8s.io/kubelet/pkg/apis/podresources/v1"
)

// Serve serves lister on the socket path until SIGTERM or SIGINT, then stops and removes the
// socket. A socket file left at path is replaced, as the kubelet's CreateListener unlinks it; any
// other file there is refused. ready is called once the socket listens and the signals are caught.
func Serve(path string, lister podresourcesapi.PodResourcesListerServer, ready func()) error {
	if info, err := os.Lstat(path); err == nil {
		if info.Mode().Type() != fs.ModeSocket {
			return fmt.Errorf("%s exists and is not a socket", path)
		}
		if err := os.Remove(path); err != nil {
			return err
		}
	}
	listener, err := net.Listen("unix", path)
	if err != nil {
		return err
	}
	defer func() {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "cannot remove %s: %v\n", path, err)
		}
	}()
	server := grpc.NewServer()
	podresourcesapi.RegisterPodResourcesListerServer(server, lister)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
	defer signal.Stop(signals)
	served := make(chan error, 1)
	go func() { served <- server.Serve(listener) }()
	ready()
	select {
	case <-signals:
		server.Stop()
		return nil
	case err := <-served:
		return err
	}
}
