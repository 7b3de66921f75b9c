package engine

// Leaves: primitives, byte strings, and the codecs that tag options make
// for them (the integer wire type of an int, uint or uintptr; max=N;
// empty).

import (
	"math"
	"reflect"

	"github.com/uabin/uabin/uabin/wire"
)

// convPlan is the plan of an integer written as another wire type than its
// Go type's (an int with `ua:"Int32"`) or clamped when decoded (max=N).
type convPlan struct {
	wireOp op     // the integer wire type
	max    uint64 // decoding clamps unsigned values above max (max=N); 0: no clamping
}

// appendPrim and consumePrim serve a primitive codec reached through a
// function pointer (top-level values, fast-path fallbacks).
func appendPrim(s *appendState, p pointer, c *codec)   { appendValue(s, p, c.op, c) }
func consumePrim(s *consumeState, p pointer, c *codec) { consumeValue(s, p, c.op, c) }

// zeroPrim compares the memory of a primitive with zero: only +0 is a zero
// float, so an optional -0 is still sent.
func zeroPrim(p pointer, c *codec) bool {
	switch c.size {
	case 1:
		return *as[uint8](p) == 0
	case 2:
		return *as[uint16](p) == 0
	case 4:
		return *as[uint32](p) == 0
	default:
		return *as[uint64](p) == 0
	}
}

func zeroString(p pointer, _ *codec) bool { return zeroStr(*as[string](p)) }

// zeroStr is the presence test of a string: "" is absent, except an empty
// String as decoded (wire.EmptyString), which is sent again.
func zeroStr(s string) bool { return s == "" && !wire.IsEmptyString(s) }

// appendStringEmpty writes "" as an empty String (tag option empty).
func appendStringEmpty(s *appendState, p pointer, _ *codec) { s.w.StrEmpty(*as[string](p)) }

func consumeString(s *consumeState, p pointer, _ *codec) { *as[string](p) = s.r.Str() }

// appendMax and consumeMax serve unsigned integers with the max=N tag
// option: decoding clamps values above max (DataValue picoseconds, Part 6
// §5.2.2.17: values >= 10000 become 9999).
func appendMax(s *appendState, p pointer, c *codec) { appendValue(s, p, c.conv.wireOp, nil) }

func consumeMax(s *consumeState, p pointer, c *codec) {
	consumeValue(s, p, c.conv.wireOp, nil)
	switch max := c.conv.max; c.conv.wireOp {
	case opUint8:
		*as[uint8](p) = uint8(min(uint64(*as[uint8](p)), max))
	case opUint16:
		*as[uint16](p) = uint16(min(uint64(*as[uint16](p)), max))
	case opUint32:
		*as[uint32](p) = uint32(min(uint64(*as[uint32](p)), max))
	case opUint64:
		*as[uint64](p) = min(*as[uint64](p), max)
	}
}

// readInt reads a platform-sized int, uint or uintptr as an int64/uint64.
func readInt(p pointer, k reflect.Kind) (int64, uint64) {
	switch k {
	case reflect.Int:
		v := *as[int](p)
		return int64(v), uint64(v)
	case reflect.Uint:
		v := *as[uint](p)
		return int64(v), uint64(v)
	default:
		v := *as[uintptr](p)
		return int64(v), uint64(v)
	}
}

// wireRange returns the range of an integer wire type: lo and hi for the
// signed ones (signed true), uhi for the unsigned ones.
func wireRange(o op) (lo, hi int64, uhi uint64, signed bool) {
	switch o {
	case opInt8:
		return math.MinInt8, math.MaxInt8, 0, true
	case opInt16:
		return math.MinInt16, math.MaxInt16, 0, true
	case opInt32:
		return math.MinInt32, math.MaxInt32, 0, true
	case opInt64:
		return math.MinInt64, math.MaxInt64, 0, true
	case opUint8:
		return 0, 0, math.MaxUint8, false
	case opUint16:
		return 0, 0, math.MaxUint16, false
	case opUint32:
		return 0, 0, math.MaxUint32, false
	}
	return 0, 0, math.MaxUint64, false
}

// appendIntAs writes an int, uint or uintptr as the integer wire type
// named by its tag; values that do not fit are ErrInvalid.
func appendIntAs(s *appendState, p pointer, c *codec) {
	k := c.typ.Kind()
	v, u := readInt(p, k)
	signedGo := k == reflect.Int
	lo, hi, uhi, signedWire := wireRange(c.conv.wireOp)
	var ok bool
	switch {
	case signedWire && signedGo:
		ok = v >= lo && v <= hi
	case signedWire:
		ok = u <= uint64(hi)
	case signedGo:
		ok = v >= 0 && uint64(v) <= uhi
	default:
		ok = u <= uhi
	}
	if !ok {
		if signedGo {
			s.w.Failf(wire.ErrInvalid, "%d does not fit in %s", v, opBuiltin[c.conv.wireOp])
		} else {
			s.w.Failf(wire.ErrInvalid, "%d does not fit in %s", u, opBuiltin[c.conv.wireOp])
		}
		return
	}
	switch c.conv.wireOp {
	case opInt8, opUint8:
		s.w.Uint8(uint8(u))
	case opInt16, opUint16:
		s.w.Uint16(uint16(u))
	case opInt32, opUint32:
		s.w.Uint32(uint32(u))
	default:
		s.w.Uint64(u)
	}
}

// consumeIntAs reads the tagged integer wire type into an int, uint or
// uintptr; values that do not fit the Go type (on 32-bit hosts) are
// ErrInvalid.
func consumeIntAs(s *consumeState, p pointer, c *codec) {
	r := &s.r
	at := r.Offset()
	var v int64
	var u uint64
	signedWire := false
	switch c.conv.wireOp {
	case opInt8:
		v, signedWire = int64(r.Int8()), true
	case opInt16:
		v, signedWire = int64(r.Int16()), true
	case opInt32:
		v, signedWire = int64(r.Int32()), true
	case opInt64:
		v, signedWire = r.Int64(), true
	case opUint8:
		u = uint64(r.Uint8())
	case opUint16:
		u = uint64(r.Uint16())
	case opUint32:
		u = uint64(r.Uint32())
	default:
		u = r.Uint64()
	}
	if signedWire {
		u = uint64(v)
	} else {
		v = int64(u)
	}
	fits := true
	switch c.typ.Kind() {
	case reflect.Int:
		fits = (signedWire || u <= math.MaxInt64) && int64(int(v)) == v
	case reflect.Uint:
		fits = !(signedWire && v < 0) && uint64(uint(u)) == u
	default:
		fits = !(signedWire && v < 0) && uint64(uintptr(u)) == u
	}
	if !fits {
		if signedWire {
			r.FailAt(at, wire.ErrInvalid, "%s %d does not fit in Go type %v", opBuiltin[c.conv.wireOp], v, c.typ)
		} else {
			r.FailAt(at, wire.ErrInvalid, "%s %d does not fit in Go type %v", opBuiltin[c.conv.wireOp], u, c.typ)
		}
		return
	}
	switch c.typ.Kind() {
	case reflect.Int:
		*as[int](p) = int(v)
	case reflect.Uint:
		*as[uint](p) = uint(u)
	default:
		*as[uintptr](p) = uintptr(u)
	}
}

func appendBytes(s *appendState, p pointer, _ *codec) { appendByteString(&s.w, p) }

// consumeBytes reuses the capacity of the slice already there.
func consumeBytes(s *consumeState, p pointer, _ *codec) { consumeByteString(&s.r, p) }

// appendByteString and consumeByteString are appendBytes and consumeBytes
// with only the Writer or Reader (the top-level stack path, flatBytes).
func appendByteString(w *wire.Writer, p pointer) { w.ByteString(*as[[]byte](p)) }

func consumeByteString(r *wire.Reader, p pointer) {
	b := as[[]byte](p)
	*b = r.ByteStringInto(*b)
}

// A flatKind says how a top-level value is encoded and decoded with only a
// Writer or Reader on the stack, without call state (appendFlat,
// consumeFlat): the codecs of ByteStrings and of slices of primitives.
type flatKind uint8

const (
	flatNone      flatKind = iota
	flatBytes              // []byte: appendByteString, consumeByteString
	flatPrimSlice          // a slice of primitives: appendPrimSlice, consumePrimSlice
)

// appendFlat appends the value at p of c (c.flat is not flatNone) to w.
func appendFlat(w *wire.Writer, p pointer, c *codec) {
	if c.flat == flatBytes {
		appendByteString(w, p)
	} else {
		appendPrimSlice(w, p, c)
	}
}

// consumeFlat decodes into the value at p of c (c.flat is not flatNone).
func consumeFlat(r *wire.Reader, p pointer, c *codec) {
	if c.flat == flatBytes {
		consumeByteString(r, p)
	} else {
		consumePrimSlice(r, p, c)
	}
}

func zeroSlice(p pointer, _ *codec) bool { return p.slice().data == nil }
