package wire

import (
	"bytes"
	"errors"
	"math"
	"testing"
)

func TestWriterPrimitives(t *testing.T) {
	cases := []struct {
		name string
		put  func(w *Writer)
		want []byte
	}{
		{"Boolean true", func(w *Writer) { w.Bool(true) }, []byte{0x01}},
		{"Boolean false", func(w *Writer) { w.Bool(false) }, []byte{0x00}},
		{"SByte -2", func(w *Writer) { w.Int8(-2) }, []byte{0xfe}},
		{"Byte 200", func(w *Writer) { w.Uint8(200) }, []byte{0xc8}},
		{"Int16 -2", func(w *Writer) { w.Int16(-2) }, []byte{0xfe, 0xff}},
		{"UInt16 0x1234", func(w *Writer) { w.Uint16(0x1234) }, []byte{0x34, 0x12}},
		// Part 6 §5.2.2.2: Int32 1 000 000 000.
		{"Int32 1e9", func(w *Writer) { w.Int32(1000000000) }, []byte{0x00, 0xca, 0x9a, 0x3b}},
		{"UInt32 0xDEADBEEF", func(w *Writer) { w.Uint32(0xdeadbeef) }, []byte{0xef, 0xbe, 0xad, 0xde}},
		{"Int64 -1", func(w *Writer) { w.Int64(-1) }, bytes.Repeat([]byte{0xff}, 8)},
		{"UInt64", func(w *Writer) { w.Uint64(0x0102030405060708) }, []byte{8, 7, 6, 5, 4, 3, 2, 1}},
		// Part 6 §5.2.2.3: Float -6.5.
		{"Float -6.5", func(w *Writer) { w.Float32(-6.5) }, []byte{0x00, 0x00, 0xd0, 0xc0}},
		{"Float NaN canonical", func(w *Writer) { w.Float32(float32(math.NaN())) }, []byte{0x00, 0x00, 0xc0, 0xff}},
		{"Double NaN canonical", func(w *Writer) { w.Float64(math.NaN()) }, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0xff}},
		{"Double +Inf", func(w *Writer) { w.Float64(math.Inf(1)) }, []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x7f}},
		// Part 6 §5.2.2.4: "水Boy".
		{"String 水Boy", func(w *Writer) { w.Str("水Boy") }, []byte{0x06, 0, 0, 0, 0xe6, 0xb0, 0xb4, 0x42, 0x6f, 0x79}},
		{"String empty is null", func(w *Writer) { w.Str("") }, []byte{0xff, 0xff, 0xff, 0xff}},
		{"String empty with EmptyStrings", func(w *Writer) { w.EmptyStrings = true; w.Str("") }, []byte{0, 0, 0, 0}},
		{"StrEmpty", func(w *Writer) { w.StrEmpty("") }, []byte{0, 0, 0, 0}},
		{"ByteString nil", func(w *Writer) { w.ByteString(nil) }, []byte{0xff, 0xff, 0xff, 0xff}},
		{"ByteString empty", func(w *Writer) { w.ByteString([]byte{}) }, []byte{0, 0, 0, 0}},
		{"ByteString 2", func(w *Writer) { w.ByteString([]byte{7, 8}) }, []byte{2, 0, 0, 0, 7, 8}},
		{"Null", func(w *Writer) { w.Null() }, []byte{0xff, 0xff, 0xff, 0xff}},
		{"Len", func(w *Writer) { w.Len(3) }, []byte{3, 0, 0, 0}},
		{"Raw", func(w *Writer) { w.Raw([]byte{1, 2}) }, []byte{1, 2}},
		{"length back-patched", func(w *Writer) {
			pos := w.BeginLength()
			w.Uint16(0xabcd)
			w.Uint8(1)
			w.EndLength(pos)
		}, []byte{3, 0, 0, 0, 0xcd, 0xab, 0x01}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := &Writer{Buf: []byte{0x99}} // appends after what is there
			c.put(w)
			if w.Err() != nil {
				t.Fatal(w.Err())
			}
			want := append([]byte{0x99}, c.want...)
			if !bytes.Equal(w.Buf, want) {
				t.Fatalf("got % x, want % x", w.Buf, want)
			}
		})
	}
}

func TestWriterLenTooLarge(t *testing.T) {
	if math.MaxInt == math.MaxInt32 {
		t.Skip("int is 32 bits")
	}
	var w Writer
	big := int64(math.MaxInt32) + 1 // a variable: the test compiles where int has 32 bits
	w.Len(int(big))
	var ee *EncodeError
	if !errors.As(w.Err(), &ee) || !errors.Is(w.Err(), ErrInvalid) {
		t.Fatalf("got %v, want an *EncodeError wrapping ErrInvalid", w.Err())
	}
	w.Failf(ErrUnsupported, "second")
	if errors.Is(w.Err(), ErrUnsupported) {
		t.Fatal("the first error must stick")
	}
	w.Reset()
	if w.Err() != nil || len(w.Buf) != 0 {
		t.Fatal("Reset must clear the error and the buffer")
	}
}

func TestWriterDoesNotAllocate(t *testing.T) {
	w := Writer{Buf: make([]byte, 0, 256)}
	n := testing.AllocsPerRun(100, func() {
		w.Buf = w.Buf[:0]
		w.Uint32(1)
		w.Float64(2)
		w.Str("abc")
		w.ByteString([]byte{1})
		pos := w.BeginLength()
		w.Int64(3)
		w.EndLength(pos)
	})
	if n != 0 {
		t.Fatalf("%v allocations, want 0", n)
	}
}

func TestWriterDepth(t *testing.T) {
	w := Writer{MaxDepth: 2}
	if first, second := w.Enter(), w.Enter(); !first || !second {
		t.Fatal("levels within MaxDepth refused")
	}
	if w.Enter() {
		t.Fatal("level above MaxDepth accepted")
	}
	if !errors.Is(w.Err(), ErrLimitExceeded) || w.Depth() != 2 {
		t.Fatalf("err %v depth %d", w.Err(), w.Depth())
	}
	w.Leave()
	if w.Depth() != 1 {
		t.Fatal("Leave must decrement")
	}
	w.Reset()
	if w.Depth() != 0 || w.Err() != nil {
		t.Fatal("Reset must clear depth and error")
	}
	var d Writer // zero MaxDepth means DefaultMaxDepth
	for i := 0; i < DefaultMaxDepth; i++ {
		if !d.Enter() {
			t.Fatalf("level %d refused", i+1)
		}
	}
	if d.Enter() {
		t.Fatal("level above DefaultMaxDepth accepted")
	}
}
