package uajson_test

import (
	stdjson "encoding/json"
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
	}
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
