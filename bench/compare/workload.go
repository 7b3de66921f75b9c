package main

import (
	"fmt"
	"sync"
	"testing"
)

// Implementations measured side by side, in column order. Their names end
// the benchmark names (BenchmarkW4ReadRequest50/encode/uabin-fast).
const (
	implFast   = 0 // uabin with its fast paths (the default)
	implPlans  = 1 // uabin with uabin.Options{DisableFastPaths: true}
	implGopcua = 2 // github.com/gopcua/opcua v0.8.0
	numImpls   = 3
)

var implNames = [numImpls]string{"uabin-fast", "uabin-plans", "gopcua"}

// A codec is one implementation's way of writing and reading the value of
// one case. The closures own their reusable state (the value to encode and
// the value decoded into), so the verification and the timed loops run
// exactly the same code.
type codec struct {
	// na, when not empty, says why the implementation cannot run the case;
	// the table prints "n/a" and the reason goes into the notes.
	na string
	// reset, if not nil, returns the codec to its initial state (W8: a new
	// channel whose first sequence number is 1000). The verification calls
	// it before each encode; the timed loops do not.
	reset func()
	// encode appends the encoding of the case's value to dst ("frame" for
	// W8: the chunks of the body, one after the other).
	encode func(dst []byte) ([]byte, error)
	// decode reads src, which encode produced, into the codec's reused
	// value ("reassemble" for W8).
	decode func(src []byte) error
	// check reports how the value last decoded differs from the case's
	// value; nil if it is equal.
	check func() error
	// decodeNew, if not nil, decodes src into a new value, as a program
	// that keeps every decoded message would; checkNew compares that value
	// with the case's value.
	decodeNew func(src []byte) error
	checkNew  func() error
	// newValue, if not nil, returns the value decodeNew last decoded (a
	// pointer, or the interface value it decoded into), for the allocation
	// floor (allocfloor.go).
	newValue func() any
}

// A testCase is one workload value, for example W4 ReadRequest with N = 50.
type testCase struct {
	// id names the benchmark: BenchmarkW4ReadRequest50.
	id string
	// workload is the workload family, "W1" to "W8".
	workload string
	// title is the name printed in the table, e.g. "ReadRequest[50]".
	title string
	// dirs names the two directions: encode/decode, or frame/reassemble.
	dirs [2]string
	// expected are the bytes worked out by hand from Part 6 (see ref.go and
	// docs/workloads.md); nil where the workload gives none.
	expected []byte
	// codecs holds one codec per implementation, in column order.
	codecs [numImpls]codec
	// typed is uabin with its fast paths through uabin.Codec[T] (NewCodec:
	// the type resolved once, as open62541's callers pass its type
	// descriptor), which the open62541 comparison times beside
	// codecs[implFast]; the service messages through
	// uabin.MessageCodec[T]. Unset for W8.
	typed codec
	// measureNew adds the direction dirDecodeNew (decoding into a new value)
	// to the case's benchmarks and to the report.
	measureNew bool
}

// dirDecodeNew is the third direction of a case with measureNew: decoding
// into a new value on every operation, which costs what a program pays
// when it keeps every message it decodes.
const dirDecodeNew = 2

// dirName names direction dir of c.
func (c *testCase) dirName(dir int) string {
	if dir == dirDecodeNew {
		return "decode-new"
	}
	return c.dirs[dir]
}

// numDirs is the number of directions c is measured in.
func (c *testCase) numDirs() int {
	if c.measureNew {
		return 3
	}
	return 2
}

var (
	casesOnce sync.Once
	allCases  []*testCase
)

// cases returns every workload case in table order. The values are built
// once.
func cases() []*testCase {
	casesOnce.Do(func() {
		for _, family := range []func() []*testCase{
			w1Cases, w2Cases, w3Cases, w4Cases, w5Cases, w6Cases, w7Cases, w8Cases,
		} {
			allCases = append(allCases, family()...)
		}
	})
	return allCases
}

// caseByID returns the case named id, or nil.
func caseByID(id string) *testCase {
	for _, c := range cases() {
		if c.id == id {
			return c
		}
	}
	return nil
}

var encodeDecode = [2]string{"encode", "decode"}

// benchOp is the timed loop of one direction (0 encode/frame, 1
// decode/reassemble, 2 decode into a new value) of one implementation of
// one case. It serves both `go test -bench` and the table of `go run .`.
// Encoding appends into one reused buffer; decoding reads the
// implementation's own encoding into its reused value (or a new one). b.SetBytes is the size of that encoding (the body size for
// W8), so MB/s are comparable within a row.
func benchOp(b *testing.B, c *testCase, dir, impl int) {
	benchCodec(b, c, &c.codecs[impl], dir, implNames[impl])
}

// benchCodec is benchOp for the codec cd of c, named name in failures.
func benchCodec(b *testing.B, c *testCase, cd *codec, dir int, name string) {
	if cd.na != "" {
		b.Skip("n/a: " + cd.na)
	}
	wire, err := cd.encode(nil)
	if err != nil {
		b.Fatalf("%s %s: %v", c.id, name, err)
	}
	size := len(wire)
	if c.workload == "W8" {
		size = len(w8Body)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	if dir == 0 {
		buf := make([]byte, 0, len(wire))
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if buf, err = cd.encode(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
		return
	}
	decode := cd.decode
	if dir == dirDecodeNew {
		decode = cd.decodeNew
	}
	if decode == nil {
		b.Skip("n/a: no decoding into a new value")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err = decode(wire); err != nil {
			b.Fatal(err)
		}
	}
}

// benchCase runs every direction and implementation of the case named id
// as sub-benchmarks "<direction>/<implementation>" (directions encode and
// decode, or frame and reassemble, and decode-new where measured).
func benchCase(b *testing.B, id string) {
	c := caseByID(id)
	if c == nil {
		b.Fatalf("no case %q", id)
	}
	for dir := 0; dir < c.numDirs(); dir++ {
		for impl := 0; impl < numImpls; impl++ {
			b.Run(fmt.Sprintf("%s/%s", c.dirName(dir), implNames[impl]), func(b *testing.B) {
				benchOp(b, c, dir, impl)
			})
		}
	}
}

// identifier turns a title such as "NodeId.TwoByte" into the part of a Go
// identifier it contributes ("NodeIdTwoByte"): letters and digits only.
func identifier(title string) string {
	out := make([]byte, 0, len(title))
	for i := 0; i < len(title); i++ {
		c := title[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			out = append(out, c)
		}
	}
	return string(out)
}
