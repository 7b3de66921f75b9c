package main

import (
	"math"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W2: Variants, scalar and array (docs/workloads.md, W2).

func w2Cases() []*testCase {
	doubles := make([]float64, 1000)
	for i := range doubles {
		doubles[i] = float64(i) * 0.5
	}
	doublesWire := ref{}.hex("8B").i32(1000) // mask: Double (11) | array 0x80
	for _, d := range doubles {
		doublesWire = doublesWire.f64(d)
	}

	mk := func(id, title string, expected ref, u types.Variant, g *ua.Variant) *testCase {
		c := &testCase{id: "W2" + id, workload: "W2", title: title, dirs: encodeDecode, expected: expected}
		c.codecs[implFast] = uabinOf(u).codec(false)
		c.typed = uabinOf(u).typed()
		c.codecs[implPlans] = uabinOf(u).codec(true)
		c.codecs[implGopcua] = gopcuaCodec(g)
		return c
	}
	return []*testCase{
		mk("VariantDouble", "Variant.Double", ref{}.hex("0B").f64(3.14),
			variantBits(types.TypeDouble, math.Float64bits(3.14)), ua.MustVariant(3.14)),
		mk("VariantUInt32", "Variant.UInt32", ref{}.hex("07 2A 00 00 00"),
			variantBits(types.TypeUInt32, 42), ua.MustVariant(uint32(42))),
		mk("VariantString", "Variant.String", ref{}.hex("0C 0B 00 00 00").ascii("temperature"),
			variantString("temperature"), ua.MustVariant("temperature")),
		mk("VariantDouble1000", "Variant.Double[1000]", doublesWire,
			variantArray(types.TypeDouble, doubles, nil), ua.MustVariant(doubles)),
		// Mask C6: Int32 (6) | dimensions 0x40 | array 0x80; length 6; the
		// six elements in row-major order; dimensions [2, 3] (41 bytes,
		// §5.2.2.16).
		mk("VariantInt32Matrix", "Variant.Int32[2x3]",
			ref{}.hex("C6 06000000 01000000 02000000 03000000 04000000 05000000 06000000 02000000 02000000 03000000"),
			variantArray(types.TypeInt32, []int32{1, 2, 3, 4, 5, 6}, []int32{2, 3}),
			ua.MustVariant([][]int32{{1, 2, 3}, {4, 5, 6}})),
	}
}

// variantBits returns a numeric scalar Variant (see types.Variant, Storage).
func variantBits(t types.BuiltinType, bits uint64) types.Variant {
	var v types.Variant
	v.SetBits(t, bits)
	return v
}

// variantString returns a String scalar Variant.
func variantString(s string) types.Variant {
	var v types.Variant
	v.SetString(types.TypeString, s)
	return v
}

// variantArray returns an array Variant of type t holding the slice val,
// a matrix when dims has two or more entries.
func variantArray(t types.BuiltinType, val any, dims []int32) types.Variant {
	var v types.Variant
	v.SetRaw(t, true, val, dims)
	return v
}
