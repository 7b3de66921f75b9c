package uabin

import (
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
)

// nestedVariant returns a Variant array nested n levels deep (each level a
// one-element array of Variant), with a DataValue holding a Double at the
// bottom: n+3 levels in all (the n arrays, the Variant holding the
// DataValue, the DataValue and its Variant).
func nestedVariant(n int) types.Variant {
	v := types.VariantFromDataValue(types.DataValue{Value: types.VariantFromFloat64(1)})
	for i := 0; i < n; i++ {
		var w types.Variant
		w.SetRaw(types.TypeVariant, true, []types.Variant{v}, nil)
		v = w
	}
	return v
}

// TestEncodeDepthShared checks that encoding counts nesting with one
// counter shared by the plans and the fast paths, limited by
// Options.MaxDepth, so both modes accept and refuse exactly the same
// values, and that decoding agrees with encoding.
func TestEncodeDepthShared(t *testing.T) {
	type wrapper struct{ V types.Variant } // a plan around the fast path
	const n = 10
	v := nestedVariant(n) // n + 3 levels
	for _, fast := range []bool{true, false} {
		for _, max := range []int{n + 2, n + 3} {
			o := Options{DisableFastPaths: !fast}
			o.MaxDepth = max
			for _, val := range []any{&v, &wrapper{v}} {
				b, err := o.Marshal(val)
				if max < n+3 {
					if !errors.Is(err, ErrLimitExceeded) {
						t.Fatalf("fast=%v MaxDepth=%d %T: got %v, want ErrLimitExceeded", fast, max, val, err)
					}
					continue
				}
				// The wrapper adds no level: structs that cannot contain
				// themselves do not count (docs/types.md).
				if err != nil {
					t.Fatalf("fast=%v MaxDepth=%d %T: %v", fast, max, val, err)
				}
				if _, ok := val.(*types.Variant); ok {
					var back types.Variant
					if err := o.Unmarshal(b, &back); err != nil || !back.Equal(v) {
						t.Fatalf("fast=%v MaxDepth=%d: decoding what was encoded: %v", fast, max, err)
					}
				}
			}
		}
	}
}
