package uabin

// Design note: a codec encodes and decodes the values of one Go type. The
// builder (plan.go) makes one per (Go type, fast-path set or none), once,
// and publishes it in planCache; after that encoding and decoding only
// follow the codec's function pointers and field records, with no
// reflection, no map lookups and no allocation other than the decoded
// values themselves. The function pointers take the codec itself as their
// last argument, so a codec is plain data and no closure is created per
// type or per call. Primitive fields and elements are not reached through a
// function pointer at all: their op is switched on inline (encField,
// decField), which is about twice as fast as an indirect call per int32.

import (
	"math"
	"reflect"
	"sync/atomic"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// op is what the struct and array loops do inline for a field or element;
// opCodec means "call the codec".
type op uint8

const (
	opCodec op = iota
	opBool
	opInt8
	opUint8
	opInt16
	opUint16
	opInt32
	opUint32
	opInt64
	opUint64
	opFloat32
	opFloat64
	opString
	opVariant // only as a field's zop: the presence test of a Variant
)

// A codec encodes and decodes values of one Go type in OPC UA Binary.
type codec struct {
	typ     reflect.Type                           // the Go type
	g       *goType                                // allocates, clears and boxes values of typ
	op      op                                     // inline op for primitives, opCodec otherwise
	enc     func(e *encState, p pointer, c *codec) // appends the value at p
	dec     func(d *decState, p pointer, c *codec) // decodes into the value at p
	isZero  func(p pointer, c *codec) bool         // presence test of optional and bit=N fields
	minWire int                                    // fewest bytes a value takes on the wire (for ArrayLen)
	size    uintptr                                // Go size of a value
	noPtr   bool                                   // values hold no pointers (cleared without write barriers)

	// Containers (slice, array, pointer).
	elem *codec // element or pointee codec
	n    int    // length of a Go array
	raw  bool   // Go array written with no length prefix (tag option raw)
	bulk bool   // elements copied as one block of memory (little-endian hosts)

	// Leaf options from tags.
	wireOp op     // the integer wire type of an int, uint or uintptr
	max    uint64 // decoding clamps unsigned values above max (tag option max)
	empty  bool   // "" written as an empty String (tag option empty)

	// Structures.
	fields   []field // the encoded fields, in order
	implicit bool    // optional fields: a UInt32 mask precedes the first field
	masked   bool    // has a mask (implicit, computed or stored): encMasked/decMasked
	owned    uint32  // mask bits that fields own
	bitIdx   []int   // indexes in fields of the fields with a mask bit
	storedAt int     // index in fields of a stored mask field, or -1
	union    bool    // first field is a union switch
	enter    bool    // counts one nesting level (DataValue, DiagnosticInfo, recursive types)

	// Fast path, when the set has one for typ: enc/dec try it first and
	// fall back to slowEnc/slowDec when it declines.
	fast    *fastpath.Codec
	slowEnc func(e *encState, p pointer, c *codec)
	slowDec func(d *decState, p pointer, c *codec)

	// Variant tables (variant.go).
	vt *variantTables

	// dyn is the run-time structure a Dynamic codec decodes (messages of a
	// registered definition, dynamic_codec.go); nil for every other codec.
	dyn *dynType

	// sizeHint is the size of the last value Marshal encoded with this
	// codec at the top level: Marshal allocates that much at once instead
	// of growing the buffer step by step.
	sizeHint atomic.Int32

	// Plan building only.
	building bool // on the builder's stack: a reference to it is a cycle
	builtin  bool // one of the built-in OPC UA types, with fixed depth rules
}

// A field describes how one struct field is put on the wire.
type field struct {
	name   string  // Go field name, used only to build error paths
	off    uintptr // offset from the start of the struct
	op     op      // inline encoding op, or opCodec to call c
	dop    op      // inline decoding op (differs from op for max=N), or opCodec
	zop    op      // inline op for presence tests and clearing, or opCodec
	c      *codec  // the field's codec (also for inline ops: isZero, clear)
	bit    int8    // mask bit that decides presence; -1 for always-present fields
	isMask bool    // this is the mask itself (computed or stored), written here
	wide   bool    // for isMask: UInt32 mask, else Byte
	stored bool    // for isMask: the mask value lives in the field
}

// encState is the per-call encoding state; pooled (see api.go).
type encState struct {
	w   wire.Writer // its depth counter is shared with the fast paths
	eng engine
}

// enter counts one nesting level on the encode side; it fails with
// ErrLimitExceeded beyond MaxDepth, which stops cyclic Go values (a
// pointer loop through a recursive type) instead of overflowing the stack.
// The counter lives in the Writer, so levels entered by the fast paths
// (Variant, DataValue, DiagnosticInfo) and by the plans add up.
func (e *encState) enter() bool { return e.w.Enter() }

// leave ends a level begun by enter.
func (e *encState) leave() { e.w.Leave() }

// decState is the per-call decoding state; pooled (see api.go).
type decState struct {
	r   wire.Reader
	eng engine
}

// failed records the path element name on the current error and reports
// whether there is one. A blank name (a computed mask "_") adds nothing.
func (e *encState) failed(name string) bool {
	if err := e.w.Err(); err != nil {
		addPath(err, name)
		return true
	}
	return false
}

func (d *decState) failed(name string) bool {
	if err := d.r.Err(); err != nil {
		addPath(err, name)
		return true
	}
	return false
}

// maxPath bounds the length of error paths: a failure 100000 levels deep
// would otherwise build its path in quadratic time. Longer paths keep their
// innermost part after a leading "...".
const maxPath = 512

// addPath prepends elem to the path of err (see wire.WithPath).
func addPath(err error, elem string) {
	if elem == "_" {
		return
	}
	var path *string
	switch e := err.(type) {
	case *wire.DecodeError:
		path = &e.Path
	case *wire.EncodeError:
		path = &e.Path
	default:
		return
	}
	if len(*path) > maxPath {
		if (*path)[0] != '.' {
			*path = "..." + *path
		}
		return
	}
	wire.WithPath(err, elem)
}

// encValue appends the value at p with op o or, for opCodec, with c. It is
// the inline dispatch used by every struct and array loop.
func encValue(e *encState, p pointer, o op, c *codec) {
	w := &e.w
	switch o {
	case opBool:
		w.Bool(*as[bool](p))
	case opInt8:
		w.Int8(*as[int8](p))
	case opUint8:
		w.Uint8(*as[uint8](p))
	case opInt16:
		w.Int16(*as[int16](p))
	case opUint16:
		w.Uint16(*as[uint16](p))
	case opInt32:
		w.Int32(*as[int32](p))
	case opUint32:
		w.Uint32(*as[uint32](p))
	case opInt64:
		w.Int64(*as[int64](p))
	case opUint64:
		w.Uint64(*as[uint64](p))
	case opFloat32:
		w.Float32(*as[float32](p))
	case opFloat64:
		w.Float64(*as[float64](p))
	case opString:
		w.Str(*as[string](p))
	default:
		c.enc(e, p, c)
	}
}

// decValue is the decoding twin of encValue.
func decValue(d *decState, p pointer, o op, c *codec) {
	r := &d.r
	switch o {
	case opBool:
		*as[bool](p) = r.Bool()
	case opInt8:
		*as[int8](p) = r.Int8()
	case opUint8:
		*as[uint8](p) = r.Uint8()
	case opInt16:
		*as[int16](p) = r.Int16()
	case opUint16:
		*as[uint16](p) = r.Uint16()
	case opInt32:
		*as[int32](p) = r.Int32()
	case opUint32:
		*as[uint32](p) = r.Uint32()
	case opInt64:
		*as[int64](p) = r.Int64()
	case opUint64:
		*as[uint64](p) = r.Uint64()
	case opFloat32:
		*as[float32](p) = r.Float32()
	case opFloat64:
		*as[float64](p) = r.Float64()
	case opString:
		*as[string](p) = r.Str()
	default:
		c.dec(d, p, c)
	}
}

// isZeroValue is the presence test of optional and bit=N fields, inline for
// primitives.
func isZeroValue(p pointer, o op, c *codec) bool {
	switch o {
	case opBool, opInt8, opUint8:
		return *as[uint8](p) == 0
	case opInt16, opUint16:
		return *as[uint16](p) == 0
	case opInt32, opUint32, opFloat32:
		return *as[uint32](p) == 0
	case opInt64, opUint64, opFloat64:
		return *as[uint64](p) == 0
	case opString:
		return len(*as[string](p)) == 0
	case opVariant:
		return as[types.Variant](p).IsNull()
	}
	return c.isZero(p, c)
}

// clearValue sets an absent field to its zero value, inline for primitives.
func clearValue(p pointer, o op, c *codec) {
	switch o {
	case opBool, opInt8, opUint8:
		*as[uint8](p) = 0
	case opInt16, opUint16:
		*as[uint16](p) = 0
	case opInt32, opUint32, opFloat32:
		*as[uint32](p) = 0
	case opInt64, opUint64, opFloat64:
		*as[uint64](p) = 0
	case opString:
		*as[string](p) = ""
	default:
		if c.noPtr {
			clear(p.bytes(int(c.size))) // no pointers: no write barriers needed
			return
		}
		c.g.clear(p)
	}
}

// hasPointers reports whether values of t hold pointers.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}

// ---- primitives -----------------------------------------------------------

// encPrim and decPrim serve a primitive codec reached through a function
// pointer (top-level values, fast-path fallbacks).
func encPrim(e *encState, p pointer, c *codec) { encValue(e, p, c.op, c) }
func decPrim(d *decState, p pointer, c *codec) { decValue(d, p, c.op, c) }

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

func zeroString(p pointer, _ *codec) bool { return len(*as[string](p)) == 0 }

// encStringEmpty writes "" as an empty String (tag option empty).
func encStringEmpty(e *encState, p pointer, _ *codec) { e.w.StrEmpty(*as[string](p)) }

// encMax and decMax serve unsigned integers with the max=N tag option:
// decoding clamps values above max (DataValue picoseconds, Part 6
// §5.2.2.17: values >= 10000 become 9999).
func encMax(e *encState, p pointer, c *codec) { encValue(e, p, c.wireOp, nil) }

func decMax(d *decState, p pointer, c *codec) {
	decValue(d, p, c.wireOp, nil)
	switch c.wireOp {
	case opUint8:
		*as[uint8](p) = uint8(min(uint64(*as[uint8](p)), c.max))
	case opUint16:
		*as[uint16](p) = uint16(min(uint64(*as[uint16](p)), c.max))
	case opUint32:
		*as[uint32](p) = uint32(min(uint64(*as[uint32](p)), c.max))
	case opUint64:
		*as[uint64](p) = min(*as[uint64](p), c.max)
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

// encIntAs writes an int, uint or uintptr as the integer wire type named by
// its tag; values that do not fit are ErrInvalid.
func encIntAs(e *encState, p pointer, c *codec) {
	k := c.typ.Kind()
	s, u := readInt(p, k)
	signed := k == reflect.Int
	var lo, hi int64
	var uhi uint64
	var isSigned bool
	switch c.wireOp {
	case opInt8:
		lo, hi, isSigned = math.MinInt8, math.MaxInt8, true
	case opInt16:
		lo, hi, isSigned = math.MinInt16, math.MaxInt16, true
	case opInt32:
		lo, hi, isSigned = math.MinInt32, math.MaxInt32, true
	case opInt64:
		lo, hi, isSigned = math.MinInt64, math.MaxInt64, true
	case opUint8:
		uhi = math.MaxUint8
	case opUint16:
		uhi = math.MaxUint16
	case opUint32:
		uhi = math.MaxUint32
	default:
		uhi = math.MaxUint64
	}
	ok := true
	if isSigned {
		if signed {
			ok = s >= lo && s <= hi
		} else {
			ok = u <= uint64(hi)
		}
	} else {
		if signed {
			ok = s >= 0 && uint64(s) <= uhi
		} else {
			ok = u <= uhi
		}
	}
	if !ok {
		if signed {
			e.w.Failf(wire.ErrInvalid, "%d does not fit in the wire type %s", s, opName[c.wireOp])
		} else {
			e.w.Failf(wire.ErrInvalid, "%d does not fit in the wire type %s", u, opName[c.wireOp])
		}
		return
	}
	switch c.wireOp {
	case opInt8, opUint8:
		e.w.Uint8(uint8(u))
	case opInt16, opUint16:
		e.w.Uint16(uint16(u))
	case opInt32, opUint32:
		e.w.Uint32(uint32(u))
	default:
		e.w.Uint64(u)
	}
}

// decIntAs reads the tagged integer wire type into an int, uint or uintptr;
// values that do not fit the Go type (on 32-bit hosts) are ErrInvalid.
func decIntAs(d *decState, p pointer, c *codec) {
	r := &d.r
	var s int64
	var u uint64
	signedWire := false
	switch c.wireOp {
	case opInt8:
		s, signedWire = int64(r.Int8()), true
	case opInt16:
		s, signedWire = int64(r.Int16()), true
	case opInt32:
		s, signedWire = int64(r.Int32()), true
	case opInt64:
		s, signedWire = r.Int64(), true
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
		u = uint64(s)
	} else {
		s = int64(u)
	}
	switch c.typ.Kind() {
	case reflect.Int:
		if (signedWire && int64(int(s)) != s) || (!signedWire && (u > math.MaxInt64 || int64(int(s)) != s)) {
			r.Failf(wire.ErrInvalid, "%s value does not fit in %v", opName[c.wireOp], c.typ)
			return
		}
		*as[int](p) = int(s)
	case reflect.Uint:
		if (signedWire && s < 0) || uint64(uint(u)) != u {
			r.Failf(wire.ErrInvalid, "%s value does not fit in %v", opName[c.wireOp], c.typ)
			return
		}
		*as[uint](p) = uint(u)
	default:
		if (signedWire && s < 0) || uint64(uintptr(u)) != u {
			r.Failf(wire.ErrInvalid, "%s value does not fit in %v", opName[c.wireOp], c.typ)
			return
		}
		*as[uintptr](p) = uintptr(u)
	}
}

var opName = [...]string{
	opBool: "Boolean", opInt8: "SByte", opUint8: "Byte", opInt16: "Int16", opUint16: "UInt16",
	opInt32: "Int32", opUint32: "UInt32", opInt64: "Int64", opUint64: "UInt64",
	opFloat32: "Float", opFloat64: "Double", opString: "String", opCodec: "", opVariant: "Variant",
}

// ---- byte strings -----------------------------------------------------------

func encBytes(e *encState, p pointer, _ *codec) { e.w.ByteString(*as[[]byte](p)) }

// decBytes reuses the capacity of the slice already there.
func decBytes(d *decState, p pointer, _ *codec) {
	b := as[[]byte](p)
	*b = d.r.ByteStringInto(*b)
}

func zeroSlice(p pointer, _ *codec) bool { return p.slice().data == nil }

// ---- pointers ---------------------------------------------------------------

// encPtr writes the pointee; a nil pointer writes the pointee type's zero
// value (its null form), never panics.
func encPtr(e *encState, p pointer, c *codec) {
	q := p.deref()
	if q.isNil() {
		q = pointer{c.elem.g.zero}
	}
	c.elem.enc(e, q, c.elem)
}

// decPtr decodes into the pointee, allocating it when the pointer is nil.
func decPtr(d *decState, p pointer, c *codec) {
	q := p.deref()
	if q.isNil() {
		q = c.elem.g.alloc()
		p.setPtr(q)
	}
	c.elem.dec(d, q, c.elem)
}

func zeroPtr(p pointer, _ *codec) bool { return p.deref().isNil() }

// ---- slices and arrays ----------------------------------------------------

// encSlice writes an array: Int32 length (-1 for a nil slice), elements.
func encSlice(e *encState, p pointer, c *codec) {
	h := p.slice()
	if h.data == nil {
		e.w.Null()
		return
	}
	e.w.Len(h.len)
	encElems(e, pointer{h.data}, h.len, c.elem, c.bulk)
}

// decSlice reads an array into a slice: -1 gives nil, 0 an empty non-nil
// slice; the capacity of the slice already there is reused when it is
// large enough (its elements are decoded over).
func decSlice(d *decState, p pointer, c *codec) {
	n := d.r.ArrayLen(max(c.elem.minWire, 1))
	if n < 0 {
		if d.r.Err() == nil {
			c.g.clear(p)
		}
		return
	}
	h := p.slice()
	if h.data != nil && h.cap >= n {
		h.len = n
	} else {
		c.g.makeSlice(p, n)
	}
	decElems(d, pointer{h.data}, n, c.elem, c.bulk)
}

// encArray writes a Go array: Int32 length N (unless raw), N elements.
func encArray(e *encState, p pointer, c *codec) {
	if !c.raw {
		e.w.Len(c.n)
	}
	encElems(e, p, c.n, c.elem, c.bulk)
}

// decArray reads a Go array; the length on the wire must be N.
func decArray(d *decState, p pointer, c *codec) {
	if !c.raw {
		n := d.r.ArrayLen(max(c.elem.minWire, 1))
		if d.r.Err() != nil {
			return
		}
		if n != c.n {
			d.r.Failf(wire.ErrInvalid, "array length %d, the Go array %v needs %d", n, c.typ, c.n)
			return
		}
	}
	decElems(d, p, c.n, c.elem, c.bulk)
}

func zeroArray(p pointer, c *codec) bool {
	for i := 0; i < c.n; i++ {
		if !c.elem.isZero(p.at(uintptr(i)*c.elem.size), c.elem) {
			return false
		}
	}
	return true
}

// encElems writes n elements starting at base. Bulk elements are copied in
// one block (their memory is their wire form on little-endian hosts);
// floats are then scanned for NaNs, which must be written canonically.
func encElems(e *encState, base pointer, n int, ec *codec, bulk bool) {
	if n == 0 {
		return
	}
	if bulk {
		start := len(e.w.Buf)
		e.w.Buf = append(e.w.Buf, base.bytes(n*int(ec.size))...)
		switch ec.op {
		case opFloat32:
			fixNaN32(e.w.Buf[start:], base, n)
		case opFloat64:
			fixNaN64(e.w.Buf[start:], base, n)
		}
		return
	}
	o, size := ec.op, ec.size
	if o == opCodec {
		enc := ec.enc
		for i := 0; i < n; i++ {
			enc(e, base.at(uintptr(i)*size), ec)
			if e.w.Err() != nil {
				addPath(e.w.Err(), wire.IndexPath(i))
				return
			}
		}
		return
	}
	for i := 0; i < n; i++ {
		encValue(e, base.at(uintptr(i)*size), o, ec)
	}
}

func fixNaN32(out []byte, base pointer, n int) {
	for i := 0; i < n; i++ {
		if v := *as[float32](base.at(uintptr(i) * 4)); v != v {
			putUint32(out[4*i:], wire.NaN32)
		}
	}
}

func fixNaN64(out []byte, base pointer, n int) {
	for i := 0; i < n; i++ {
		if v := *as[float64](base.at(uintptr(i) * 8)); v != v {
			putUint64(out[8*i:], wire.NaN64)
		}
	}
}

func putUint32(b []byte, v uint32) {
	_ = b[3] // bounds check hint
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

func putUint64(b []byte, v uint64) {
	putUint32(b, uint32(v))
	putUint32(b[4:], uint32(v>>32))
}

// decElems decodes n elements into the memory starting at base.
func decElems(d *decState, base pointer, n int, ec *codec, bulk bool) {
	if n == 0 {
		return
	}
	if bulk {
		src := d.r.Raw(n * int(ec.size))
		if src != nil {
			copy(base.bytes(n*int(ec.size)), src)
		}
		return
	}
	o, size := ec.op, ec.size
	if o == opCodec {
		dec := ec.dec
		for i := 0; i < n; i++ {
			dec(d, base.at(uintptr(i)*size), ec)
			if d.r.Err() != nil {
				addPath(d.r.Err(), wire.IndexPath(i))
				return
			}
		}
		return
	}
	for i := 0; i < n; i++ {
		decValue(d, base.at(uintptr(i)*size), o, ec)
	}
	// A primitive that failed made the Reader fail: its error is sticky.
}

// ---- fast paths ---------------------------------------------------------------

// encFast tries the fast path and falls back to the plan when it declines.
func encFast(e *encState, p pointer, c *codec) {
	if c.fast.Append(&e.w, p.raw()) {
		return
	}
	c.slowEnc(e, p, c)
}

// decFast tries the fast path and falls back to the plan when it declines.
func decFast(d *decState, p pointer, c *codec) {
	if c.fast.Consume(&d.r, p.raw()) {
		return
	}
	c.slowDec(d, p, c)
}
