//go:build !amd64 || purego

package bulk

// Has64 reports whether s holds a NaN.
func Has64(s []float64) bool { return has64Go(s) }

// Has32 reports whether s holds a NaN.
func Has32(s []float32) bool { return has32Go(s) }

// useAVX2 is false: no fused copy here.
var useAVX2 = false

func copyHas64AVX2(dst, src *byte, n int) bool { panic("bulk: no AVX2 on this platform") }
func copyHas32AVX2(dst, src *byte, n int) bool { panic("bulk: no AVX2 on this platform") }
