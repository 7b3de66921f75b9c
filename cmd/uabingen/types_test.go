package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// typesDir is package types, seen from this package's directory.
var typesDir = filepath.Join("..", "..", "types")

// TestTypesUpToDate generates package types from schema/ (what go generate
// ./types does) and compares the output with the committed files: a
// difference means that the generator, its templates or the schema files
// changed without go generate ./types being run, or that a generated file
// was edited by hand. A committed *_gen.go file that the generator no
// longer writes is an error too.
func TestTypesUpToDate(t *testing.T) {
	o, err := parseArgs([]string{"-types", schemaDir, "-o", typesDir}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	outs, m, err := generate(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d structures, %d enumerations, %d option sets, %d simple types, %d code-generator structures, %d status codes, %d attributes, %d node ids",
		len(m.Structs), len(m.Enums), len(m.OptionSets), len(m.SimpleTypes), len(m.CodeGen), len(m.StatusCodes), len(m.Attributes), len(m.NodeIDs))
	var generated []string
	for _, out := range outs {
		generated = append(generated, out.path)
		got, err := os.ReadFile(filepath.Join(typesDir, out.path))
		if err != nil {
			t.Errorf("%v: run go generate ./types", err)
			continue
		}
		if !bytes.Equal(got, out.src) {
			t.Errorf("types/%s is stale (first difference at line %d): run go generate ./types", out.path, firstDiffLine(got, out.src))
		}
	}
	var committed []string
	for _, pattern := range []string{"*_gen.go", filepath.Join("id", "*_gen.go"), filepath.Join(codecsPackage, "*_gen.go"), filepath.Join(codecsPackage, "*_gen_test.go")} {
		matches, err := filepath.Glob(filepath.Join(typesDir, pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, match := range matches {
			rel, err := filepath.Rel(typesDir, match)
			if err != nil {
				t.Fatal(err)
			}
			committed = append(committed, rel)
		}
	}
	slices.Sort(generated)
	slices.Sort(committed)
	if !slices.Equal(generated, committed) {
		t.Errorf("the generator writes %v, package types has %v: remove the stale files", generated, committed)
	}
}

// firstDiffLine returns the 1-based number of the first line that differs.
func firstDiffLine(a, b []byte) int {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}

// TestTypesErrors checks that the types mode fails, naming the file, when
// the NodeSet2 file and NodeIds.csv disagree or a file is missing.
func TestTypesErrors(t *testing.T) {
	copySchema := func(t *testing.T, edit func(name string, data []byte) []byte) string {
		t.Helper()
		dir := t.TempDir()
		for _, name := range []string{servicesFile, nodeIDsFile, statusCodesFile, attributesFile} {
			data, err := os.ReadFile(filepath.Join(schemaDir, name))
			if err != nil {
				t.Fatal(err)
			}
			if data = edit(name, data); data == nil {
				continue
			}
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	tests := []struct {
		name string
		edit func(name string, data []byte) []byte
		msg  string
	}{
		{"encoding id differs", func(name string, data []byte) []byte {
			if name == nodeIDsFile {
				return bytes.Replace(data, []byte("ReadRequest_Encoding_DefaultBinary,631,"), []byte("ReadRequest_Encoding_DefaultBinary,99999,"), 1)
			}
			return data
		}, "uabingen: Opc.Ua.NodeSet2.Services.xml has Object ReadRequest_Encoding_DefaultBinary = 631, NodeIds.csv says Object 99999"},
		{"bad status code row", func(name string, data []byte) []byte {
			if name == statusCodesFile {
				return append([]byte("Bad Name,0x80010000,\"x\"\n"), data...)
			}
			return data
		}, `uabingen: StatusCode.csv:1: bad row ["Bad Name" "0x80010000" "x"]`},
		{"missing file", func(name string, data []byte) []byte {
			if name == attributesFile {
				return nil
			}
			return data
		}, "AttributeIds.csv: no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "types")
			err := run([]string{"-types", copySchema(t, tt.edit), "-o", out}, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v, want one containing %q", err, tt.msg)
			}
			if _, serr := os.Stat(out); !os.IsNotExist(serr) {
				t.Errorf("output written despite the error (%v)", serr)
			}
		})
	}
}

// TestExampleUpToDate checks the generated package that examples/companion
// commits, as its go:generate line makes it.
func TestExampleUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "companion")
	o, err := parseArgs([]string{"-o", filepath.Join(dir, "machineryresult"), "-package", "machineryresult",
		filepath.Join(dir, "Opc.Ua.Machinery.Result.NodeSet2.xml")}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	outs, _, err := generate(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(o.out, outs[0].path))
	if err != nil || !bytes.Equal(got, outs[0].src) {
		t.Errorf("examples/companion/machineryresult is stale (%v): run go generate ./examples/companion", err)
	}
}
