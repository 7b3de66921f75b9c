package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestOutput checks the whole output against testdata/output.txt: the
// exact texts of both forms and "the same bytes: true" after every
// decoding.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/output.txt")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("output differs from testdata/output.txt:\n%s", out.String())
	}
	if n := strings.Count(out.String(), "the same bytes: true"); n != 4 {
		t.Errorf("%d round trips kept the bytes, want 4", n)
	}
}
