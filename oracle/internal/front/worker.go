package front

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/protocol"
)

// Serve is the worker: it answers requests from stdin on stdout, each kind by its upstream code,
// until stdin ends. A call that does not return within callTimeout (answerTimeout for a
// self-timed kind, which bounds each of its calls itself) is abandoned and its answer asks the
// front to replace this process.
func Serve(release string, callTimeout, answerTimeout time.Duration) error {
	kinds.Release, kinds.CallTimeout = release, callTimeout
	// The oracle gives the kubelet's code a logger that discards; code that logs through klog's
	// global logger instead (klog.TODO(), as much of v1.36 does) is silenced too, so that only
	// the worker's own reports reach its standard error.
	klog.SetLogger(logr.Discard())
	in := protocol.NewReader(os.Stdin)
	out := protocol.NewWriter(os.Stdout)
	for {
		var request protocol.Request
		if err := in.Next(&request); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		limit := callTimeout
		if kinds.IsSelfTimed(request.Kind) {
			limit = answerTimeout
		}
		answer := answer(release, limit, request)
		answer.Recycle = kinds.Abandoned()
		if err := out.Write(answer); err != nil {
			return err
		}
	}
}

func answer(release string, callTimeout time.Duration, request protocol.Request) protocol.Answer {
	f, reason := kinds.Lookup(request.Kind)
	if f == nil {
		return protocol.Answer{ID: request.ID, Unsupported: true, Reason: reason}
	}
	var output any
	var err error
	ended := kinds.Within(callTimeout, func() {
		defer gates.Reset()
		output, err = f(request.Input)
	})
	switch ended.Outcome {
	case kinds.Hung:
		return protocol.Answer{ID: request.ID,
			Error: fmt.Sprintf("no answer: kubelet %s did not return within %s", release, callTimeout)}
	case kinds.Panicked:
		fmt.Fprintf(os.Stderr, "%s: kubelet %s panicked: %s\n%s", request.ID, release, ended.Panic, ended.Stack)
		return protocol.Answer{ID: request.ID, Error: fmt.Sprintf("would crash: kubelet %s panicked: %s", release, ended.Panic)}
	}
	var retry *kinds.RetryWith
	if errors.As(err, &retry) {
		return protocol.Answer{ID: request.ID, Retry: retry.Input}
	}
	var unsupported *kinds.UnsupportedCase
	if errors.As(err, &unsupported) {
		return protocol.Answer{ID: request.ID, Unsupported: true, Reason: unsupported.Reason}
	}
	if err != nil {
		return protocol.Answer{ID: request.ID, Error: err.Error()}
	}
	encoded, err := json.Marshal(output)
	if err != nil {
		return protocol.Answer{ID: request.ID, Error: fmt.Sprintf("cannot write the output: %v", err)}
	}
	return protocol.Answer{ID: request.ID, Output: encoded}
}
