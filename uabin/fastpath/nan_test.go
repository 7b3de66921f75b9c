package fastpath

import (
	"math"
	"testing"
)

func TestMayHoldNaN(t *testing.T) {
	for n := 0; n < 11; n++ {
		for pos := -1; pos < n; pos++ {
			for _, special := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
				s64 := make([]float64, n)
				s32 := make([]float32, n)
				for i := range s64 {
					s64[i], s32[i] = float64(i)*1.5-3, float32(i)*1.5-3
				}
				if pos >= 0 {
					s64[pos], s32[pos] = special, float32(special)
				}
				want := pos >= 0 // NaN and infinities both say "maybe"
				if got := mayHoldNaN64(s64); got != want {
					t.Fatalf("64: n=%d pos=%d %v: got %v", n, pos, special, got)
				}
				if got := mayHoldNaN32(s32); got != want {
					t.Fatalf("32: n=%d pos=%d %v: got %v", n, pos, special, got)
				}
			}
		}
	}
	// Large finite values must not overflow into a false "maybe" that
	// matters for correctness (a false positive only costs the exact scan),
	// and must never give a false negative.
	big := []float64{math.MaxFloat64, -math.MaxFloat64, math.NaN()}
	if !mayHoldNaN64(big) {
		t.Fatal("a NaN after huge values was missed")
	}
}
