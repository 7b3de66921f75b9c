package main

import (
	"math"
	"time"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W3: a DataValue with all six fields (docs/workloads.md, W3).

func w3Cases() []*testCase {
	u := types.DataValue{
		Value:             variantBits(types.TypeDouble, math.Float64bits(42.5)),
		Status:            0x40000000, // Uncertain
		SourceTimestamp:   types.DateTime(t0Ticks),
		SourcePicoseconds: 10,
		ServerTimestamp:   types.DateTime(t0Ticks + tickMs),
		ServerPicoseconds: 20,
	}
	g := &ua.DataValue{
		Value:             ua.MustVariant(42.5),
		Status:            ua.StatusCode(0x40000000),
		SourceTimestamp:   t0,
		SourcePicoseconds: 10,
		ServerTimestamp:   t0.Add(time.Millisecond),
		ServerPicoseconds: 20,
	}
	g.UpdateMask()
	c := &testCase{id: "W3DataValueFull", workload: "W3", title: "DataValue.Full", dirs: encodeDecode,
		// Mask 3F; Variant Double 42.5; Status; SourceTimestamp T0;
		// SourcePicoseconds 10; ServerTimestamp T0 + 1 ms; ServerPicoseconds
		// 20: 34 bytes (§5.2.2.17, encoding-rules §9).
		expected: ref{}.hex("3F 0B 00 00 00 00 00 40 45 40 00 00 00 40 07 97 5B 58 28 3D DA 01 0A 00" +
			"17 BE 5B 58 28 3D DA 01 14 00"),
	}
	c.codecs[implFast] = uabinOf(u).codec(false)
	c.typed = uabinOf(u).typed()
	c.codecs[implPlans] = uabinOf(u).codec(true)
	c.codecs[implGopcua] = gopcuaCodec(g)
	return []*testCase{c}
}
