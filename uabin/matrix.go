package uabin

import "fmt"

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
