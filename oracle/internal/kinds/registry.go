// Package kinds answers the conformance suite's vector kinds with the kubelet's own code: each kind
// is a function from a case's input to the output its vectors expect (FORMAT.md), registered by name
// from the file that drives the upstream package it exercises.
package kinds

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// Func computes a case's output from its input by calling upstream code.
type Func func(input json.RawMessage) (any, error)

var (
	supported   = map[string]Func{}
	selfTimed   = map[string]bool{}
	unsupported = map[string]string{}
)

// Release is the k8s.io/kubernetes release the oracle was built with (v1.37.2), for messages.
var Release = "unknown"

// CallTimeout is how long one call of the kubelet's code may run before it counts as never
// returning; a self-timed kind applies it to each call it makes.
var CallTimeout = 2 * time.Second

// SlowCallLimit is how long an admission of a node scenario may run in all when, after CallTimeout,
// it is not inside a loop known to be endless (WithinUnlessSlow): slow, not hung.
var SlowCallLimit = 60 * time.Second

// Register makes kind answerable by f. It panics on a kind registered twice.
func Register(kind string, f Func) {
	claim(kind)
	supported[kind] = f
}

// RegisterSelfTimed makes kind answerable by f, a function that makes many calls of the kubelet's
// code and bounds each with Within(CallTimeout, ...) itself, so the worker does not bound the whole.
func RegisterSelfTimed(kind string, f Func) {
	Register(kind, f)
	selfTimed[kind] = true
}

// IsSelfTimed tells whether kind bounds its own calls (RegisterSelfTimed).
func IsSelfTimed(kind string) bool { return selfTimed[kind] }

// Unsupported declares that kind cannot be driven through the kubelet's code, and why.
func Unsupported(kind, reason string) {
	claim(kind)
	unsupported[kind] = reason
}

func claim(kind string) {
	if _, ok := supported[kind]; ok {
		panic("kind registered twice: " + kind)
	}
	if _, ok := unsupported[kind]; ok {
		panic("kind registered twice: " + kind)
	}
}

// Lookup gives the function of kind, or the reason it is unsupported.
func Lookup(kind string) (Func, string) {
	if f, ok := supported[kind]; ok {
		return f, ""
	}
	if reason, ok := unsupported[kind]; ok {
		return nil, reason
	}
	return nil, fmt.Sprintf("the oracle does not know the kind %q", kind)
}

// Names lists the supported kinds and the unsupported ones with their reasons, sorted.
func Names() (kinds []string, reasons map[string]string) {
	for kind := range supported {
		kinds = append(kinds, kind)
	}
	sort.Strings(kinds)
	reasons = map[string]string{}
	for kind, reason := range unsupported {
		reasons[kind] = reason
	}
	return kinds, reasons
}

// Decode reads a case's input into v. Fields v does not name are ignored: vectors carry notes.
func Decode(input json.RawMessage, v any) error {
	if err := json.Unmarshal(input, v); err != nil {
		return fmt.Errorf("input not understood: %w", err)
	}
	return nil
}

// RetryWith is the error a kind's function returns when a call of the kubelet's code never returned
// and was abandoned: the goroutine left running spins on, so the case is asked again, with Input,
// of a fresh worker (Input tells the kind what it learnt, so that it does not make that call again).
type RetryWith struct {
	// Input is the case's input for the fresh worker.
	Input json.RawMessage
}

func (r *RetryWith) Error() string { return "retry in a fresh worker" }

// UnsupportedCase is the error a kind's function returns for one case it cannot answer (the
// protocol's {"unsupported": true, "reason"} for that case alone).
type UnsupportedCase struct {
	// Reason says why.
	Reason string
}

func (u *UnsupportedCase) Error() string { return "unsupported: " + u.Reason }
