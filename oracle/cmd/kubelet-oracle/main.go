// Command kubelet-oracle answers podtopo's conformance vectors with the kubelet's own code, at the
// Kubernetes release it was built against (oracle/kubelet builds it; docs/adr/0009-kubelet-oracle.md).
//
//	kubelet-oracle testee [--call-timeout D] [--answer-timeout D]   the testee protocol on stdin/stdout
//	kubelet-oracle kinds                                             the kinds it answers, and those it cannot
//	kubelet-oracle release                                           the k8s.io/kubernetes release built in
//	kubelet-oracle record [--call-timeout D] FILE...                 writes its answers into the cases of vector files that have no "expect"
//	kubelet-oracle node --machine FILE --kubelet-config FILE --pods-dir DIR --socket PATH
//	                                                                 a folder's pods admitted, then PodResources v1 served on PATH
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"sort"
	"time"

	"podtopo.io/oracle/internal/front"
	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/record"

	_ "podtopo.io/oracle/internal/kinds/all"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	release := kubernetesRelease()
	if os.Args[1] == "node" {
		if err := node(os.Args[2:]); err != nil {
			fmt.Fprintf(os.Stderr, "kubelet-oracle node: %v\n", err)
			os.Exit(1)
		}
		return
	}
	flags := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	callTimeout := flags.Duration("call-timeout", 2*time.Second,
		"how long one call of the kubelet's code may run before it counts as never returning")
	answerTimeout := flags.Duration("answer-timeout", 60*time.Second,
		"how long the worker may take for one answer before it is replaced")
	_ = flags.Parse(os.Args[2:])
	var err error
	switch os.Args[1] {
	case "testee":
		// The worker answers a self-timed kind within most of the front's allowance, so that its own
		// no-answer reaches the suite before the front gives up on it.
		worker := []string{"worker", "--call-timeout", callTimeout.String(),
			"--answer-timeout", (*answerTimeout * 9 / 10).String()}
		err = front.New(release, worker, *answerTimeout).Run()
	case "worker":
		err = front.Serve(release, *callTimeout, *answerTimeout)
	case "kinds":
		names, reasons := kinds.Names()
		for _, kind := range names {
			fmt.Printf("%s\n", kind)
		}
		var unsupported []string
		for kind := range reasons {
			unsupported = append(unsupported, kind)
		}
		sort.Strings(unsupported)
		for _, kind := range unsupported {
			fmt.Printf("%s\tunsupported: %s\n", kind, reasons[kind])
		}
	case "release":
		fmt.Println(release)
	case "record":
		for _, file := range flags.Args() {
			if err = record.File(file, *callTimeout, os.Stderr); err != nil {
				break
			}
		}
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "kubelet-oracle %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: kubelet-oracle testee|kinds|release|record [--call-timeout D] [--answer-timeout D] [FILE...]\n"+
		"       kubelet-oracle node --machine FILE --kubelet-config FILE --pods-dir DIR --socket PATH")
	os.Exit(2)
}

// kubernetesRelease is the version of k8s.io/kubernetes this binary was built with.
func kubernetesRelease() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, dep := range info.Deps {
		if dep.Path == "k8s.io/kubernetes" {
			return dep.Version
		}
	}
	return "unknown"
}
