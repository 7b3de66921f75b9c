package uabin

import (
	"bytes"
	"encoding/hex"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/uabin/uabin/types"
)

// hx parses hex bytes written with spaces: hx("01 02", "d2 04").
func hx(parts ...string) []byte {
	s := strings.Join(strings.Fields(strings.Join(parts, " ")), "")
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// str is the wire form of a non-empty String.
func str(s string) string {
	b := make([]byte, 4, 4+len(s))
	b[0], b[1], b[2], b[3] = byte(len(s)), byte(len(s)>>8), byte(len(s)>>16), byte(len(s)>>24)
	return hex.EncodeToString(append(b, s...))
}

func ptr[T any](v T) *T { return &v }

var (
	t0      = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)
	t0Ticks = types.DateTime(133486382451234567)
	guidW1  = types.GUID{Data1: 0x72962B91, Data2: 0xFA75, Data3: 0x4AE6, Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}}
	guidHex = "91 2b 96 72 75 fa e6 4a 8d 28 b4 04 dc 7d af 63"
)

func vBits(t types.BuiltinType, bits uint64) types.Variant {
	var v types.Variant
	v.SetBits(t, bits)
	return v
}

func vStr(t types.BuiltinType, s string) types.Variant {
	var v types.Variant
	v.SetString(t, s)
	return v
}

func vRaw(t types.BuiltinType, array bool, val any, dims []int32) types.Variant {
	var v types.Variant
	v.SetRaw(t, array, val, dims)
	return v
}

// A wireCase is one value with its exact bytes. Unless encOnly, decoding
// the bytes gives decoded (value if nil); unless decOnly, encoding value
// gives wire.
type wireCase struct {
	name    string
	value   any
	wire    []byte
	decoded any
	opts    Options
	encOnly bool
	decOnly bool
}

var primsWire = hx("01", "fe", "ab", "fe ff", "34 12", "00 ca 9a 3b", "ef be ad de",
	"ff ff ff ff ff ff ff ff", "08 07 06 05 04 03 02 01", "00 00 d0 c0", "1f 85 eb 51 b8 1e 09 40",
	"06 00 00 00 e6 b0 b4 42 6f 79")

var primsValue = Prims{B: true, I8: -2, U8: 0xab, I16: -2, U16: 0x1234, I32: 1e9, U32: 0xdeadbeef,
	I64: -1, U64: 0x0102030405060708, F32: -6.5, F64: 3.14, S: "水Boy"}

var zeroPrimsWire = hx(strings.Repeat("00 ", 43), "ff ff ff ff")

// argumentBody is Argument{Name: "x", DataType: i=11, ValueRank: -1}.
const argumentBody = "01 00 00 00 78  00 0b  ff ff ff ff  ff ff ff ff  00"

var w3DataValue = types.DataValue{Value: vBits(types.TypeDouble, math.Float64bits(42.5)), Status: 0x40000000,
	SourceTimestamp: t0Ticks, SourcePicoseconds: 10, ServerTimestamp: t0Ticks + 10000, ServerPicoseconds: 20}

func w4Request(n int) ReadRequest {
	tok := make([]byte, 16)
	for i := range tok {
		tok[i] = byte(i)
	}
	r := ReadRequest{
		RequestHeader: RequestHeader{AuthenticationToken: types.NewOpaqueNodeID(0, tok), Timestamp: t0Ticks,
			RequestHandle: 42, TimeoutHint: 10000},
		TimestampsToReturn: 2,
	}
	for i := 0; i < n; i++ {
		r.NodesToRead = append(r.NodesToRead, ReadValueID{NodeID: types.NewStringNodeID(2, "Demo.Static.Scalar.Double."+itoa(i)), AttributeID: 13})
	}
	return r
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// w4Body is the ReadRequest of W4 with N = 1 without its type id
// (encoding-rules.md §15; 114 of the 118 bytes).
var w4Body = hx(
	"05 00 00 10 00 00 00 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f", // AuthenticationToken ns=0;b=<16 bytes>
	"07 97 5b 58 28 3d da 01",                      // Timestamp T0
	"2a 00 00 00",                                  // RequestHandle 42
	"00 00 00 00",                                  // ReturnDiagnostics
	"ff ff ff ff",                                  // AuditEntryId null
	"10 27 00 00",                                  // TimeoutHint 10000
	"00 00 00",                                     // AdditionalHeader null ExtensionObject
	"00 00 00 00 00 00 00 00",                      // MaxAge 0
	"02 00 00 00",                                  // TimestampsToReturn Both
	"01 00 00 00",                                  // NodesToRead length 1
	"03 02 00", str("Demo.Static.Scalar.Double.0"), // NodeId ns=2;s=...
	"0d 00 00 00",       // AttributeId 13
	"ff ff ff ff",       // IndexRange null
	"00 00 ff ff ff ff", // DataEncoding {0, null}
)

var wireCases = []wireCase{
	// Primitives (Part 6 §5.2.2).
	{name: "Boolean/true", value: true, wire: hx("01")},
	{name: "Boolean/false", value: false, wire: hx("00")},
	{name: "Boolean/nonzero-is-true", value: true, wire: hx("02"), decOnly: true},
	{name: "SByte", value: int8(-2), wire: hx("fe")},
	{name: "Byte", value: uint8(0xab), wire: hx("ab")},
	{name: "Int16", value: int16(-2), wire: hx("fe ff")},
	{name: "UInt16", value: uint16(0x1234), wire: hx("34 12")},
	{name: "Int32/1e9", value: int32(1e9), wire: hx("00 ca 9a 3b")},
	{name: "UInt32", value: uint32(0xdeadbeef), wire: hx("ef be ad de")},
	{name: "Int64", value: int64(-2), wire: hx("fe ff ff ff ff ff ff ff")},
	{name: "UInt64", value: uint64(0x0102030405060708), wire: hx("08 07 06 05 04 03 02 01")},
	{name: "Float/-6.5", value: float32(-6.5), wire: hx("00 00 d0 c0")},
	{name: "Double/3.14", value: 3.14, wire: hx("1f 85 eb 51 b8 1e 09 40")},
	{name: "Double/-0", value: math.Copysign(0, -1), wire: hx("00 00 00 00 00 00 00 80")},
	{name: "Float/NaN-canonical", value: float32(math.NaN()), wire: hx("00 00 c0 ff"), encOnly: true},
	{name: "Double/NaN-canonical", value: math.NaN(), wire: hx("00 00 00 00 00 00 f8 ff"), encOnly: true},
	{name: "Double/+Inf", value: math.Inf(1), wire: hx("00 00 00 00 00 00 f0 7f")},
	{name: "String/水Boy", value: "水Boy", wire: hx("06 00 00 00 e6 b0 b4 42 6f 79")},
	{name: "String/empty-is-null", value: "", wire: hx("ff ff ff ff")},
	{name: "String/EmptyStrings", value: "", wire: hx("00 00 00 00"), opts: Options{EmptyStrings: true}},
	{name: "String/empty-decodes", value: "", wire: hx("00 00 00 00"), decOnly: true},
	{name: "ByteString/nil", value: []byte(nil), wire: hx("ff ff ff ff")},
	{name: "ByteString/empty", value: []byte{}, wire: hx("00 00 00 00")},
	{name: "ByteString/2", value: []byte{1, 2}, wire: hx("02 00 00 00 01 02")},
	{name: "ByteString/named", value: types.ByteString{9}, wire: hx("01 00 00 00 09")},
	{name: "XmlElement", value: types.XmlElement("<A>Hot水</A>"), wire: hx("0d 00 00 00 3c 41 3e 48 6f 74 e6 b0 b4 3c 2f 41 3e")},
	{name: "DateTime/T0", value: t0Ticks, wire: hx("07 97 5b 58 28 3d da 01")},
	{name: "time.Time/T0", value: t0, wire: hx("07 97 5b 58 28 3d da 01")},
	{name: "time.Time/zero", value: time.Time{}, wire: hx("00 00 00 00 00 00 00 00")},
	{name: "time.Time/before-1601", value: time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC), wire: hx("00 00 00 00 00 00 00 00"), encOnly: true},
	{name: "time.Time/after-9999", value: time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC), wire: hx("ff ff ff ff ff ff ff 7f")},
	{name: "time.Time/negative-ticks", value: time.Time{}, wire: hx("ff ff ff ff ff ff ff ff"), decOnly: true},
	{name: "Guid/W1", value: guidW1, wire: hx(guidHex)},
	{name: "StatusCode", value: types.StatusCode(0x80070000), wire: hx("00 00 07 80")},
	{name: "Enum", value: Enum(3), wire: hx("03 00 00 00")},

	// NodeId (§5.2.2.9).
	{name: "NodeId/TwoByte", value: types.NewNumericNodeID(0, 85), wire: hx("00 55")},
	{name: "NodeId/null", value: types.NodeID{}, wire: hx("00 00")},
	{name: "NodeId/FourByte", value: types.NewNumericNodeID(2, 1234), wire: hx("01 02 d2 04")},
	{name: "NodeId/FourByte-631", value: types.NewNumericNodeID(0, 631), wire: hx("01 00 77 02")},
	{name: "NodeId/Numeric", value: types.NewNumericNodeID(3, 70000), wire: hx("02 03 00 70 11 01 00")},
	{name: "NodeId/Numeric-ns256", value: types.NewNumericNodeID(256, 1), wire: hx("02 00 01 01 00 00 00")},
	{name: "NodeId/Numeric-form-for-small", value: types.NewNumericNodeID(0, 85), wire: hx("02 00 00 55 00 00 00"), decOnly: true},
	{name: "NodeId/String", value: types.NewStringNodeID(1, "Hot水"), wire: hx("03 01 00 06 00 00 00 48 6f 74 e6 b0 b4")},
	{name: "NodeId/String-null", value: types.NewStringNodeID(1, ""), wire: hx("03 01 00 ff ff ff ff")},
	{name: "NodeId/Guid", value: types.NewGUIDNodeID(4, guidW1), wire: hx("04 04 00", guidHex)},
	{name: "NodeId/Opaque", value: types.NewOpaqueNodeID(0, []byte{1, 2}), wire: hx("05 00 00 02 00 00 00 01 02")},
	{name: "NodeId/Opaque-empty-is-null", value: types.NewOpaqueNodeID(1, nil), wire: hx("05 01 00 ff ff ff ff")},

	// ExpandedNodeId (§5.2.2.10).
	{name: "ExpandedNodeId/W1", value: types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"},
		wire: hx("83 00 00", str("Pump.Speed"), str("http://example.org/UA/"))},
	{name: "ExpandedNodeId/uri-zeroes-index", value: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(5, 7), NamespaceURI: "u"},
		wire: hx("80 07", str("u")), encOnly: true},
	{name: "ExpandedNodeId/uri-ignores-index", value: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 7), NamespaceURI: "u"},
		wire: hx("81 05 07 00", str("u")), decOnly: true},
	{name: "ExpandedNodeId/server", value: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 85), ServerIndex: 3}, wire: hx("40 55 03 00 00 00")},
	{name: "ExpandedNodeId/plain", value: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 1234)}, wire: hx("01 02 d2 04")},

	// QualifiedName, LocalizedText (§5.2.2.13-14).
	{name: "QualifiedName/null", value: types.QualifiedName{}, wire: hx("00 00 ff ff ff ff")},
	{name: "QualifiedName", value: types.QualifiedName{NamespaceIndex: 2, Name: "Name"}, wire: hx("02 00", str("Name"))},
	{name: "LocalizedText/empty", value: types.LocalizedText{}, wire: hx("00")},
	{name: "LocalizedText/text", value: types.LocalizedText{Text: "hi"}, wire: hx("02", str("hi"))},
	{name: "LocalizedText/both", value: types.LocalizedText{Locale: "en", Text: "hi"}, wire: hx("03", str("en"), str("hi"))},

	// Variant (§5.2.2.16).
	{name: "Variant/null", value: types.Variant{}, wire: hx("00")},
	{name: "Variant/Double", value: vBits(types.TypeDouble, math.Float64bits(3.14)), wire: hx("0b 1f 85 eb 51 b8 1e 09 40")},
	{name: "Variant/UInt32", value: vBits(types.TypeUInt32, 42), wire: hx("07 2a 00 00 00")},
	{name: "Variant/String", value: vStr(types.TypeString, "temperature"), wire: hx("0c", str("temperature"))},
	{name: "Variant/XmlElement", value: vStr(types.TypeXmlElement, "<a/>"), wire: hx("10", str("<a/>"))},
	{name: "Variant/Boolean", value: vBits(types.TypeBoolean, 1), wire: hx("01 01")},
	{name: "Variant/SByte", value: vBits(types.TypeSByte, math.MaxUint64), wire: hx("02 ff")},
	{name: "Variant/Int16", value: vBits(types.TypeInt16, uint64(1<<64-2)), wire: hx("04 fe ff")},
	{name: "Variant/Float", value: vBits(types.TypeFloat, uint64(math.Float32bits(-6.5))), wire: hx("0a 00 00 d0 c0")},
	{name: "Variant/DateTime", value: vBits(types.TypeDateTime, uint64(t0Ticks)), wire: hx("0d 07 97 5b 58 28 3d da 01")},
	{name: "Variant/StatusCode", value: vBits(types.TypeStatusCode, 0x80070000), wire: hx("13 00 00 07 80")},
	{name: "Variant/Guid", value: vRaw(types.TypeGUID, false, guidW1, nil), wire: hx("0e", guidHex)},
	{name: "Variant/ByteString", value: vRaw(types.TypeByteString, false, []byte{1, 2}, nil), wire: hx("0f 02 00 00 00 01 02")},
	{name: "Variant/NodeId", value: vRaw(types.TypeNodeID, false, types.NewNumericNodeID(2, 1234), nil), wire: hx("11 01 02 d2 04")},
	{name: "Variant/LocalizedText", value: vRaw(types.TypeLocalizedText, false, types.LocalizedText{Text: "hi"}, nil), wire: hx("15 02", str("hi"))},
	{name: "Variant/DataValue", value: vRaw(types.TypeDataValue, false, types.DataValue{Status: 1}, nil), wire: hx("17 02 01 00 00 00")},
	{name: "Variant/ExtensionObject", value: vRaw(types.TypeExtensionObject, false, types.ExtensionObject{}, nil), wire: hx("16 00 00 00")},
	{name: "Variant/Double[2]", value: vRaw(types.TypeDouble, true, []float64{0.5, 1}, nil),
		wire: hx("8b 02 00 00 00", "00 00 00 00 00 00 e0 3f", "00 00 00 00 00 00 f0 3f")},
	{name: "Variant/Int32[2x3]-W2", value: vRaw(types.TypeInt32, true, []int32{1, 2, 3, 4, 5, 6}, []int32{2, 3}),
		wire: hx("c6 06 00 00 00", "01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00 06 00 00 00", "02 00 00 00 02 00 00 00 03 00 00 00")},
	{name: "Variant/Int32-null-array", value: vRaw(types.TypeInt32, true, []int32(nil), nil), wire: hx("86 ff ff ff ff")},
	{name: "Variant/Byte[2]", value: vRaw(types.TypeByte, true, []uint8{1, 2}, nil), wire: hx("83 02 00 00 00 01 02")},
	{name: "Variant/Boolean[2]", value: vRaw(types.TypeBoolean, true, []bool{true, false}, nil), wire: hx("81 02 00 00 00 01 00")},
	{name: "Variant/String[2]", value: vRaw(types.TypeString, true, []string{"a", ""}, nil), wire: hx("8c 02 00 00 00", str("a"), "ff ff ff ff")},
	{name: "Variant/ByteString[1]", value: vRaw(types.TypeByteString, true, [][]byte{{7}}, nil), wire: hx("8f 01 00 00 00 01 00 00 00 07")},
	{name: "Variant/Variant[2]", value: vRaw(types.TypeVariant, true, []types.Variant{vBits(types.TypeInt32, 1), vStr(types.TypeString, "a")}, nil),
		wire: hx("98 02 00 00 00", "06 01 00 00 00", "0c", str("a"))},
	{name: "Variant/id26-kept-as-ByteString", value: vRaw(types.TypeByteString, false, []byte{0xaa}, nil), wire: hx("1a 01 00 00 00 aa"), decOnly: true},
	{name: "Variant/id31-array", value: vRaw(types.TypeByteString, true, [][]byte{{0xaa}}, nil), wire: hx("9f 01 00 00 00 01 00 00 00 aa"), decOnly: true},

	// DataValue (§5.2.2.17).
	{name: "DataValue/empty", value: types.DataValue{}, wire: hx("00")},
	{name: "DataValue/W3", value: w3DataValue, wire: hx("3f 0b 00 00 00 00 00 40 45 40 00 00 00 40 07 97 5b 58 28 3d da 01 0a 00 17 be 5b 58 28 3d da 01 14 00")},
	{name: "DataValue/picoseconds-clamped", value: types.DataValue{SourcePicoseconds: 9999}, wire: hx("10 10 27"), decOnly: true},
	{name: "DataValue/W5-mask-0d", value: types.DataValue{Value: vBits(types.TypeInt32, 1), SourceTimestamp: t0Ticks, ServerTimestamp: t0Ticks},
		wire: hx("0d 06 01 00 00 00 07 97 5b 58 28 3d da 01 07 97 5b 58 28 3d da 01")},

	// DiagnosticInfo (§5.2.2.12).
	{name: "DiagnosticInfo/empty", value: types.DiagnosticInfo{}, wire: hx("00")},
	{name: "DiagnosticInfo/locale-before-text", value: types.DiagnosticInfo{Mask: 0x0c, Locale: 5, LocalizedText: 6}, wire: hx("0c 05 00 00 00 06 00 00 00")},
	{name: "DiagnosticInfo/inner", value: types.DiagnosticInfo{Mask: 0x49, SymbolicID: 1, Locale: 2,
		InnerDiagnosticInfo: &types.DiagnosticInfo{Mask: 0x10, AdditionalInfo: "x"}},
		wire: hx("49 01 00 00 00 02 00 00 00 10", str("x"))},
	{name: "DiagnosticInfo/inner-nil-written-empty", value: types.DiagnosticInfo{Mask: 0x60, InnerStatusCode: 0x80000000},
		decoded: types.DiagnosticInfo{Mask: 0x60, InnerStatusCode: 0x80000000, InnerDiagnosticInfo: &types.DiagnosticInfo{}},
		wire:    hx("60 00 00 00 80 00")},

	// ExtensionObject (§5.2.2.15).
	{name: "ExtensionObject/null", value: types.ExtensionObject{}, wire: hx("00 00 00")},
	{name: "ExtensionObject/raw-binary", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 7), Encoding: 1, Body: []byte{0xaa, 0xbb}},
		wire: hx("01 01 07 00 01 02 00 00 00 aa bb")},
	{name: "ExtensionObject/raw-empty-body", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 7), Encoding: 1, Body: []byte{}},
		wire: hx("01 01 07 00 01 00 00 00 00")},
	{name: "ExtensionObject/encoding-0-with-body", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 9), Body: []byte{1}},
		wire: hx("00 09 01 01 00 00 00 01"), encOnly: true},
	{name: "ExtensionObject/xml", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 5), Encoding: 2, Body: []byte("<a/>")},
		wire: hx("00 05 02", str("<a/>"))},
	{name: "ExtensionObject/no-body-with-type", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 5)}, wire: hx("00 05 00")},
	{name: "ExtensionObject/registered-W7", opts: Options{Types: testRegistry},
		value: types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 298), Encoding: 1,
			Value: &Argument{Name: "x", DataType: types.NewNumericNodeID(0, 11), ValueRank: -1}},
		wire: hx("01 00 2a 01 01 10 00 00 00", argumentBody)},
	{name: "ExtensionObject/registered-by-uri", opts: Options{Types: testRegistry, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:test"}},
		value: types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 5001), Encoding: 1, Value: &Prims{}},
		wire:  hx("01 01 89 13 01 2f 00 00 00", hex.EncodeToString(zeroPrimsWire))},
	{name: "ExtensionObject/unregistered-kept-raw", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(3, 298), Encoding: 1, Body: hx(argumentBody)},
		wire: hx("01 03 2a 01 01 10 00 00 00", argumentBody)},
	{name: "Variant/ExtensionObject-registered", opts: Options{Types: testRegistry},
		value: vRaw(types.TypeExtensionObject, false, types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 298), Encoding: 1,
			Value: &Argument{Name: "x", DataType: types.NewNumericNodeID(0, 11), ValueRank: -1}}, nil),
		wire: hx("16 01 00 2a 01 01 10 00 00 00", argumentBody)},

	// Structures, arrays, pointers.
	{name: "struct/Prims", value: primsValue, wire: primsWire},
	{name: "struct/zero-Prims", value: Prims{}, wire: zeroPrimsWire},
	{name: "pointer/nil-encodes-zero", value: (*Prims)(nil), wire: zeroPrimsWire, decoded: &Prims{}, encOnly: true},
	{name: "slice/nil", value: []int32(nil), wire: hx("ff ff ff ff")},
	{name: "slice/empty", value: []int32{}, wire: hx("00 00 00 00")},
	{name: "slice/Int32", value: []int32{1, -1}, wire: hx("02 00 00 00 01 00 00 00 ff ff ff ff")},
	{name: "slice/Double-bulk", value: []float64{0.5, 1}, wire: hx("02 00 00 00 00 00 00 00 00 00 e0 3f 00 00 00 00 00 00 f0 3f")},
	{name: "slice/Double-NaN-canonical", value: []float64{1, math.NaN()}, wire: hx("02 00 00 00 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 f8 ff"), encOnly: true},
	{name: "slice/Float-NaN-canonical", value: []float32{float32(math.NaN())}, wire: hx("01 00 00 00 00 00 c0 ff"), encOnly: true},
	{name: "array/[2]int32", value: [2]int32{5, 6}, wire: hx("02 00 00 00 05 00 00 00 06 00 00 00")},
	{name: "array/[2]byte-is-array-of-Byte", value: [2]byte{5, 6}, wire: hx("02 00 00 00 05 06")},
	{name: "struct/Arrays", value: Arrays{I32: []int32{1, -1}, F32: []float32{}, Fix: [2]int32{5, 6}, S: []string{"a"},
		BS: [][]byte{nil, {1}}, N: []types.NodeID{types.NewNumericNodeID(0, 1)}, B: []bool{true, false}},
		wire: hx("02 00 00 00 01 00 00 00 ff ff ff ff", "ff ff ff ff", "00 00 00 00", "02 00 00 00 05 00 00 00 06 00 00 00",
			"01 00 00 00", str("a"), "02 00 00 00 ff ff ff ff 01 00 00 00 01", "01 00 00 00 00 01", "02 00 00 00 01 00")},
	{name: "struct/Named", value: Named{E: 3, L: []Enum{1, 2}, SC: 0x80000000},
		decoded: Named{E: 3, L: []Enum{1, 2}, SC: 0x80000000, P: &Prims{}},
		wire:    hx("03 00 00 00", "02 00 00 00 01 00 00 00 02 00 00 00", "00 00 00 00 00 00 00 00", hex.EncodeToString(zeroPrimsWire), "00 00 00 80")},
	{name: "struct/W4-ReadRequest-body", value: w4Request(1), wire: w4Body},

	// Tag features (docs/tags.md).
	{name: "tag/int-wire-types", value: IntTags{A: -5, B: 7, C: []int{1}, D: ptr(-3), E: 9},
		wire: hx("fb ff ff ff", "07 00", "01 00 00 00 01 00 00 00 00 00 00 00", "fd", "09 00 00 00 00 00 00 00")},
	{name: "tag/overrides-and-empty", value: Overrides{T: 5, X: "<a/>", Bs: []byte{1, 2}, Bt: []byte{3}, E: "", Es: []string{""}},
		wire: hx("05 00 00 00 00 00 00 00", str("<a/>"), "02 00 00 00 01 02", "01 00 00 00 03", "00 00 00 00", "01 00 00 00 00 00 00 00")},
	{name: "tag/raw", value: RawArrays{A: [3]uint16{1, 2, 3}, B: [2]uint16{4, 5}, C: [2]byte{6, 7}},
		wire: hx("01 00 02 00 03 00", "02 00 00 00 04 00 05 00", "06 07")},
	{name: "tag/optional-some", value: Optionals{A: 1, C: "x", D: 2},
		wire: hx("02 00 00 00", "01 00 00 00", str("x"), "02")},
	{name: "tag/optional-others", value: Optionals{A: 1, B: ptr(int32(7)), D: 2, E: []int32{}},
		wire: hx("05 00 00 00", "01 00 00 00", "07 00 00 00", "02", "00 00 00 00")},
	{name: "tag/mask-computed", value: Computed{B: "x", C: 3}, wire: hx("01", str("x"), "03 00 00 00")},
	{name: "tag/mask-computed-2", value: Computed{A: 5}, wire: hx("02 05 00 00 00 00 00")},
	{name: "tag/mask-stored", value: Stored{M: 5, B: 9}, wire: hx("05 00 00 00 00 00 00 00 09 00 00 00")},
	{name: "tag/mask-stored-decides", value: Stored{A: 7}, decoded: Stored{}, wire: hx("00 00 00 00"), encOnly: true},
	{name: "tag/switch-2", value: Union{Switch: 2, S: "ab"}, wire: hx("02 00 00 00", str("ab"))},
	{name: "tag/switch-0", value: Union{}, wire: hx("00 00 00 00")},
	{name: "tag/switch-3", value: Union{Switch: 3, D: 1}, wire: hx("03 00 00 00 00 00 00 00 00 00 f0 3f")},
	{name: "tag/switch-writes-only-selected", value: Union{Switch: 1, I: 4, S: "zz"}, decoded: Union{Switch: 1, I: 4},
		wire: hx("01 00 00 00 04 00 00 00"), encOnly: true},
	{name: "tag/max", value: Clamp{P: 9999, Q: 10}, wire: hx("0f 27 0a")},
	{name: "tag/max-clamps", value: Clamp{P: 9999, Q: 10}, wire: hx("ff ff ff"), decOnly: true},
	{name: "tag/skip", value: Skip{A: 1, B: 2, c: 3, D: 4}, decoded: Skip{A: 1, D: 4}, wire: hx("01 00 00 00 04 00 00 00"), encOnly: true},
	{name: "recursive/Node", value: Node{V: 1, Next: &Node{V: 2}}, wire: hx("01 00 00 00 01 00 00 00 00 00 00 00 02 00 00 00")},
}

// roundTrip covers the decode-only cases too: decOnly is decoded from wire,
// the others from the encoding of value.
func runOpts(c wireCase) []Options {
	on, off := c.opts, c.opts
	off.DisableFastPaths = true
	return []Options{on, off}
}

func optsName(o Options) string {
	if o.DisableFastPaths {
		return "plans"
	}
	return "fast"
}

func TestMarshal(t *testing.T) {
	for _, c := range wireCases {
		if c.decOnly {
			continue
		}
		for _, o := range runOpts(c) {
			t.Run(c.name+"/"+optsName(o), func(t *testing.T) {
				got, err := o.Marshal(c.value)
				if err != nil {
					t.Fatalf("Marshal: %v", err)
				}
				if !bytes.Equal(got, c.wire) {
					t.Fatalf("Marshal:\n got % x\nwant % x", got, c.wire)
				}
				// Append after a prefix, and through a pointer.
				pv := reflect.New(reflect.TypeOf(c.value))
				pv.Elem().Set(reflect.ValueOf(c.value))
				got, err = o.Append([]byte{0xee}, pv.Interface())
				if err != nil || !bytes.Equal(got, append([]byte{0xee}, c.wire...)) {
					t.Fatalf("Append(ptr) = % x, %v", got, err)
				}
			})
		}
	}
}

var cmpOpts = []cmp.Option{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmpopts.EquateNaNs(),
	cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) && a.Location() == b.Location() }),
}

func TestUnmarshal(t *testing.T) {
	for _, c := range wireCases {
		if c.encOnly && c.decoded == nil {
			continue
		}
		for _, o := range runOpts(c) {
			t.Run(c.name+"/"+optsName(o), func(t *testing.T) {
				want := c.value
				if c.decoded != nil {
					want = c.decoded
				}
				typ := reflect.TypeOf(c.value)
				if typ.Kind() == reflect.Pointer {
					typ = typ.Elem()
					want = reflect.ValueOf(want).Elem().Interface()
				}
				in := bytes.Clone(c.wire)
				pv := reflect.New(typ)
				if err := o.Unmarshal(in, pv.Interface()); err != nil {
					t.Fatalf("Unmarshal(% x): %v", in, err)
				}
				if d := cmp.Diff(want, pv.Elem().Interface(), cmpOpts...); d != "" {
					t.Fatalf("Unmarshal(% x) mismatch (-want +got):\n%s", in, d)
				}
				// The result must not alias the input.
				for i := range in {
					in[i] = 0xa5
				}
				if d := cmp.Diff(want, pv.Elem().Interface(), cmpOpts...); d != "" {
					t.Fatalf("the decoded value aliases the input (-want +got):\n%s", d)
				}
				// Decode consumes exactly the value from a longer input.
				n, err := o.Decode(append(bytes.Clone(c.wire), 0xff, 0xfe), reflect.New(typ).Interface())
				if err != nil || n != len(c.wire) {
					t.Fatalf("Decode = %d, %v; want %d", n, err, len(c.wire))
				}
			})
		}
	}
}

func TestSize(t *testing.T) {
	for _, c := range wireCases {
		if c.decOnly {
			continue
		}
		for _, o := range runOpts(c) {
			n, err := o.Size(c.value)
			if err != nil || n != len(c.wire) {
				t.Errorf("%s/%s: Size = %d, %v; want %d", c.name, optsName(o), n, err, len(c.wire))
			}
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	for _, c := range wireCases {
		if c.decOnly {
			continue
		}
		for _, o := range runOpts(c) {
			b.Run(c.name+"/"+optsName(o), func(b *testing.B) {
				pv := reflect.New(reflect.TypeOf(c.value))
				pv.Elem().Set(reflect.ValueOf(c.value))
				v := pv.Interface()
				buf := make([]byte, 0, 2*len(c.wire)+64)
				b.ReportAllocs()
				b.SetBytes(int64(len(c.wire)))
				for i := 0; i < b.N; i++ {
					var err error
					if buf, err = o.Append(buf[:0], v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	for _, c := range wireCases {
		if c.encOnly {
			continue
		}
		for _, o := range runOpts(c) {
			b.Run(c.name+"/"+optsName(o), func(b *testing.B) {
				typ := reflect.TypeOf(c.value)
				if typ.Kind() == reflect.Pointer {
					typ = typ.Elem()
				}
				v := reflect.New(typ).Interface()
				b.ReportAllocs()
				b.SetBytes(int64(len(c.wire)))
				for i := 0; i < b.N; i++ {
					if err := o.Unmarshal(c.wire, v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
