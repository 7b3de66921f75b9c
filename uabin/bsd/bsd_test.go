package bsd_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/bsd"
)

// acme is a small companion-specification-like dictionary: an enumeration,
// a plain structure, one with optional fields, arrays and nested
// structures, and a union.
const acme = `<?xml version="1.0" encoding="utf-8"?>
<opc:TypeDictionary xmlns:opc="http://opcfoundation.org/BinarySchema/"
  xmlns:ua="http://opcfoundation.org/UA/" xmlns:tns="urn:acme"
  DefaultByteOrder="LittleEndian" TargetNamespace="urn:acme">
  <opc:Import Namespace="http://opcfoundation.org/UA/" />
  <opc:EnumeratedType Name="Mode" LengthInBits="32">
    <opc:EnumeratedValue Name="Off" Value="0" />
    <opc:EnumeratedValue Name="Auto" Value="1" />
    <opc:EnumeratedValue Name="Manual" Value="2" />
  </opc:EnumeratedType>
  <opc:StructuredType Name="Vector" BaseType="ua:ExtensionObject">
    <opc:Field Name="X" TypeName="opc:Float" />
    <opc:Field Name="Y" TypeName="opc:Float" />
  </opc:StructuredType>
  <opc:StructuredType Name="Setpoint" BaseType="ua:ExtensionObject">
    <opc:Field Name="LimitSpecified" TypeName="opc:Bit" />
    <opc:Field Name="CommentSpecified" TypeName="opc:Bit" />
    <opc:Field Name="Reserved1" TypeName="opc:Bit" Length="30" />
    <opc:Field Name="Mode" TypeName="tns:Mode" />
    <opc:Field Name="Target" TypeName="tns:Vector" />
    <opc:Field Name="Limit" TypeName="opc:Double" SwitchField="LimitSpecified" />
    <opc:Field Name="NoOfHistory" TypeName="opc:Int32" />
    <opc:Field Name="History" TypeName="tns:Vector" LengthField="NoOfHistory" />
    <opc:Field Name="Comment" TypeName="ua:LocalizedText" SwitchField="CommentSpecified" />
  </opc:StructuredType>
  <opc:StructuredType Name="Reading" BaseType="ua:Union">
    <opc:Field Name="SwitchField" TypeName="opc:UInt32" />
    <opc:Field Name="Count" TypeName="opc:Int32" SwitchField="SwitchField" SwitchValue="1" />
    <opc:Field Name="Where" TypeName="tns:Vector" SwitchField="SwitchField" SwitchValue="2" />
    <opc:Field Name="Tag" TypeName="opc:CharArray" SwitchField="SwitchField" SwitchValue="3" />
  </opc:StructuredType>
</opc:TypeDictionary>`

func n2(i uint32) types.NodeID { return types.NewNumericNodeID(2, i) }
func n0(i uint32) types.NodeID { return types.NewNumericNodeID(0, i) }

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseAcme(t *testing.T) {
	d, err := bsd.Parse([]byte(acme), bsd.Options{DataTypeIDs: map[string]types.NodeID{
		"Mode": n2(10), "Vector": n2(11), "Setpoint": n2(12), "Reading": n2(13)}})
	if err != nil {
		t.Fatal(err)
	}
	f := func(name string, dt types.NodeID, rank int32, optional bool) types.StructureField {
		return types.StructureField{Name: name, DataType: dt, ValueRank: rank, IsOptional: optional}
	}
	want := map[string]types.StructureDefinition{
		"Vector": {Fields: []types.StructureField{f("X", n0(10), -1, false), f("Y", n0(10), -1, false)}},
		"Setpoint": {StructureType: types.StructureTypeStructureWithOptionalFields, Fields: []types.StructureField{
			f("Mode", n2(10), -1, false), f("Target", n2(11), -1, false), f("Limit", n0(11), -1, true),
			f("History", n2(11), 1, false), f("Comment", n0(21), -1, true)}},
		"Reading": {StructureType: types.StructureTypeUnion, Fields: []types.StructureField{
			f("Count", n0(6), -1, false), f("Where", n2(11), -1, false), f("Tag", n0(12), -1, false)}},
	}
	for name, w := range want {
		ty, ok := d.Lookup(name)
		if !ok || ty.Err != nil || !reflect.DeepEqual(*ty.Structure, w) {
			t.Errorf("%s: got %+v (%v)\nwant %+v", name, ty.Structure, ty.Err, w)
		}
	}
	if m, _ := d.Lookup("Mode"); m.Enum == nil || len(m.Enum.Fields) != 3 || m.Enum.Fields[2].Name != "Manual" || m.DataTypeID != n2(10) {
		t.Errorf("Mode: %+v", m)
	}

	r := uabin.NewRegistry()
	if err := d.Register(r, map[string]types.ExpandedNodeID{
		"Setpoint": {NodeID: n2(22)}, "Reading": {NodeID: n2(23)}}); err != nil {
		t.Fatal(err)
	}
	o := uabin.Options{Types: r}
	cases := []struct{ hex, text string }{
		{`01 02 16 00 01 24000000
		  01000000          mask: Limit present, Comment absent
		  01000000          Mode Auto
		  0000803f 00000040 Target {1 2}
		  000000000000e03f  Limit 0.5
		  01000000 00000000 00000000  History [{0 0}]`,
			"Setpoint{Mode: Auto(1), Target: Vector{X: 1, Y: 2}, Limit: 0.5, History: [Vector{X: 0, Y: 0}]}"},
		{`01 02 17 00 01 09000000  03000000 01000000 74`, `Reading{Tag: "t"}`},
	}
	for _, c := range cases {
		var lines []string
		for _, l := range strings.Split(c.hex, "\n") {
			if i := strings.IndexAny(l, "mMTLH"); i >= 0 {
				l = l[:i]
			}
			lines = append(lines, l)
		}
		b := unhex(t, strings.Join(lines, " "))
		var x types.ExtensionObject
		if err := o.Unmarshal(b, &x); err != nil {
			t.Fatal(err)
		}
		if s := x.Value.(*uabin.Dynamic).String(); s != c.text {
			t.Errorf("got %s\nwant %s", s, c.text)
		}
		out, err := o.Marshal(x)
		if err != nil || !bytes.Equal(out, b) {
			t.Errorf("round trip %x, %v", out, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	head := `<opc:TypeDictionary xmlns:opc="http://opcfoundation.org/BinarySchema/" xmlns:tns="urn:x" TargetNamespace="urn:x">`
	cases := []struct {
		name, body string
		kind       error
	}{
		{"byte mask", `<opc:StructuredType Name="T"><opc:Field Name="ABit" TypeName="opc:Bit"/><opc:Field Name="R" TypeName="opc:Bit" Length="7"/><opc:Field Name="A" TypeName="opc:Int32" SwitchField="ABit"/></opc:StructuredType>`, bsd.ErrUnsupported},
		{"bits out of order", `<opc:StructuredType Name="T"><opc:Field Name="ABit" TypeName="opc:Bit"/><opc:Field Name="BBit" TypeName="opc:Bit"/><opc:Field Name="R" TypeName="opc:Bit" Length="30"/><opc:Field Name="B" TypeName="opc:Int32" SwitchField="BBit"/></opc:StructuredType>`, bsd.ErrUnsupported},
		{"unknown type", `<opc:StructuredType Name="T"><opc:Field Name="A" TypeName="tns:Nope"/></opc:StructuredType>`, bsd.ErrInvalid},
		{"undeclared prefix", `<opc:StructuredType Name="T"><opc:Field Name="A" TypeName="zz:Int32"/></opc:StructuredType>`, bsd.ErrInvalid},
		{"opc:Char", `<opc:StructuredType Name="T"><opc:Field Name="A" TypeName="opc:Char"/></opc:StructuredType>`, bsd.ErrUnsupported},
		{"fixed length", `<opc:StructuredType Name="T"><opc:Field Name="A" TypeName="opc:Int32" Length="4"/></opc:StructuredType>`, bsd.ErrUnsupported},
		{"16-bit enum", `<opc:EnumeratedType Name="T" LengthInBits="16"><opc:EnumeratedValue Name="A" Value="0"/></opc:EnumeratedType>`, bsd.ErrUnsupported},
		{"union gap", `<opc:StructuredType Name="T"><opc:Field Name="S" TypeName="opc:UInt32"/><opc:Field Name="A" TypeName="opc:Int32" SwitchField="S" SwitchValue="2"/></opc:StructuredType>`, bsd.ErrUnsupported},
	}
	for _, c := range cases {
		d, err := bsd.Parse([]byte(head+c.body+`</opc:TypeDictionary>`), bsd.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var e *bsd.Error
		if got := d.Types[0].Err; !errors.Is(got, c.kind) || !errors.As(got, &e) || e.Type != "T" {
			t.Errorf("%s: %v", c.name, got)
		}
		if err := d.Register(uabin.NewRegistry(), nil); err == nil {
			t.Errorf("%s: Register accepted it", c.name)
		}
	}
	if _, err := bsd.Parse([]byte("<opc:TypeDictionary"), bsd.Options{}); !errors.Is(err, bsd.ErrInvalid) {
		t.Errorf("bad XML: %v", err)
	}
}

// Structures of the namespace-0 dictionary, registered as run-time
// definitions, decode the bytes of the generated Go types and encode them
// back unchanged.
func TestParseStandard(t *testing.T) {
	d := coreDictionary(t)
	r := uabin.NewRegistry()
	ts, _ := d.Lookup("TimestampsToReturn")
	if ts.Err != nil || ts.DataTypeID != n0(625) {
		t.Fatalf("TimestampsToReturn: %+v", ts)
	}
	if err := r.RegisterEnum(types.ExpandedNodeID{NodeID: ts.DataTypeID}, ts.Name, *ts.Enum); err != nil {
		t.Fatal(err)
	}
	values := []any{
		types.Argument{Name: "a", DataType: n0(6), ValueRank: 1, ArrayDimensions: []uint32{3}, Description: types.LocalizedText{Text: "d"}},
		types.EUInformation{NamespaceURI: "u", UnitID: 5, DisplayName: types.LocalizedText{Locale: "en", Text: "m"}},
		types.Range{Low: -1, High: 1},
		types.ReadValueID{NodeID: types.NewStringNodeID(1, "x"), AttributeID: 13, DataEncoding: types.QualifiedName{Name: "q"}},
		types.BrowseResult{StatusCode: 1, ContinuationPoint: []byte{1}, References: []types.ReferenceDescription{{BrowseName: types.QualifiedName{Name: "r"}}}},
		types.ReadRequest{MaxAge: 1, TimestampsToReturn: types.TimestampsToReturnBoth, NodesToRead: []types.ReadValueID{{AttributeID: 1}}},
	}
	names := []string{"Argument", "EUInformation", "Range", "ReadValueId", "BrowseResult", "ReadRequest"}
	for i, name := range names {
		ty, ok := d.Lookup(name)
		if !ok || ty.Err != nil {
			t.Fatalf("%s: %+v", name, ty)
		}
		enc := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, uint32(7000+i))}
		// DataType ids of namespace 0 are taken by the Go types' own
		// references; register the definitions under namespace 1 ids.
		if err := r.RegisterStructure(enc, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, uint32(8000+i))}, name, *ty.Structure); err != nil {
			t.Fatal(err)
		}
		body, err := uabin.Marshal(values[i])
		if err != nil {
			t.Fatal(err)
		}
		eo := types.ExtensionObject{TypeID: enc.NodeID, Encoding: types.ExtensionObjectBinary, Body: body}
		b, err := uabin.Marshal(eo)
		if err != nil {
			t.Fatal(err)
		}
		o := uabin.Options{Types: r}
		var x types.ExtensionObject
		if err := o.Unmarshal(b, &x); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		dyn, ok := x.Value.(*uabin.Dynamic)
		if !ok {
			t.Fatalf("%s: %T", name, x.Value)
		}
		out, err := o.Marshal(x)
		if err != nil || !bytes.Equal(out, b) {
			t.Errorf("%s: round trip\n got %x\nwant %x (%v)", name, out, b, err)
		}
		// Field by field, against the Go value (names differ only in
		// initialisms).
		gv := reflect.ValueOf(values[i])
		for j := 0; j < dyn.NumField(); j++ {
			v, _ := dyn.Field(j)
			gf := gv.Field(j)
			if gf.Type() != reflect.TypeOf(v) && gf.Kind() != reflect.Int32 && gf.Kind() != reflect.Uint32 {
				t.Errorf("%s.%s: %T, the Go field is %v", name, dyn.FieldName(j), v, gf.Type())
				continue
			}
			if !reflect.DeepEqual(reflect.ValueOf(v).Convert(gf.Type()).Interface(), gf.Interface()) {
				t.Errorf("%s.%s = %v, want %v", name, dyn.FieldName(j), v, gf.Interface())
			}
		}
	}
}
