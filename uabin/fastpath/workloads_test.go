package fastpath_test

import (
	"fmt"
	"math"
	"time"

	"github.com/uabin/uabin/types"
)

// The workloads W1-W7 of bench-workloads.md, shared by the differential
// tests and the benchmarks of this package.

// t0 is the workloads' reference instant 2024-01-02T03:04:05.1234567Z.
var (
	t0   = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)
	t0DT = types.DateTimeFromTime(t0)
	w1G  = types.GUID{Data1: 0x72962B91, Data2: 0xFA75, Data3: 0x4AE6, Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}}
)

const (
	msPerTick = 10000    // DateTime ticks per millisecond
	sPerTick  = 10000000 // DateTime ticks per second
)

// workload is one value to encode and decode: a pointer to it, and whether
// it is a service message (its binary encoding id in front).
type workload struct {
	name    string
	value   any
	message bool
}

func ptr[T any](v T) any { return &v }

func w1() []workload {
	bs := make([]byte, 64)
	for i := range bs {
		bs[i] = byte(i)
	}
	return []workload{
		{name: "W1/UInt32", value: ptr(uint32(0xDEADBEEF))},
		{name: "W1/Double", value: ptr(3.141592653589793)},
		{name: "W1/String", value: ptr("Hello, OPC UA binary world!")},
		{name: "W1/ByteString", value: ptr(bs)},
		{name: "W1/Guid", value: ptr(w1G)},
		{name: "W1/DateTime", value: ptr(t0DT)},
		{name: "W1/time.Time", value: ptr(t0)},
		{name: "W1/NodeId.TwoByte", value: ptr(types.NewNumericNodeID(0, 85))},
		{name: "W1/NodeId.FourByte", value: ptr(types.NewNumericNodeID(2, 1234))},
		{name: "W1/NodeId.Numeric", value: ptr(types.NewNumericNodeID(3, 70000))},
		{name: "W1/NodeId.String", value: ptr(types.NewStringNodeID(2, "Demo.Static.Scalar.Double"))},
		{name: "W1/NodeId.Guid", value: ptr(types.NewGUIDNodeID(4, w1G))},
		{name: "W1/ExpandedNodeId", value: ptr(types.ExpandedNodeID{
			NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"})},
	}
}

func scalar(t types.BuiltinType, bits uint64) types.Variant {
	var v types.Variant
	v.SetBits(t, bits)
	return v
}

func w2() []workload {
	d := make([]float64, 1000)
	for i := range d {
		d[i] = float64(i) * 0.5
	}
	var str, arr, mat types.Variant
	str.SetString(types.TypeString, "temperature")
	arr.SetRaw(types.TypeDouble, true, d, nil)
	mat.SetRaw(types.TypeInt32, true, []int32{1, 2, 3, 4, 5, 6}, []int32{2, 3})
	return []workload{
		{name: "W2/Variant.Double", value: ptr(scalar(types.TypeDouble, math.Float64bits(3.14)))},
		{name: "W2/Variant.UInt32", value: ptr(scalar(types.TypeUInt32, 42))},
		{name: "W2/Variant.String", value: ptr(str)},
		{name: "W2/Variant.Double[1000]", value: ptr(arr)},
		{name: "W2/Variant.Int32[2x3]", value: ptr(mat)},
	}
}

func w3Value() types.DataValue {
	return types.DataValue{
		Value:             scalar(types.TypeDouble, math.Float64bits(42.5)),
		Status:            0x40000000,
		SourceTimestamp:   t0DT,
		SourcePicoseconds: 10,
		ServerTimestamp:   t0DT + msPerTick,
		ServerPicoseconds: 20,
	}
}

func readRequest(n int) *types.ReadRequest {
	tok := make([]byte, 16)
	for i := range tok {
		tok[i] = byte(i)
	}
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, tok),
			Timestamp:           t0DT,
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        make([]types.ReadValueID, n),
	}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = types.ReadValueID{
			NodeID:      types.NewStringNodeID(2, fmt.Sprintf("Demo.Static.Scalar.Double.%d", i)),
			AttributeID: 13,
		}
	}
	return req
}

func responseHeader() types.ResponseHeader {
	return types.ResponseHeader{Timestamp: t0DT, RequestHandle: 42}
}

func readResponse(n int) *types.ReadResponse {
	resp := &types.ReadResponse{ResponseHeader: responseHeader(), Results: make([]types.DataValue, n)}
	for i := range resp.Results {
		ts := t0DT + types.DateTime(i)*msPerTick
		var v types.Variant
		switch i % 5 {
		case 0:
			v.SetBits(types.TypeDouble, math.Float64bits(float64(i)*1.5))
		case 1:
			v.SetBits(types.TypeInt32, uint64(int64(int32(i))))
		case 2:
			var b uint64
			if i%2 == 0 {
				b = 1
			}
			v.SetBits(types.TypeBoolean, b)
		case 3:
			v.SetString(types.TypeString, fmt.Sprintf("value-%d", i))
		case 4:
			v.SetBits(types.TypeDateTime, uint64(t0DT+types.DateTime(i)*sPerTick))
		}
		resp.Results[i] = types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts}
	}
	return resp
}

func browseResponse(n int) *types.BrowseResponse {
	refs := make([]types.ReferenceDescription, n)
	for i := range refs {
		refs[i] = types.ReferenceDescription{
			ReferenceTypeID: types.NewNumericNodeID(0, 35),
			IsForward:       true,
			NodeID:          types.ExpandedNodeID{NodeID: types.NewStringNodeID(2, fmt.Sprintf("Demo.Node.%d", i))},
			BrowseName:      types.QualifiedName{NamespaceIndex: 2, Name: fmt.Sprintf("Node%d", i)},
			DisplayName:     types.LocalizedText{Locale: "en", Text: fmt.Sprintf("Node %d", i)},
			NodeClass:       types.NodeClassVariable,
			TypeDefinition:  types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 63)},
		}
	}
	return &types.BrowseResponse{
		ResponseHeader: responseHeader(),
		Results:        []types.BrowseResult{{References: refs}},
	}
}

func w7Value() types.Variant {
	xs := make([]types.ExtensionObject, 50)
	for i := range xs {
		xs[i] = types.ExtensionObject{
			TypeID:   types.NewNumericNodeID(0, 298),
			Encoding: types.ExtensionObjectBinary,
			Value: &types.Argument{
				Name:        fmt.Sprintf("arg%d", i),
				DataType:    types.NewNumericNodeID(0, 11),
				ValueRank:   -1,
				Description: types.LocalizedText{Locale: "en", Text: fmt.Sprintf("Argument %d", i)},
			},
		}
	}
	var v types.Variant
	v.SetRaw(types.TypeExtensionObject, true, xs, nil)
	return v
}

// workloads returns W1-W7.
func workloads() []workload {
	ws := append(w1(), w2()...)
	ws = append(ws, workload{name: "W3/DataValue.Full", value: ptr(w3Value())})
	for _, n := range []int{1, 50, 500} {
		ws = append(ws, workload{name: fmt.Sprintf("W4/ReadRequest[%d]", n), value: readRequest(n), message: true})
	}
	for _, n := range []int{10, 100, 1000} {
		ws = append(ws, workload{name: fmt.Sprintf("W5/ReadResponse[%d]", n), value: readResponse(n), message: true})
	}
	ws = append(ws, workload{name: "W6/BrowseResponse[500]", value: browseResponse(500), message: true})
	ws = append(ws, workload{name: "W7/ExtensionObject[50]", value: ptr(w7Value())})
	return ws
}
