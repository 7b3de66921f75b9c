// Package bulk holds the bulk copy of numeric arrays and its canonical-NaN
// rule, the one implementation that the engine's arrays and the Variant
// codec of uabin/fastpath share: on a little-endian host the memory of a
// []int32, []float64, ... is its OPC UA wire form, so an array is appended
// in one copy, and every NaN of a Float or Double array is then rewritten
// as Part 6's canonical NaN (wire.NaN32, wire.NaN64), which needs the test
// whether the array holds a NaN at all. On amd64 with AVX2 the copy and the
// test are one pass of assembly (copyHas64AVX2, 128 bytes per round), at
// the speed of the copy alone; without AVX2 the test is SSE2 assembly (two
// Doubles or four Floats per compare, several in flight) after the copy;
// elsewhere, and with the purego build tag, it is the Go loop below, which
// the tests hold the assembly to.
//
// This file imports unsafe (to tell the host's byte order); the assembly
// is has_amd64.s.
package bulk

import (
	"encoding/binary"
	"slices"
	"unsafe"

	"github.com/uabin/uabin/uabin/wire"
)

// LittleEndian reports whether this host stores integers little-endian,
// that is, whether bulk copies are correct here.
var LittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// AppendFloat32s appends the Floats s to dst in one copy of their memory,
// with every NaN written as wire.NaN32. Only for LittleEndian hosts.
func AppendFloat32s(dst []byte, s []float32) []byte {
	put := func(b []byte) { binary.LittleEndian.PutUint32(b, wire.NaN32) }
	if useAVX2 && len(s) >= fusedMin {
		start := len(dst)
		dst = slices.Grow(dst, 4*len(s))[:start+4*len(s)]
		if copyHas32AVX2(&dst[start], (*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)) {
			rewriteNaNs(dst[start:], s, put)
		}
		return dst
	}
	return appendFloats(dst, s, Has32(s), put)
}

// AppendFloat64s appends the Doubles s to dst in one copy of their memory,
// with every NaN written as wire.NaN64. Only for LittleEndian hosts.
func AppendFloat64s(dst []byte, s []float64) []byte {
	put := func(b []byte) { binary.LittleEndian.PutUint64(b, wire.NaN64) }
	if useAVX2 && len(s) >= fusedMin {
		start := len(dst)
		dst = slices.Grow(dst, 8*len(s))[:start+8*len(s)]
		if copyHas64AVX2(&dst[start], (*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)) {
			rewriteNaNs(dst[start:], s, put)
		}
		return dst
	}
	return appendFloats(dst, s, Has64(s), put)
}

// fusedMin is the shortest array that takes the fused copy (AVX2: the copy
// and the NaN test in one pass over the memory); shorter ones are appended
// and tested apart, which costs less than entering the 256-bit loop.
const fusedMin = 16

// rewriteNaNs writes every NaN of s, whose wire form out holds, with put.
func rewriteNaNs[F float32 | float64](out []byte, s []F, put func([]byte)) {
	size := int(unsafe.Sizeof(F(0)))
	for i, x := range s {
		if x != x {
			put(out[size*i:])
		}
	}
}

// appendFloats appends the memory of s and, if hasNaN, rewrites the wire
// form of each NaN with putNaN.
func appendFloats[F float32 | float64](dst []byte, s []F, hasNaN bool, putNaN func([]byte)) []byte {
	size := int(unsafe.Sizeof(F(0)))
	start := len(dst)
	dst = append(dst, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size*len(s))...)
	if hasNaN {
		rewriteNaNs(dst[start:], s, putNaN)
	}
	return dst
}

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
