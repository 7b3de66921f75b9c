package uajson_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

// TestDecodeForms decodes texts that encoders other than uajson write, or
// that put members in another order, into the values they mean.
func TestDecodeForms(t *testing.T) {
	cases := []struct {
		name string
		text string
		want any
		o    uajson.Options
	}{
		{"white space", " \t\n\r{ \"UaType\" : 11 , \"Value\" : 3.14 }\n", mustVariant(3.14), uajson.Options{}},
		{"UaType after Value", `{"Value":[1,2,3,4,5,6],"Dimensions":[2,3],"UaType":6}`, matrix(), uajson.Options{}},
		{"Dimensions first", `{"Dimensions":[2,3],"UaType":6,"Value":[1,2,3,4,5,6]}`, matrix(), uajson.Options{}},
		{"one dimension", `{"UaType":6,"Value":[1,2],"Dimensions":[2]}`, mustVariant([]int32{1, 2}), uajson.Options{}},
		{"unknown members skipped", `{"x":{"a":[1,{"b":null}]},"UaType":7,"y":"z","Value":42}`, mustVariant(uint32(42)), uajson.Options{}},
		{"Variant {}", `{}`, types.Variant{}, uajson.Options{}},
		{"Int64 as a number", `{"UaType":8,"Value":-12}`, mustVariant(int64(-12)), uajson.Options{}},
		{"Int32 as a string", `"-12"`, int32(-12), uajson.Options{}},
		{"integral number with a fraction", `1.0e2`, int32(100), uajson.Options{}},
		{"escaped member names", `{"\u0055aType":12,"Val\u0075e":"a\u00e9\ud83d\ude00"}`, mustVariant("aé😀"), uajson.Options{}},
		{"DateTime with offset", `"2024-01-02T05:04:05.1234567+02:00"`, T0, uajson.Options{}},
		{"DateTime with 9 digits", `"2024-01-02T03:04:05.123456789Z"`, T0, uajson.Options{}},
		{"DateTime 0001", `"0001-01-01T00:00:00Z"`, types.DateTime(0), uajson.Options{}},
		{"DateTime lower case", `"2024-01-02t03:04:05.1234567z"`, T0, uajson.Options{}},
		{"DateTime year 30828", `"30828-09-14T02:48:05.4775807Z"`, types.MaxDateTime, uajson.Options{}},
		{"Guid lower case", `"72962b91-fa75-4ae6-8d28-b404dc7daf63"`, guid, uajson.Options{}},
		{"ByteString without padding", `"AQID/w"`, []byte{1, 2, 3, 0xFF}, uajson.Options{}},
		{"NodeId nsu= of namespace 0", `"nsu=http://opcfoundation.org/UA/;i=85"`, types.NewNumericNodeID(0, 85), uajson.Options{}},
		{"NodeId nsu= not in the table", `"nsu=urn:x;i=5"`, types.NewStringNodeID(0, "nsu=urn:x;i=5"), uajson.Options{}},
		{"NodeId nsu= in the table", `"nsu=urn:ns1;i=5"`, types.NewNumericNodeID(1, 5), uajson.Options{NamespaceURIs: nsTable}},
		{"NodeId nsu= escaped", `"nsu=urn:ns%3b3;i=5"`, types.NewNumericNodeID(3, 5), uajson.Options{NamespaceURIs: nsTable}},
		{"NodeId object with URI", `{"Id":5,"Namespace":"http://acme.org/"}`, types.NewNumericNodeID(2, 5), uajson.Options{NamespaceURIs: nsTable}},
		{"NodeId object IdType last", `{"Id":"x","Namespace":1,"IdType":1}`, types.NewStringNodeID(1, "x"), uajson.Options{}},
		{"ExpandedNodeId URI kept", `"nsu=urn:x;i=5"`, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 5), NamespaceURI: "urn:x"}, uajson.Options{}},
		{"ExpandedNodeId svu= unknown", `"svu=urn:x;i=5"`, types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "svu=urn:x;i=5")}, uajson.Options{ServerURIs: srvTable}},
		{"QualifiedName URI not in the table", `"nsu=urn:x;Name"`, types.NewQualifiedName(0, "nsu=urn:x;Name"), uajson.Options{}},
		{"QualifiedName object with URI", `{"Name":"N","Uri":"http://acme.org/"}`, types.NewQualifiedName(2, "N"), uajson.Options{NamespaceURIs: nsTable}},
		{"StatusCode Symbol only", `{"Symbol":"BadNodeIdUnknown"}`, types.StatusCode(0x80340000), uajson.Options{}},
		{"StatusCode number", `2150891520`, types.StatusCode(0x80340000), uajson.Options{}},
		{"LocalizedText as a string", `"Pump"`, types.NewLocalizedText("", "Pump"), uajson.Options{}},
		{"DataValue Status Good given", `{"Status":{}}`, types.DataValue{SentZero: 0x02}, uajson.Options{}},
		{"DataValue picoseconds clamped", `{"SourcePicoseconds":10000}`, types.DataValue{SourcePicoseconds: 9999}, uajson.Options{}},
		{"DataValue deprecated, Value last", `{"Status":1073741824,"Value":{"Type":11,"Body":42.5}}`,
			types.DataValue{Value: mustVariant(42.5), Status: 0x40000000}, uajson.Options{}},
		{"ExtensionObject UaTypeId last", `{"UaBody":"AQID","UaEncoding":1,"UaTypeId":"ns=3;i=5001"}`,
			types.ExtensionObject{TypeID: types.NewNumericNodeID(3, 5001), Encoding: 1, Body: []byte{1, 2, 3}}, uajson.Options{}},
		{"ExtensionObject deprecated JSON body", `{"TypeId":{"Id":5,"Namespace":2},"Body":{ "A" : 1 }}`,
			types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5), Encoding: 1,
				Value: uajson.RawStructure{TypeID: types.NewNumericNodeID(2, 5), Members: []byte(`"A" : 1`)}}, uajson.Options{}},
		{"ExtensionObject {}", `{}`, types.ExtensionObject{}, uajson.Options{}},
		{"Go array", `[1,2,3]`, [3]int16{1, 2, 3}, uajson.Options{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newOf(c.want)
			if err := c.o.Unmarshal([]byte(c.text), p.Interface()); err != nil {
				t.Fatalf("Unmarshal(%s): %v", c.text, err)
			}
			if got := p.Elem().Interface(); !equalValues(got, c.want) {
				t.Errorf("Unmarshal(%s) = %#v, want %#v", c.text, got, c.want)
			}
		})
	}
}

// TestDecodeErrors drives the decoder into its failure paths: every error
// is a *wire.DecodeError with the offset of the value that is wrong and
// the path to it, wrapping one of uabin's sentinels.
func TestDecodeErrors(t *testing.T) {
	cases := []struct {
		name   string
		text   string
		into   any
		kind   error
		offset int
		path   string
		msg    string
	}{
		{"empty input", ``, new(int32), wire.ErrTruncated, 0, "", "ends inside a value"},
		{"garbage after the value", `1 2`, new(int32), wire.ErrInvalid, 2, "", "after the top-level value"},
		{"Int32 out of range", `2147483648`, new(int32), wire.ErrInvalid, 0, "", "out of the range of Int32"},
		{"Byte negative", `-1`, new(uint8), wire.ErrInvalid, 0, "", "out of the range of Byte"},
		{"UInt64 overflow", `"18446744073709551616"`, new(uint64), wire.ErrInvalid, 1, "", "out of the range of UInt64"},
		{"not an integer", `1.5`, new(int16), wire.ErrInvalid, 0, "", "not a whole number"},
		{"Float overflow", `1e39`, new(float32), wire.ErrInvalid, 0, "", "out of the range of Float"},
		{"number syntax", `01`, new(int32), wire.ErrInvalid, 1, "", "after the top-level value"},
		{"number syntax 2", `-`, new(int32), wire.ErrTruncated, 0, "", "number"},
		{"number syntax 3", `1.`, new(float64), wire.ErrTruncated, 0, "", "number"},
		{"wrong kind", `"x"`, new(bool), wire.ErrInvalid, 0, "", "want a boolean, found a string"},
		{"invalid UTF-8", "\"a\xffb\"", new(string), wire.ErrInvalid, 2, "", "invalid UTF-8"},
		{"control character", "\"a\nb\"", new(string), wire.ErrInvalid, 2, "", "must be escaped"},
		{"bad escape", `"a\qb"`, new(string), wire.ErrInvalid, 2, "", "invalid escape"},
		{"lone surrogate", `"\ud800x"`, new(string), wire.ErrInvalid, 1, "", "lone surrogate"},
		{"unterminated string", `"abc`, new(string), wire.ErrTruncated, 0, "", "ends inside a string"},
		{"bad literal", `nul`, new(string), wire.ErrTruncated, 0, "", "null"},
		{"bad literal 2", `nulx`, new(string), wire.ErrInvalid, 0, "", "invalid literal"},
		{"duplicate member", `{"UaType":11,"Value":1,"UaType":11}`, new(types.Variant), wire.ErrInvalid, 23, "Variant", `"UaType" given twice`},
		{"duplicate unknown member", `{"a":1,"UaType":11,"a":2}`, new(types.Variant), wire.ErrInvalid, 19, "Variant", `"a" given twice`},
		{"duplicate in a skipped object", `{"x":{"a":1,"b":2,"a":3},"UaType":1}`, new(types.Variant), wire.ErrInvalid, 18, "Variant.x", `"a" given twice`},
		{"duplicate after escapes", `{"UaType":11,"\u0055aType":11}`, new(types.Variant), wire.ErrInvalid, 13, "Variant", "given twice"},
		{"Value without UaType", `{"Value":1}`, new(types.Variant), wire.ErrInvalid, 0, "Variant", "no UaType"},
		{"Variant type 25", `{"UaType":25,"Value":{}}`, new(types.Variant), wire.ErrInvalid, 1, "Variant.UaType", "no JSON form"},
		{"Variant element error", `{"UaType":6,"Value":[1,"x",3]}`, new(types.Variant), wire.ErrInvalid, 23, "Variant.Value[1]", "not a decimal Int32"},
		{"dimensions mismatch", `{"UaType":6,"Value":[1,2,3],"Dimensions":[2,2]}`, new(types.Variant), wire.ErrInvalid, 41, "Variant.Dimensions", "do not match"},
		{"DataValue error path", `{"UaType":11,"Value":1,"SourceTimestamp":"yesterday"}`, new(types.DataValue), wire.ErrInvalid, 41, "DataValue.SourceTimestamp", "not an ISO 8601"},
		{"nested path", `[null,{"UaType":24,"Value":[{"UaType":1,"Value":2}]}]`, new([]types.Variant), wire.ErrInvalid, 48, "[1].Value[0].Value", "want a boolean"},
		{"DateTime month 13", `"2024-13-02T03:04:05Z"`, new(types.DateTime), wire.ErrInvalid, 0, "", "ISO 8601"},
		{"DateTime February 30", `"2024-02-30T03:04:05Z"`, new(types.DateTime), wire.ErrInvalid, 0, "", "ISO 8601"},
		{"Guid", `"72962B91-FA75-4AE6-8D28-B404DC7DAF6"`, new(types.GUID), wire.ErrInvalid, 0, "GUID", "Guid"},
		{"ByteString", `"A=B="`, new([]byte), wire.ErrInvalid, 0, "", "not base64"},
		{"NodeId", `"ns=70000;i=1"`, new(types.NodeID), wire.ErrInvalid, 0, "NodeID", "not a UInt16"},
		{"NodeId identifier", `"x=1"`, new(types.NodeID), wire.ErrInvalid, 0, "NodeID", "want an identifier"},
		{"NodeId object Id", `{"IdType":2,"Id":"nope"}`, new(types.NodeID), wire.ErrInvalid, 17, "NodeID.Id", "Guid"},
		{"NodeId kind", `1`, new(types.NodeID), wire.ErrInvalid, 0, "NodeID", "want a NodeId (string or object)"},
		{"ExtensionObject without type", `{"A":1}`, new(types.ExtensionObject), wire.ErrInvalid, 0, "ExtensionObject", "without UaTypeId"},
		{"ExtensionObject encoding", `{"UaTypeId":"i=1","UaEncoding":3,"UaBody":""}`, new(types.ExtensionObject), wire.ErrInvalid, 31, "ExtensionObject.UaEncoding", "want 1"},
		{"Go array length", `[1,2]`, new([3]int16), wire.ErrInvalid, 0, "", "2 elements"},
		{"unsupported type", `{}`, new(map[string]int), wire.ErrUnsupported, 0, "", "no OPC UA meaning"},
		{"structure field", `{"A":"x"}`, new(struct{ A int32 }), wire.ErrInvalid, 5, "A", "not a decimal Int32"},
		{"structure duplicate", `{"A":1,"A":2}`, new(struct{ A int32 }), wire.ErrInvalid, 7, "", `"A" given twice`},
		{"structure duplicate unknown", `{"B":1,"A":1,"B":2}`, new(struct{ A int32 }), wire.ErrInvalid, 13, "", `"B" given twice`},
		{"structure path", `{"NodesToRead":[{},{},{},{"NodeId":5}]}`, new(types.ReadRequest), wire.ErrInvalid, 35, "ReadRequest.NodesToRead[3].NodeId", "want a NodeId"},
		{"structure kind", `[1]`, new(types.ReadValueID), wire.ErrInvalid, 0, "ReadValueID", "want an object"},
		{"structure field of unsupported type", `{}`, new(struct{ A map[string]int }), wire.ErrUnsupported, 0, "A", "map has no OPC UA"},
		{"enumeration text", `"Both"`, new(types.TimestampsToReturn), wire.ErrInvalid, 0, "", "not an enumeration value"},
		{"enumeration range", `"Both_2147483648"`, new(types.TimestampsToReturn), wire.ErrInvalid, 6, "", "Int32"},
		{"EncodingMask bits", `{"EncodingMask":4}`, new(optStruct), wire.ErrInvalid, 1, "optStruct.EncodingMask", "no field"},
		{"EncodingMask missing bit", `{"EncodingMask":0,"B":2}`, new(optStruct), wire.ErrInvalid, 0, "optStruct", "does not have its bit"},
		{"union two members", `{"A":1,"B":"x"}`, new(unionStruct), wire.ErrInvalid, 0, "unionStruct", "both given"},
		{"union switch and member", `{"SwitchField":1,"B":"x"}`, new(unionStruct), wire.ErrInvalid, 0, "unionStruct", "SwitchField 1 but member B"},
		{"union switch range", `{"SwitchField":3}`, new(unionStruct), wire.ErrInvalid, 1, "unionStruct.SwitchField", "has 2 fields"},
		{"ExtensionObject body field", `{"UaTypeId":"i=626","AttributeId":-1}`, new(types.ExtensionObject), wire.ErrInvalid, 34, "ExtensionObject.AttributeId", "UInt32"},
		{"nil pointer", `1`, (*int32)(nil), wire.ErrUnsupported, 0, "", "non-nil pointer"},
		{"not a pointer", `1`, int32(0), wire.ErrUnsupported, 0, "", "non-nil pointer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := uajson.Unmarshal([]byte(c.text), c.into)
			checkDecodeError(t, err, c.kind, c.offset, c.path, c.msg)
		})
	}
}

func checkDecodeError(t *testing.T, err error, kind error, offset int, path, msg string) {
	t.Helper()
	var de *uabin.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v (%T), want a *DecodeError", err, err)
	}
	if !errors.Is(err, kind) {
		t.Errorf("err = %v, want it to wrap %v", err, kind)
	}
	if de.Offset != offset || de.Path != path {
		t.Errorf("err = %v: offset %d, path %q; want offset %d, path %q", err, de.Offset, de.Path, offset, path)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("err = %v, want it to say %q", err, msg)
	}
}

// TestLimits checks every limit of Options.Limits and the nesting bound.
func TestLimits(t *testing.T) {
	small := uajson.Options{Limits: uabin.Limits{MaxArrayLength: 2, MaxStringLength: 3, MaxByteStringLength: 2, MaxMessageSize: 80, MaxDepth: 3}}
	cases := []struct {
		name   string
		text   string
		into   any
		offset int
		path   string
	}{
		{"array", `[1,2,3]`, new([]int32), 0, ""},
		{"Variant array", `{"UaType":6,"Value":[1,2,3]}`, new(types.Variant), 20, "Variant.Value"},
		{"string", `"abcd"`, new(string), 0, ""},
		{"escaped string", `"\u0041\u0041\u0041\u0041"`, new(string), 0, ""},
		{"ByteString", `"AQID"`, new([]byte), 0, ""},
		{"message", `"` + strings.Repeat("a", 79) + `"`, new(string), 0, ""},
		{"depth", `{"UaType":24,"Value":[{"UaType":24,"Value":[{"UaType":24,"Value":[{}]}]}]}`, new(types.Variant), 66, "Variant.Value[0]×3"},
		{"depth of skipped values", `{"x":[[[[1]]]]}`, new(types.Variant), 7, "Variant.x"},
		{"NodeId string id", `"s=abcd"`, new(types.NodeID), 0, "NodeID"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := small.Unmarshal([]byte(c.text), c.into)
			checkDecodeError(t, err, wire.ErrLimitExceeded, c.offset, c.path, "limit")
		})
	}
	// Nesting deeper than the default limit fails without exhausting the
	// stack, in decoding and in encoding.
	deep := strings.Repeat(`{"UaType":24,"Value":[`, 100000) + strings.Repeat(`]}`, 100000)
	var v types.Variant
	if err := (uajson.Options{Limits: uabin.Limits{MaxMessageSize: -1}}).Unmarshal([]byte(deep), &v); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Errorf("deep Variant: %v", err)
	}
	// "No limit" is capped at 100000 levels, as in the binary encoding.
	deeper := strings.Repeat("[", 200000) + strings.Repeat("]", 200000)
	noLimits := uajson.Options{Limits: uabin.Limits{MaxDepth: -1, MaxMessageSize: -1}}
	if err := noLimits.Unmarshal([]byte(`{"x":`+deeper+`}`), &v); !errors.Is(err, wire.ErrLimitExceeded) || !strings.Contains(err.Error(), "100000") {
		t.Errorf("200000 levels with no MaxDepth: %v", err)
	}
	di := types.DiagnosticInfo{}.WithSymbolicID(1)
	di.InnerDiagnosticInfo, di.Mask = &di, di.Mask|types.DiagnosticInfoInnerDiagnosticInfo
	if _, err := uajson.Marshal(&di); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Errorf("cyclic DiagnosticInfo: %v", err)
	}
}

// TestEncodeErrors covers the values that have no JSON form.
func TestEncodeErrors(t *testing.T) {
	var bad types.Variant
	bad.SetRaw(26, false, []byte{1}, nil)
	cases := []struct {
		name string
		v    any
		kind error
		path string
		msg  string
	}{
		{"invalid UTF-8", "a\xffb", wire.ErrInvalid, "", "not valid UTF-8"},
		{"invalid UTF-8 in an array", []string{"ok", "\xff"}, wire.ErrInvalid, "[1]", "not valid UTF-8"},
		{"Variant type 26", bad, wire.ErrInvalid, "Variant", "no JSON form"},
		{"structure field", struct{ A map[string]int }{}, wire.ErrUnsupported, "A", "map has no OPC UA"},
		{"structure path", types.ReadRequest{NodesToRead: []types.ReadValueID{{}, {IndexRange: "\xff"}}}, wire.ErrInvalid, "ReadRequest.NodesToRead[1].IndexRange", "not valid UTF-8"},
		{"ExtensionObject value", types.NewExtensionObject(&optStruct{}), wire.ErrUnknownType, "ExtensionObject", "not registered"},
		{"union switch", unionStruct{Switch: 3}, wire.ErrInvalid, "unionStruct", "union switch 3"},
		{"int", 5, wire.ErrUnsupported, "", "width of int"},
		{"map", map[string]int{}, wire.ErrUnsupported, "", "no OPC UA meaning"},
		{"array of arrays", [][]int32{{1}}, wire.ErrUnsupported, "", "arrays of arrays"},
		{"encoding", uajson.Encoding(9), wire.ErrUnsupported, "", "unknown encoding"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := uajson.Options{}
			v := c.v
			if e, ok := v.(uajson.Encoding); ok {
				o.Encoding, v = e, int32(1)
			}
			buf := []byte("keep")
			out, err := o.Append(buf, v)
			var ee *uabin.EncodeError
			if !errors.As(err, &ee) || !errors.Is(err, c.kind) || ee.Path != c.path || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("err = %v (path %q), want an EncodeError wrapping %v at %q saying %q", err, pathOf(ee), c.kind, c.path, c.msg)
			}
			if string(out) != "keep" {
				t.Errorf("Append returned %q on error, want the buffer as it was", out)
			}
		})
	}
}

func pathOf(e *uabin.EncodeError) string {
	if e == nil {
		return ""
	}
	return e.Path
}

// TestReuse decodes into values that hold data: every field is
// overwritten, and slices and strings are reused.
func TestReuse(t *testing.T) {
	v := mustVariant([]float64{9, 9, 9, 9})
	old := v.Raw().([]float64)
	if err := uajson.Unmarshal([]byte(`{"UaType":11,"Value":[1,2]}`), &v); err != nil {
		t.Fatal(err)
	}
	if s := v.Raw().([]float64); len(s) != 2 || &s[0] != &old[0] || s[1] != 2 {
		t.Errorf("Variant array not decoded in place: %v", s)
	}
	dv := w3()
	if err := uajson.Unmarshal([]byte(`{"UaType":12,"Value":"x"}`), &dv); err != nil {
		t.Fatal(err)
	}
	if !dv.Equal(types.NewDataValue(mustVariant("x"))) {
		t.Errorf("DataValue not overwritten: %v", dv)
	}
	s := "Demo"
	if err := uajson.Unmarshal([]byte(`"Demo"`), &s); err != nil || s != "Demo" {
		t.Errorf("string: %q, %v", s, err)
	}
	demo, pi := []byte(`"Demo"`), []byte(`3.5`)
	if n := testing.AllocsPerRun(100, func() { _ = uajson.Unmarshal(demo, &s) }); n != 0 {
		t.Errorf("decoding the same string over itself allocates %.0f times", n)
	}
	f := math.Pi
	if n := testing.AllocsPerRun(100, func() { _ = uajson.Unmarshal(pi, &f) }); n != 0 {
		t.Errorf("decoding a Double allocates %.0f times", n)
	}
}

// optStruct is a structure with optional fields (Part 6 §5.2.7).
type optStruct struct {
	A int32
	B int32  `ua:",optional"`
	C string `ua:",optional"`
}

// unionStruct is a union (Part 6 §5.2.8).
type unionStruct struct {
	Switch uint32 `ua:",switch"`
	A      int32
	B      string
}
