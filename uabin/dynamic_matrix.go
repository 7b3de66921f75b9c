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

// decMatrix decodes a matrix field into the Matrix at p.
func decMatrix(d *decState, p pointer, f *dynField) {
	r := &d.r
	nd := r.ArrayLen(4)
	if nd < 0 {
		return // null matrix (or a failure, which is recorded)
	}
	if nd != f.rank {
		r.Failf(wire.ErrInvalid, "a matrix of %d dimensions for ValueRank %d", nd, f.rank)
		return
	}
	dims := make([]int32, nd)
	for i := range dims {
		dims[i] = r.Int32()
	}
	if r.Err() != nil {
		return
	}
	minElem := 1
	if f.mc != nil {
		minElem = max(f.mc.elem.minWire, 1)
	} else if f.sub.minWire > 0 {
		minElem = f.sub.minWire
	}
	n := matrixCount(dims, r.Limits.MaxArrayLength)
	switch {
	case n < 0:
		r.Failf(wire.ErrLimitExceeded, "matrix dimensions %v: a negative dimension, or more than %d elements", dims, r.Limits.MaxArrayLength)
		return
	case n > r.Remaining()/minElem:
		r.Failf(wire.ErrTruncated, "matrix of %d elements needs at least %d bytes, %d left", n, n*minElem, r.Remaining())
		return
	}
	m := as[Matrix](p)
	m.Dims = dims
	if f.mc == nil {
		s := make([]*Dynamic, n)
		for i := range s {
			if s[i] = decDyn(d, f.sub); r.Err() != nil {
				addPath(r.Err(), wire.IndexPath(i))
				return
			}
		}
		m.Values = s
		return
	}
	q := f.mc.g.alloc() // a new []T variable
	f.mc.g.makeSlice(q, n)
	decElems(d, pointer{q.slice().data}, n, f.mc.elem, f.mc.bulk)
	m.Values = f.mc.g.box(q)
}

// encMatrix encodes the Matrix at p.
func encMatrix(e *encState, p pointer, f *dynField) {
	m := as[Matrix](p)
	if m.Dims == nil {
		e.w.Null()
		return
	}
	if len(m.Dims) != f.rank {
		e.w.Failf(wire.ErrInvalid, "a matrix of %d dimensions for ValueRank %d", len(m.Dims), f.rank)
		return
	}
	want := reflect.TypeFor[[]*Dynamic]()
	if f.mc != nil {
		want = f.mc.typ
	}
	if m.Values != nil && reflect.TypeOf(m.Values) != want {
		e.w.Failf(wire.ErrInvalid, "matrix Values is a %T, the field needs a %v", m.Values, want)
		return
	}
	var h sliceHeader
	if m.Values != nil {
		h = *ifaceData(m.Values).slice()
	}
	if n := matrixCount(m.Dims, 1<<31-1); n != h.len {
		e.w.Failf(wire.ErrInvalid, "matrix dimensions %v do not match its %d values", m.Dims, h.len)
		return
	}
	e.w.Len(len(m.Dims))
	for _, d := range m.Dims {
		e.w.Int32(d)
	}
	if f.mc != nil {
		encElems(e, pointer{h.data}, h.len, f.mc.elem, f.mc.bulk)
		return
	}
	for i, v := range m.Values.([]*Dynamic) {
		if encDynNested(e, v, f); e.w.Err() != nil {
			addPath(e.w.Err(), wire.IndexPath(i))
			return
		}
	}
}
