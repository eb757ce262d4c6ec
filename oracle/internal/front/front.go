// Package front is the oracle's testee: it reads the suite's requests and has a worker process
// answer them, so that a call of the kubelet's code that never returns or kills its process costs
// one answer, never the run. The front itself calls no upstream code.
package front

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"podtopo.io/oracle/internal/protocol"
)

// Front forwards requests to a worker started from the same executable with workerArgs.
type Front struct {
	release    string
	workerArgs []string
	timeout    time.Duration
	worker     *worker
}

// New makes a front whose worker answers each request within timeout or is replaced.
func New(release string, workerArgs []string, timeout time.Duration) *Front {
	return &Front{release: release, workerArgs: workerArgs, timeout: timeout}
}

// Run serves the testee protocol on stdin and stdout until stdin ends.
func (f *Front) Run() error {
	in := protocol.NewReader(os.Stdin)
	out := protocol.NewWriter(os.Stdout)
	defer f.stop()
	for {
		var request protocol.Request
		if err := in.Next(&request); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if err := out.Write(f.ask(request)); err != nil {
			return err
		}
	}
}

func (f *Front) ask(request protocol.Request) protocol.Answer {
	return f.askUntil(request, time.Now().Add(f.timeout))
}

// askUntil asks the worker, and a fresh one each time a call never returned (answer.Retry), until
// deadline: the request's whole answer, retries included, gets the front's timeout. A scenario whose
// calls of the kubelet's code keep running past it (one slow admission after another, each a retry that
// runs the steps before it again) is answered "no answer", as the worker answers a call that outlives
// its own timeout.
func (f *Front) askUntil(request protocol.Request, deadline time.Time) protocol.Answer {
	remaining := time.Until(deadline)
	if remaining <= 0 {
		return f.noAnswer(request.ID)
	}
	if f.worker == nil {
		w, err := startWorker(f.workerArgs)
		if err != nil {
			return protocol.Answer{ID: request.ID, Error: fmt.Sprintf("cannot start the oracle's worker: %v", err)}
		}
		f.worker = w
	}
	answer, err := f.worker.ask(request, remaining)
	if errors.Is(err, errNoAnswerInTime) {
		f.stop()
		return f.noAnswer(request.ID)
	}
	if err != nil {
		tail := f.worker.stderrTail()
		f.stop()
		return protocol.Answer{ID: request.ID,
			Error: fmt.Sprintf("the oracle's worker (kubelet %s) %v; last lines of its standard error:\n%s", f.release, err, tail)}
	}
	if answer.Recycle {
		f.stop()
		answer.Recycle = false
	}
	if answer.ID != request.ID {
		return protocol.Answer{ID: request.ID, Error: fmt.Sprintf("the oracle's worker answered %q out of step", answer.ID)}
	}
	if answer.Retry != nil {
		// A call never returned: the worker that abandoned it is gone, a fresh one is asked again.
		f.stop()
		return f.askUntil(protocol.Request{ID: request.ID, Kind: request.Kind, Input: answer.Retry}, deadline)
	}
	return answer
}

// noAnswer is the answer to a request the kubelet's code did not answer within the front's timeout.
func (f *Front) noAnswer(id string) protocol.Answer {
	return protocol.Answer{ID: id, Error: fmt.Sprintf("no answer: kubelet %s did not return within %s", f.release, f.timeout)}
}

func (f *Front) stop() {
	if f.worker != nil {
		f.worker.kill()
		f.worker = nil
	}
}

type worker struct {
	cmd     *exec.Cmd
	in      *protocol.Writer
	answers chan answerOrError
	stderr  *tail
}

type answerOrError struct {
	answer protocol.Answer
	err    error
}

func startWorker(args []string) (*worker, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &tail{limit: 40}
	cmd.Stderr = io.MultiWriter(os.Stderr, stderr)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd, in: protocol.NewWriter(stdin), answers: make(chan answerOrError), stderr: stderr}
	go func() {
		reader := protocol.NewReader(bufio.NewReader(stdout))
		for {
			var answer protocol.Answer
			err := reader.Next(&answer)
			w.answers <- answerOrError{answer, err}
			if err != nil {
				return
			}
		}
	}()
	return w, nil
}

func (w *worker) ask(request protocol.Request, timeout time.Duration) (protocol.Answer, error) {
	if err := w.in.Write(request); err != nil {
		return protocol.Answer{}, fmt.Errorf("could not be written to: %v", err)
	}
	select {
	case got := <-w.answers:
		if got.err != nil {
			if errors.Is(got.err, io.EOF) {
				_ = w.cmd.Wait()
				return protocol.Answer{}, fmt.Errorf("ended (%v)", w.cmd.ProcessState)
			}
			return protocol.Answer{}, got.err
		}
		return got.answer, nil
	case <-time.After(timeout):
		return protocol.Answer{}, errNoAnswerInTime
	}
}

// errNoAnswerInTime is a worker's silence past the time it was given.
var errNoAnswerInTime = errors.New("did not answer in time")

func (w *worker) stderrTail() string { return w.stderr.String() }

func (w *worker) kill() {
	_ = w.cmd.Process.Kill()
	go func() { _ = w.cmd.Wait() }()
}

// tail keeps the last lines written to it.
type tail struct {
	mu      sync.Mutex
	limit   int
	lines   []string
	partial string
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	parts := strings.Split(t.partial+string(p), "\n")
	t.partial = parts[len(parts)-1]
	t.lines = append(t.lines, parts[:len(parts)-1]...)
	if len(t.lines) > t.limit {
		t.lines = t.lines[len(t.lines)-t.limit:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(append(append([]string{}, t.lines...), t.partial), "\n")
}
