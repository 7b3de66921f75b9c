package uajson_test

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

// T0 is the reference instant of the workloads, 2024-01-02T03:04:05.1234567Z.
const T0 = types.DateTime(133486382451234567)

var (
	guid = types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63")
	// nsTable and srvTable are the tables of the cases that use them.
	nsTable  = []string{"http://opcfoundation.org/UA/", "urn:ns1", "http://acme.org/", "urn:ns;3"}
	srvTable = []string{"urn:local", "urn:server1"}
)

// A textCase is one value and its exact JSON text in each form. An empty
// verbose, reversible or nonReversible text means "the same as compact";
// noDecode skips decoding the texts back (values that the texts cannot
// carry exactly), decoded is what the texts decode to when it is not the
// value itself.
type textCase struct {
	name                                        string
	value                                       any
	compact, verbose, reversible, nonReversible string
	tables                                      bool
	decoded                                     any
	noDecode                                    bool
}

func mustVariant(v any) types.Variant { return types.MustVariant(v) }

func matrix() types.Variant {
	m, err := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		panic(err)
	}
	return m
}

func w3() types.DataValue {
	return types.DataValue{Value: mustVariant(42.5), Status: 0x40000000, SourceTimestamp: T0, SourcePicoseconds: 10,
		ServerTimestamp: T0 + 10000, ServerPicoseconds: 20}
}

func nullArray() types.Variant {
	var v types.Variant
	v.SetRaw(types.TypeInt32, true, []int32(nil), nil)
	return v
}

var textCases = []textCase{
	// §5.4.2.2 Boolean, §5.4.2.3 integers (Int64 and UInt64 as strings).
	{name: "Boolean", value: true, compact: `true`},
	{name: "SByte", value: int8(-5), compact: `-5`},
	{name: "Byte", value: uint8(250), compact: `250`},
	{name: "Int16", value: int16(-32768), compact: `-32768`},
	{name: "UInt16", value: uint16(65535), compact: `65535`},
	{name: "Int32", value: int32(math.MinInt32), compact: `-2147483648`},
	{name: "UInt32", value: uint32(0xDEADBEEF), compact: `3735928559`},
	{name: "Int64", value: int64(-9007199254740993), compact: `"-9007199254740993"`},
	{name: "UInt64", value: uint64(math.MaxUint64), compact: `"18446744073709551615"`},
	// §5.4.2.4 Float and Double: shortest text; NaN and infinities as strings.
	{name: "Float", value: float32(0.1), compact: `0.1`},
	{name: "Double", value: 3.141592653589793, compact: `3.141592653589793`},
	{name: "Double/whole", value: 100.0, compact: `100`},
	{name: "Double/1e21", value: 1e21, compact: `1e+21`},
	{name: "Double/1.5e-7", value: 1.5e-7, compact: `1.5e-7`},
	{name: "Double/-0", value: math.Copysign(0, -1), compact: `-0`},
	{name: "Double/NaN", value: math.NaN(), compact: `"NaN"`},
	{name: "Double/Infinity", value: math.Inf(1), compact: `"Infinity"`},
	{name: "Float/-Infinity", value: float32(math.Inf(-1)), compact: `"-Infinity"`},
	// §5.4.2.5 String: RFC 8259 escapes; "" is the null String.
	{name: "String", value: "Hello, OPC UA binary world!", compact: `"Hello, OPC UA binary world!"`},
	{name: "String/escapes", value: "q\"b\\ \n\t\r\b\f\x01\x1f 水 / <>", compact: `"q\"b\\ \n\t\r\b\f\u0001\u001f 水 / <>"`},
	{name: "String/null", value: "", compact: `null`},
	{name: "String/empty", value: wire.EmptyString, compact: `""`},
	// §5.4.2.6 DateTime.
	{name: "DateTime", value: T0, compact: `"2024-01-02T03:04:05.1234567Z"`},
	{name: "DateTime/whole second", value: T0 - 1234567, compact: `"2024-01-02T03:04:05Z"`},
	{name: "DateTime/ms", value: T0 - 34567, compact: `"2024-01-02T03:04:05.12Z"`},
	{name: "DateTime/MinValue", value: types.DateTime(0), compact: `null`},
	{name: "DateTime/first tick", value: types.DateTime(1), compact: `"1601-01-01T00:00:00.0000001Z"`},
	{name: "DateTime/MaxValue", value: types.MaxDateTime, compact: `"9999-12-31T23:59:59Z"`},
	{name: "DateTime/end of time", value: types.EndOfTimeTicks, compact: `"9999-12-31T23:59:59Z"`, decoded: types.MaxDateTime},
	{name: "time.Time", value: T0.Time(), compact: `"2024-01-02T03:04:05.1234567Z"`},
	{name: "time.Time/zero", value: time.Time{}, compact: `null`},
	// §5.4.2.7 Guid.
	{name: "Guid", value: guid, compact: `"72962B91-FA75-4AE6-8D28-B404DC7DAF63"`},
	{name: "Guid/null", value: types.GUID{}, compact: `null`},
	// §5.4.2.8 ByteString: base64.
	{name: "ByteString", value: []byte{1, 2, 3, 0xFF}, compact: `"AQID/w=="`},
	{name: "ByteString/empty", value: []byte{}, compact: `""`},
	{name: "ByteString/null", value: []byte(nil), compact: `null`},
	{name: "ByteString/named", value: types.ByteString{0xFB}, compact: `"+w=="`},
	// §5.4.2.9 XmlElement: a String.
	{name: "XmlElement", value: types.XmlElement("<A>Hot水</A>"), compact: `"<A>Hot水</A>"`},
	// §5.4.2.10 NodeId: v1.05 strings; deprecated objects (Table H.1).
	{name: "NodeId/ns0", value: types.NewNumericNodeID(0, 85), compact: `"i=85"`, reversible: `{"Id":85}`, nonReversible: `{"Id":85}`},
	{name: "NodeId/ns2", value: types.NewNumericNodeID(2, 1234), compact: `"ns=2;i=1234"`, reversible: `{"Id":1234,"Namespace":2}`, nonReversible: `{"Id":1234,"Namespace":2}`},
	{name: "NodeId/ns2 with table", value: types.NewNumericNodeID(2, 1234), tables: true,
		compact: `"nsu=http://acme.org/;i=1234"`, reversible: `{"Id":1234,"Namespace":2}`, nonReversible: `{"Id":1234,"Namespace":"http://acme.org/"}`},
	{name: "NodeId/escaped URI", value: types.NewStringNodeID(3, "a;b=c"), tables: true,
		compact: `"nsu=urn:ns%3B3;s=a;b=c"`, reversible: `{"IdType":1,"Id":"a;b=c","Namespace":3}`, nonReversible: `{"IdType":1,"Id":"a;b=c","Namespace":"urn:ns;3"}`},
	{name: "NodeId/string", value: types.NewStringNodeID(2, "Demo.Static.Scalar.Double"),
		compact: `"ns=2;s=Demo.Static.Scalar.Double"`, reversible: `{"IdType":1,"Id":"Demo.Static.Scalar.Double","Namespace":2}`, nonReversible: `{"IdType":1,"Id":"Demo.Static.Scalar.Double","Namespace":2}`},
	{name: "NodeId/guid", value: types.NewGUIDNodeID(4, guid),
		compact: `"ns=4;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63"`, reversible: `{"IdType":2,"Id":"72962B91-FA75-4AE6-8D28-B404DC7DAF63","Namespace":4}`, nonReversible: `{"IdType":2,"Id":"72962B91-FA75-4AE6-8D28-B404DC7DAF63","Namespace":4}`},
	{name: "NodeId/opaque", value: types.NewOpaqueNodeID(1, []byte{0, 1, 2, 3}),
		compact: `"ns=1;b=AAECAw=="`, reversible: `{"IdType":3,"Id":"AAECAw==","Namespace":1}`, nonReversible: `{"IdType":3,"Id":"AAECAw==","Namespace":1}`},
	{name: "NodeId/null", value: types.NodeID{}, compact: `null`},
	// §5.4.2.11 ExpandedNodeId.
	{name: "ExpandedNodeId/uri", value: types.MustParseExpandedNodeID("nsu=http://example.org/UA/;s=Pump.Speed"),
		compact: `"nsu=http://example.org/UA/;s=Pump.Speed"`, reversible: `{"IdType":1,"Id":"Pump.Speed","Namespace":"http://example.org/UA/"}`, nonReversible: `{"IdType":1,"Id":"Pump.Speed","Namespace":"http://example.org/UA/"}`},
	{name: "ExpandedNodeId/server", value: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5), ServerIndex: 1},
		compact: `"svr=1;ns=2;i=5"`, reversible: `{"Id":5,"Namespace":2,"ServerUri":1}`, nonReversible: `{"Id":5,"Namespace":2,"ServerUri":1}`},
	{name: "ExpandedNodeId/server with tables", value: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5), ServerIndex: 1}, tables: true,
		compact: `"svu=urn:server1;nsu=http://acme.org/;i=5"`, reversible: `{"Id":5,"Namespace":2,"ServerUri":1}`,
		nonReversible: `{"Id":5,"Namespace":"http://acme.org/","ServerUri":"urn:server1"}`},
	// §5.4.2.12 StatusCode: {Code, Symbol}; Symbol in Verbose only.
	{name: "StatusCode/Good", value: types.StatusCode(0), compact: `{}`, reversible: `0`},
	{name: "StatusCode/Bad", value: types.StatusCode(0x80340000), compact: `{"Code":2150891520}`,
		verbose: `{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}`, reversible: `2150891520`, nonReversible: `{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}`},
	{name: "StatusCode/info bits", value: types.StatusCode(0x80340400), compact: `{"Code":2150892544}`,
		verbose: `{"Code":2150892544,"Symbol":"BadNodeIdUnknown"}`, reversible: `2150892544`, nonReversible: `{"Code":2150892544,"Symbol":"BadNodeIdUnknown"}`},
	{name: "StatusCode/unknown", value: types.StatusCode(0x8FFF0000), compact: `{"Code":2415853568}`, reversible: `2415853568`},
	// §5.4.2.14 QualifiedName.
	{name: "QualifiedName/ns0", value: types.NewQualifiedName(0, "Objects"), compact: `"Objects"`, reversible: `{"Name":"Objects"}`, nonReversible: `{"Name":"Objects"}`},
	{name: "QualifiedName/ns2", value: types.NewQualifiedName(2, "Temperature"), compact: `"2:Temperature"`, reversible: `{"Name":"Temperature","Uri":2}`, nonReversible: `{"Name":"Temperature","Uri":2}`},
	{name: "QualifiedName/ns2 with table", value: types.NewQualifiedName(2, "Temperature"), tables: true,
		compact: `"nsu=http://acme.org/;Temperature"`, reversible: `{"Name":"Temperature","Uri":2}`, nonReversible: `{"Name":"Temperature","Uri":"http://acme.org/"}`},
	{name: "QualifiedName/ns0 looking indexed", value: types.NewQualifiedName(0, "1:x"), compact: `"0:1:x"`, reversible: `{"Name":"1:x"}`, nonReversible: `{"Name":"1:x"}`},
	{name: "QualifiedName/null", value: types.QualifiedName{}, compact: `null`},
	// §5.4.2.15 LocalizedText.
	{name: "LocalizedText", value: types.NewLocalizedText("de-DE", "Pumpe"), compact: `{"Locale":"de-DE","Text":"Pumpe"}`, nonReversible: `"Pumpe"`},
	{name: "LocalizedText/text only", value: types.NewLocalizedText("", "Pump"), compact: `{"Text":"Pump"}`, nonReversible: `"Pump"`},
	{name: "LocalizedText/empty", value: types.LocalizedText{}, compact: `null`},
	// §5.4.2.16 ExtensionObject: raw bodies.
	{name: "ExtensionObject/binary body", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(3, 5001), Encoding: types.ExtensionObjectBinary, Body: []byte{1, 2, 3}},
		compact: `{"UaTypeId":"ns=3;i=5001","UaEncoding":1,"UaBody":"AQID"}`, reversible: `{"TypeId":{"Id":5001,"Namespace":3},"Encoding":1,"Body":"AQID"}`, nonReversible: `"AQID"`},
	{name: "ExtensionObject/xml body", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 9), Encoding: types.ExtensionObjectXML, Body: []byte("<A/>")},
		compact: `{"UaTypeId":"ns=2;i=9","UaEncoding":2,"UaBody":"PEEvPg=="}`, reversible: `{"TypeId":{"Id":9,"Namespace":2},"Encoding":2,"Body":"<A/>"}`, nonReversible: `"<A/>"`},
	{name: "ExtensionObject/type id only", value: types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 297)},
		compact: `{"UaTypeId":"i=297"}`, reversible: `{"TypeId":{"Id":297}}`, nonReversible: `null`},
	{name: "ExtensionObject/raw structure", value: types.ExtensionObject{Encoding: types.ExtensionObjectBinary,
		Value: uajson.RawStructure{TypeID: types.NewNumericNodeID(2, 5), Members: []byte(`"Name":"x","N":[1,2]`)}},
		compact: `{"UaTypeId":"ns=2;i=5","Name":"x","N":[1,2]}`, reversible: `{"TypeId":{"Id":5,"Namespace":2},"Body":{"Name":"x","N":[1,2]}}`, nonReversible: `{"Name":"x","N":[1,2]}`,
		decoded: types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5), Encoding: types.ExtensionObjectBinary,
			Value: uajson.RawStructure{TypeID: types.NewNumericNodeID(2, 5), Members: []byte(`"Name":"x","N":[1,2]`)}}},
	{name: "ExtensionObject/null", value: types.ExtensionObject{}, compact: `null`},
	// §5.4.2.17 Variant.
	{name: "Variant/Double", value: mustVariant(3.14), compact: `{"UaType":11,"Value":3.14}`, reversible: `{"Type":11,"Body":3.14}`, nonReversible: `3.14`},
	{name: "Variant/UInt32", value: mustVariant(uint32(42)), compact: `{"UaType":7,"Value":42}`, reversible: `{"Type":7,"Body":42}`, nonReversible: `42`},
	{name: "Variant/Int64", value: mustVariant(int64(1) << 60), compact: `{"UaType":8,"Value":"1152921504606846976"}`, reversible: `{"Type":8,"Body":"1152921504606846976"}`, nonReversible: `"1152921504606846976"`},
	{name: "Variant/String", value: mustVariant("temperature"), compact: `{"UaType":12,"Value":"temperature"}`, reversible: `{"Type":12,"Body":"temperature"}`, nonReversible: `"temperature"`},
	{name: "Variant/null String", value: mustVariant(""), compact: `{"UaType":12}`, reversible: `{"Type":12}`, nonReversible: `null`},
	{name: "Variant/Boolean", value: mustVariant(false), compact: `{"UaType":1,"Value":false}`, reversible: `{"Type":1,"Body":false}`, nonReversible: `false`},
	{name: "Variant/DateTime", value: mustVariant(T0), compact: `{"UaType":13,"Value":"2024-01-02T03:04:05.1234567Z"}`,
		reversible: `{"Type":13,"Body":"2024-01-02T03:04:05.1234567Z"}`, nonReversible: `"2024-01-02T03:04:05.1234567Z"`},
	{name: "Variant/StatusCode", value: mustVariant(types.StatusCode(0x80340000)), compact: `{"UaType":19,"Value":{"Code":2150891520}}`,
		verbose: `{"UaType":19,"Value":{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}}`, reversible: `{"Type":19,"Body":2150891520}`, nonReversible: `{"Code":2150891520,"Symbol":"BadNodeIdUnknown"}`},
	{name: "Variant/ByteString", value: mustVariant([]byte{1, 2}), compact: `{"UaType":15,"Value":"AQI="}`, reversible: `{"Type":15,"Body":"AQI="}`, nonReversible: `"AQI="`},
	{name: "Variant/Byte array", value: types.VariantFromByteArray([]byte{1, 2, 255}), compact: `{"UaType":3,"Value":[1,2,255]}`, reversible: `{"Type":3,"Body":[1,2,255]}`, nonReversible: `[1,2,255]`},
	{name: "Variant/Double array", value: mustVariant([]float64{0, 0.5, 1}), compact: `{"UaType":11,"Value":[0,0.5,1]}`, reversible: `{"Type":11,"Body":[0,0.5,1]}`, nonReversible: `[0,0.5,1]`},
	{name: "Variant/String array", value: mustVariant([]string{"a", ""}), compact: `{"UaType":12,"Value":["a",null]}`, reversible: `{"Type":12,"Body":["a",null]}`, nonReversible: `["a",null]`},
	{name: "Variant/matrix", value: matrix(), compact: `{"UaType":6,"Value":[1,2,3,4,5,6],"Dimensions":[2,3]}`,
		reversible: `{"Type":6,"Body":[1,2,3,4,5,6],"Dimensions":[2,3]}`, nonReversible: `[[1,2,3],[4,5,6]]`},
	{name: "Variant/null array", value: nullArray(), compact: `{"UaType":6,"Value":null}`, reversible: `{"Type":6,"Body":null}`, nonReversible: `null`},
	{name: "Variant/Variant array", value: mustVariant([]types.Variant{mustVariant(int32(1)), {}, mustVariant("two")}),
		compact:    `{"UaType":24,"Value":[{"UaType":6,"Value":1},null,{"UaType":12,"Value":"two"}]}`,
		reversible: `{"Type":24,"Body":[{"Type":6,"Body":1},null,{"Type":12,"Body":"two"}]}`, nonReversible: `[1,null,"two"]`},
	{name: "Variant/NodeId with table", value: mustVariant(types.NewNumericNodeID(2, 7)), tables: true,
		compact: `{"UaType":17,"Value":"nsu=http://acme.org/;i=7"}`, reversible: `{"Type":17,"Body":{"Id":7,"Namespace":2}}`, nonReversible: `{"Id":7,"Namespace":"http://acme.org/"}`},
	{name: "Variant/LocalizedText", value: mustVariant(types.NewLocalizedText("en", "Hi")), compact: `{"UaType":21,"Value":{"Locale":"en","Text":"Hi"}}`,
		reversible: `{"Type":21,"Body":{"Locale":"en","Text":"Hi"}}`, nonReversible: `"Hi"`},
	{name: "Variant/null", value: types.Variant{}, compact: `null`},
	// §5.4.2.18 DataValue: the Variant's members inline.
	{name: "DataValue/W3", value: w3(),
		compact:       `{"UaType":11,"Value":42.5,"Status":{"Code":1073741824},"SourceTimestamp":"2024-01-02T03:04:05.1234567Z","SourcePicoseconds":10,"ServerTimestamp":"2024-01-02T03:04:05.1244567Z","ServerPicoseconds":20}`,
		verbose:       `{"UaType":11,"Value":42.5,"Status":{"Code":1073741824,"Symbol":"Uncertain"},"SourceTimestamp":"2024-01-02T03:04:05.1234567Z","SourcePicoseconds":10,"ServerTimestamp":"2024-01-02T03:04:05.1244567Z","ServerPicoseconds":20}`,
		reversible:    `{"Value":{"Type":11,"Body":42.5},"Status":1073741824,"SourceTimestamp":"2024-01-02T03:04:05.1234567Z","SourcePicoseconds":10,"ServerTimestamp":"2024-01-02T03:04:05.1244567Z","ServerPicoseconds":20}`,
		nonReversible: `{"Value":42.5,"Status":{"Code":1073741824,"Symbol":"Uncertain"},"SourceTimestamp":"2024-01-02T03:04:05.1234567Z","SourcePicoseconds":10,"ServerTimestamp":"2024-01-02T03:04:05.1244567Z","ServerPicoseconds":20}`},
	{name: "DataValue/value only", value: types.NewDataValue(mustVariant(int32(7))), compact: `{"UaType":6,"Value":7}`,
		reversible: `{"Value":{"Type":6,"Body":7}}`, nonReversible: `{"Value":7}`},
	{name: "DataValue/empty", value: types.DataValue{}, compact: `null`},
	// §5.4.2.13 DiagnosticInfo.
	{name: "DiagnosticInfo", value: types.DiagnosticInfo{}.WithSymbolicID(3).WithLocalizedText(4).WithAdditionalInfo("valve stuck").
		WithInnerStatusCode(0x800A0000).WithInner(types.DiagnosticInfo{}.WithSymbolicID(5)),
		compact:       `{"SymbolicId":3,"LocalizedText":4,"AdditionalInfo":"valve stuck","InnerStatusCode":{"Code":2148139008},"InnerDiagnosticInfo":{"SymbolicId":5}}`,
		verbose:       `{"SymbolicId":3,"LocalizedText":4,"AdditionalInfo":"valve stuck","InnerStatusCode":{"Code":2148139008,"Symbol":"BadTimeout"},"InnerDiagnosticInfo":{"SymbolicId":5}}`,
		reversible:    `{"SymbolicId":3,"LocalizedText":4,"AdditionalInfo":"valve stuck","InnerStatusCode":2148139008,"InnerDiagnosticInfo":{"SymbolicId":5}}`,
		nonReversible: `{"SymbolicId":3,"LocalizedText":4,"AdditionalInfo":"valve stuck","InnerStatusCode":{"Code":2148139008,"Symbol":"BadTimeout"},"InnerDiagnosticInfo":{"SymbolicId":5}}`},
	{name: "DiagnosticInfo/every field", value: types.DiagnosticInfo{}.WithSymbolicID(-1).WithNamespaceURI(0).WithLocale(1).WithLocalizedText(2).WithAdditionalInfo("").WithInnerStatusCode(0).WithInner(types.DiagnosticInfo{}),
		compact:    `{"SymbolicId":-1,"NamespaceUri":0,"Locale":1,"LocalizedText":2,"AdditionalInfo":"","InnerStatusCode":{},"InnerDiagnosticInfo":{}}`,
		reversible: `{"SymbolicId":-1,"NamespaceUri":0,"Locale":1,"LocalizedText":2,"AdditionalInfo":"","InnerStatusCode":0,"InnerDiagnosticInfo":{}}`,
		decoded:    types.DiagnosticInfo{}.WithSymbolicID(-1).WithNamespaceURI(0).WithLocale(1).WithLocalizedText(2).WithAdditionalInfo(wire.EmptyString).WithInnerStatusCode(0).WithInner(types.DiagnosticInfo{})},
	{name: "DiagnosticInfo/empty", value: types.DiagnosticInfo{}, compact: `null`},
	// §5.4.5 arrays: JSON arrays, null elements.
	{name: "array/Int64", value: []int64{1, -2}, compact: `["1","-2"]`},
	{name: "array/String", value: []string{"a", "", wire.EmptyString}, compact: `["a",null,""]`},
	{name: "array/Guid", value: []types.GUID{guid, {}}, compact: `["72962B91-FA75-4AE6-8D28-B404DC7DAF63",null]`},
	{name: "array/ByteString", value: [][]byte{{1}, nil, {}}, compact: `["AQ==",null,""]`},
	{name: "array/NodeId", value: []types.NodeID{types.NewNumericNodeID(0, 1), {}}, compact: `["i=1",null]`, reversible: `[{"Id":1},null]`, nonReversible: `[{"Id":1},null]`},
	{name: "array/StatusCode", value: []types.StatusCode{0, 0x80000000}, compact: `[{},{"Code":2147483648}]`,
		verbose: `[{},{"Code":2147483648,"Symbol":"Bad"}]`, reversible: `[0,2147483648]`, nonReversible: `[{},{"Code":2147483648,"Symbol":"Bad"}]`},
	{name: "array/DataValue", value: []types.DataValue{{}, types.NewDataValue(mustVariant(true))}, compact: `[null,{"UaType":1,"Value":true}]`,
		reversible: `[null,{"Value":{"Type":1,"Body":true}}]`, nonReversible: `[null,{"Value":true}]`},
	{name: "array/Go array of Byte", value: [3]uint8{1, 2, 3}, compact: `[1,2,3]`},
	{name: "array/empty", value: []int32{}, compact: `[]`},
	{name: "array/null", value: []int32(nil), compact: `null`},
	{name: "array/pointers", value: []*types.NodeID{ptrTo(types.NewNumericNodeID(0, 2)), nil}, compact: `["i=2",null]`, reversible: `[{"Id":2},null]`, nonReversible: `[{"Id":2},null]`,
		decoded: []*types.NodeID{ptrTo(types.NewNumericNodeID(0, 2)), nil}},
}

func ptrTo[T any](v T) *T { return &v }

func (c textCase) options(enc uajson.Encoding) uajson.Options {
	o := uajson.Options{Encoding: enc}
	if c.tables {
		o.NamespaceURIs, o.ServerURIs = nsTable, srvTable
	}
	return o
}

// texts returns the expected text of each form.
func (c textCase) texts() [4]string {
	t := [4]string{c.compact, c.verbose, c.reversible, c.nonReversible}
	for i := 1; i < 4; i++ {
		if t[i] == "" {
			t[i] = c.compact
		}
	}
	if c.verbose == "" {
		t[1] = c.compact
	}
	return t
}

var encodings = [4]uajson.Encoding{uajson.Compact, uajson.Verbose, uajson.Reversible, uajson.NonReversible}

func TestEncodeText(t *testing.T) {
	for _, c := range textCases {
		for i, want := range c.texts() {
			enc := encodings[i]
			t.Run(c.name+"/"+enc.String(), func(t *testing.T) {
				got, err := c.options(enc).Marshal(c.value)
				if err != nil {
					t.Fatalf("Marshal: %v", err)
				}
				if string(got) != want {
					t.Errorf("got  %s\nwant %s", got, want)
				}
				// By pointer: the same text.
				p := reflect.New(reflect.TypeOf(c.value))
				p.Elem().Set(reflect.ValueOf(c.value))
				got2, err := c.options(enc).Marshal(p.Interface())
				if err != nil || string(got2) != want {
					t.Errorf("by pointer: %s, %v", got2, err)
				}
				// Append keeps what the buffer held.
				got3, err := c.options(enc).Append([]byte("x"), c.value)
				if err != nil || string(got3) != "x"+want {
					t.Errorf("Append: %s, %v", got3, err)
				}
			})
		}
	}
}

// equalValues compares decoded values: deeply, with NaN equal to NaN and
// Variants and DataValues by their Equal methods.
func equalValues(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && (x == y && math.Signbit(x) == math.Signbit(y) || x != x && y != y)
	case float32:
		y, ok := b.(float32)
		return ok && (x == y || x != x && y != y)
	case types.Variant:
		y, ok := b.(types.Variant)
		return ok && x.Equal(y) && reflect.DeepEqual(x.Dimensions(), y.Dimensions()) && x.IsArray() == y.IsArray()
	case types.DataValue:
		y, ok := b.(types.DataValue)
		return ok && x.Equal(y) && x.SentZero == y.SentZero
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	case string:
		y, ok := b.(string)
		return ok && x == y && wire.IsEmptyString(x) == wire.IsEmptyString(y)
	}
	return reflect.DeepEqual(a, b)
}

func TestDecodeText(t *testing.T) {
	for _, c := range textCases {
		if c.noDecode {
			continue
		}
		want := c.value
		if c.decoded != nil {
			want = c.decoded
		}
		texts := c.texts()
		// Compact, Verbose and the deprecated Reversible form decode to the
		// value, with the same options.
		for i, text := range texts[:3] {
			t.Run(c.name+"/"+encodings[i].String(), func(t *testing.T) {
				p := reflect.New(reflect.TypeOf(c.value))
				if err := c.options(uajson.Compact).Unmarshal([]byte(text), p.Interface()); err != nil {
					t.Fatalf("Unmarshal(%s): %v", text, err)
				}
				if got := p.Elem().Interface(); !equalValues(got, want) {
					t.Errorf("Unmarshal(%s) = %#v, want %#v", text, got, want)
				}
			})
		}
	}
}

// newOf returns a pointer to a new zero value of v's type.
func newOf(v any) reflect.Value { return reflect.New(reflect.TypeOf(v)) }
