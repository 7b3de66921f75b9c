package xml

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	stdxml "encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// nodesetFiles returns the NodeSet2 files of the cross-check: the
// namespace-0 file of schema/ and the ten companion files.
func nodesetFiles(t testing.TB) []string {
	t.Helper()
	files := []string{filepath.Join("..", "..", "..", "schema", "Opc.Ua.NodeSet2.Services.xml")}
	companions, err := filepath.Glob(filepath.Join("..", "..", "companion", "testdata", "nodesets", "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(companions)
	if len(companions) != 10 {
		t.Fatalf("%d companion NodeSet2 files, want 10", len(companions))
	}
	return append(files, companions...)
}

// A fileValue is the <Value> of one UAVariable or UAVariableType of a
// NodeSet2 file, as the file writes it.
type fileValue struct {
	path   string // the file
	file   string // the file's base name
	nodeID string // the node's NodeId attribute, with the file's namespace index
	line   int    // the line of the <Value> start tag
	inner  []byte // the XML between <Value> and </Value>, without white space around it
	// start and end are the offsets of the original inner in the file.
	start, end int
	// structured is set when the node is the component of a structure
	// (an inverse HasStructuredComponent reference to its parent).
	structured bool
}

// key names v as the node-opcua dump and the report do.
func (v fileValue) key() string { return v.file + "\t" + v.nodeID }

// readValues returns the <Value> elements of the UAVariable and
// UAVariableType nodes of the NodeSet2 file at path, in file order, with
// their content as the bytes of the file (the test hands them to the other
// stacks exactly as written).
func readValues(path string) ([]fileValue, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := stdxml.NewDecoder(bytes.NewReader(data))
	var (
		out      []fileValue
		node     *fileValue // the open UAVariable or UAVariableType
		hasValue bool       // the open node has a <Value>
		depth    int        // element depth; nodes are at 2, their <Value> and <References> at 3
		start    int64      // offset just after the open <Value> start tag
		inValue  bool
		lastOffs int64
		line     = 1 // the line of lastOffs
		counted  int64
	)
	attr := func(e stdxml.StartElement, name string) string {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	for {
		lastOffs = dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		switch tok := tok.(type) {
		case stdxml.StartElement:
			depth++
			switch {
			case depth == 2 && (tok.Name.Local == "UAVariable" || tok.Name.Local == "UAVariableType"):
				node = &fileValue{path: path, file: filepath.Base(path), nodeID: attr(tok, "NodeId")}
				hasValue = false
			case node == nil:
			case depth == 3 && tok.Name.Local == "Value":
				inValue = true
				start = dec.InputOffset()
				line += bytes.Count(data[counted:lastOffs], []byte("\n"))
				counted = lastOffs
				node.line = line
			case depth == 4 && tok.Name.Local == "Reference":
				if attr(tok, "ReferenceType") == "HasStructuredComponent" && attr(tok, "IsForward") == "false" {
					node.structured = true
				}
			}
		case stdxml.EndElement:
			switch {
			case depth == 3 && inValue:
				inValue = false
				end := max(lastOffs, start) // <Value/>: the decoder reports the end at the start
				node.inner = bytes.TrimSpace(data[start:end])
				node.start = int(start) + len(data[start:end]) - len(bytes.TrimLeft(data[start:end], " \t\r\n"))
				node.end = node.start + len(node.inner)
				hasValue = true
			case depth == 2 && node != nil:
				if hasValue {
					out = append(out, *node)
				}
				node = nil
			}
			depth--
		}
	}
}

// An o6Result is o6xml's answer for one value: "OK", "RAW" or "ERR", and
// the hex of the UA Binary encoding or the error.
type o6Result struct {
	kind, text string
}

// runO6 runs `o6xml MODE` on the lines and returns its answer per line.
func runO6(t testing.TB, prog, mode string, lines []string) []o6Result {
	t.Helper()
	cmd := exec.Command(prog, mode)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("o6xml %s: %v\n%s", mode, err, stderr.String())
	}
	var res []o6Result
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		kind, text, _ := strings.Cut(sc.Text(), " ")
		res = append(res, o6Result{kind, text})
	}
	if len(res) != len(lines) {
		t.Fatalf("o6xml %s answered %d lines for %d", mode, len(res), len(lines))
	}
	return res
}

// A nodeResult is node-opcua's reading of one node (dump.mjs): ok, and the
// UA Binary of the Variant, or the error.
type nodeResult struct {
	ok  bool
	bin []byte
	err string
}

// readNodeDump reads the TSV dump.mjs writes, keyed by fileValue.key.
func readNodeDump(path string) (map[string]nodeResult, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]nodeResult{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		fields := strings.SplitN(sc.Text(), "\t", 4)
		if len(fields) != 4 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 4", path, n, len(fields))
		}
		r := nodeResult{ok: fields[2] == "OK", err: fields[3]}
		if r.ok {
			if r.bin, err = hex.DecodeString(fields[3]); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
		}
		out[fields[0]+"\t"+fields[1]] = r
	}
	return out, sc.Err()
}

// o6Reader reads values with open62541 (o6xml value).
func o6Reader(t testing.TB, prog string) reader {
	return func(values []fileValue) []reading {
		lines := make([]string, len(values))
		for i, v := range values {
			lines[i] = base64.StdEncoding.EncodeToString(v.inner)
		}
		res := runO6(t, prog, "value", lines)
		out := make([]reading, len(res))
		for i, r := range res {
			switch r.kind {
			case "OK":
				b, err := hex.DecodeString(r.text)
				if err != nil {
					t.Fatalf("o6xml: %v", err)
				}
				out[i] = reading{state: readOK, bin: b}
			case "RAW":
				out[i] = reading{state: readRaw, err: "an ExtensionObject of a type open62541 does not know stays XML"}
			default:
				out[i] = reading{state: readErr, err: r.text}
			}
		}
		return out
	}
}

// nodeReadings returns node-opcua's readings of the values.
func nodeReadings(dump map[string]nodeResult, values []fileValue) []reading {
	out := make([]reading, len(values))
	for i, v := range values {
		r, ok := dump[v.key()]
		switch {
		case !ok:
			out[i] = reading{state: readMissing, err: "node-opcua has no such node"}
		case r.ok:
			out[i] = reading{state: readOK, bin: r.bin}
		default:
			out[i] = reading{state: readErr, err: r.err}
		}
	}
	return out
}

// with returns v with its XML replaced by inner.
func (v fileValue) with(inner []byte) fileValue {
	v.inner = inner
	return v
}
