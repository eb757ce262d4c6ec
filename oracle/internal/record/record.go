// Package record writes the oracle's answers into a vector file as the expectations of its cases
// that have none (oracle/kubelet record FILE): how a vector file whose expected values are the
// kubelet's own answers (pod_defaulting.json, the generated pod cases) is produced. Cases that
// already have an "expect" are left as they are; checking those is the testee run's work.
package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
)

// vectorFile is a vector file (FORMAT.md, "File layout") in the order its fields are written. A
// field it does not name makes the file refused: nothing of a file is dropped by rewriting it.
type vectorFile struct {
	Source        string          `json:"source"`
	SourceVersion string          `json:"sourceVersion"`
	Note          string          `json:"note,omitempty"`
	Topologies    json.RawMessage `json:"topologies,omitempty"`
	Machines      json.RawMessage `json:"machines,omitempty"`
	Cases         []vectorCase    `json:"cases"`
}

type vectorCase struct {
	ID       string          `json:"id"`
	Upstream string          `json:"upstream"`
	Kind     string          `json:"kind"`
	Note     string          `json:"note,omitempty"`
	Input    json.RawMessage `json:"input"`
	Expect   json.RawMessage `json:"expect,omitempty"`
}

// File fills the cases of the vector file at path that have no "expect" with the oracle's output
// for their input, and rewrites the file (one-space indentation, as the bundled files are written).
// A case the oracle answers with an error, or does not answer, stops it: nothing is written.
func File(path string, callTimeout time.Duration, log io.Writer) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.DisallowUnknownFields()
	var file vectorFile
	if err := decoder.Decode(&file); err != nil {
		return fmt.Errorf("%s: not a vector file this command can rewrite: %w", path, err)
	}
	recorded := 0
	for i := range file.Cases {
		c := &file.Cases[i]
		if len(c.Expect) > 0 {
			continue
		}
		output, err := answer(c.Kind, c.Input, callTimeout)
		if err != nil {
			return fmt.Errorf("%s: case %s: %w", path, c.ID, err)
		}
		c.Expect = output
		recorded++
	}
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	encoder.SetIndent("", " ")
	if err := encoder.Encode(file); err != nil {
		return err
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s: %d cases recorded, %d already had an expectation\n", path, recorded, len(file.Cases)-recorded)
	return nil
}

func answer(kind string, input json.RawMessage, callTimeout time.Duration) (json.RawMessage, error) {
	f, reason := kinds.Lookup(kind)
	if f == nil {
		return nil, fmt.Errorf("kind %s: %s", kind, reason)
	}
	var output any
	var err error
	ended := kinds.Within(callTimeout, func() {
		defer gates.Reset()
		output, err = f(input)
	})
	switch ended.Outcome {
	case kinds.Hung:
		return nil, fmt.Errorf("no answer within %s", callTimeout)
	case kinds.Panicked:
		return nil, fmt.Errorf("the kubelet's code panicked: %s", ended.Panic)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(output)
}
