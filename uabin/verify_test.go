package uabin_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// vrec is the type of the VerifyFastPaths tests: its plan is a String, an Int32
// array and a Double.
type vrec struct {
	Name string
	Vals []int32
	F    float64
}

// goodAppend and goodConsume are a correct fast path of vrec.
func goodAppend(w *wire.Writer, v *vrec) bool {
	w.Str(v.Name)
	if v.Vals == nil {
		w.Null()
	} else {
		w.Len(len(v.Vals))
		for _, x := range v.Vals {
			w.Int32(x)
		}
	}
	w.Float64(v.F)
	return true
}

func goodConsume(r *wire.Reader, v *vrec) bool {
	v.Name = r.Str()
	n := r.ArrayLen(4)
	switch {
	case n < 0:
		v.Vals = nil
	case cap(v.Vals) >= n && v.Vals != nil:
		v.Vals = v.Vals[:n]
	default:
		v.Vals = make([]int32, n)
	}
	for i := range v.Vals {
		v.Vals[i] = r.Int32()
	}
	v.F = r.Float64()
	return true
}

var vsamples = []vrec{
	{},
	{Name: "pump", Vals: []int32{1, 2, 3}, F: 1.5},
	{Name: wire.EmptyString, Vals: []int32{}, F: math.NaN()},
	{Vals: []int32{7}},
}

func verifyWith(t *testing.T, f fastpath.Funcs[vrec]) error {
	t.Helper()
	set := fastpath.NewSet()
	if f.Append == nil {
		f.Append = goodAppend
	}
	if f.Consume == nil {
		f.Consume = goodConsume
	}
	if err := fastpath.Register(set, f); err != nil {
		t.Fatal(err)
	}
	return uabin.VerifyFastPaths(set, vsamples...)
}

func TestVerifyFastPathsAgrees(t *testing.T) {
	if err := verifyWith(t, fastpath.Funcs[vrec]{}); err != nil {
		t.Fatal(err)
	}
	// A type containing one with a fast path, and a Set with the built-in
	// fast paths only.
	type outer struct{ A, B vrec }
	set := fastpath.NewSet()
	if err := fastpath.Register(set, fastpath.Funcs[vrec]{Append: goodAppend, Consume: goodConsume}); err != nil {
		t.Fatal(err)
	}
	if err := uabin.VerifyFastPaths(set, outer{A: vsamples[1], B: vsamples[2]}, outer{}); err != nil {
		t.Fatal(err)
	}
	if err := uabin.VerifyFastPaths[vrec](nil, vsamples...); err != nil {
		t.Fatal(err)
	}
}

func mismatch(t *testing.T, err error) *fastpath.Mismatch {
	t.Helper()
	var m *fastpath.Mismatch
	if !errors.As(err, &m) || !errors.Is(err, fastpath.ErrMismatch) || !errors.Is(err, uabin.ErrInvalid) {
		t.Fatalf("got %v, want a *fastpath.Mismatch wrapping ErrMismatch and ErrInvalid", err)
	}
	return m
}

func TestVerifyFastPathsWrongByte(t *testing.T) {
	err := verifyWith(t, fastpath.Funcs[vrec]{Append: func(w *wire.Writer, v *vrec) bool {
		goodAppend(w, v)
		if len(v.Vals) == 3 {
			w.Buf[len(w.Buf)-9] ^= 0x80 // the last Int32's high byte
		}
		return true
	}})
	m := mismatch(t, err)
	// Sample 1: "pump" is 4+4 bytes, the length 4, the elements at 12, 16, 20.
	if m.Sample != 1 || m.Step != "encoding" || m.Offset != 23 || m.Fast != 0x80 || m.Plan != 0 || m.FastLen != 32 || m.PlanLen != 32 || m.EmptyStrings {
		t.Fatalf("%+v", m)
	}
	want := "fastpath: uabin_test.vrec, sample 1, encoding: the fast path writes 0x80 at byte 23 where the plan writes 0x00 (fast path 32 bytes, plan 32)"
	if err.Error() != want {
		t.Fatalf("got  %s\nwant %s", err, want)
	}
}

func TestVerifyFastPathsShorter(t *testing.T) {
	err := verifyWith(t, fastpath.Funcs[vrec]{Append: func(w *wire.Writer, v *vrec) bool {
		goodAppend(w, v)
		if v.F == 1.5 {
			w.Buf = w.Buf[:len(w.Buf)-8] // forgets F
		}
		return true
	}})
	m := mismatch(t, err)
	if m.Sample != 1 || m.Offset != 24 || m.Fast != -1 || m.Plan != 0 || m.FastLen != 24 || m.PlanLen != 32 {
		t.Fatalf("%+v", m)
	}
	if !strings.Contains(err.Error(), "the fast path writes nothing (the end) at byte 24 where the plan writes 0x00") {
		t.Fatal(err)
	}
}

func TestVerifyFastPathsNullEmpty(t *testing.T) {
	// A fast path that writes every "" as null: the plan writes sample 2's
	// decoded-empty Name as empty.
	err := verifyWith(t, fastpath.Funcs[vrec]{Append: func(w *wire.Writer, v *vrec) bool {
		v2 := *v
		if v2.Name == "" {
			v2.Name = strings.Clone("") // a "" that is not EmptyString: null
		}
		return goodAppend(w, &v2)
	}})
	m := mismatch(t, err)
	if m.Sample != 2 || m.Offset != 0 || m.Fast != 0xff || m.Plan != 0 || m.EmptyStrings {
		t.Fatalf("%+v", m)
	}
}

func TestVerifyFastPathsEncodeError(t *testing.T) {
	err := verifyWith(t, fastpath.Funcs[vrec]{Append: func(w *wire.Writer, v *vrec) bool {
		if len(v.Vals) == 1 {
			w.Failf(wire.ErrInvalid, "one value is not allowed")
			return true
		}
		return goodAppend(w, v)
	}})
	m := mismatch(t, err)
	if m.Sample != 3 || m.Step != "encoding" || m.Offset != -1 || !strings.Contains(m.Difference, `the fast path fails with "`) || !strings.Contains(m.Difference, "one value is not allowed") || !strings.HasSuffix(m.Difference, "where the plan succeeds") {
		t.Fatalf("%+v", m)
	}
}

func TestVerifyFastPathsDecodedValue(t *testing.T) {
	err := verifyWith(t, fastpath.Funcs[vrec]{Consume: func(r *wire.Reader, v *vrec) bool {
		goodConsume(r, v)
		if len(v.Vals) == 3 {
			v.Vals[2]++
		}
		return true
	}})
	m := mismatch(t, err)
	if m.Sample != 1 || m.Step != "decoding" || m.Offset != -1 || m.Difference != "Vals[2] is 4 with the fast path and 3 with the plan" {
		t.Fatalf("%+v", m)
	}
	if want := "fastpath: uabin_test.vrec, sample 1, decoding: Vals[2] is 4 with the fast path and 3 with the plan"; err.Error() != want {
		t.Fatal(err)
	}
}

func TestVerifyFastPathsNilSlice(t *testing.T) {
	// Decodes an empty array as nil: VerifyFastPaths names the field.
	err := verifyWith(t, fastpath.Funcs[vrec]{Consume: func(r *wire.Reader, v *vrec) bool {
		goodConsume(r, v)
		if len(v.Vals) == 0 {
			v.Vals = nil
		}
		return true
	}})
	m := mismatch(t, err)
	if m.Sample != 2 || m.Step != "decoding" || m.Difference != "Vals is nil with the fast path and non-nil (0 elements) with the plan" {
		t.Fatalf("%+v", m)
	}
}

func TestVerifyFastPathsEmptyStringDecoded(t *testing.T) {
	// Decodes an empty String as a plain "": re-encoded it would be null.
	err := verifyWith(t, fastpath.Funcs[vrec]{Consume: func(r *wire.Reader, v *vrec) bool {
		goodConsume(r, v)
		if v.Name == "" {
			v.Name = strings.Clone("")
		}
		return true
	}})
	m := mismatch(t, err)
	if m.Sample != 2 || m.Step != "decoding" || m.Difference != "Name is a null String with the fast path and an empty String with the plan" {
		t.Fatalf("%+v", m)
	}
}

func TestVerifyFastPathsReuse(t *testing.T) {
	// Appends to the slice it is given instead of replacing its elements.
	err := verifyWith(t, fastpath.Funcs[vrec]{Consume: func(r *wire.Reader, v *vrec) bool {
		v.Name = r.Str()
		n := r.ArrayLen(4)
		if n < 0 {
			v.Vals = nil
		} else {
			if v.Vals == nil {
				v.Vals = []int32{}
			}
			for i := 0; i < n; i++ {
				v.Vals = append(v.Vals, r.Int32())
			}
		}
		v.F = r.Float64()
		return true
	}})
	m := mismatch(t, err)
	if m.Sample != 2 || m.Step != "decoding into a reused value" || m.Difference != "Vals is 3 elements with the fast path and 0 elements with the plan" {
		t.Fatalf("%+v", m)
	}
}

func TestVerifyFastPathsTruncated(t *testing.T) {
	// Takes a missing Double as 0.
	err := verifyWith(t, fastpath.Funcs[vrec]{Consume: func(r *wire.Reader, v *vrec) bool {
		v.Name = r.Str()
		n := r.ArrayLen(4)
		v.Vals = nil
		if n >= 0 {
			v.Vals = make([]int32, n)
		}
		for i := range v.Vals {
			v.Vals[i] = r.Int32()
		}
		v.F = 0
		if r.Remaining() >= 8 {
			v.F = r.Float64()
		}
		return true
	}})
	m := mismatch(t, err)
	if m.Sample != 0 || m.Step != "decoding the first 8 bytes" || !strings.HasPrefix(m.Difference, "the fast path succeeds where the plan fails with ") {
		t.Fatalf("%+v", m)
	}
}
