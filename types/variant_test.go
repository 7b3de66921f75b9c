package types_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
)

// variantCase is one value of every built-in type a Variant can hold.
type variantCase struct {
	name   string
	in     any               // argument of NewVariant
	typ    types.BuiltinType // expected Type
	array  bool
	value  any    // expected Value (in when nil)
	text   string // expected String
	other  any    // a different value of the same type, for Equal
	length int    // expected Len
}

var (
	sampleNodeID   = types.NewStringNodeID(2, "Demo.Static")
	sampleExpanded = types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"}
	sampleQN       = types.NewQualifiedName(2, "Temperature")
	sampleLT       = types.NewLocalizedText("de-DE", "Pumpe")
	sampleEO       = types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5001), Encoding: types.ExtensionObjectBinary, Body: []byte{1, 2, 3}}
	sampleDV       = types.DataValue{Value: types.VariantFromFloat64(3.14), SourceTimestamp: t0Ticks}
)

var variantCases = []variantCase{
	{name: "null", in: nil, typ: types.TypeNull, text: "null", other: int32(0)},
	{name: "Boolean", in: true, typ: types.TypeBoolean, text: "Boolean(true)", other: false},
	{name: "SByte", in: int8(-7), typ: types.TypeSByte, text: "SByte(-7)", other: int8(7)},
	{name: "Byte", in: uint8(200), typ: types.TypeByte, text: "Byte(200)", other: uint8(201)},
	{name: "Int16", in: int16(-30000), typ: types.TypeInt16, text: "Int16(-30000)", other: int16(1)},
	{name: "UInt16", in: uint16(65535), typ: types.TypeUInt16, text: "UInt16(65535)", other: uint16(1)},
	{name: "Int32", in: int32(math.MinInt32), typ: types.TypeInt32, text: "Int32(-2147483648)", other: int32(1)},
	{name: "UInt32", in: uint32(math.MaxUint32), typ: types.TypeUInt32, text: "UInt32(4294967295)", other: uint32(1)},
	{name: "Int64", in: int64(math.MinInt64), typ: types.TypeInt64, text: "Int64(-9223372036854775808)", other: int64(1)},
	{name: "UInt64", in: uint64(math.MaxUint64), typ: types.TypeUInt64, text: "UInt64(18446744073709551615)", other: uint64(1)},
	{name: "Float", in: float32(-6.5), typ: types.TypeFloat, text: "Float(-6.5)", other: float32(6.5)},
	{name: "Double", in: 3.14, typ: types.TypeDouble, text: "Double(3.14)", other: 3.15},
	{name: "String", in: "temperature", typ: types.TypeString, text: `String("temperature")`, other: "pressure"},
	{name: "DateTime", in: t0Ticks, typ: types.TypeDateTime, text: "DateTime(2024-01-02T03:04:05.1234567Z)", other: types.DateTime(1)},
	{name: "DateTime from time.Time", in: t0, typ: types.TypeDateTime, value: t0Ticks, text: "DateTime(2024-01-02T03:04:05.1234567Z)", other: types.DateTime(0)},
	{name: "Guid", in: w1GUID, typ: types.TypeGUID, text: "Guid(72962B91-FA75-4AE6-8D28-B404DC7DAF63)", other: types.GUID{}},
	{name: "ByteString", in: []byte{1, 2, 0xFF}, typ: types.TypeByteString, text: "ByteString(0x0102FF)", other: []byte{1, 2}},
	{name: "ByteString named", in: types.ByteString{1}, typ: types.TypeByteString, value: []byte{1}, text: "ByteString(0x01)", other: []byte(nil)},
	{name: "ByteString null", in: []byte(nil), typ: types.TypeByteString, text: "ByteString(null)", other: []byte{}},
	{name: "XmlElement", in: types.XmlElement("<A>Hot水</A>"), typ: types.TypeXmlElement, text: `XmlElement("<A>Hot水</A>")`, other: "<A>Hot水</A>"},
	{name: "NodeId", in: sampleNodeID, typ: types.TypeNodeID, text: "NodeId(ns=2;s=Demo.Static)", other: types.NewNumericNodeID(2, 1)},
	{name: "ExpandedNodeId", in: sampleExpanded, typ: types.TypeExpandedNodeID, text: "ExpandedNodeId(nsu=http://example.org/UA/;s=Pump.Speed)", other: types.ExpandedNodeID{}},
	{name: "StatusCode", in: types.StatusCode(0x80340000), typ: types.TypeStatusCode, text: "StatusCode(BadNodeIdUnknown)", other: types.StatusCode(0)},
	{name: "QualifiedName", in: sampleQN, typ: types.TypeQualifiedName, text: "QualifiedName(2:Temperature)", other: types.NewQualifiedName(0, "Temperature")},
	{name: "LocalizedText", in: sampleLT, typ: types.TypeLocalizedText, text: `LocalizedText([de-DE] "Pumpe")`, other: types.NewLocalizedText("", "Pumpe")},
	{name: "ExtensionObject", in: sampleEO, typ: types.TypeExtensionObject, text: "ExtensionObject{TypeID: ns=2;i=5001, Binary, 3 bytes}", other: types.ExtensionObject{}},
	{name: "DataValue", in: sampleDV, typ: types.TypeDataValue, text: "DataValue{Value: Double(3.14), SourceTimestamp: 2024-01-02T03:04:05.1234567Z}", other: types.DataValue{}},

	{name: "Boolean array", in: []bool{true, false}, typ: types.TypeBoolean, array: true, text: "Boolean[2] [true, false]", other: []bool{true}, length: 2},
	{name: "SByte array", in: []int8{-1, 1}, typ: types.TypeSByte, array: true, text: "SByte[2] [-1, 1]", other: []int8{-1, 2}, length: 2},
	{name: "Int16 array", in: []int16{-1}, typ: types.TypeInt16, array: true, text: "Int16[1] [-1]", other: []int16{}, length: 1},
	{name: "UInt16 array", in: []uint16{1, 2}, typ: types.TypeUInt16, array: true, text: "UInt16[2] [1, 2]", other: []uint16{2, 1}, length: 2},
	{name: "Int32 array", in: []int32{1, 2, 3}, typ: types.TypeInt32, array: true, text: "Int32[3] [1, 2, 3]", other: []int32{1, 2}, length: 3},
	{name: "Int32 array empty", in: []int32{}, typ: types.TypeInt32, array: true, text: "Int32[0] []", other: []int32(nil)},
	{name: "Int32 array null", in: []int32(nil), typ: types.TypeInt32, array: true, text: "Int32[] null", other: []int32{}},
	{name: "UInt32 array", in: []uint32{7}, typ: types.TypeUInt32, array: true, text: "UInt32[1] [7]", other: []int32{7}, length: 1},
	{name: "Int64 array", in: []int64{-5}, typ: types.TypeInt64, array: true, text: "Int64[1] [-5]", other: []uint64{5}, length: 1},
	{name: "UInt64 array", in: []uint64{5}, typ: types.TypeUInt64, array: true, text: "UInt64[1] [5]", other: []uint64{6}, length: 1},
	{name: "Float array", in: []float32{0.5, float32(math.Inf(-1))}, typ: types.TypeFloat, array: true, text: "Float[2] [0.5, -Inf]", other: []float32{0.5}, length: 2},
	{name: "Double array", in: []float64{0, 0.5, math.NaN()}, typ: types.TypeDouble, array: true, text: "Double[3] [0, 0.5, NaN]", other: []float64{0, 0.5, 1}, length: 3},
	{name: "String array", in: []string{"a", "", `"`}, typ: types.TypeString, array: true, text: "String[3] [\"a\", \"\", \"\\\"\"]", other: []string{"a", ""}, length: 3},
	{name: "DateTime array", in: []types.DateTime{0, t0Ticks}, typ: types.TypeDateTime, array: true, text: "DateTime[2] [MinValue, 2024-01-02T03:04:05.1234567Z]", other: []types.DateTime{0}, length: 2},
	{name: "DateTime array from time.Time", in: []time.Time{{}, t0}, typ: types.TypeDateTime, array: true, value: []types.DateTime{0, t0Ticks}, text: "DateTime[2] [MinValue, 2024-01-02T03:04:05.1234567Z]", other: []types.DateTime{1, t0Ticks}, length: 2},
	{name: "Guid array", in: []types.GUID{w1GUID}, typ: types.TypeGUID, array: true, text: "Guid[1] [72962B91-FA75-4AE6-8D28-B404DC7DAF63]", other: []types.GUID{{}}, length: 1},
	{name: "ByteString array", in: [][]byte{{1}, nil, {}}, typ: types.TypeByteString, array: true, text: "ByteString[3] [0x01, null, 0x]", other: [][]byte{{1}, {}, {}}, length: 3},
	{name: "ByteString array named", in: []types.ByteString{{1}, nil}, typ: types.TypeByteString, array: true, value: [][]byte{{1}, nil}, text: "ByteString[2] [0x01, null]", other: [][]byte{{1}, {}}, length: 2},
	{name: "XmlElement array", in: []types.XmlElement{"<a/>"}, typ: types.TypeXmlElement, array: true, text: `XmlElement[1] ["<a/>"]`, other: []string{"<a/>"}, length: 1},
	{name: "NodeId array", in: []types.NodeID{sampleNodeID, {}}, typ: types.TypeNodeID, array: true, text: "NodeId[2] [ns=2;s=Demo.Static, i=0]", other: []types.NodeID{sampleNodeID}, length: 2},
	{name: "ExpandedNodeId array", in: []types.ExpandedNodeID{sampleExpanded}, typ: types.TypeExpandedNodeID, array: true, text: "ExpandedNodeId[1] [nsu=http://example.org/UA/;s=Pump.Speed]", other: []types.ExpandedNodeID{{}}, length: 1},
	{name: "StatusCode array", in: []types.StatusCode{0, 0x80340000}, typ: types.TypeStatusCode, array: true, text: "StatusCode[2] [Good, BadNodeIdUnknown]", other: []types.StatusCode{0, 0x80340001}, length: 2},
	{name: "QualifiedName array", in: []types.QualifiedName{sampleQN}, typ: types.TypeQualifiedName, array: true, text: "QualifiedName[1] [2:Temperature]", other: []types.QualifiedName{{}}, length: 1},
	{name: "LocalizedText array", in: []types.LocalizedText{sampleLT, {Text: "x"}}, typ: types.TypeLocalizedText, array: true, text: `LocalizedText[2] [[de-DE] "Pumpe", "x"]`, other: []types.LocalizedText{sampleLT}, length: 2},
	{name: "ExtensionObject array", in: []types.ExtensionObject{sampleEO, {}}, typ: types.TypeExtensionObject, array: true, text: "ExtensionObject[2] [ExtensionObject{TypeID: ns=2;i=5001, Binary, 3 bytes}, ExtensionObject{}]", other: []types.ExtensionObject{sampleEO, {Body: []byte{}}}, length: 2},
	{name: "DataValue array", in: []types.DataValue{{}, sampleDV}, typ: types.TypeDataValue, array: true, text: "DataValue[2] [{}, {Value: Double(3.14), SourceTimestamp: 2024-01-02T03:04:05.1234567Z}]", other: []types.DataValue{{}, {Value: types.VariantFromFloat64(3.14)}}, length: 2},
	{name: "Variant array", in: []types.Variant{types.VariantFromInt32(1), types.VariantFromString("a"), {}, types.MustVariant([]int32{1})}, typ: types.TypeVariant, array: true, text: `Variant[4] [Int32(1), String("a"), null, Int32[1] [1]]`, other: []types.Variant{types.VariantFromInt32(1), types.VariantFromString("a"), {}, types.MustVariant([]int32{2})}, length: 4},
}

func TestVariantBuiltins(t *testing.T) {
	seen := map[types.BuiltinType]bool{}
	for _, tc := range variantCases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := types.NewVariant(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			seen[v.Type()] = true
			if v.Type() != tc.typ || v.IsArray() != tc.array || v.IsNull() != (tc.typ == types.TypeNull) {
				t.Fatalf("Type %v IsArray %v IsNull %v; want %v %v", v.Type(), v.IsArray(), v.IsNull(), tc.typ, tc.array)
			}
			want := tc.value
			if want == nil {
				want = tc.in
			}
			if got := v.Value(); !reflect.DeepEqual(got, want) && !(tc.name == "Double array") {
				t.Errorf("Value() = %#v (%T), want %#v (%T)", got, got, want, want)
			}
			if got := v.String(); got != tc.text {
				t.Errorf("String() = %q, want %q", got, tc.text)
			}
			if got := v.Len(); got != tc.length {
				t.Errorf("Len() = %d, want %d", got, tc.length)
			}
			if v.Dimensions() != nil {
				t.Errorf("Dimensions() = %v", v.Dimensions())
			}
			// NewVariant(Value) gives an equal Variant.
			again := types.MustVariant(v.Value())
			if !v.Equal(again) || !again.Equal(v) {
				t.Errorf("Variant of its own Value is not Equal: %v vs %v", v, again)
			}
			o := types.MustVariant(tc.other)
			if v.Equal(o) || o.Equal(v) {
				t.Errorf("%v Equal %v", v, o)
			}
			// Storage round trip through the low-level accessors.
			var w types.Variant
			switch {
			case v.IsArray() || v.IsNull():
				w.SetRaw(v.Type(), v.IsArray(), v.Raw(), v.Dimensions())
			case v.Type() == types.TypeString || v.Type() == types.TypeXmlElement:
				w.SetString(v.Type(), v.Str())
			case v.Raw() == nil && v.Type() != types.TypeByteString:
				w.SetBits(v.Type(), v.Bits())
			default:
				w.SetRaw(v.Type(), false, v.Raw(), nil)
			}
			if !w.Equal(v) || w.String() != v.String() || !reflect.DeepEqual(w, v) {
				t.Errorf("storage round trip: %#v, want %#v", w, v)
			}
		})
	}
	for id := types.TypeNull; id < types.TypeDiagnosticInfo; id++ {
		if !seen[id] {
			t.Errorf("no case for %v", id)
		}
	}
}

// TestVariantStorage checks the storage table of docs/types.md: which of
// Bits, Str and Raw holds each kind of value, and in which form.
func TestVariantStorage(t *testing.T) {
	bits := []struct {
		in   any
		bits uint64
	}{
		{true, 1}, {false, 0},
		{int8(-1), math.MaxUint64}, {uint8(255), 255},
		{int16(-2), math.MaxUint64 - 1}, {uint16(65535), 65535},
		{int32(-1), math.MaxUint64}, {uint32(math.MaxUint32), math.MaxUint32},
		{int64(-3), math.MaxUint64 - 2}, {uint64(math.MaxUint64), math.MaxUint64},
		{float32(-6.5), uint64(math.Float32bits(-6.5))}, {3.14, math.Float64bits(3.14)},
		{t0Ticks, uint64(t0Ticks)}, {types.StatusCode(0x80340000), 0x80340000},
	}
	for _, b := range bits {
		v := types.MustVariant(b.in)
		if v.Bits() != b.bits || v.Raw() != nil || v.Str() != "" {
			t.Errorf("%T %v: Bits %#x Raw %v Str %q; want Bits %#x", b.in, b.in, v.Bits(), v.Raw(), v.Str(), b.bits)
		}
		var w types.Variant
		w.SetBits(v.Type(), b.bits)
		if !reflect.DeepEqual(w.Value(), b.in) {
			t.Errorf("SetBits(%v, %#x).Value() = %#v, want %#v", v.Type(), b.bits, w.Value(), b.in)
		}
	}
	if v := types.MustVariant("x"); v.Str() != "x" || v.Raw() != nil || v.Bits() != 0 {
		t.Error("String storage")
	}
	if v := types.MustVariant(types.XmlElement("<x/>")); v.Str() != "<x/>" || v.Raw() != nil {
		t.Error("XmlElement storage")
	}
	if v := types.MustVariant(types.ByteString{1}); !reflect.DeepEqual(v.Raw(), []byte{1}) {
		t.Errorf("ByteString storage %T", v.Raw())
	}
	if v := types.MustVariant([]time.Time{t0}); !reflect.DeepEqual(v.Raw(), []types.DateTime{t0Ticks}) {
		t.Errorf("[]time.Time storage %T", v.Raw())
	}
	// Named numeric types (enumerations, option sets) become their
	// underlying type; slices of them are converted.
	type color int32
	type mask uint8
	type name string
	type flag bool
	named := []struct {
		in   any
		want any
		typ  types.BuiltinType
	}{
		{color(3), int32(3), types.TypeInt32},
		{mask(5), uint8(5), types.TypeByte},
		{name("n"), "n", types.TypeString},
		{flag(true), true, types.TypeBoolean},
		{[]color{1, 2}, []int32{1, 2}, types.TypeInt32},
		{[]color(nil), []int32(nil), types.TypeInt32},
		{[]mask{1, 2}, []uint8{1, 2}, types.TypeByte},
		{[]name{"a"}, []string{"a"}, types.TypeString},
		{types.NodeClassVariable, int32(types.NodeClassVariable), types.TypeInt32},
	}
	for _, n := range named {
		v, err := types.NewVariant(n.in)
		if err != nil || v.Type() != n.typ || !reflect.DeepEqual(v.Value(), n.want) {
			t.Errorf("NewVariant(%T %v) = %v %#v, %v; want %v %#v", n.in, n.in, v.Type(), v.Value(), err, n.typ, n.want)
		}
	}
	type nodeIDs []types.NodeID
	if v, err := types.NewVariant(nodeIDs{sampleNodeID}); err != nil || !reflect.DeepEqual(v.Raw(), []types.NodeID{sampleNodeID}) {
		t.Errorf("named slice: %v, %v", v, err)
	}
}

func TestNewVariantErrors(t *testing.T) {
	type myInt int
	type point struct{ X, Y int32 }
	tests := []struct {
		in   any
		want string
	}{
		{int(1), "types: cannot make a Variant of int: the size of a Go int"},
		{uint(1), "convert to int32"},
		{uintptr(1), "convert to int32"},
		{[]int{1}, "the size of a Go int"},
		{myInt(1), "types: cannot make a Variant of types_test.myInt: the size of a Go int"},
		{[]myInt{1}, "use a slice of int32"},
		{types.VariantFromInt32(1), "a Variant cannot hold a scalar Variant"},
		{types.Variant{}, "a Variant cannot hold a scalar Variant"},
		{types.DiagnosticInfo{}, "cannot hold a DiagnosticInfo"},
		{[]types.DiagnosticInfo{}, "cannot hold a DiagnosticInfo"},
		{point{}, "wrap a structure with NewExtensionObject"},
		{&point{}, "wrap a structure with NewExtensionObject"},
		{map[string]int32{}, "no OPC UA built-in type holds it"},
		{complex(1, 2), "no OPC UA built-in type holds it"},
		{[]any{int32(1)}, "no OPC UA built-in type holds it"},
		{[][]int32{{1}}, "no OPC UA built-in type holds it"},
		{[]*types.NodeID{}, "no OPC UA built-in type holds it"},
	}
	for _, tt := range tests {
		v, err := types.NewVariant(tt.in)
		var ve *types.VariantError
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &ve) || !reflect.DeepEqual(ve.Value, tt.in) {
			t.Errorf("NewVariant(%T) = %v, %v; want *VariantError containing %q", tt.in, v, err, tt.want)
		}
		if !v.IsNull() {
			t.Errorf("NewVariant(%T) returned a non-null Variant with its error", tt.in)
		}
	}
	func() {
		defer func() {
			if r := recover(); r == nil {
				t.Error("MustVariant(int) did not panic")
			} else if _, ok := r.(*types.VariantError); !ok {
				t.Errorf("MustVariant panicked with %T", r)
			}
		}()
		types.MustVariant(1)
	}()
}

func TestNewMatrix(t *testing.T) {
	m, err := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if m.Type() != types.TypeInt32 || !m.IsArray() || m.Len() != 6 || !reflect.DeepEqual(m.Dimensions(), []int32{2, 3}) {
		t.Fatalf("matrix %#v", m)
	}
	if got, want := m.String(), "Int32[2x3] [1, 2, 3, 4, 5, 6]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	flat := types.MustVariant([]int32{1, 2, 3, 4, 5, 6})
	if m.Equal(flat) || flat.Equal(m) {
		t.Error("a matrix equals its flat array")
	}
	m2, _ := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 3, 2)
	if m.Equal(m2) {
		t.Error("2x3 equals 3x2")
	}
	m3, _ := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if !m.Equal(m3) {
		t.Error("equal matrices differ")
	}
	dims := []int32{2, 1, 2}
	b, err := types.NewMatrix([]byte{1, 2, 3, 4}, dims...)
	if err != nil || b.Type() != types.TypeByte || !b.IsArray() {
		t.Fatalf("byte matrix %v, %v", b, err)
	}
	dims[0] = 9
	if b.Dimensions()[0] != 2 {
		t.Error("NewMatrix does not copy dims")
	}
	if got, want := b.String(), "Byte[2x1x2] [1, 2, 3, 4]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	s, err := types.NewMatrix([]string{"a", "b", "c", "d"}, 2, 2)
	if err != nil || s.String() != `String[2x2] ["a", "b", "c", "d"]` {
		t.Errorf("string matrix %v, %v", s, err)
	}

	bad := []struct {
		flat any
		dims []int32
		want string
	}{
		{[]int32{1, 2, 3, 4, 5, 6}, []int32{6}, "two or more dimensions"},
		{[]int32{1, 2, 3, 4, 5, 6}, nil, "two or more dimensions"},
		{[]int32{1, 2, 3, 4, 5, 6}, []int32{2, 2}, "dimensions [2 2] do not match the 6 elements"},
		{[]int32{1, 2, 3, 4, 5, 6}, []int32{2, 4}, "do not match"},
		{[]int32{}, []int32{0, 3}, "every dimension must be greater than 0"},
		{[]int32{1}, []int32{1, -1}, "greater than 0"},
		{[]int32{1, 2, 3, 4}, []int32{math.MaxInt32, math.MaxInt32, math.MaxInt32, 2}, "do not match"},
		{[]int32{1}, []int32{65536, 65536, 0}, "greater than 0"},
		{[]int32(nil), []int32{1, 1}, "do not match the 0 elements"},
		{int32(5), []int32{1, 1}, "NewMatrix needs a slice"},
		{"abc", []int32{1, 3}, "NewMatrix needs a slice"},
		{[]int{1, 2}, []int32{1, 2}, "the size of a Go int"},
	}
	for _, tt := range bad {
		v, err := types.NewMatrix(tt.flat, tt.dims...)
		var ve *types.VariantError
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &ve) || !v.IsNull() {
			t.Errorf("NewMatrix(%v, %v) = %v, %v; want error containing %q", tt.flat, tt.dims, v, err, tt.want)
		}
	}
}

func TestVariantTypedConstructorsAndAccessors(t *testing.T) {
	check := func(name string, v types.Variant, typ types.BuiltinType, want any, get func(types.Variant) (any, bool)) {
		t.Helper()
		if v.Type() != typ || v.IsArray() {
			t.Errorf("%s: type %v", name, v.Type())
		}
		if got, ok := get(v); !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: accessor = %#v, %v; want %#v", name, got, ok, want)
		}
		if !reflect.DeepEqual(v.Value(), want) && typ != types.TypeDateTime {
			t.Errorf("%s: Value = %#v, want %#v", name, v.Value(), want)
		}
		// The accessor refuses every other type, an array and null.
		for _, o := range []types.Variant{{}, types.VariantFromByteArray([]byte{1}), types.MustVariant([]int32{1})} {
			if o.Type() == typ && !o.IsArray() {
				continue
			}
			if got, ok := get(o); ok {
				t.Errorf("%s: accessor accepted %v (%v) giving %v", name, o, o.Type(), got)
			}
		}
		other := types.VariantFromInt8(1)
		if typ == types.TypeSByte {
			other = types.VariantFromUint8(1)
		}
		if _, ok := get(other); ok {
			t.Errorf("%s: accessor accepted %v", name, other.Type())
		}
	}
	check("Bool", types.VariantFromBool(true), types.TypeBoolean, true, func(v types.Variant) (any, bool) { return v.Bool() })
	check("Int8", types.VariantFromInt8(-8), types.TypeSByte, int8(-8), func(v types.Variant) (any, bool) { return v.Int8() })
	check("Uint8", types.VariantFromUint8(8), types.TypeByte, uint8(8), func(v types.Variant) (any, bool) { return v.Uint8() })
	check("Int16", types.VariantFromInt16(-16), types.TypeInt16, int16(-16), func(v types.Variant) (any, bool) { return v.Int16() })
	check("Uint16", types.VariantFromUint16(16), types.TypeUInt16, uint16(16), func(v types.Variant) (any, bool) { return v.Uint16() })
	check("Int32", types.VariantFromInt32(-32), types.TypeInt32, int32(-32), func(v types.Variant) (any, bool) { return v.Int32() })
	check("Uint32", types.VariantFromUint32(32), types.TypeUInt32, uint32(32), func(v types.Variant) (any, bool) { return v.Uint32() })
	check("Int64", types.VariantFromInt64(-64), types.TypeInt64, int64(-64), func(v types.Variant) (any, bool) { return v.Int64() })
	check("Uint64", types.VariantFromUint64(64), types.TypeUInt64, uint64(64), func(v types.Variant) (any, bool) { return v.Uint64() })
	check("Float32", types.VariantFromFloat32(1.5), types.TypeFloat, float32(1.5), func(v types.Variant) (any, bool) { return v.Float32() })
	check("Float64", types.VariantFromFloat64(2.5), types.TypeDouble, 2.5, func(v types.Variant) (any, bool) { return v.Float64() })
	check("Text", types.VariantFromString("s"), types.TypeString, "s", func(v types.Variant) (any, bool) { return v.Text() })
	check("XmlElement", types.VariantFromXmlElement("<x/>"), types.TypeXmlElement, types.XmlElement("<x/>"), func(v types.Variant) (any, bool) { return v.XmlElement() })
	check("DateTime", types.VariantFromDateTime(t0Ticks), types.TypeDateTime, t0Ticks, func(v types.Variant) (any, bool) { return v.DateTime() })
	check("Time", types.VariantFromTime(t0), types.TypeDateTime, t0, func(v types.Variant) (any, bool) { return v.Time() })
	check("StatusCode", types.VariantFromStatusCode(0x80000000), types.TypeStatusCode, types.StatusCode(0x80000000), func(v types.Variant) (any, bool) { return v.StatusCode() })
	check("GUID", types.VariantFromGUID(w1GUID), types.TypeGUID, w1GUID, func(v types.Variant) (any, bool) { return v.GUID() })
	check("ByteString", types.VariantFromByteString([]byte{9}), types.TypeByteString, []byte{9}, func(v types.Variant) (any, bool) { return v.ByteString() })
	check("NodeID", types.VariantFromNodeID(sampleNodeID), types.TypeNodeID, sampleNodeID, func(v types.Variant) (any, bool) { return v.NodeID() })
	check("ExpandedNodeID", types.VariantFromExpandedNodeID(sampleExpanded), types.TypeExpandedNodeID, sampleExpanded, func(v types.Variant) (any, bool) { return v.ExpandedNodeID() })
	check("QualifiedName", types.VariantFromQualifiedName(sampleQN), types.TypeQualifiedName, sampleQN, func(v types.Variant) (any, bool) { return v.QualifiedName() })
	check("LocalizedText", types.VariantFromLocalizedText(sampleLT), types.TypeLocalizedText, sampleLT, func(v types.Variant) (any, bool) { return v.LocalizedText() })
	check("ExtensionObject", types.VariantFromExtensionObject(sampleEO), types.TypeExtensionObject, sampleEO, func(v types.Variant) (any, bool) { return v.ExtensionObject() })
	check("DataValue", types.VariantFromDataValue(sampleDV), types.TypeDataValue, sampleDV, func(v types.Variant) (any, bool) { return v.DataValue() })

	if v := types.VariantFromByteArray([]byte{1, 2}); v.Type() != types.TypeByte || !v.IsArray() || v.Len() != 2 || v.String() != "Byte[2] [1, 2]" {
		t.Errorf("VariantFromByteArray = %v", v)
	}
	if v := types.VariantFromBool(false); v.Bits() != 0 {
		t.Error("false bits")
	}
	// A Variant from SetBits with untidy high bits reads as its type.
	var w types.Variant
	w.SetBits(types.TypeSByte, 0x1FF)
	if x, ok := w.Int8(); !ok || x != -1 {
		t.Errorf("Int8 of bits 0x1FF = %v, %v", x, ok)
	}
	if !w.Equal(types.VariantFromInt8(-1)) || w.String() != "SByte(-1)" {
		t.Errorf("SByte from bits 0x1FF: Equal %v, String %q", w.Equal(types.VariantFromInt8(-1)), w.String())
	}
	w.SetBits(types.TypeBoolean, 2)
	if b, ok := w.Bool(); !ok || !b || !w.Equal(types.VariantFromBool(true)) {
		t.Error("Boolean from bits 2 is not true")
	}
}

func TestVariantEqual(t *testing.T) {
	nan1 := math.Float64frombits(0x7FF8000000000001)
	nan2 := math.Float64frombits(0xFFF8000000000000)
	nan32a := math.Float32frombits(0x7FC00001)
	nan32b := math.Float32frombits(0xFFC00000)
	type pair struct {
		name string
		a, b types.Variant
		want bool
	}
	mat := func(flat any, dims ...int32) types.Variant {
		v, err := types.NewMatrix(flat, dims...)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var withEmptyDims types.Variant
	withEmptyDims.SetRaw(types.TypeInt32, true, []int32{1}, []int32{})
	inner := types.MustVariant([]types.Variant{types.VariantFromFloat64(nan1)})
	tests := []pair{
		{"null null", types.Variant{}, types.Variant{}, true},
		{"null vs Int32 0", types.Variant{}, types.VariantFromInt32(0), false},
		{"Int32 vs UInt32", types.VariantFromInt32(1), types.VariantFromUint32(1), false},
		{"String vs XmlElement", types.VariantFromString("x"), types.VariantFromXmlElement("x"), false},
		{"ByteString vs Byte array", types.VariantFromByteString([]byte{1}), types.VariantFromByteArray([]byte{1}), false},
		{"NaN payloads", types.VariantFromFloat64(nan1), types.VariantFromFloat64(nan2), true},
		{"NaN vs number", types.VariantFromFloat64(nan1), types.VariantFromFloat64(0), false},
		{"Float NaN payloads", types.VariantFromFloat32(nan32a), types.VariantFromFloat32(nan32b), true},
		{"Float NaN vs Double NaN", types.VariantFromFloat32(nan32a), types.VariantFromFloat64(nan1), false},
		{"+0 vs -0", types.VariantFromFloat64(0), types.VariantFromFloat64(math.Copysign(0, -1)), false},
		{"Double array NaN", types.MustVariant([]float64{1, nan1}), types.MustVariant([]float64{1, nan2}), true},
		{"Float array NaN", types.MustVariant([]float32{nan32a}), types.MustVariant([]float32{nan32b}), true},
		{"nested Variant NaN", inner, types.MustVariant([]types.Variant{types.VariantFromFloat64(nan2)}), true},
		{"DataValue NaN", types.VariantFromDataValue(types.NewDataValue(types.VariantFromFloat64(nan1))), types.VariantFromDataValue(types.NewDataValue(types.VariantFromFloat64(nan2))), true},
		{"DataValue status", types.VariantFromDataValue(types.DataValue{Status: 1}), types.VariantFromDataValue(types.DataValue{}), false},
		{"DataValue picoseconds", types.VariantFromDataValue(types.DataValue{ServerPicoseconds: 1}), types.VariantFromDataValue(types.DataValue{}), false},
		{"ByteString null vs empty", types.VariantFromByteString(nil), types.VariantFromByteString([]byte{}), false},
		{"null array vs empty", types.MustVariant([]string(nil)), types.MustVariant([]string{}), false},
		{"array vs scalar", types.MustVariant([]int32{1}), types.VariantFromInt32(1), false},
		{"matrix dims", mat([]int32{1, 2, 3, 4}, 2, 2), mat([]int32{1, 2, 3, 4}, 2, 2), true},
		{"matrix vs array", mat([]int32{1, 2, 3, 4}, 2, 2), types.MustVariant([]int32{1, 2, 3, 4}), false},
		{"empty dims equal nil dims", withEmptyDims, types.MustVariant([]int32{1}), true},
		{"ExtensionObject values", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{Name: "a", ArrayDimensions: []uint32{1}})), types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{Name: "a", ArrayDimensions: []uint32{1}})), true},
		{"ExtensionObject values differ", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{Name: "a"})), types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{Name: "b"})), false},
		{"ExtensionObject value pointer vs value", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{Name: "a"})), types.VariantFromExtensionObject(types.NewExtensionObject(types.Argument{Name: "a"})), true},
		{"ExtensionObject value types differ", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{})), types.VariantFromExtensionObject(types.NewExtensionObject(&types.Range{})), false},
		{"ExtensionObject value vs nil", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{})), types.VariantFromExtensionObject(types.NewExtensionObject(nil)), false},
		{"ExtensionObject value vs body", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{})), types.VariantFromExtensionObject(types.ExtensionObject{Body: []byte{}}), false},
		{"ExtensionObject decoded value", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Argument{Name: "a"})), types.VariantFromExtensionObject(types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 298), Encoding: types.ExtensionObjectBinary, Value: &types.Argument{Name: "a"}}), true},
		{"ExtensionObject Encoding 0 with body is Binary", types.VariantFromExtensionObject(types.ExtensionObject{Body: []byte{1}}), types.VariantFromExtensionObject(types.ExtensionObject{Encoding: types.ExtensionObjectBinary, Body: []byte{1}}), true},
		{"ExtensionObject binary nil vs empty body", types.VariantFromExtensionObject(types.ExtensionObject{Encoding: types.ExtensionObjectBinary}), types.VariantFromExtensionObject(types.ExtensionObject{Encoding: types.ExtensionObjectBinary, Body: []byte{}}), true},
		{"ExtensionObject binary vs XML", types.VariantFromExtensionObject(types.ExtensionObject{Encoding: types.ExtensionObjectBinary, Body: []byte{1}}), types.VariantFromExtensionObject(types.ExtensionObject{Encoding: types.ExtensionObjectXML, Body: []byte{1}}), false},
		{"ExtensionObject TypeIDs differ", types.VariantFromExtensionObject(types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 1)}), types.VariantFromExtensionObject(types.ExtensionObject{}), false},
		{"ExtensionObject bodies differ", types.VariantFromExtensionObject(types.ExtensionObject{Body: []byte{1}}), types.VariantFromExtensionObject(types.ExtensionObject{Body: []byte{2}}), false},
		{"ExtensionObject value NaN", types.VariantFromExtensionObject(types.NewExtensionObject(&types.Range{Low: nan1})), types.VariantFromExtensionObject(types.NewExtensionObject(&types.Range{Low: nan2})), true},
		{"ExtensionObject value with Variant", types.VariantFromExtensionObject(types.NewExtensionObject(&types.WriteValue{Value: types.NewDataValue(types.VariantFromFloat64(nan1))})), types.VariantFromExtensionObject(types.NewExtensionObject(&types.WriteValue{Value: types.NewDataValue(types.VariantFromFloat64(nan2))})), true},
		{"ExtensionObject body nil vs empty", types.VariantFromExtensionObject(types.ExtensionObject{Body: nil}), types.VariantFromExtensionObject(types.ExtensionObject{Body: []byte{}}), false},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%s: a.Equal(b) = %v, want %v", tt.name, got, tt.want)
		}
		if got := tt.b.Equal(tt.a); got != tt.want {
			t.Errorf("%s: b.Equal(a) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestVariantCycles checks that String and Equal end on a Variant that
// contains itself (possible through a shared []Variant).
func TestVariantCycles(t *testing.T) {
	s := make([]types.Variant, 1)
	v := types.MustVariant(s)
	s[0] = v
	if !v.Equal(v) {
		t.Error("a cyclic Variant is not Equal to itself")
	}
	s2 := make([]types.Variant, 1)
	w := types.MustVariant(s2)
	s2[0] = w
	_ = v.Equal(w) // must end; the answer is unspecified
	if str := v.String(); !strings.Contains(str, "...") || len(str) > 1000 {
		t.Errorf("String of a cyclic Variant = %q", str)
	}
	di := &types.DiagnosticInfo{Mask: types.DiagnosticInfoInnerDiagnosticInfo}
	di.InnerDiagnosticInfo = di
	if str := di.String(); !strings.Contains(str, "{...}") {
		t.Errorf("String of a cyclic DiagnosticInfo = %q", str)
	}
}

func TestVariantStringShortening(t *testing.T) {
	big := make([]float64, 1000)
	for i := range big {
		big[i] = float64(i) / 2
	}
	if got, want := types.MustVariant(big).String(), "Double[1000] [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, ... (1000 elements)]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := types.MustVariant(big[:10]).String(), "Double[10] [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := types.MustVariant(big[:11]).String(), "Double[11] [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, ... (11 elements)]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	long := make([]byte, 40)
	if got, want := types.VariantFromByteString(long).String(), "ByteString(0x"+strings.Repeat("00", 32)+"... (40 bytes))"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	m, _ := types.NewMatrix(make([]int32, 12), 3, 4)
	if got, want := m.String(), "Int32[3x4] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ... (12 elements)]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	specials := types.MustVariant([]float64{math.Inf(1), math.NaN(), 1e21, 1e-7, math.Copysign(0, -1)})
	if got, want := specials.String(), "Double[5] [+Inf, NaN, 1e+21, 1e-07, -0]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := types.VariantFromDateTime(types.MaxDateTime).String(), "DateTime(MaxValue)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := types.VariantFromStatusCode(0x81FF0000).String(); got != "StatusCode(0x81FF0000)" {
		t.Errorf("String() = %q", got)
	}
}

// TestVariantNoAllocs checks that the typed constructors, the accessors
// and SetBits of numeric scalars and strings do not allocate.
func TestVariantNoAllocs(t *testing.T) {
	var sink types.Variant
	var f64 float64
	var ok bool
	s := "temperature"
	fns := map[string]func(){
		"VariantFromFloat64":  func() { sink = types.VariantFromFloat64(3.14) },
		"VariantFromFloat32":  func() { sink = types.VariantFromFloat32(3.14) },
		"VariantFromInt32":    func() { sink = types.VariantFromInt32(-5) },
		"VariantFromUint32":   func() { sink = types.VariantFromUint32(5) },
		"VariantFromInt64":    func() { sink = types.VariantFromInt64(-5) },
		"VariantFromUint64":   func() { sink = types.VariantFromUint64(5) },
		"VariantFromInt16":    func() { sink = types.VariantFromInt16(-5) },
		"VariantFromUint16":   func() { sink = types.VariantFromUint16(5) },
		"VariantFromInt8":     func() { sink = types.VariantFromInt8(-5) },
		"VariantFromUint8":    func() { sink = types.VariantFromUint8(5) },
		"VariantFromBool":     func() { sink = types.VariantFromBool(true) },
		"VariantFromString":   func() { sink = types.VariantFromString(s) },
		"VariantFromXml":      func() { sink = types.VariantFromXmlElement(types.XmlElement(s)) },
		"VariantFromDateTime": func() { sink = types.VariantFromDateTime(t0Ticks) },
		"VariantFromTime":     func() { sink = types.VariantFromTime(t0) },
		"VariantFromStatus":   func() { sink = types.VariantFromStatusCode(0x80340000) },
		"SetBits":             func() { sink.SetBits(types.TypeDouble, 42) },
		"SetString":           func() { sink.SetString(types.TypeString, s) },
		"Float64 accessor":    func() { f64, ok = sink.Float64() },
		"Equal scalars":       func() { ok = sink.Equal(sink) },
		"NewVariant float64":  func() { sink, _ = types.NewVariant(f64) },
	}
	for name, fn := range fns {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	_, _ = f64, ok
}

func ExampleNewVariant() {
	for _, x := range []any{
		3.14,
		"temperature",
		int32(-7),
		[]float32{0.5, 1},
		types.MustParseNodeID("ns=2;s=Demo.Static"),
		time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC),
		[]types.Variant{types.VariantFromBool(true), types.VariantFromString("a")},
	} {
		v, err := types.NewVariant(x)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-8v %-5v %v\n", v.Type(), v.IsArray(), v)
	}
	_, err := types.NewVariant(42) // a Go int has no fixed size
	fmt.Println(err)
	// Output:
	// Double   false Double(3.14)
	// String   false String("temperature")
	// Int32    false Int32(-7)
	// Float    true  Float[2] [0.5, 1]
	// NodeId   false NodeId(ns=2;s=Demo.Static)
	// DateTime false DateTime(2024-01-02T03:04:05.1234567Z)
	// Variant  true  Variant[2] [Boolean(true), String("a")]
	// types: cannot make a Variant of int: the size of a Go int, uint or uintptr is not part of its type; convert to int32, int64, uint32 or uint64
}

func ExampleNewMatrix() {
	m, err := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Dimensions(), m.Len())
	fmt.Println(m)
	_, err = types.NewMatrix([]int32{1, 2, 3}, 2, 2)
	fmt.Println(err)
	// Output:
	// [2 3] 6
	// Int32[2x3] [1, 2, 3, 4, 5, 6]
	// types: cannot make a Variant of []int32: dimensions [2 2] do not match the 3 elements
}

func ExampleVariant_Float64() {
	v := types.VariantFromFloat64(21.5)
	if f, ok := v.Float64(); ok {
		fmt.Println("double", f)
	}
	if _, ok := v.Float32(); !ok {
		fmt.Println("not a Float")
	}
	// Output:
	// double 21.5
	// not a Float
}

func ExampleVariant_Equal() {
	a := types.MustVariant([]float64{1, math.NaN()})
	b := types.MustVariant([]float64{1, math.NaN()})
	fmt.Println(a.Equal(b), types.VariantFromInt32(1).Equal(types.VariantFromInt64(1)))
	// Output:
	// true false
}

func BenchmarkVariantFromFloat64(b *testing.B) {
	b.ReportAllocs()
	var v types.Variant
	for i := 0; i < b.N; i++ {
		v = types.VariantFromFloat64(float64(i))
	}
	_ = v
}

func BenchmarkNewVariantFloat64(b *testing.B) {
	b.ReportAllocs()
	var v types.Variant
	for i := 0; i < b.N; i++ {
		v, _ = types.NewVariant(float64(i))
	}
	_ = v
}

func BenchmarkNewVariantEnum(b *testing.B) {
	b.ReportAllocs()
	var v types.Variant
	for i := 0; i < b.N; i++ {
		v, _ = types.NewVariant(types.NodeClassVariable)
	}
	_ = v
}

func BenchmarkVariantEqualDoubleArray(b *testing.B) {
	x := types.MustVariant(make([]float64, 1000))
	y := types.MustVariant(make([]float64, 1000))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !x.Equal(y) {
			b.Fatal("not equal")
		}
	}
}

func BenchmarkVariantString(b *testing.B) {
	v := types.VariantFromFloat64(3.14)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = v.String()
	}
}

// fuzzVariant builds a Variant from data: the first byte picks the type
// (and array or not), the rest gives the values.
func fuzzVariant(data []byte) (types.Variant, bool) {
	if len(data) == 0 {
		return types.Variant{}, true
	}
	sel, data := data[0], data[1:]
	u64 := func(i int) uint64 {
		var x uint64
		for j := 0; j < 8; j++ {
			if k := i*8 + j; k < len(data) {
				x |= uint64(data[k]) << (8 * j)
			}
		}
		return x
	}
	n := len(data) / 8
	var val any
	switch sel % 12 {
	case 0:
		val = math.Float64frombits(u64(0))
	case 1:
		val = math.Float32frombits(uint32(u64(0)))
	case 2:
		s := make([]float64, n)
		for i := range s {
			s[i] = math.Float64frombits(u64(i))
		}
		val = s
	case 3:
		s := make([]float32, n)
		for i := range s {
			s[i] = math.Float32frombits(uint32(u64(i)))
		}
		val = s
	case 4:
		val = string(data)
	case 5:
		val = types.DateTime(u64(0))
	case 6:
		val = data
	case 7:
		n, err := types.ParseNodeID(string(data))
		if err != nil {
			return types.Variant{}, false
		}
		val = n
	case 8:
		s := make([]types.Variant, 0, len(data))
		for i := range data {
			v, ok := fuzzVariant(data[i:min(len(data), i+9)])
			if ok {
				s = append(s, v)
			}
		}
		val = s
	case 9:
		val = types.DataValue{Value: types.VariantFromFloat64(math.Float64frombits(u64(0))), Status: types.StatusCode(u64(1))}
	case 10:
		val = int64(u64(0))
	case 11:
		val = []int8(nil)
	}
	v, err := types.NewVariant(val)
	return v, err == nil
}

func FuzzVariant(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0xF8, 0x7F})
	f.Add([]byte{2, 1, 0, 0, 0, 0, 0, 0xF8, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0x80})
	f.Add([]byte{4, 'h', 0xff, 'i'})
	f.Add([]byte{7, 'n', 's', '=', '1', ';', 's', '=', 'x'})
	f.Add([]byte{8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
	f.Add([]byte{9, 1, 0, 0, 0, 0, 0, 0xF8, 0x7F, 0, 0, 0x34, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) {
		v, ok := fuzzVariant(data)
		if !ok {
			return
		}
		if !v.Equal(v) {
			t.Fatalf("%v is not Equal to itself", v)
		}
		again, err := types.NewVariant(v.Value())
		if err != nil || !again.Equal(v) {
			t.Fatalf("NewVariant(%v.Value()) = %v, %v", v, again, err)
		}
		if s := v.String(); s == "" {
			t.Fatal("empty String")
		}
		if v.IsArray() {
			m, err := types.NewMatrix(v.Value(), 1, int32(v.Len()))
			if v.Len() == 0 {
				if err == nil {
					t.Fatal("NewMatrix accepted a zero dimension")
				}
				return
			}
			if err != nil || m.Len() != v.Len() || m.Equal(v) {
				t.Fatalf("NewMatrix(1x%d) = %v, %v", v.Len(), m, err)
			}
		}
	})
}

// TestVariantEqualDeepValues covers the reflection comparison used for
// ExtensionObject values of any Go type.
func TestVariantEqualDeepValues(t *testing.T) {
	type inner struct {
		M map[string]float64
		I any
		A [2]float32
		C complex128
		F func()
		P *inner
		u []int32 // unexported fields are compared too
		m map[int32]string
	}
	nan := math.NaN()
	mk := func(v any) types.Variant { return types.VariantFromExtensionObject(types.NewExtensionObject(v)) }
	base := func() *inner {
		return &inner{M: map[string]float64{"a": nan}, I: int32(1), A: [2]float32{1, float32(nan)}, C: complex(1, nan), P: &inner{u: []int32{1}}, u: []int32{2}, m: map[int32]string{1: "x"}}
	}
	if !mk(base()).Equal(mk(base())) {
		t.Error("equal deep values differ")
	}
	changes := []func(*inner){
		func(x *inner) { x.M["a"] = 1 },
		func(x *inner) { x.M["b"] = 1 },
		func(x *inner) { x.M = nil },
		func(x *inner) { x.I = int64(1) },
		func(x *inner) { x.I = nil },
		func(x *inner) { x.A[0] = 2 },
		func(x *inner) { x.C = complex(2, nan) },
		func(x *inner) { x.F = func() {} },
		func(x *inner) { x.P = nil },
		func(x *inner) { x.P.u[0] = 9 },
		func(x *inner) { x.u = nil },
		func(x *inner) { x.u = append(x.u, 3) },
		func(x *inner) { x.m[1] = "y" },
		func(x *inner) { x.m = map[int32]string{2: "x"} },
	}
	for i, change := range changes {
		x := base()
		change(x)
		if mk(base()).Equal(mk(x)) || mk(x).Equal(mk(base())) {
			t.Errorf("change %d: still Equal", i)
		}
	}
	// A self-referencing value compared with itself ends.
	cyc := base()
	cyc.P = cyc
	if !mk(cyc).Equal(mk(cyc)) {
		t.Error("a cyclic value is not Equal to itself")
	}
	// Non-pointer values of any kind.
	if !mk(int32(5)).Equal(mk(int32(5))) || mk(int32(5)).Equal(mk(int64(5))) || !mk("s").Equal(mk("s")) || !mk(true).Equal(mk(true)) {
		t.Error("scalar values")
	}
	// Variants inside values use Variant.Equal; arrays in storage too.
	var v types.Variant
	v.SetRaw(types.TypeInt32, true, []int32{1, 2}, nil)
	v.SetDimensions([]int32{1, 2})
	if !reflect.DeepEqual(v.Dimensions(), []int32{1, 2}) || v.Len() != 2 {
		t.Error("SetDimensions")
	}
	m, _ := types.NewMatrix([]int32{1, 2}, 1, 2)
	if !v.Equal(m) {
		t.Error("SetDimensions matrix differs from NewMatrix")
	}
	for _, x := range []any{[]int8{1}, []uint16{1}, []int64{1}, []uint64{1}, []types.ExpandedNodeID{{}}, []types.QualifiedName{{}}, []types.GUID{{}}} {
		a, b := types.MustVariant(x), types.MustVariant(reflect.ValueOf(x).Slice(0, 1).Interface())
		if a.Len() != 1 || !a.Equal(b) {
			t.Errorf("%T: Len %d, Equal %v", x, a.Len(), a.Equal(b))
		}
	}
}

// TestVariantMisusedStorage checks that Variants whose storage breaks the
// Storage table (possible with the unchecked low-level setters) do not
// make Value, Len, Equal or String panic.
func TestVariantMisusedStorage(t *testing.T) {
	odd := []func(*types.Variant){
		func(v *types.Variant) { v.SetRaw(types.TypeNodeID, false, "not a NodeID", nil) },
		func(v *types.Variant) { v.SetRaw(types.TypeInt32, true, 5, nil) },
		func(v *types.Variant) { v.SetRaw(types.TypeInt32, true, []int{1, 2}, []int32{2}) },
		func(v *types.Variant) { v.SetRaw(types.TypeVariant, false, types.VariantFromInt32(1), nil) },
		func(v *types.Variant) { v.SetRaw(types.TypeNull, true, nil, nil) },
		func(v *types.Variant) { v.SetRaw(types.TypeGUID, false, nil, nil) },
		func(v *types.Variant) { v.SetRaw(40, false, map[string]int{"a": 1}, nil) },
		func(v *types.Variant) { v.SetBits(63, 7) },
		func(v *types.Variant) { v.SetString(types.TypeDouble, "x") },
	}
	for i, set := range odd {
		var v, w types.Variant
		set(&v)
		set(&w)
		_ = v.Value()
		_ = v.Len()
		if s := v.String(); s == "" {
			t.Errorf("case %d: empty String", i)
		}
		if !v.Equal(w) {
			t.Errorf("case %d: %v not Equal to an identical Variant", i, v)
		}
		if v.Equal(types.VariantFromInt32(1)) {
			t.Errorf("case %d: Equal to Int32 1", i)
		}
	}
}
