package main

import (
	"fmt"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W7: a Variant holding 50 ExtensionObjects, each an Argument with a binary
// body (docs/workloads.md, W7).

// argumentEncodingID is Argument_Encoding_DefaultBinary.
const argumentEncodingID = 298

const w7Count = 50

func w7Name(i int) string        { return fmt.Sprintf("arg%d", i) }
func w7Description(i int) string { return fmt.Sprintf("Argument %d", i) }

func w7Cases() []*testCase {
	c := &testCase{
		id:         "W7ExtensionObject50",
		workload:   "W7",
		title:      "ExtensionObject[50]",
		dirs:       encodeDecode,
		measureNew: true,
		expected:   w7Expected(),
	}
	u := uabinOf(w7Uabin())
	c.codecs[implFast] = u.codec(false)
	c.typed = u.typed()
	c.codecs[implPlans] = u.codec(true)
	c.codecs[implGopcua] = gopcuaCodec(w7Gopcua())
	return []*testCase{c}
}

func w7Uabin() types.Variant {
	eos := make([]types.ExtensionObject, w7Count)
	for i := range eos {
		eos[i] = types.ExtensionObject{
			// TypeID and Encoding are what decoding sets; encoding takes the
			// id from the registry because Value is set.
			TypeID:   types.NewNumericNodeID(0, argumentEncodingID),
			Encoding: types.ExtensionObjectBinary,
			Value: &types.Argument{
				Name:        w7Name(i),
				DataType:    types.NewNumericNodeID(0, 11), // Double
				ValueRank:   -1,
				Description: types.LocalizedText{Locale: "en", Text: w7Description(i)},
			},
		}
	}
	return variantArray(types.TypeExtensionObject, eos, nil)
}

func w7Gopcua() *ua.Variant {
	eos := make([]*ua.ExtensionObject, w7Count)
	for i := range eos {
		eos[i] = ua.NewExtensionObject(&ua.Argument{
			Name:        w7Name(i),
			DataType:    ua.NewTwoByteNodeID(11),
			ValueRank:   -1,
			Description: ua.NewLocalizedTextWithLocale(w7Description(i), "en"),
		})
	}
	return ua.MustVariant(eos)
}

// w7Expected works out the bytes of W7 from the rules.
func w7Expected() ref {
	r := ref{}.u8(22 | 0x80).i32(w7Count) // Variant mask: ExtensionObject array
	for i := 0; i < w7Count; i++ {
		body := ref{}.str(w7Name(i)) // Name
		body = body.numericNodeID(0, 11)
		body = body.i32(-1) // ValueRank Scalar
		body = body.i32(-1) // ArrayDimensions null
		body = body.localizedText("en", w7Description(i))
		r = r.numericNodeID(0, argumentEncodingID) // TypeId 01 00 2A 01
		r = r.u8(0x01)                             // binary body
		r = append(r.i32(int32(len(body))), body...)
	}
	return r
}
