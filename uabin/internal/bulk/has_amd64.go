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
