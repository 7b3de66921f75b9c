package uajson_test

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uajson"
)

// benchCase is one built-in row of the workloads W1-W3
// (docs/workloads.md), as a Go value.
type benchCase struct {
	name  string
	value any
}

func benchCases() []benchCase {
	bs := make([]byte, 64)
	for i := range bs {
		bs[i] = byte(i)
	}
	arr := make([]float64, 1000)
	for i := range arr {
		arr[i] = float64(i) * 0.5
	}
	return []benchCase{
		{"W1UInt32", uint32(0xDEADBEEF)},
		{"W1Double", 3.141592653589793},
		{"W1String", "Hello, OPC UA binary world!"},
		{"W1ByteString", bs},
		{"W1Guid", guid},
		{"W1DateTime", T0},
		{"W1NodeIdTwoByte", types.NewNumericNodeID(0, 85)},
		{"W1NodeIdFourByte", types.NewNumericNodeID(2, 1234)},
		{"W1NodeIdNumeric", types.NewNumericNodeID(3, 70000)},
		{"W1NodeIdString", types.NewStringNodeID(2, "Demo.Static.Scalar.Double")},
		{"W1NodeIdGuid", types.NewGUIDNodeID(4, guid)},
		{"W1ExpandedNodeId", types.MustParseExpandedNodeID("nsu=http://example.org/UA/;s=Pump.Speed")},
		{"W2VariantDouble", mustVariant(3.14)},
		{"W2VariantUInt32", mustVariant(uint32(42))},
		{"W2VariantString", mustVariant("temperature")},
		{"W2VariantDouble1000", mustVariant(arr)},
		{"W2VariantInt32Matrix", matrix()},
		{"W3DataValueFull", w3()},
		{"W4ReadRequest1", w4(1)},
		{"W4ReadRequest50", w4(50)},
		{"W4ReadRequest500", w4(500)},
		{"W5ReadResponse10", w5(10)},
		{"W5ReadResponse100", w5(100)},
		{"W5ReadResponse1000", w5(1000)},
		{"W6BrowseResponse500", w6(500)},
		{"W7ExtensionObject50", w7(50)},
	}
}

// The service messages W4-W7 (docs/workloads.md), the values of the binary
// rows and of test/interop/json/c/o6json.c.

const (
	ms  = types.DateTime(10000)
	sec = types.DateTime(10000000)
)

func w4(n int) types.ReadRequest {
	tok := make([]byte, 16)
	for i := range tok {
		tok[i] = byte(i)
	}
	r := types.ReadRequest{
		RequestHeader:      types.RequestHeader{AuthenticationToken: types.NewOpaqueNodeID(0, tok), Timestamp: T0, RequestHandle: 42, TimeoutHint: 10000},
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        make([]types.ReadValueID, n),
	}
	for i := range r.NodesToRead {
		r.NodesToRead[i] = types.ReadValueID{NodeID: types.NewStringNodeID(2, fmt.Sprintf("Demo.Static.Scalar.Double.%d", i)), AttributeID: 13}
	}
	return r
}

func responseHeader() types.ResponseHeader {
	return types.ResponseHeader{Timestamp: T0, RequestHandle: 42}
}

func w5(n int) types.ReadResponse {
	r := types.ReadResponse{ResponseHeader: responseHeader(), Results: make([]types.DataValue, n)}
	for i := range r.Results {
		var v any
		switch i % 5 {
		case 0:
			v = float64(i) * 1.5
		case 1:
			v = int32(i)
		case 2:
			v = i%2 == 0
		case 3:
			v = fmt.Sprintf("value-%d", i)
		default:
			v = T0 + types.DateTime(i)*sec
		}
		ts := T0 + types.DateTime(i)*ms
		r.Results[i] = types.DataValue{Value: mustVariant(v), SourceTimestamp: ts, ServerTimestamp: ts}
	}
	return r
}

func w6(n int) types.BrowseResponse {
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
	return types.BrowseResponse{ResponseHeader: responseHeader(), Results: []types.BrowseResult{{References: refs}}}
}

func w7(n int) types.Variant {
	eos := make([]types.ExtensionObject, n)
	for i := range eos {
		eos[i] = types.NewExtensionObject(&types.Argument{
			Name: fmt.Sprintf("arg%d", i), DataType: types.NewNumericNodeID(0, 11), ValueRank: -1,
			Description: types.LocalizedText{Locale: "en", Text: fmt.Sprintf("Argument %d", i)},
		})
	}
	return mustVariant(eos)
}

// BenchmarkEncode encodes each row into a reused buffer (Options.Append),
// through a pointer as a program holding the value would, and with
// encoding/json on the same Go value for comparison (whose text is not
// OPC UA JSON: NodeIDs and GUIDs use their TextMarshaler, a Variant has no
// exported field and becomes {}).
func BenchmarkEncode(b *testing.B) {
	for _, c := range benchCases() {
		p := reflect.New(reflect.TypeOf(c.value))
		p.Elem().Set(reflect.ValueOf(c.value))
		v := p.Interface()
		b.Run(c.name+"/uajson", func(b *testing.B) {
			var o uajson.Options
			buf, err := o.Append(nil, v)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf, err = o.Append(buf[:0], v)
			}
			if err != nil {
				b.Fatal(err)
			}
		})
		b.Run(c.name+"/encoding-json", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := stdjson.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecode decodes each row's Compact text into a reused value, and
// encoding/json's text of the same value with encoding/json.
func BenchmarkDecode(b *testing.B) {
	for _, c := range benchCases() {
		text, err := uajson.Marshal(c.value)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/uajson", func(b *testing.B) {
			p := reflect.New(reflect.TypeOf(c.value))
			v := p.Interface()
			if err := uajson.Unmarshal(text, v); err != nil {
				b.Fatal(err)
			}
			if !sameValue(p.Elem().Interface(), c.value) {
				b.Fatalf("%s decodes to %v", text, p.Elem().Interface())
			}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				err = uajson.Unmarshal(text, v)
			}
			if err != nil {
				b.Fatal(err)
			}
		})
		b.Run(c.name+"/encoding-json", func(b *testing.B) {
			std, err := stdjson.Marshal(c.value)
			if err != nil {
				b.Fatal(err)
			}
			p := reflect.New(reflect.TypeOf(c.value))
			v := p.Interface()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := stdjson.Unmarshal(std, v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
