package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"podtopo.io/oracle/internal/kinds/nodescenario"
	"podtopo.io/oracle/internal/podresourcessocket"
)

// node is `kubelet-oracle node`: the pods of a folder admitted by the kubelet's managers
// (nodescenario.StartFolderNode, one JSON line per file on stdout), then upstream's PodResources v1
// server on a Unix socket, announced by the line {"serving": PATH}, until SIGTERM or SIGINT.
func node(args []string) error {
	flags := flag.NewFlagSet("node", flag.ExitOnError)
	machine := flags.String("machine", "", "the machine JSON file (the schema of podtopo topology --format json)")
	config := flags.String("kubelet-config", "", "the KubeletConfiguration file")
	pods := flags.String("pods-dir", "", "the folder of pod manifests, read as the kubelet's static pod path")
	socket := flags.String("socket", "", "the Unix socket to serve PodResources v1 on")
	_ = flags.Parse(args)
	if *machine == "" || *config == "" || *pods == "" || *socket == "" || flags.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: kubelet-oracle node --machine FILE --kubelet-config FILE --pods-dir DIR --socket PATH")
		os.Exit(2)
	}
	started, err := nodescenario.StartFolderNode(*machine, *config, *pods, os.Stdout)
	if err != nil {
		return err
	}
	defer started.Close()
	return podresourcessocket.Serve(*socket, started.PodResources(), func() {
		_ = json.NewEncoder(os.Stdout).Encode(map[string]string{"serving": *socket})
	})
}
