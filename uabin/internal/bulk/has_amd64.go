//go:build amd64 && !purego

package bulk

// Has64 reports whether s holds a NaN.
//
//go:noescape
func Has64(s []float64) bool

// Has32 reports whether s holds a NaN.
//
//go:noescape
func Has32(s []float32) bool

// useAVX2 is whether the CPU (and the OS) run AVX2: the fused copies below
// are used then. Tests switch it off to run the other path.
var useAVX2 = hasAVX2()

func hasAVX2() bool

// copyHas64AVX2 copies n Doubles from src to dst and reports whether one
// is a NaN, in one pass (AVX2).
//
//go:noescape
func copyHas64AVX2(dst, src *byte, n int) bool

// copyHas32AVX2 is copyHas64AVX2 for n Floats.
//
//go:noescape
func copyHas32AVX2(dst, src *byte, n int) bool
