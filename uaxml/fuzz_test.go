package uaxml_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uaxml"
)

// fuzzTargets are the Go types FuzzUnmarshal decodes into, by the first
// byte of the input.
var fuzzTargets = []func() any{
	func() any { return new(types.Variant) },
	func() any { return new(types.DataValue) },
	func() any { return new(types.ExtensionObject) },
	func() any { return new(types.DiagnosticInfo) },
	func() any { return new(types.ReadRequest) },
	func() any { return new(Optional) },
	func() any { return new(Union) },
	func() any { return new(Lists) },
}

// FuzzUnmarshal decodes any text (never a panic; an error or a value) and,
// for a value, checks XML -> value -> XML -> value -> XML: the text
// written is stable and reads back to the same binary encoding.
func FuzzUnmarshal(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.xml"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for i := range fuzzTargets {
			f.Add(byte(i), b)
		}
	}
	f.Fuzz(func(t *testing.T, which byte, in []byte) {
		mk := fuzzTargets[int(which)%len(fuzzTargets)]
		v := mk()
		if err := uaxml.Unmarshal(in, v); err != nil {
			return
		}
		t1, err := uaxml.Marshal(v)
		if err != nil {
			// A value read can hold what XML cannot write (a name the
			// registry gives no type); it must say so, not panic.
			return
		}
		back := mk()
		if err := uaxml.Unmarshal(t1, back); err != nil {
			t.Fatalf("the text written does not read back: %v\n%s", err, t1)
		}
		t2, err := uaxml.Marshal(back)
		if err != nil || !bytes.Equal(t1, t2) {
			t.Fatalf("not stable (%v)\n%s\n%s", err, t1, t2)
		}
		sameBinary(t, v, back)
	})
}
