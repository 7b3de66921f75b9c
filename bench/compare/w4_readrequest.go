package main

import (
	"fmt"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W4: ReadRequest with N = 1, 50 and 500 nodes, as a service message
// (docs/workloads.md, W4).

// readRequestEncodingID is ReadRequest_Encoding_DefaultBinary.
const readRequestEncodingID = 631

// w4Token is the AuthenticationToken's opaque identifier, byte i = i.
func w4Token() []byte {
	b := make([]byte, 16)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// w4NodeName is the string identifier of node i.
func w4NodeName(i int) string { return fmt.Sprintf("Demo.Static.Scalar.Double.%d", i) }

func w4Cases() []*testCase {
	var out []*testCase
	for _, n := range []int{1, 50, 500} {
		c := &testCase{
			id:         fmt.Sprintf("W4ReadRequest%d", n),
			workload:   "W4",
			title:      fmt.Sprintf("ReadRequest[%d]", n),
			dirs:       encodeDecode,
			measureNew: true,
			expected:   w4Expected(n),
		}
		u := uabinMessageOf(readRequestEncodingID, w4Uabin(n))
		c.codecs[implFast] = u.codec(false)
		c.typed = u.typed()
		c.codecs[implPlans] = u.codec(true)
		c.codecs[implGopcua] = gopcuaServiceCodec(readRequestEncodingID, w4Gopcua(n))
		out = append(out, c)
	}
	return out
}

func w4Uabin(n int) types.ReadRequest {
	req := types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, w4Token()),
			Timestamp:           types.DateTime(t0Ticks),
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        make([]types.ReadValueID, n),
	}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = types.ReadValueID{
			NodeID:      types.NewStringNodeID(2, w4NodeName(i)),
			AttributeID: 13, // Value
		}
	}
	return req
}

func w4Gopcua(n int) *ua.ReadRequest {
	req := &ua.ReadRequest{
		RequestHeader: &ua.RequestHeader{
			AuthenticationToken: ua.NewByteStringNodeID(0, w4Token()),
			Timestamp:           t0,
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: ua.TimestampsToReturnBoth,
		NodesToRead:        make([]*ua.ReadValueID, n),
	}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = &ua.ReadValueID{
			NodeID:       ua.NewStringNodeID(2, w4NodeName(i)),
			AttributeID:  ua.AttributeIDValue,
			DataEncoding: &ua.QualifiedName{}, // gopcua writes nothing for a nil pointer
		}
	}
	return req
}

// w4Expected works out the bytes of W4 from the rules (encoding-rules §15
// lists them for N = 1: 118 bytes).
func w4Expected(n int) ref {
	r := ref{}.numericNodeID(0, readRequestEncodingID) // 01 00 77 02
	// RequestHeader
	r = r.u8(0x05).u16(0).bytes(w4Token()) // ns=0;b=<16 bytes>, opaque form 05
	r = r.i64(t0Ticks)                     // Timestamp
	r = r.u32(42)                          // RequestHandle
	r = r.u32(0)                           // ReturnDiagnostics
	r = r.str("")                          // AuditEntryId null
	r = r.u32(10000)                       // TimeoutHint
	r = r.nullExtensionObject()            // AdditionalHeader
	r = r.f64(0)                           // MaxAge
	r = r.u32(2)                           // TimestampsToReturn Both
	r = r.i32(int32(n))                    // NodesToRead
	for i := 0; i < n; i++ {
		r = r.stringNodeID(2, w4NodeName(i))
		r = r.u32(13)              // AttributeId Value
		r = r.str("")              // IndexRange null
		r = r.qualifiedName(0, "") // DataEncoding {0, null}
	}
	return r
}
