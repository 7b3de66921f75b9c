package wire

import (
	"encoding/binary"
	"math"

	"github.com/uabin/uabin/uabin/internal/hook"
)

// Writer appends OPC UA Binary to Buf. The zero value is ready to use and
// appends to a nil slice; set Buf to reuse a buffer. After a failure (see
// Fail) Err reports the first error; later appends are harmless and the
// caller discards what Buf holds (the uabin entry points return the caller's
// buffer truncated to its original length).
//
// Writer is not a stream: encoding an ExtensionObject back-patches its body
// length in Buf.
type Writer struct {
	// Buf holds the encoded bytes.
	Buf []byte
	// EmptyStrings writes a Go "" as an empty String (length 0) instead of
	// a null String (length -1) in Str.
	EmptyStrings bool
	// MaxDepth bounds the nesting levels entered with Enter, as
	// Limits.MaxDepth bounds decoding: 0 means DefaultMaxDepth and a
	// negative value ("no limit") HardMaxDepth, as Limits.Depth resolves
	// them (the engine sets MaxDepth from Limits.Depth; a bare Writer
	// takes a value above HardMaxDepth as it is). Encoding counts the same
	// levels as decoding (docs/types.md), so a cyclic value fails instead
	// of exhausting the stack, and the plans and the fast paths fail at the
	// same value.
	MaxDepth int

	err    error
	depth  int
	bodies hook.BodyAppender // encodes ExtensionObject bodies (set by the engine, uabin/internal/engine); may be nil
}

// Err returns the first error recorded, or nil.
func (w *Writer) Err() error { return w.err }

// Fail records err (if no error is recorded yet). err should wrap one of the
// sentinel errors; it is wrapped in an *EncodeError if it is not one already.
func (w *Writer) Fail(err error) {
	if w.err != nil {
		return
	}
	if _, ok := err.(*EncodeError); !ok {
		err = &EncodeError{Err: err}
	}
	w.err = err
}

// Failf records an error of the given sentinel kind with a formatted message.
func (w *Writer) Failf(kind error, format string, args ...any) {
	if w.err == nil {
		w.Fail(Errorf(kind, format, args...))
	}
}

// Reset empties Buf (keeping its capacity) and clears the error and the
// nesting depth.
func (w *Writer) Reset() { w.Buf, w.err, w.depth = w.Buf[:0], nil, 0 }

// Enter records one more level of nesting and reports whether it is within
// MaxDepth; if not, it fails with ErrLimitExceeded. Every Enter that
// returned true is matched by Leave, except after a failure (the error is
// sticky, so the depth no longer matters).
func (w *Writer) Enter() bool {
	w.depth++
	if w.depth > w.MaxDepth {
		return w.enterSlow() // kept out of line so that Enter inlines
	}
	return true
}

// enterSlow finishes Enter when the depth is above MaxDepth, which also
// happens on every Enter while MaxDepth is 0 or negative (resolved as
// Limits.Depth resolves them).
//
//go:noinline
func (w *Writer) enterSlow() bool {
	max := w.MaxDepth
	if max <= 0 {
		max = resolveDepth(max)
	}
	if w.depth <= max {
		return true
	}
	w.depth--
	w.Failf(ErrLimitExceeded, "nesting deeper than %d levels", max)
	return false
}

// Leave ends a level of nesting begun by Enter.
func (w *Writer) Leave() { w.depth-- }

// Depth returns the current nesting depth.
func (w *Writer) Depth() int { return w.depth }

// Bool appends a Boolean: one byte, 0 or 1 (§5.2.2.1).
func (w *Writer) Bool(v bool) {
	var b byte
	if v {
		b = 1
	}
	w.Buf = append(w.Buf, b)
}

// Uint8 appends a Byte.
func (w *Writer) Uint8(v uint8) { w.Buf = append(w.Buf, v) }

// Int8 appends an SByte.
func (w *Writer) Int8(v int8) { w.Buf = append(w.Buf, byte(v)) }

// Uint16 appends a UInt16, little-endian (§5.2.2.2).
func (w *Writer) Uint16(v uint16) { w.Buf = binary.LittleEndian.AppendUint16(w.Buf, v) }

// Int16 appends an Int16.
func (w *Writer) Int16(v int16) { w.Uint16(uint16(v)) }

// Uint32 appends a UInt32.
func (w *Writer) Uint32(v uint32) { w.Buf = binary.LittleEndian.AppendUint32(w.Buf, v) }

// Int32 appends an Int32.
func (w *Writer) Int32(v int32) { w.Uint32(uint32(v)) }

// Uint64 appends a UInt64.
func (w *Writer) Uint64(v uint64) { w.Buf = binary.LittleEndian.AppendUint64(w.Buf, v) }

// Int64 appends an Int64 (also the wire form of DateTime).
func (w *Writer) Int64(v int64) { w.Uint64(uint64(v)) }

// Canonical NaN bit patterns written for every NaN (§5.2.2.3): the quiet
// NaNs with the sign bit set, stream bytes 00 00 C0 FF and
// 00 00 00 00 00 00 F8 FF.
const (
	NaN32 uint32 = 0xFFC00000
	NaN64 uint64 = 0xFFF8000000000000
)

// Float32 appends a Float (IEEE 754 binary32); every NaN is written as NaN32.
func (w *Writer) Float32(v float32) { w.Uint32(Float32Bits(v)) }

// Float64 appends a Double (IEEE 754 binary64); every NaN is written as NaN64.
func (w *Writer) Float64(v float64) { w.Uint64(Float64Bits(v)) }

// Float32Bits returns the wire bits of v: math.Float32bits with NaN
// canonicalised to NaN32.
func Float32Bits(v float32) uint32 {
	if v != v {
		return NaN32
	}
	return math.Float32bits(v)
}

// Float64Bits returns the wire bits of v: math.Float64bits with NaN
// canonicalised to NaN64.
func Float64Bits(v float64) uint64 {
	if v != v {
		return NaN64
	}
	return math.Float64bits(v)
}

// Len appends an array or string length prefix (Int32). Lengths above
// math.MaxInt32 cannot be encoded and fail with ErrInvalid.
func (w *Writer) Len(n int) {
	if n > math.MaxInt32 {
		w.tooLong(n)
		return
	}
	w.Buf = binary.LittleEndian.AppendUint32(w.Buf, uint32(n)) // w.Int32, spelt out to fit the inlining budget
}

// tooLong fails a length above MaxInt32: out of line, so that Len inlines.
//
//go:noinline
func (w *Writer) tooLong(n int) {
	w.Failf(ErrInvalid, "length %d does not fit in an Int32", n)
}

// Null appends the null length -1 of a String, ByteString or array.
func (w *Writer) Null() { w.Buf = append(w.Buf, 0xff, 0xff, 0xff, 0xff) }

// Str appends a String (§5.2.2.4): Int32 byte length, then the UTF-8 bytes.
// "" is written as a null String (-1) unless EmptyStrings is set or it is
// EmptyString (an empty String as Reader.Str decodes it), which are
// written as an empty String (length 0).
func (w *Writer) Str(s string) {
	if s == "" && !w.EmptyStrings && !IsEmptyString(s) {
		w.Null()
		return
	}
	w.Len(len(s))
	w.Buf = append(w.Buf, s...)
}

// StrEmpty appends a String, writing "" as an empty String (length 0)
// whatever EmptyStrings says (the `empty` tag option).
func (w *Writer) StrEmpty(s string) {
	w.Len(len(s))
	w.Buf = append(w.Buf, s...)
}

// ByteString appends a ByteString (§5.2.2.7): nil is written as null (-1),
// an empty non-nil slice as length 0.
func (w *Writer) ByteString(b []byte) {
	if b == nil {
		w.Null()
		return
	}
	w.Len(len(b))
	w.Buf = append(w.Buf, b...)
}

// Raw appends b as it is, with no length.
func (w *Writer) Raw(b []byte) { w.Buf = append(w.Buf, b...) }

// BeginLength appends a placeholder Int32 length and returns its position,
// for a length-prefixed body whose size is not known in advance (the
// ExtensionObject body). EndLength back-patches it.
func (w *Writer) BeginLength() int {
	w.Buf = append(w.Buf, 0, 0, 0, 0)
	return len(w.Buf) - 4
}

// EndLength writes the number of bytes appended since BeginLength returned
// pos into the placeholder at pos.
func (w *Writer) EndLength(pos int) {
	if w.err != nil || pos+4 > len(w.Buf) {
		return
	}
	n := len(w.Buf) - pos - 4
	if n > math.MaxInt32 {
		w.Failf(ErrInvalid, "body length %d does not fit in an Int32", n)
		return
	}
	binary.LittleEndian.PutUint32(w.Buf[pos:], uint32(n))
}
