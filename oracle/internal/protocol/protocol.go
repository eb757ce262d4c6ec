// Package protocol is the testee protocol of podtopo's conformance suite (docs/conformance.md,
// "The testee protocol"): one compact JSON object per line, a request in, an answer out.
package protocol

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// MaxLine is the longest line either side may write (16 Mi characters, docs/guide/limits.md).
const MaxLine = 16 << 20

// Request asks for the output of one vector case.
type Request struct {
	ID    string          `json:"id"`
	Kind  string          `json:"kind"`
	Input json.RawMessage `json:"input"`
}

// Answer is one of: an output, "unsupported" (with the reason), or an error that fails the case.
// Recycle and Retry are never written to the suite: a worker sets Recycle to ask its front to replace
// it, because it abandoned a call of the kubelet's code that never returned, and Retry, the input to
// ask a fresh worker for the case with, when it gave no answer for that reason.
type Answer struct {
	ID          string          `json:"id"`
	Output      json.RawMessage `json:"output,omitempty"`
	Unsupported bool            `json:"unsupported,omitempty"`
	Reason      string          `json:"reason,omitempty"`
	Error       string          `json:"error,omitempty"`
	Recycle     bool            `json:"recycle,omitempty"`
	Retry       json.RawMessage `json:"retry,omitempty"`
}

// Reader reads requests or answers, one per line.
type Reader struct{ scanner *bufio.Scanner }

// NewReader reads lines of at most MaxLine characters from r.
func NewReader(r io.Reader) *Reader {
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 64*1024), MaxLine+1)
	return &Reader{scanner: scanner}
}

// Next decodes the next line into v; io.EOF at the end of the input.
func (r *Reader) Next(v any) error {
	for r.scanner.Scan() {
		line := r.scanner.Bytes()
		if len(line) == 0 {
			continue
		}
		if err := json.Unmarshal(line, v); err != nil {
			return fmt.Errorf("not a protocol line: %w", err)
		}
		return nil
	}
	if err := r.scanner.Err(); err != nil {
		return err
	}
	return io.EOF
}

// Writer writes one answer or request per line, flushed at once.
type Writer struct{ w *bufio.Writer }

// NewWriter writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Write encodes v on one line and flushes it.
func (w *Writer) Write(v any) error {
	line, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := w.w.Write(append(line, '\n')); err != nil {
		return err
	}
	return w.w.Flush()
}
