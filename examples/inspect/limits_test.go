package main

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"testing"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// The table "What hostile input gets" of docs/limits.md, row by row, so the
// page stays true to the code. (inspect is the tool that meets such input.)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestLimitsDocHugeLengths(t *testing.T) {
	huge := []byte{0xff, 0xff, 0xff, 0x7f, 1, 2, 3, 4}
	for _, c := range []struct {
		name string
		opts uabin.Options
		v    any
		want error
	}{
		{"array", uabin.Options{}, new([]int32), uabin.ErrLimitExceeded},
		{"array, no limit", uabin.Options{Limits: uabin.Limits{MaxArrayLength: -1}}, new([]int32), uabin.ErrTruncated},
		{"String", uabin.Options{}, new(string), uabin.ErrLimitExceeded},
		{"String, no limit", uabin.Options{Limits: uabin.Limits{MaxStringLength: -1}}, new(string), uabin.ErrTruncated},
		{"ByteString", uabin.Options{}, new([]byte), uabin.ErrLimitExceeded},
		{"ByteString, no limit", uabin.Options{Limits: uabin.Limits{MaxByteStringLength: -1}}, new([]byte), uabin.ErrTruncated},
	} {
		var err error
		n := allocated(func() { err = c.opts.Unmarshal(huge, c.v) })
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if n > 1<<16 {
			t.Errorf("%s: %d bytes allocated for an 8-byte input", c.name, n)
		}
	}
	if err := uabin.Unmarshal([]byte{0xfe, 0xff, 0xff, 0xff}, new([]int32)); !errors.Is(err, uabin.ErrInvalid) {
		t.Errorf("length -2: %v", err)
	}
}

func TestLimitsDocNesting(t *testing.T) {
	var variants, diags []byte
	for i := 0; i < 300; i++ {
		variants = append(variants, 0x98, 1, 0, 0, 0) // Variant array of one Variant
		diags = append(diags, 0x40)                   // DiagnosticInfo with an inner one
	}
	variants, diags = append(variants, 0), append(diags, 0)
	for _, fast := range []bool{true, false} {
		o := uabin.Options{DisableFastPaths: !fast}
		if err := o.Unmarshal(variants, new(types.Variant)); !errors.Is(err, uabin.ErrLimitExceeded) {
			t.Errorf("300 nested Variants (fast paths %v): %v", fast, err)
		}
		if err := o.Unmarshal(diags, new(types.DiagnosticInfo)); !errors.Is(err, uabin.ErrLimitExceeded) {
			t.Errorf("300 nested DiagnosticInfos (fast paths %v): %v", fast, err)
		}
	}
	type loop struct {
		V    int32
		Next *loop
	}
	l := &loop{V: 1}
	l.Next = l
	if _, err := uabin.Marshal(l); !errors.Is(err, uabin.ErrLimitExceeded) {
		t.Errorf("a value that points to itself: %v", err)
	}
}

func TestLimitsDocTypes(t *testing.T) {
	if err := uabin.UnmarshalMessage([]byte{0x01, 0x05, 0x0f, 0x27, 0x00}, new(any)); !errors.Is(err, uabin.ErrUnknownType) {
		t.Errorf("unknown service message: %v", err)
	}
	// A registered body (Argument, i=298) that claims one byte more than
	// the Argument uses, and one that claims fewer.
	arg, err := uabin.Marshal(&types.Argument{Name: "x", DataType: types.NewNumericNodeID(0, 11), ValueRank: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range []int{1, -1} {
		n := len(arg) + extra
		eo := append([]byte{0x01, 0x00, 0x2a, 0x01, 0x01, byte(n), 0, 0, 0}, arg...)
		if extra > 0 {
			eo = append(eo, 0)
		}
		err := uabin.Unmarshal(eo, new(types.ExtensionObject))
		if !errors.Is(err, uabin.ErrInvalid) && !errors.Is(err, uabin.ErrTruncated) {
			t.Errorf("body length off by %d: %v", extra, err)
		}
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestLimitsDocChunkSize(t *testing.T) {
	in := append([]byte("MSGF\xff\xff\xff\xff\x07\x00\x00\x00"), make([]byte, 1<<16)...)
	cr := &countingReader{r: bytes.NewReader(in)}
	_, err := chunk.ReadChunk(cr, nil, 8192)
	if !errors.Is(err, chunk.ErrChunkTooLarge) {
		t.Errorf("MessageSize 0xFFFFFFFF: %v", err)
	}
	if cr.n > 8 {
		t.Errorf("ReadChunk read %d bytes of a chunk it refused by its header", cr.n)
	}
}
