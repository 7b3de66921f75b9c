//go:build !amd64 || purego

package bulk

// Has64 reports whether s holds a NaN.
func Has64(s []float64) bool { return has64Go(s) }

// Has32 reports whether s holds a NaN.
func Has32(s []float32) bool { return has32Go(s) }
