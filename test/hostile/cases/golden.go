package cases

import (
	"fmt"
	"math"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// Golden is one value of the benchmark workloads W1-W7
// (docs/workloads.md) with its encoding.
type Golden struct {
	// Name is "W<n>/<what>", e.g. "W4/ReadRequest[50]".
	Name string
	// Target names the entry in Targets that decodes Wire.
	Target string
	// Value is the Go value (a pointer for service messages).
	Value any
	// Wire is Value encoded by the engine (uabin.Marshal, or
	// uabin.MarshalMessage for the message target).
	Wire []byte
}

// t0 is the workloads' reference instant 2024-01-02T03:04:05.1234567Z in
// DateTime ticks.
const t0 types.DateTime = 133486382451234567

const (
	ms types.DateTime = 10_000     // one millisecond in ticks
	s  types.DateTime = 10_000_000 // one second in ticks
)

var w1GUID = types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63")

// Goldens returns the W1-W7 values with their encodings. It fails only if
// the engine cannot encode them.
func Goldens() ([]Golden, error) {
	bs := make([]byte, 64)
	for i := range bs {
		bs[i] = byte(i)
	}
	d1000 := make([]float64, 1000)
	for i := range d1000 {
		d1000[i] = float64(i) * 0.5
	}
	matrix, err := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		return nil, err
	}
	type gv struct {
		name, target string
		v            any
	}
	list := []gv{
		{"W1/UInt32", "UInt32", uint32(0xDEADBEEF)},
		{"W1/Double", "Double", math.Pi},
		{"W1/String", "String", "Hello, OPC UA binary world!"},
		{"W1/ByteString", "ByteString", types.ByteString(bs)},
		{"W1/Guid", "Guid", w1GUID},
		{"W1/DateTime", "DateTime", t0},
		{"W1/NodeId.TwoByte", "NodeId", types.NewNumericNodeID(0, 85)},
		{"W1/NodeId.FourByte", "NodeId", types.NewNumericNodeID(2, 1234)},
		{"W1/NodeId.Numeric", "NodeId", types.NewNumericNodeID(3, 70000)},
		{"W1/NodeId.String", "NodeId", types.NewStringNodeID(2, "Demo.Static.Scalar.Double")},
		{"W1/NodeId.Guid", "NodeId", types.NewGUIDNodeID(4, w1GUID)},
		{"W1/ExpandedNodeId", "ExpandedNodeId", types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"}},
		{"W2/Variant.Double", "Variant", types.VariantFromFloat64(3.14)},
		{"W2/Variant.UInt32", "Variant", types.VariantFromUint32(42)},
		{"W2/Variant.String", "Variant", types.VariantFromString("temperature")},
		{"W2/Variant.Double[1000]", "Variant", types.MustVariant(d1000)},
		{"W2/Variant.Int32[2x3]", "Variant", matrix},
		{"W3/DataValue.Full", "DataValue", types.DataValue{
			Value: types.VariantFromFloat64(42.5), Status: 0x40000000,
			SourceTimestamp: t0, SourcePicoseconds: 10, ServerTimestamp: t0 + ms, ServerPicoseconds: 20,
		}},
		{"W4/ReadRequest[1]", MessageTarget, readRequest(1)},
		{"W4/ReadRequest[50]", MessageTarget, readRequest(50)},
		{"W5/ReadResponse[10]", MessageTarget, readResponse(10)},
		{"W5/ReadResponse[100]", MessageTarget, readResponse(100)},
		{"W6/BrowseResponse[500]", MessageTarget, browseResponse(500)},
		{"W7/ExtensionObject[50]", "Variant", argumentArray(50)},
	}
	out := make([]Golden, 0, len(list))
	for _, g := range list {
		var b []byte
		var err error
		if g.target == MessageTarget {
			b, err = uabin.MarshalMessage(g.v)
		} else {
			b, err = uabin.Marshal(g.v)
		}
		if err != nil {
			return nil, fmt.Errorf("cases: encoding golden %s: %w", g.name, err)
		}
		out = append(out, Golden{Name: g.name, Target: g.target, Value: g.v, Wire: b})
	}
	return out, nil
}

func requestHeader() types.RequestHeader {
	tok := make([]byte, 16)
	for i := range tok {
		tok[i] = byte(i)
	}
	return types.RequestHeader{
		AuthenticationToken: types.NewOpaqueNodeID(0, tok),
		Timestamp:           t0,
		RequestHandle:       42,
		TimeoutHint:         10000,
	}
}

func responseHeader() types.ResponseHeader {
	return types.ResponseHeader{Timestamp: t0, RequestHandle: 42}
}

func readRequest(n int) *types.ReadRequest {
	r := &types.ReadRequest{RequestHeader: requestHeader(), TimestampsToReturn: types.TimestampsToReturnBoth}
	for i := 0; i < n; i++ {
		r.NodesToRead = append(r.NodesToRead, types.ReadValueID{
			NodeID:      types.NewStringNodeID(2, fmt.Sprintf("Demo.Static.Scalar.Double.%d", i)),
			AttributeID: 13,
		})
	}
	return r
}

func readResponse(n int) *types.ReadResponse {
	r := &types.ReadResponse{ResponseHeader: responseHeader()}
	for i := 0; i < n; i++ {
		var v types.Variant
		switch i % 5 {
		case 0:
			v = types.VariantFromFloat64(float64(i) * 1.5)
		case 1:
			v = types.VariantFromInt32(int32(i))
		case 2:
			v = types.VariantFromBool(i%2 == 0)
		case 3:
			v = types.VariantFromString(fmt.Sprintf("value-%d", i))
		case 4:
			v = types.VariantFromDateTime(t0 + types.DateTime(i)*s)
		}
		ts := t0 + types.DateTime(i)*ms
		r.Results = append(r.Results, types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts})
	}
	return r
}

func browseResponse(n int) *types.BrowseResponse {
	res := types.BrowseResult{}
	for i := 0; i < n; i++ {
		res.References = append(res.References, types.ReferenceDescription{
			ReferenceTypeID: types.NewNumericNodeID(0, 35),
			IsForward:       true,
			NodeID:          types.NewExpandedNodeID(types.NewStringNodeID(2, fmt.Sprintf("Demo.Node.%d", i))),
			BrowseName:      types.NewQualifiedName(2, fmt.Sprintf("Node%d", i)),
			DisplayName:     types.NewLocalizedText("en", fmt.Sprintf("Node %d", i)),
			NodeClass:       types.NodeClassVariable,
			TypeDefinition:  types.NewExpandedNodeID(types.NewNumericNodeID(0, 63)),
		})
	}
	return &types.BrowseResponse{ResponseHeader: responseHeader(), Results: []types.BrowseResult{res}}
}

func argumentArray(n int) types.Variant {
	eos := make([]types.ExtensionObject, n)
	for i := range eos {
		eos[i] = types.NewExtensionObject(&types.Argument{
			Name:        fmt.Sprintf("arg%d", i),
			DataType:    types.NewNumericNodeID(0, 11),
			ValueRank:   -1,
			Description: types.NewLocalizedText("en", fmt.Sprintf("Argument %d", i)),
		})
	}
	return types.MustVariant(eos)
}
