// Package nan tells whether an array of Doubles or Floats holds a NaN, the
// test before Part 6's canonical NaN is written (wire.NaN64, wire.NaN32):
// the array encoders copy the memory of the slice in one block and rewrite
// NaNs only when this says there are some. On amd64 the test is SSE2
// assembly (two Doubles or four Floats per compare, several in flight);
// elsewhere, and with the purego build tag, it is the Go loop below, which
// the tests hold the assembly to.
package nan

// has64Go reports whether s holds a NaN, one element at a time.
func has64Go(s []float64) bool {
	for _, x := range s {
		if x != x {
			return true
		}
	}
	return false
}

// has32Go is has64Go for Floats.
func has32Go(s []float32) bool {
	for _, x := range s {
		if x != x {
			return true
		}
	}
	return false
}
