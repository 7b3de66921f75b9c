package main

import (
	"fmt"
	"math"
	"time"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W5: ReadResponse with N = 10, 100 and 1000 DataValues, as a service
// message (docs/workloads.md, W5).

// readResponseEncodingID is ReadResponse_Encoding_DefaultBinary.
const readResponseEncodingID = 634

func w5Cases() []*testCase {
	var out []*testCase
	for _, n := range []int{10, 100, 1000} {
		c := &testCase{
			id:         fmt.Sprintf("W5ReadResponse%d", n),
			workload:   "W5",
			title:      fmt.Sprintf("ReadResponse[%d]", n),
			dirs:       encodeDecode,
			measureNew: true,
			expected:   w5Expected(n),
		}
		u := uabinMessageOf(readResponseEncodingID, w5Uabin(n))
		c.codecs[implFast] = u.codec(false)
		c.typed = u.typed()
		c.codecs[implPlans] = u.codec(true)
		c.codecs[implGopcua] = gopcuaServiceCodec(readResponseEncodingID, w5Gopcua(n))
		out = append(out, c)
	}
	return out
}

// uabinResponseHeader is the ResponseHeader of W5 and W6.
func uabinResponseHeader() types.ResponseHeader {
	return types.ResponseHeader{Timestamp: types.DateTime(t0Ticks), RequestHandle: 42}
}

// gopcuaResponseHeader is the ResponseHeader of W5 and W6.
func gopcuaResponseHeader() *ua.ResponseHeader {
	return &ua.ResponseHeader{
		Timestamp:          t0,
		RequestHandle:      42,
		ServiceDiagnostics: &ua.DiagnosticInfo{},
	}
}

// refResponseHeader appends the ResponseHeader of W5 and W6.
func refResponseHeader(r ref) ref {
	r = r.i64(t0Ticks)             // Timestamp
	r = r.u32(42)                  // RequestHandle
	r = r.u32(0)                   // ServiceResult Good
	r = r.u8(0x00)                 // ServiceDiagnostics: empty DiagnosticInfo
	r = r.i32(-1)                  // StringTable null
	return r.nullExtensionObject() // AdditionalHeader
}

// w5String is the String value of result i (i mod 5 = 3).
func w5String(i int) string { return fmt.Sprintf("value-%d", i) }

func w5Uabin(n int) types.ReadResponse {
	resp := types.ReadResponse{ResponseHeader: uabinResponseHeader(), Results: make([]types.DataValue, n)}
	for i := range resp.Results {
		var v types.Variant
		switch i % 5 {
		case 0:
			v = variantBits(types.TypeDouble, math.Float64bits(float64(i)*1.5))
		case 1:
			v = variantBits(types.TypeInt32, uint64(int64(i)))
		case 2:
			v = variantBits(types.TypeBoolean, uint64(1-i%2))
		case 3:
			v = variantString(w5String(i))
		case 4:
			v = variantBits(types.TypeDateTime, uint64(t0Ticks+int64(i)*tickSec))
		}
		ts := types.DateTime(t0Ticks + int64(i)*tickMs)
		resp.Results[i] = types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts}
	}
	return resp
}

func w5Gopcua(n int) *ua.ReadResponse {
	resp := &ua.ReadResponse{ResponseHeader: gopcuaResponseHeader(), Results: make([]*ua.DataValue, n)}
	for i := range resp.Results {
		var v any
		switch i % 5 {
		case 0:
			v = float64(i) * 1.5
		case 1:
			v = int32(i)
		case 2:
			v = i%2 == 0
		case 3:
			v = w5String(i)
		case 4:
			v = t0.Add(time.Duration(i) * time.Second)
		}
		ts := t0.Add(time.Duration(i) * time.Millisecond)
		dv := &ua.DataValue{Value: ua.MustVariant(v), SourceTimestamp: ts, ServerTimestamp: ts}
		dv.UpdateMask()
		resp.Results[i] = dv
	}
	return resp
}

// w5Expected works out the bytes of W5 from the rules.
func w5Expected(n int) ref {
	r := refResponseHeader(ref{}.numericNodeID(0, readResponseEncodingID)) // 01 00 7A 02
	r = r.i32(int32(n))
	for i := 0; i < n; i++ {
		r = r.u8(0x0D) // DataValue mask: Value, SourceTimestamp, ServerTimestamp
		switch i % 5 {
		case 0:
			r = r.u8(11).f64(float64(i) * 1.5)
		case 1:
			r = r.u8(6).i32(int32(i))
		case 2:
			r = r.u8(1).u8(byte(1 - i%2))
		case 3:
			r = r.u8(12).str(w5String(i))
		case 4:
			r = r.u8(13).i64(t0Ticks + int64(i)*tickSec)
		}
		ts := t0Ticks + int64(i)*tickMs
		r = r.i64(ts).i64(ts) // SourceTimestamp, then ServerTimestamp
	}
	return r.i32(-1) // DiagnosticInfos null
}
