package kinds

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// Outcome is how a call of the kubelet's code ended.
type Outcome int

const (
	// Returned: the call returned normally.
	Returned Outcome = iota
	// Panicked: the call panicked (the kubelet would crash there).
	Panicked
	// Hung: the call did not return within its time; it was abandoned and still runs.
	Hung
	// Slow: the call, in no loop known to be endless, did not return within its limit; it was
	// abandoned and still runs.
	Slow
)

// Ended is what Within reports: the outcome, and for a panic its value and stack.
type Ended struct {
	Outcome Outcome
	Panic   string
	Stack   string
}

// abandoned counts calls left running; a worker with any must be replaced after its answer.
var abandoned int

// Abandoned tells whether a call was left running in this process.
func Abandoned() bool { return abandoned > 0 }

// Within runs f in its own goroutine and waits at most d: a panic is recovered and reported, a call
// still running after d is abandoned (it keeps whatever locks it holds, so the state it touches must
// not be used again).
func Within(d time.Duration, f func()) Ended {
	done := make(chan Ended, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- Ended{Outcome: Panicked, Panic: fmt.Sprint(r), Stack: string(debug.Stack())}
			}
		}()
		f()
		done <- Ended{Outcome: Returned}
	}()
	select {
	case ended := <-done:
		return ended
	case <-time.After(d):
		abandoned++
		return Ended{Outcome: Hung}
	}
}

// endless names the kubelet functions known to loop forever on some inputs: a call still inside one
// after its first wait is taken as never returning (Q-numa-remainder-loop, D-16).
var endless = []string{"cpumanager.takeByTopologyNUMADistributed"}

// WithinUnlessSlow runs f and waits d, as Within; a call still running then is abandoned as Hung only
// if its goroutine is inside a function known to loop forever (endless), else it is given up to limit
// in all, checked again every half second (the kubelet's merge over 8 NUMA nodes and three providers
// takes seconds and returns), and abandoned as Slow past it.
func WithinUnlessSlow(d, limit time.Duration, f func()) Ended {
	done := make(chan Ended, 1)
	id := make(chan string, 1)
	go func() {
		id <- goroutineID()
		defer func() {
			if r := recover(); r != nil {
				done <- Ended{Outcome: Panicked, Panic: fmt.Sprint(r), Stack: string(debug.Stack())}
			}
		}()
		f()
		done <- Ended{Outcome: Returned}
	}()
	caller := <-id
	deadline := time.Now().Add(limit)
	wait := d
	for {
		select {
		case ended := <-done:
			return ended
		case <-time.After(wait):
			if inEndlessLoop(caller) {
				abandoned++
				return Ended{Outcome: Hung}
			}
			if !time.Now().Before(deadline) {
				abandoned++
				return Ended{Outcome: Slow}
			}
			wait = 500 * time.Millisecond
		}
	}
}

// goroutineID is the calling goroutine's number, from the first line of its stack ("goroutine 42 [").
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	fields := strings.Fields(string(buf))
	if len(fields) < 2 {
		return ""
	}
	return fields[1]
}

// inEndlessLoop tells whether goroutine id's stack holds a function of endless.
func inEndlessLoop(id string) bool {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	for _, stack := range strings.Split(string(buf), "\n\n") {
		if !strings.HasPrefix(stack, "goroutine "+id+" [") {
			continue
		}
		for _, name := range endless {
			if strings.Contains(stack, name) {
				return true
			}
		}
	}
	return false
}
