package engine

// The codec of matrix fields of run-time structures (uabin.Matrix, Part 6
// §5.2.5 multi-dimensional arrays): the dimensions as an Int32 array, then
// their product elements with no length of their own. The engine views a
// uabin.Matrix as a uamodel.Matrix (the same layout, checked when the
// registry is made).

import (
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/wire"
)

// matrix returns the codec of a matrix field: its elem is the codec of the
// slice type of Matrix.Values.
func (b *builder) matrix(f *uamodel.DynField) *codec {
	var values *codec
	if f.Sub != nil {
		values = b.dynSlice(f.Sub)
	} else {
		m, _ := uamodel.Of(reflect.SliceOf(f.ElemGo)) // a Go type of package types: its model builds
		values = b.codec(m)
	}
	c := newCodec(f.Go)
	c.elem, c.seq, c.minWire = values, &seqPlan{n: f.Rank}, 4
	c.append, c.consume, c.isZero = appendMatrix, consumeMatrix, zeroMatrix
	return c
}

// matrixCount returns the number of elements of dims, or -1 if a dimension
// is negative or the product is above limit.
func matrixCount(dims []int32, limit int) int {
	n := 1
	for _, d := range dims {
		if d < 0 {
			return -1
		}
		if d == 0 {
			n = 0
			continue
		}
		if n > limit/int(d) {
			return -1
		}
		n *= int(d)
	}
	if n > limit {
		return -1
	}
	return n
}

// consumeMatrix decodes a matrix field into the Matrix at p: the Int32
// array of dimensions (as many as the rank, c.seq.n), then their product
// elements with no length of their own, into a new slice.
func consumeMatrix(s *consumeState, p pointer, c *codec) {
	r := &s.r
	at := r.Offset() // errors of the dimensions are reported at their length
	nd := r.ArrayLen(4)
	if nd < 0 {
		if r.Err() == nil {
			*as[uamodel.Matrix](p) = uamodel.Matrix{}
		}
		return // null matrix (or a failure, which is recorded)
	}
	if nd != c.seq.n {
		r.FailAt(at, wire.ErrInvalid, "a matrix of %d dimensions for ValueRank %d", nd, c.seq.n)
		return
	}
	dims := make([]int32, nd)
	for i := range dims {
		dims[i] = r.Int32()
	}
	if r.Err() != nil {
		return
	}
	values := c.elem // the codec of the slice type of Values
	minElem := max(values.elem.minWire, 1)
	n := matrixCount(dims, r.Limits.MaxArrayLength)
	switch {
	case n < 0:
		r.FailAt(at, wire.ErrLimitExceeded, "matrix dimensions %v: a negative dimension, or more than %d elements", dims, r.Limits.MaxArrayLength)
		return
	case n > r.Remaining()/minElem:
		r.Failf(wire.ErrTruncated, "matrix of %d elements needs at least %d bytes, %d left", n, n*minElem, r.Remaining())
		return
	}
	q := values.g.alloc() // a new slice variable
	values.g.makeSlice(q, n)
	consumeElems(s, pointer{q.slice().data}, n, values.elem, values.seq.bulk)
	if r.Err() == nil {
		*as[uamodel.Matrix](p) = uamodel.Matrix{Dims: dims, Values: values.g.box(q)}
	}
}

// appendMatrix encodes the Matrix at p.
func appendMatrix(s *appendState, p pointer, c *codec) {
	m := as[uamodel.Matrix](p)
	if m.Dims == nil {
		s.w.Null()
		return
	}
	if len(m.Dims) != c.seq.n {
		s.w.Failf(wire.ErrInvalid, "a matrix of %d dimensions for ValueRank %d", len(m.Dims), c.seq.n)
		return
	}
	values := c.elem
	if m.Values != nil && reflect.TypeOf(m.Values) != values.typ {
		s.w.Failf(wire.ErrInvalid, "matrix Values is a %T, the field needs a %v", m.Values, values.typ)
		return
	}
	var h sliceHeader
	if m.Values != nil {
		h = *ifaceData(m.Values).slice()
	}
	if n := matrixCount(m.Dims, 1<<31-1); n != h.len {
		s.w.Failf(wire.ErrInvalid, "matrix dimensions %v do not match its %d values", m.Dims, h.len)
		return
	}
	s.w.Len(len(m.Dims))
	for _, d := range m.Dims {
		s.w.Int32(d)
	}
	appendElems(s, pointer{h.data}, h.len, values.elem, values.seq.bulk)
}

func zeroMatrix(p pointer, _ *codec) bool { return as[uamodel.Matrix](p).Dims == nil }
