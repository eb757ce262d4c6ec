package kinds

import (
	"fmt"
	"runtime/debug"
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
