package engine

// Containers: slices and Go arrays (OPC UA arrays, Part 6 §5.2.5) and
// pointers.

import (
	"github.com/uabin/uabin/uabin/internal/bulk"
	"github.com/uabin/uabin/uabin/wire"
)

// seqPlan is the plan of a slice or a Go array; the element codec is the
// codec's elem.
type seqPlan struct {
	n    int  // Go arrays: the length
	raw  bool // Go arrays: written with no length prefix (tag option raw)
	bulk bool // elements copied as one block of memory (little-endian hosts)
}

// appendPtr writes the pointee; a nil pointer writes the pointee type's
// zero value (its null form), never panics.
func appendPtr(s *appendState, p pointer, c *codec) {
	q := p.deref()
	if q.isNil() {
		q = pointer{c.elem.g.zero}
	}
	c.elem.append(s, q, c.elem)
}

// consumePtr decodes into the pointee, allocating it when the pointer is
// nil.
func consumePtr(s *consumeState, p pointer, c *codec) {
	q := p.deref()
	if q.isNil() {
		q = c.elem.g.alloc()
		p.setPtr(q)
	}
	c.elem.consume(s, q, c.elem)
}

func zeroPtr(p pointer, _ *codec) bool { return p.deref().isNil() }

// appendSlice writes an array: Int32 length (-1 for a nil slice), elements.
func appendSlice(s *appendState, p pointer, c *codec) {
	if n, ok := appendSliceLen(&s.w, p); ok {
		appendElems(s, p.slice().dataPtr(), n, c.elem, c.seq.bulk)
	}
}

// appendPrimSlice is appendSlice for slices of primitives (flatPrimSlice),
// which need only the Writer: also the top-level stack path of such
// slices (appendCodec, Codec).
func appendPrimSlice(w *wire.Writer, p pointer, c *codec) {
	if n, ok := appendSliceLen(w, p); ok {
		appendPrimElems(w, p.slice().dataPtr(), n, c.elem, c.seq.bulk)
	}
}

// appendSliceLen writes the length of the slice at p (-1 if nil) and
// returns it, and whether elements follow.
func appendSliceLen(w *wire.Writer, p pointer) (int, bool) {
	h := p.slice()
	if h.data == nil {
		w.Null()
		return 0, false
	}
	w.Len(h.len)
	return h.len, true
}

// consumeSlice reads an array into a slice: -1 gives nil, 0 an empty
// non-nil slice; the capacity of the slice already there is reused when it
// is large enough (its elements are decoded over).
func consumeSlice(s *consumeState, p pointer, c *codec) {
	if n, ok := consumeSliceLen(&s.r, p, c); ok {
		consumeElems(s, p.slice().dataPtr(), n, c.elem, c.seq.bulk)
	}
}

// consumePrimSlice is consumeSlice for slices of primitives, as
// appendPrimSlice.
func consumePrimSlice(r *wire.Reader, p pointer, c *codec) {
	if n, ok := consumeSliceLen(r, p, c); ok {
		consumePrimElems(r, p.slice().dataPtr(), n, c.elem, c.seq.bulk)
	}
}

// consumeSliceLen reads an array's length and readies the slice at p for
// its elements (nil for -1; the old capacity if large enough): it returns
// the length and whether elements follow.
func consumeSliceLen(r *wire.Reader, p pointer, c *codec) (int, bool) {
	n := r.ArrayLen(max(c.elem.minWire, 1))
	if n < 0 {
		if r.Err() == nil {
			c.g.clear(p)
		}
		return 0, false
	}
	h := p.slice()
	if h.data != nil && h.cap >= n {
		h.len = n
	} else {
		c.g.makeSlice(p, n)
	}
	return n, true
}

// appendArray writes a Go array: Int32 length N (unless raw), N elements.
func appendArray(s *appendState, p pointer, c *codec) {
	if !c.seq.raw {
		s.w.Len(c.seq.n)
	}
	appendElems(s, p, c.seq.n, c.elem, c.seq.bulk)
}

// consumeArray reads a Go array; the length on the wire must be N.
func consumeArray(s *consumeState, p pointer, c *codec) {
	if !c.seq.raw {
		n := s.r.ArrayLen(max(c.elem.minWire, 1))
		if s.r.Err() != nil {
			return
		}
		if n != c.seq.n {
			s.r.FailAt(s.r.Offset()-4, wire.ErrInvalid, "array length %d, the Go array %v needs %d", n, c.typ, c.seq.n)
			return
		}
	}
	consumeElems(s, p, c.seq.n, c.elem, c.seq.bulk)
}

func zeroArray(p pointer, c *codec) bool {
	for i := 0; i < c.seq.n; i++ {
		if !c.elem.isZero(p.at(uintptr(i)*c.elem.size), c.elem) {
			return false
		}
	}
	return true
}

// appendElems writes n elements starting at base. Bulk elements are copied
// in one block (their memory is their wire form on little-endian hosts);
// floats are then scanned for NaNs, which must be written canonically.
func appendElems(s *appendState, base pointer, n int, ec *codec, block bool) {
	if ec.op != opCodec {
		appendPrimElems(&s.w, base, n, ec, block)
		return
	}
	size, x := ec.size, ec.ext
	for i := 0; i < n; i++ {
		q := base.at(uintptr(i) * size)
		if x == nil {
			ec.append(s, q, ec)
		} else if !x.Append(&s.w, q.raw()) { // a codec of fastpath, called directly (fast.go)
			ec.plan.append(s, q, ec.plan)
		}
		if s.w.Err() != nil {
			addPath(s.w.Err(), wire.IndexPath(i))
			return
		}
	}
}

// appendPrimElems is appendElems for primitive elements (ec.op is not
// opCodec), which need only the Writer.
func appendPrimElems(w *wire.Writer, base pointer, n int, ec *codec, block bool) {
	if n == 0 {
		return
	}
	if block {
		switch ec.op {
		case opFloat32:
			w.Buf = bulk.AppendFloat32s(w.Buf, base.floats32(n))
		case opFloat64:
			w.Buf = bulk.AppendFloat64s(w.Buf, base.floats64(n))
		default:
			w.Buf = append(w.Buf, base.bytes(n*int(ec.size))...)
		}
		return
	}
	o, size := ec.op, ec.size
	if o == opString { // the one primitive whose encoding can fail (a length above MaxInt32)
		for i := 0; i < n; i++ {
			w.Str(*as[string](base.at(uintptr(i) * size)))
			if w.Err() != nil {
				addPath(w.Err(), wire.IndexPath(i))
				return
			}
		}
		return
	}
	for i := 0; i < n; i++ {
		appendPrimitive(w, base.at(uintptr(i)*size), o)
	}
}

// consumeElems decodes n elements into the memory starting at base.
func consumeElems(s *consumeState, base pointer, n int, ec *codec, block bool) {
	if ec.op != opCodec {
		consumePrimElems(&s.r, base, n, ec, block)
		return
	}
	size, x := ec.size, ec.ext
	for i := 0; i < n; i++ {
		q := base.at(uintptr(i) * size)
		if x == nil {
			ec.consume(s, q, ec)
		} else if !x.Consume(&s.r, q.raw()) {
			ec.plan.consume(s, q, ec.plan)
		}
		if s.r.Err() != nil {
			addPath(s.r.Err(), wire.IndexPath(i))
			return
		}
	}
}

// consumePrimElems is consumeElems for primitive elements, which need only
// the Reader.
func consumePrimElems(r *wire.Reader, base pointer, n int, ec *codec, block bool) {
	if n == 0 {
		return
	}
	if block && r.Remaining() >= n*int(ec.size) {
		copy(base.bytes(n*int(ec.size)), r.Raw(n*int(ec.size)))
		return
	}
	o, size := ec.op, ec.size
	if o == opString {
		for i := 0; i < n; i++ {
			*as[string](base.at(uintptr(i) * size)) = r.Str()
			if r.Err() != nil {
				addPath(r.Err(), wire.IndexPath(i))
				return
			}
		}
		return
	}
	at := r.Offset()
	for i := 0; i < n; i++ {
		consumePrimitive(r, base.at(uintptr(i)*size), o)
	}
	// A fixed-size primitive fails only when the input ends (the array
	// length was checked against the bytes left, so only after a bulk
	// array was cut): its index follows from the offset of the error.
	if err, ok := r.Err().(*wire.DecodeError); ok && err.Offset >= at {
		addPath(err, wire.IndexPath((err.Offset-at)/opSize[o]))
	}
}
