//go:build podtopo_oracle

// This file is not upstream code: podtopo's oracle adds it to upstream's package at build time
// (go build -overlay, oracle/kubelet) to reach unexported entry points. It only forwards calls.

package config

import (
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/klog/v2"
)

// PodtopoExtractFromFile is the file source's extractFromFile for a static pod path that is this
// one file, on a node named nodeName: a file source made by newSourceFile, as NewSourceFile makes
// it, reads the file once. No update is sent: extractFromFile does not send.
func PodtopoExtractFromFile(logger klog.Logger, filename string, nodeName types.NodeName) (*v1.Pod, error) {
	source := newSourceFile(filename, nodeName, time.Hour, make(chan sourceUpdate, 1))
	return source.extractFromFile(logger, filename)
}
