package uabin

import (
	"fmt"
	"reflect"

	"github.com/uabin/uabin/uabin/wire"
)

// Matrix is the value of a structure field with ValueRank 2 or more (Part 6
// §5.2.5, multi-dimensional arrays): the dimensions, and the elements in
// one flat slice (the last index varying fastest) of the element's Go type
// ([]float64, []*Dynamic, ...). On the wire: Dims as an Int32 array, then
// the product of the dimensions elements with no length of their own. A
// Matrix with nil Dims is the null matrix (-1).
type Matrix struct {
	// Dims has one entry per dimension, each ≥ 0, as many as the field's
	// ValueRank; nil for the null matrix.
	Dims []int32
	// Values holds the product of Dims elements, as a slice of the
	// element's Go type.
	Values any
}

// String returns the matrix as text: Matrix[2x3][...].
func (m Matrix) String() string {
	if m.Dims == nil {
		return "Matrix(null)"
	}
	s := "Matrix["
	for i, d := range m.Dims {
		if i > 0 {
			s += "x"
		}
		s += fmt.Sprint(d)
	}
	return s + "]" + fmt.Sprint(m.Values)
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
			*as[Matrix](p) = Matrix{}
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
		*as[Matrix](p) = Matrix{Dims: dims, Values: values.g.box(q)}
	}
}

// appendMatrix encodes the Matrix at p.
func appendMatrix(s *appendState, p pointer, c *codec) {
	m := as[Matrix](p)
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

func zeroMatrix(p pointer, _ *codec) bool { return as[Matrix](p).Dims == nil }
