package wire

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestReaderPrimitives(t *testing.T) {
	in := []byte{
		0x02,       // Boolean: any non-zero byte is true
		0xfe,       // SByte -2
		0xc8,       // Byte 200
		0xfe, 0xff, // Int16 -2
		0x34, 0x12, // UInt16 0x1234
		0x00, 0xca, 0x9a, 0x3b, // Int32 1e9
		0xef, 0xbe, 0xad, 0xde, // UInt32
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // Int64 -1
		8, 7, 6, 5, 4, 3, 2, 1, // UInt64
		0x00, 0x00, 0xd0, 0xc0, // Float -6.5
		0x01, 0, 0, 0, 0, 0, 0xf8, 0x7f, // Double NaN with payload 1 (Go's math.NaN())
	}
	r := NewReader(in, Limits{})
	if !r.Bool() || r.Int8() != -2 || r.Uint8() != 200 || r.Int16() != -2 || r.Uint16() != 0x1234 ||
		r.Int32() != 1000000000 || r.Uint32() != 0xdeadbeef || r.Int64() != -1 ||
		r.Uint64() != 0x0102030405060708 || r.Float32() != -6.5 {
		t.Fatal("wrong values")
	}
	if r.Err() != nil || r.Offset() != 35 || r.Remaining() != 8 {
		t.Fatalf("err %v offset %d remaining %d", r.Err(), r.Offset(), r.Remaining())
	}
	// A NaN keeps its payload when decoded.
	if bits := math.Float64bits(r.Float64()); bits != 0x7ff8000000000001 {
		t.Fatalf("NaN payload %#x", bits)
	}
}

func TestReaderStrings(t *testing.T) {
	r := NewReader([]byte{
		0x06, 0, 0, 0, 0xe6, 0xb0, 0xb4, 0x42, 0x6f, 0x79, // "水Boy"
		0xff, 0xff, 0xff, 0xff, // null String
		0, 0, 0, 0, // empty String
		0xff, 0xff, 0xff, 0xff, // null ByteString
		0, 0, 0, 0, // empty ByteString
		2, 0, 0, 0, 7, 8, // ByteString
	}, Limits{})
	if s := r.Str(); s != "水Boy" {
		t.Fatalf("got %q", s)
	}
	if null, empty := r.Str(), r.Str(); null != "" || empty != "" {
		t.Fatal("null and empty strings decode to \"\"")
	}
	if b := r.ByteString(); b != nil {
		t.Fatal("null ByteString must decode to nil")
	}
	if b := r.ByteString(); b == nil || len(b) != 0 {
		t.Fatal("empty ByteString must decode to a non-nil empty slice")
	}
	dst := make([]byte, 0, 8)
	if b := r.ByteStringInto(dst); string(b) != "\x07\x08" || &b[0] != &dst[:1][0] {
		t.Fatal("ByteStringInto must reuse dst")
	}
	if r.Err() != nil || r.Remaining() != 0 {
		t.Fatal(r.Err())
	}
}

// TestReaderErrors checks the kind, offset and message of every failure,
// and that a failed Reader reads nothing more.
func TestReaderErrors(t *testing.T) {
	cases := []struct {
		name   string
		in     []byte
		limits Limits
		read   func(r *Reader)
		kind   error
		offset int
		msg    string
	}{
		{"truncated UInt32", []byte{1, 2, 3}, Limits{}, func(r *Reader) { r.Uint32() }, ErrTruncated, 0, "need 4 bytes, 3 left"},
		{"truncated after a value", []byte{1, 2}, Limits{}, func(r *Reader) { r.Uint8(); r.Uint16() }, ErrTruncated, 1, "need 2 bytes, 1 left"},
		{"string length -2", []byte{0xfe, 0xff, 0xff, 0xff}, Limits{}, func(r *Reader) { r.Str() }, ErrInvalid, 0, "string length -2"},
		{"string above limit", []byte{5, 0, 0, 0, 'a', 'b', 'c', 'd', 'e'}, Limits{MaxStringLength: 4}, func(r *Reader) { r.Str() }, ErrLimitExceeded, 0, "above the limit 4"},
		{"string longer than input", []byte{0xff, 0xff, 0xff, 0x7f, 'a', 'b', 'c', 'd'}, Limits{MaxStringLength: -1}, func(r *Reader) { r.Str() }, ErrTruncated, 0, "string length 2147483647"},
		{"byte string above limit", []byte{9, 0, 0, 0}, Limits{MaxByteStringLength: 8}, func(r *Reader) { r.ByteString() }, ErrLimitExceeded, 0, "byte string length 9"},
		{"array above limit", []byte{3, 0, 0, 0}, Limits{MaxArrayLength: 2}, func(r *Reader) { r.ArrayLen(1) }, ErrLimitExceeded, 0, "array length 3"},
		// 0x7fffffff elements of at least 4 bytes with 4 bytes behind them.
		{"array longer than input", []byte{0xff, 0xff, 0xff, 0x7f, 1, 2, 3, 4}, Limits{MaxArrayLength: -1}, func(r *Reader) { r.ArrayLen(4) }, ErrTruncated, 0, "needs at least"},
		{"array length -5", []byte{0xfb, 0xff, 0xff, 0xff}, Limits{}, func(r *Reader) { r.ArrayLen(1) }, ErrInvalid, 0, "array length -5"},
		{"raw past the end", []byte{1}, Limits{}, func(r *Reader) { r.Raw(2) }, ErrTruncated, 0, "need 2 bytes"},
		{"depth", nil, Limits{MaxDepth: 2}, func(r *Reader) {
			r.Enter()
			r.Enter()
			r.Enter()
		}, ErrLimitExceeded, 0, "deeper than 2 levels"},
		{"limit past the end", []byte{1, 2}, Limits{}, func(r *Reader) { r.Limit(3) }, ErrTruncated, 0, "need 3 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(c.in, c.limits)
			c.read(r)
			err := r.Err()
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("got %v, want a *DecodeError", err)
			}
			if !errors.Is(err, c.kind) {
				t.Fatalf("got %v, want kind %v", err, c.kind)
			}
			if de.Offset != c.offset {
				t.Fatalf("offset %d, want %d", de.Offset, c.offset)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "uabin: decoding at offset") || !strings.Contains(msg, c.msg) {
				t.Fatalf("message %q, want it to contain %q", msg, c.msg)
			}
			// Sticky: nothing more is read, and the first error stays.
			if r.Remaining() != 0 {
				t.Fatalf("a failed Reader must have nothing left, has %d", r.Remaining())
			}
			if r.Uint8() != 0 || r.Str() != "" || r.ByteString() != nil || r.ArrayLen(1) != -1 || r.Err() != err {
				t.Fatal("reads after a failure must return zero values and keep the first error")
			}
		})
	}
}

func TestReaderLimitUnlimit(t *testing.T) {
	r := NewReader([]byte{1, 2, 3, 4, 5}, Limits{})
	r.Uint8()
	saved := r.Limit(2)
	if r.Remaining() != 2 {
		t.Fatalf("remaining %d in the limited body", r.Remaining())
	}
	r.Uint16()
	r.Uint8() // past the body
	if !errors.Is(r.Err(), ErrTruncated) {
		t.Fatal("reading past a Limit must fail")
	}
	r.Unlimit(saved)
	if r.Remaining() != 0 {
		t.Fatal("Unlimit must not reopen a failed Reader")
	}

	r = NewReader([]byte{1, 2, 3, 4, 5}, Limits{})
	saved = r.Limit(4)
	r.Uint32()
	r.Unlimit(saved)
	if r.Uint8() != 5 || r.Err() != nil {
		t.Fatal("Unlimit must restore the end")
	}
}

func TestReaderDepth(t *testing.T) {
	r := NewReader(nil, Limits{MaxDepth: 3})
	for i := 0; i < 3; i++ {
		if !r.Enter() {
			t.Fatalf("level %d refused", i+1)
		}
	}
	if r.Enter() {
		t.Fatal("level 4 accepted")
	}
	if r.Depth() != 3 {
		t.Fatalf("depth %d after a refused Enter", r.Depth())
	}
	r.Leave()
	if r.Depth() != 2 {
		t.Fatal("Leave must decrement")
	}
}

func TestErrorPaths(t *testing.T) {
	r := NewReader([]byte{1}, Limits{})
	r.Uint32()
	err := r.Err()
	WithPath(err, "NodeID")
	WithPath(err, IndexPath(3))
	WithPath(err, "NodesToRead")
	WithPath(err, "ReadRequest")
	want := "uabin: decoding ReadRequest.NodesToRead[3].NodeID at offset 0: truncated input: need 4 bytes, 1 left"
	if err.Error() != want {
		t.Fatalf("got  %q\nwant %q", err.Error(), want)
	}
	ee := &EncodeError{Err: Errorf(ErrInvalid, "bad")}
	WithPath(ee, "Field")
	if ee.Error() != "uabin: encoding Field: invalid value: bad" || !errors.Is(ee, ErrInvalid) {
		t.Fatalf("got %q", ee.Error())
	}
	if (&EncodeError{Err: ErrUnsupported}).Error() != "uabin: encoding: unsupported" {
		t.Fatal("top-level encode error message")
	}
}

// TestNegativeMaxDepth: a negative MaxDepth (no limit) means HardMaxDepth
// everywhere: in Resolved and Depth, for a Reader and for a Writer, which
// therefore fail at the same level; a value above HardMaxDepth is capped
// by Resolved and Depth (which the engine's Writers are set from).
func TestNegativeMaxDepth(t *testing.T) {
	for _, c := range []struct{ max, want int }{
		{0, DefaultMaxDepth}, {-1, HardMaxDepth}, {math.MinInt, HardMaxDepth}, {7, 7},
		{HardMaxDepth, HardMaxDepth}, {HardMaxDepth + 1, HardMaxDepth}, {math.MaxInt, HardMaxDepth},
	} {
		l := Limits{MaxDepth: c.max}
		if got := l.Depth(); got != c.want {
			t.Errorf("Limits{MaxDepth: %d}.Depth() = %d, want %d", c.max, got, c.want)
		}
		if got := l.Resolved().MaxDepth; got != c.want {
			t.Errorf("Limits{MaxDepth: %d}.Resolved().MaxDepth = %d, want %d", c.max, got, c.want)
		}
		r := NewReader(nil, l)
		w := Writer{MaxDepth: c.max}
		if c.max > HardMaxDepth {
			w.MaxDepth = l.Depth() // as the engine sets it
		}
		n := 0
		for r.Enter() {
			if !w.Enter() {
				t.Fatalf("MaxDepth %d: the Writer stops at %d, the Reader goes on", c.max, n)
			}
			n++
		}
		if w.Enter() || n != c.want || !errors.Is(r.Err(), ErrLimitExceeded) || !errors.Is(w.Err(), ErrLimitExceeded) {
			t.Errorf("MaxDepth %d: %d levels (want %d); reader %v, writer %v", c.max, n, c.want, r.Err(), w.Err())
		}
	}
	if got := (&Limits{MaxMessageSize: -1}).MessageSize(); got != math.MaxInt {
		t.Errorf("MessageSize of -1: %d", got)
	}
	if got := (&Limits{}).MessageSize(); got != DefaultMaxMessageSize {
		t.Errorf("MessageSize of 0: %d", got)
	}
}

func TestLimitsResolved(t *testing.T) {
	l := Limits{MaxArrayLength: 7, MaxStringLength: -1}.Resolved()
	want := Limits{
		MaxDepth:            DefaultMaxDepth,
		MaxArrayLength:      7,
		MaxStringLength:     math.MaxInt,
		MaxByteStringLength: DefaultMaxByteStringLength,
		MaxMessageSize:      DefaultMaxMessageSize,
	}
	if l != want {
		t.Fatalf("got %+v, want %+v", l, want)
	}
}

// FuzzReader reads a fuzzed sequence of values picked by the input itself:
// no panic, offsets only grow, and allocation stays bounded by the input
// (every length is checked against the bytes that remain).
func FuzzReader(f *testing.F) {
	f.Add([]byte{0, 4, 0, 0, 0, 'a', 'b', 'c', 'd'})
	f.Add([]byte{1, 0xff, 0xff, 0xff, 0x7f, 1})
	f.Add([]byte{2, 0xfe, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(in, Limits{MaxArrayLength: -1, MaxStringLength: -1, MaxByteStringLength: -1})
		for steps := 0; r.Err() == nil && r.Remaining() > 0 && steps < 1000; steps++ {
			before := r.Offset()
			switch r.Uint8() % 6 {
			case 0:
				if s := r.Str(); len(s) > len(in) {
					t.Fatal("string longer than the input")
				}
			case 1:
				if b := r.ByteString(); len(b) > len(in) {
					t.Fatal("byte string longer than the input")
				}
			case 2:
				if n := r.ArrayLen(1); n > len(in) {
					t.Fatal("array length not bounded by the input")
				}
			case 3:
				r.Float64()
			case 4:
				saved := r.Limit(int(r.Uint8()))
				r.Uint16()
				r.Unlimit(saved)
			case 5:
				r.Raw(int(r.Uint8()))
			}
			if r.Offset() < before || r.Offset() > len(in) {
				t.Fatalf("offset went from %d to %d", before, r.Offset())
			}
		}
	})
}

func TestDefaultLimitsResolved(t *testing.T) {
	want := Limits{DefaultMaxDepth, DefaultMaxArrayLength, DefaultMaxStringLength, DefaultMaxByteStringLength, DefaultMaxMessageSize, false}
	if got := (Limits{}).Resolved(); got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestReaderRawStrings(t *testing.T) {
	in := []byte{2, 0, 0, 0, 'h', 'i', 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 1, 0, 0, 0, 7}
	r := NewReader(in, Limits{})
	if s := r.StrRaw(); string(s) != "hi" || &s[0] != &in[4] {
		t.Fatal("StrRaw must return the aliased text")
	}
	if r.ByteStringRaw() != nil {
		t.Fatal("null ByteString must be nil")
	}
	if b := r.ByteStringRaw(); b == nil || len(b) != 0 {
		t.Fatal("empty ByteString must be non-nil and empty")
	}
	if b := r.ByteStringRaw(); len(b) != 1 || b[0] != 7 || r.Err() != nil {
		t.Fatal("ByteStringRaw")
	}
	// Failures are reported at the length prefix, as Str does.
	r = NewReader([]byte{0, 0, 3, 0, 0, 0, 1, 2, 3}, Limits{MaxStringLength: 2})
	r.Uint16()
	r.StrRaw()
	var de *DecodeError
	if !errors.As(r.Err(), &de) || de.Offset != 2 || !errors.Is(r.Err(), ErrLimitExceeded) {
		t.Fatalf("got %v", r.Err())
	}
}

// TestReaderInit: Init on a zero Reader reads like Reset with the same
// resolved limits, and applies them.
func TestReaderInit(t *testing.T) {
	in := []byte{4, 0, 0, 0, 'a', 'b', 'c', 'd', 9}
	l := Limits{MaxStringLength: 3}.Resolved()
	var r Reader
	r.Init(in, &l)
	if r.Limits != l || r.Remaining() != len(in) || r.Offset() != 0 {
		t.Fatalf("after Init: limits %+v, %d remaining, offset %d", r.Limits, r.Remaining(), r.Offset())
	}
	if s := r.Str(); s != "" || !errors.Is(r.Err(), ErrLimitExceeded) {
		t.Errorf("Str with MaxStringLength 3 = %q, %v; want ErrLimitExceeded", s, r.Err())
	}
	l = Limits{}.Resolved()
	var r2 Reader
	r2.Init(in, &l)
	if s := r2.Str(); s != "abcd" || r2.Err() != nil || r2.Uint8() != 9 || r2.Remaining() != 0 {
		t.Errorf("Str with the default limits = %q, %v", s, r2.Err())
	}
}

// TestShortReadError: the error of a short fixed-size read, recorded
// without a call and built by Err, is the first error, at the offset of
// the read, and belongs to its Reader alone (no shared value is ever
// returned or changed).
func TestShortReadError(t *testing.T) {
	var r1, r2 Reader
	l := Limits{}.Resolved()
	r1.Init([]byte{1, 2, 3}, &l)
	r2.Init([]byte{9}, &l)
	r1.Uint16()
	r1.Uint32()                             // short: the first error
	r1.Uint64()                             // short again: ignored
	r1.Failf(ErrInvalid, "a later failure") // ignored
	r2.Uint16()                             // short in another Reader
	if !r2.EnterAt(0) && r2.Err() == nil {  // EnterAt looks at the error
		t.Fatal("no error after a short read")
	}
	e1, ok1 := r1.Err().(*DecodeError)
	e2, ok2 := r2.Err().(*DecodeError)
	if !ok1 || !ok2 || e1 == e2 || e1 == errShort || e2 == errShort {
		t.Fatalf("errors %#v, %#v: want two distinct DecodeErrors", r1.Err(), r2.Err())
	}
	if e1.Offset != 2 || !errors.Is(e1, ErrTruncated) || !strings.Contains(e1.Error(), "need 4 bytes, 1 left") {
		t.Errorf("first Reader: %v (offset %d), want the UInt32 at offset 2, need 4 bytes, 1 left", e1, e1.Offset)
	}
	if e2.Offset != 0 || !strings.Contains(e2.Error(), "need 2 bytes, 1 left") {
		t.Errorf("second Reader: %v (offset %d)", e2, e2.Offset)
	}
	if r1.Err() != error(e1) || r1.Remaining() != 0 {
		t.Errorf("Err changed on a second call, or reads were not stopped (%d left)", r1.Remaining())
	}
}

// TestStrRawSteps holds StrRaw's step without a call to the checked one
// it stands in front of: for lengths around the limit and around the bytes
// left, null, negative, short input, a narrowed Reader and a failed one,
// both give the same bytes, offset and error.
func TestStrRawSteps(t *testing.T) {
	body := []byte("abcdefgh")
	lengths := []int32{-3, -2, -1, 0, 1, 3, 4, 5, 7, 8, 9, math.MaxInt32, math.MinInt32}
	for _, n := range lengths {
		for extra := range 10 { // how many body bytes follow the length
			in := append(make([]byte, 4), body[:min(extra, len(body))]...)
			in[0], in[1], in[2], in[3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
			for cut := 0; cut <= len(in); cut++ {
				for _, max := range []int{3, 4, 5, 8, 100} {
					for _, failed := range []bool{false, true} {
						read := func(fast bool) ([]byte, bool, int, string) {
							r := NewReader(in[:cut], Limits{MaxStringLength: max})
							if failed {
								r.Failf(ErrInvalid, "failed before")
							}
							var b []byte
							if fast {
								b = r.StrRaw()
							} else {
								b = r.strRawChecked()
							}
							msg := ""
							if err := r.Err(); err != nil {
								msg = err.Error()
							}
							return b, b == nil, r.Offset(), msg
						}
						fb, fnil, foff, ferr := read(true)
						cb, cnil, coff, cerr := read(false)
						if string(fb) != string(cb) || fnil != cnil || foff != coff || ferr != cerr {
							t.Fatalf("length %d, %d bytes, limit %d, failed %v: StrRaw %q (nil %v) at %d %q; checked %q (nil %v) at %d %q",
								n, cut, max, failed, fb, fnil, foff, ferr, cb, cnil, coff, cerr)
						}
					}
				}
			}
		}
	}
}
