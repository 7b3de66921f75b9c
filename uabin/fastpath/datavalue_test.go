package fastpath_test

import (
	"encoding/hex"
	"errors"
	"math"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// TestDataValueFixedScalar pins the bytes of DataValues whose Value is a
// scalar of fixed size (written in one step by the fast path) and holds
// every such type, with every field mask, nested and at the depth limit,
// to the plans.
func TestDataValueFixedScalar(t *testing.T) {
	nan32 := uint64(math.Float32bits(float32(math.NaN())) | 1)
	var v types.Variant
	v.SetBits(types.TypeDouble, math.Float64bits(math.NaN())|1) // a NaN that is not the canonical one
	d := types.DataValue{Value: v, Status: 0x80000000, SourceTimestamp: 1, ServerPicoseconds: 7}
	want := "27" + // mask: Value, Status, SourceTimestamp, ServerPicoseconds
		"0b000000000000f8ff" + // Double, the canonical NaN
		"00000080" + "0100000000000000" + "0700"
	got := encodeBoth(t, &d, false)
	if hex.EncodeToString(got) != want {
		t.Fatalf("got % x, want %s", got, want)
	}

	scalars := []struct {
		t    types.BuiltinType
		bits uint64
	}{
		{types.TypeBoolean, 2}, {types.TypeBoolean, 0}, {types.TypeSByte, 0xff}, {types.TypeByte, 7},
		{types.TypeInt16, 0xfffe}, {types.TypeUInt16, 9}, {types.TypeInt32, 0xfffffff0},
		{types.TypeUInt32, 1}, {types.TypeFloat, nan32}, {types.TypeFloat, uint64(math.Float32bits(1.5))},
		{types.TypeStatusCode, 0x80340000}, {types.TypeInt64, math.MaxUint64}, {types.TypeUInt64, 3},
		{types.TypeDouble, math.Float64bits(-2)}, {types.TypeDateTime, 1 << 60},
	}
	for _, s := range scalars {
		for fields := range 64 {
			var v types.Variant
			v.SetBits(s.t, s.bits)
			d := types.DataValue{Value: v}
			if fields&1 != 0 {
				d.Status = 0x40000000
			}
			if fields&2 != 0 {
				d.SourceTimestamp = 5
			}
			if fields&4 != 0 {
				d.SourcePicoseconds = 11
			}
			if fields&8 != 0 {
				d.ServerTimestamp = -1
			}
			if fields&16 != 0 {
				d.ServerPicoseconds = 9999
			}
			if fields&32 != 0 {
				d.SentZero = 0x3f // every field sent, the zero ones as zero
			}
			encodeBoth(t, &d, false)
			var outer types.Variant
			outer.SetRaw(types.TypeDataValue, false, d, nil) // a DataValue inside a Variant: one level deeper
			encodeBoth(t, &outer, false)
		}
	}

	// Three DataValues and three Variants nest six levels deep: with a
	// limit of 5 the innermost Variant is one level too deep, and both paths
	// fail alike.
	defer func(f, p uabin.Options) { fast, plans = f, p }(fast, plans)
	for depth := 1; depth <= 7; depth++ {
		fast.MaxDepth, plans.MaxDepth = depth, depth
		var v types.Variant
		v.SetBits(types.TypeUInt32, 5)
		d := types.DataValue{Value: v}
		for range 2 {
			var outer types.Variant
			outer.SetRaw(types.TypeDataValue, false, d, nil)
			d = types.DataValue{Value: outer}
		}
		encodeBoth(t, &d, false)
		_, err := fast.Marshal(&d)
		if tooDeep := depth < 6; tooDeep != errors.Is(err, wire.ErrLimitExceeded) {
			t.Fatalf("MaxDepth %d: error %v", depth, err)
		}
	}
}
