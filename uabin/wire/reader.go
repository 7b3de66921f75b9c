package wire

import (
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/hook"
)

// Reader consumes OPC UA Binary from a byte slice. Create one with
// NewReader or reuse one with Reset. Reads past the end, lengths above the
// limits and invalid values record a *DecodeError (see Fail); from then on
// every read returns a zero value, so decoding stops allocating and callers
// need to check Err only once per value.
type Reader struct {
	buf   []byte
	off   int
	end   int // reads stop here; Limit narrows it
	err   error
	depth int

	// Limits are the decoder limits in force, already resolved (no zero
	// fields); see Limits.Resolved.
	Limits Limits

	bodies hook.BodyConsumer // decodes ExtensionObject bodies (set by the engine, uabin/internal/engine); may be nil
	strs   []byte            // backing array of the strings decoded since Reset (see Text)

	// A fixed-size read past the end records errShort and these (the
	// offset, the bytes it needed and those left) instead of building its
	// error, which Err builds on first sight: a read that calls out to
	// build an error is too large to inline, and a call per primitive read
	// cost a sixth of decoding a service message.
	shortOff, shortNeed, shortLeft int
}

// errShort stands for the error of a short fixed-size read until Err
// replaces it (see Reader.shortOff). It never leaves the Reader.
var errShort error = &DecodeError{}

// NewReader returns a Reader over b with the given limits (resolved).
func NewReader(b []byte, l Limits) *Reader {
	r := &Reader{}
	r.Reset(b, l)
	return r
}

// Reset makes r read b from its start with limits l (resolved), a clean
// error and depth.
func (r *Reader) Reset(b []byte, l Limits) {
	// Field by field rather than *r = Reader{...}: this runs once per
	// decoding call, and the assignments are cheaper than a struct copy.
	r.buf, r.off, r.end, r.err, r.depth = b, 0, len(b), nil, 0
	if r.strs != nil {
		r.strs = nil // the strings of the last input belong to its values
	}
	if l.IsDefault() {
		// The defaults, which a reused Reader mostly has already: compared
		// field by field, stored only when they differ (a 40-byte struct
		// compared and copied whole costs a memequal call and a stalled
		// store-to-load forward, a third of a small decoding call).
		if q := &r.Limits; q.MaxDepth != DefaultMaxDepth || q.MaxArrayLength != DefaultMaxArrayLength ||
			q.MaxStringLength != DefaultMaxStringLength || q.MaxByteStringLength != DefaultMaxByteStringLength ||
			q.MaxMessageSize != DefaultMaxMessageSize || q.ShareInput {
			r.Limits = defaultLimits
		}
		return
	}
	r.Limits = l.Resolved()
}

// Offset returns the number of bytes consumed so far.
func (r *Reader) Offset() int { return r.off }

// Remaining returns the number of bytes that can still be read.
func (r *Reader) Remaining() int { return r.end - r.off }

// Err returns the first error recorded, or nil.
func (r *Reader) Err() error {
	if r.err == errShort {
		r.shortError()
	}
	return r.err
}

// OK reports whether no error is recorded: Err() == nil without building
// the error of a short read (see shortOff), small enough to inline where
// Err does not.
func (r *Reader) OK() bool { return r.err == nil }

// shortError replaces errShort with the error of the short read it
// stands for.
//
//go:noinline
func (r *Reader) shortError() {
	r.err = &DecodeError{Offset: r.shortOff, Err: Errorf(ErrTruncated, "need %d bytes, %d left", r.shortNeed, r.shortLeft)}
}

// Fail records err at the current offset (if no error is recorded yet) and
// stops all further reads. err should wrap one of the sentinel errors; it is
// wrapped in a *DecodeError at the current offset unless it is one already.
func (r *Reader) Fail(err error) {
	if r.err == nil {
		if _, ok := err.(*DecodeError); !ok {
			err = &DecodeError{Offset: r.off, Err: err}
		}
		r.err = err
	}
	r.end = r.off
}

// Failf records an error of the given sentinel kind with a formatted message.
func (r *Reader) Failf(kind error, format string, args ...any) {
	if r.err == nil {
		r.Fail(Errorf(kind, format, args...))
	} else {
		r.end = r.off
	}
}

// FailAt records an error of the given sentinel kind at offset off (if no
// error is recorded yet) and stops all further reads. Codecs use it to
// report a value at its first byte once they have read it: an encoding
// byte, a mask, a length or a switch (DecodeError.Offset).
func (r *Reader) FailAt(off int, kind error, format string, args ...any) {
	if r.err == nil {
		r.err = &DecodeError{Offset: off, Err: Errorf(kind, format, args...)}
	}
	r.end = r.off
}

func (r *Reader) truncated(need int) {
	r.Failf(ErrTruncated, "need %d bytes, %d left", need, r.end-r.off)
}

// Enter records one more level of nesting and reports whether it is within
// Limits.MaxDepth; if not, it fails with ErrLimitExceeded. Every Enter that
// returned true must be matched by Leave.
func (r *Reader) Enter() bool {
	r.depth++
	if r.depth > r.Limits.MaxDepth {
		return r.tooDeep() // kept out of line so that Enter inlines
	}
	return true
}

// tooDeep fails Enter at a depth above Limits.MaxDepth.
//
//go:noinline
func (r *Reader) tooDeep() bool {
	r.depth--
	r.Failf(ErrLimitExceeded, "nesting deeper than %d levels", r.Limits.MaxDepth)
	return false
}

// EnterAt is Enter for a value that began at offset start, already
// partly read (a Variant enters once its mask is checked): a failure is
// reported at start, the first byte of the value that is too deep.
func (r *Reader) EnterAt(start int) bool {
	if r.Enter() {
		return true
	}
	if e, ok := r.Err().(*DecodeError); ok && e.Offset == r.off {
		e.Offset = start
	}
	return false
}

// Leave ends a level of nesting begun by Enter.
func (r *Reader) Leave() { r.depth-- }

// Depth returns the current nesting depth.
func (r *Reader) Depth() int { return r.depth }

// Limit restricts reading to the next n bytes (the body of a
// length-prefixed value) and returns what Unlimit needs to lift the
// restriction. If fewer than n bytes remain it fails with ErrTruncated.
func (r *Reader) Limit(n int) (saved int) {
	saved = r.end
	if n < 0 || n > r.end-r.off {
		r.truncated(n)
		return saved
	}
	r.end = r.off + n
	return saved
}

// Unlimit lifts a restriction made by Limit. It does nothing after a failure.
func (r *Reader) Unlimit(saved int) {
	if r.err == nil {
		r.end = saved
	}
}

// Bool consumes a Boolean; any non-zero byte is true (§5.2.2.1).
func (r *Reader) Bool() bool { return r.Uint8() != 0 }

// Uint8 consumes a Byte.
func (r *Reader) Uint8() uint8 {
	if off := r.off; off < r.end {
		r.off = off + 1
		return r.buf[off]
	}
	if r.err == nil { // truncated(1), recorded without a call (see shortOff)
		r.err, r.shortOff, r.shortNeed, r.shortLeft = errShort, r.off, 1, r.end-r.off
	}
	r.end = r.off
	return 0
}

// Int8 consumes an SByte.
func (r *Reader) Int8() int8 { return int8(r.Uint8()) }

// Uint16 consumes a UInt16.
func (r *Reader) Uint16() uint16 {
	if off := r.off; r.end-off >= 2 {
		r.off = off + 2
		return binary.LittleEndian.Uint16(r.buf[off:])
	}
	if r.err == nil { // as in Uint8
		r.err, r.shortOff, r.shortNeed, r.shortLeft = errShort, r.off, 2, r.end-r.off
	}
	r.end = r.off
	return 0
}

// Int16 consumes an Int16.
func (r *Reader) Int16() int16 { return int16(r.Uint16()) }

// Uint32 consumes a UInt32.
func (r *Reader) Uint32() uint32 {
	if off := r.off; r.end-off >= 4 {
		r.off = off + 4
		return binary.LittleEndian.Uint32(r.buf[off:])
	}
	if r.err == nil { // as in Uint8
		r.err, r.shortOff, r.shortNeed, r.shortLeft = errShort, r.off, 4, r.end-r.off
	}
	r.end = r.off
	return 0
}

// Int32 consumes an Int32.
func (r *Reader) Int32() int32 { return int32(r.Uint32()) }

// Uint64 consumes a UInt64.
func (r *Reader) Uint64() uint64 {
	if off := r.off; r.end-off >= 8 {
		r.off = off + 8
		return binary.LittleEndian.Uint64(r.buf[off:])
	}
	if r.err == nil { // as in Uint8
		r.err, r.shortOff, r.shortNeed, r.shortLeft = errShort, r.off, 8, r.end-r.off
	}
	r.end = r.off
	return 0
}

// Int64 consumes an Int64 (also the wire form of DateTime).
func (r *Reader) Int64() int64 { return int64(r.Uint64()) }

// Float32 consumes a Float; NaN payloads are kept as sent.
func (r *Reader) Float32() float32 { return math.Float32frombits(r.Uint32()) }

// Float64 consumes a Double; NaN payloads are kept as sent.
func (r *Reader) Float64() float64 { return math.Float64frombits(r.Uint64()) }

// length consumes an Int32 length prefix and checks it: -1 (null) is
// returned as is, other negative values fail with ErrInvalid, values above
// max fail with ErrLimitExceeded, and n*unit bytes must remain. It returns
// -1 after a failure too, so callers allocate nothing.
func (r *Reader) length(max, unit int, what string) int {
	start := r.off
	n := int(r.Int32())
	if r.err != nil {
		return -1
	}
	switch {
	case n == -1:
		return -1
	case n < -1:
		r.off = start
		r.Failf(ErrInvalid, "%s length %d", what, n)
		return -1
	case n > max:
		r.off = start
		r.Failf(ErrLimitExceeded, "%s length %d above the limit %d", what, n, max)
		return -1
	case unit > 0 && n > (r.end-r.off)/unit:
		r.off = start
		r.Failf(ErrTruncated, "%s length %d needs at least %d bytes, %d left", what, n, n*unit, r.end-r.off-4)
		return -1
	}
	return n
}

// ArrayLen consumes an array length (§5.2.5) and checks it against
// Limits.MaxArrayLength and against the bytes that remain, given that every
// element takes at least minElemSize bytes on the wire (use 1 when unsure,
// never 0). It returns -1 for a null array and for any failure, so the
// caller allocates nothing then.
func (r *Reader) ArrayLen(minElemSize int) int {
	return r.length(r.Limits.MaxArrayLength, minElemSize, "array")
}

// Str consumes a String (§5.2.2.4). Null and empty both give "", but
// not the same "": an empty String gives EmptyString, which Writer.Str
// writes back as an empty String, and a null String a "" that it writes
// back as null, so that what was decoded re-encodes as it came.
func (r *Reader) Str() string {
	n := r.length(r.Limits.MaxStringLength, 1, "string")
	if n <= 0 {
		if n == 0 {
			return EmptyString
		}
		return ""
	}
	s := r.Text(r.buf[r.off : r.off+n])
	r.off += n
	return s
}

// StrOver consumes a String like Str, for decoding over a value that
// holds old: if the text equals old, old itself is returned, so decoding
// the same text into a reused value does not allocate (the result is the
// same string value either way).
func (r *Reader) StrOver(old string) string {
	b := r.StrRaw()
	switch {
	case b == nil:
		return ""
	case len(b) == 0:
		return EmptyString
	case string(b) == old: // compared without a conversion
		return old
	}
	return r.Text(b)
}

// firstTextBlock and maxTextBlock bound the backing arrays that Text
// allocates.
const (
	firstTextBlock = 4 << 10
	maxTextBlock   = 1 << 20
)

// Text returns a new string holding b (bytes of the input). The strings of
// one input share a few backing arrays: the first holds up to 4 KiB (every
// string of most messages), each next one twice the last, none more than
// the input left or 1 MiB; so decoding many strings costs a few
// allocations instead of one each. A string that is kept keeps its array
// alive: at most twice the bytes of the input's strings, the price of the
// saved allocations. With Limits.ShareInput the string is b's memory.
func (r *Reader) Text(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if r.Limits.ShareInput {
		return unsafe.String(&b[0], len(b)) // the caller's promise: b does not change
	}
	if cap(r.strs)-len(r.strs) < len(b) {
		// The first block holds every string the rest of the input can
		// hold, up to 4 KiB (most messages: one allocation for all their
		// strings); each next one is twice the last, up to the input left
		// and 1 MiB, so the blocks of one input are few and at most twice
		// the bytes of its strings.
		size := min(len(r.buf)-r.off, maxTextBlock, max(firstTextBlock, 2*cap(r.strs)))
		r.strs = make([]byte, 0, max(len(b), size))
	}
	start := len(r.strs)
	r.strs = append(r.strs, b...)
	return unsafe.String(&r.strs[start], len(b))
}

// ByteString consumes a ByteString (§5.2.2.7) into a new slice: null gives
// nil, empty gives a non-nil empty slice.
func (r *Reader) ByteString() []byte { return r.ByteStringInto(nil) }

// ByteStringInto is ByteString that reuses dst's memory when it is large
// enough. With Limits.ShareInput it returns the input's memory instead
// (its capacity capped at its length).
func (r *Reader) ByteStringInto(dst []byte) []byte {
	n := r.length(r.Limits.MaxByteStringLength, 1, "byte string")
	if n < 0 {
		return nil
	}
	if r.Limits.ShareInput {
		b := r.buf[r.off : r.off+n : r.off+n] // capped: an append copies
		r.off += n
		return b
	}
	if cap(dst) < n || dst == nil {
		dst = make([]byte, n)
	}
	dst = dst[:n]
	copy(dst, r.buf[r.off:r.off+n])
	r.off += n
	return dst
}

// StrRaw consumes a String like Str but returns its bytes without copying
// (they alias the input): nil for a null String, a non-nil empty slice for
// an empty one. Codecs use it to keep an equal string they already hold
// instead of allocating a new one (see also EmptyString).
func (r *Reader) StrRaw() []byte {
	// A null String, and a length within the limit and the bytes left,
	// take no call (a Reader that failed has no bytes left); every other
	// length goes through length, which reports it.
	if off := r.off; r.end-off >= 4 {
		n := int(int32(binary.LittleEndian.Uint32(r.buf[off:])))
		if uint(n) <= uint(min(r.Limits.MaxStringLength, r.end-off-4)) {
			off += 4
			r.off = off + n
			return r.buf[off : off+n : off+n]
		}
		if n == -1 { // null
			r.off = off + 4
			return nil
		}
	}
	return r.strRawChecked()
}

// strRawChecked is StrRaw through length, for a length that fails.
func (r *Reader) strRawChecked() []byte {
	n := r.length(r.Limits.MaxStringLength, 1, "string")
	if n < 0 {
		return nil
	}
	b := r.buf[r.off : r.off+n : r.off+n]
	r.off += n
	return b
}

// ByteStringRaw consumes a ByteString like ByteString but returns its bytes
// without copying (they alias the input): nil for null, a non-nil empty
// slice for empty.
func (r *Reader) ByteStringRaw() []byte {
	n := r.length(r.Limits.MaxByteStringLength, 1, "byte string")
	if n < 0 {
		return nil
	}
	b := r.buf[r.off : r.off+n : r.off+n]
	r.off += n
	return b
}

// Raw consumes the next n bytes and returns them without copying: the
// result aliases the input. It fails with ErrTruncated if fewer remain.
func (r *Reader) Raw(n int) []byte {
	if off := r.off; n >= 0 && r.end-off >= n {
		r.off = off + n
		return r.buf[off : off+n : off+n]
	}
	if r.err == nil { // truncated(n), without a call (see Uint8)
		r.err, r.shortOff, r.shortNeed, r.shortLeft = errShort, r.off, n, r.end-r.off
	}
	r.end = r.off
	return nil
}

// Init readies r, a zero Reader (such as a new variable), to read b with
// limits l, which must be resolved (Limits.Resolved). It only stores, so
// on a Reader on the caller's stack it is cheaper than Reset, which reads
// r's limits to leave equal ones alone. l should not point to limits just
// stored field by field: the copy is made of 16-byte moves, which stall
// on such stores (docs/performance.md, entry 20); the engine passes
// wire's defaults or limits resolved once per Codec.
func (r *Reader) Init(b []byte, l *Limits) {
	r.buf, r.end = b, len(b)
	r.Limits = *l
}
