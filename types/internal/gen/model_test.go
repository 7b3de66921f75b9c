package main

import (
	"encoding/xml"
	"slices"
	"strings"
	"testing"
)

// testBSD is a small type dictionary with one field of every kind the
// generator maps, a built-in description to skip and a subtype.
const testBSD = `<opc:TypeDictionary xmlns:opc="http://opcfoundation.org/BinarySchema/"
  xmlns:ua="http://opcfoundation.org/UA/" xmlns:tns="http://opcfoundation.org/UA/">
  <opc:StructuredType Name="NodeId">
    <opc:Field Name="NodeIdType" TypeName="ua:NodeIdType" />
  </opc:StructuredType>
  <opc:EnumeratedType Name="NodeIdType" LengthInBits="6">
    <opc:EnumeratedValue Name="TwoByte" Value="0" />
  </opc:EnumeratedType>
  <opc:EnumeratedType Name="Color" LengthInBits="32">
    <opc:EnumeratedValue Name="Red" Value="0" />
    <opc:EnumeratedValue Name="Green" Value="2" />
  </opc:EnumeratedType>
  <opc:EnumeratedType Name="Access" LengthInBits="16" IsOptionSet="true">
    <opc:EnumeratedValue Name="None" Value="0" />
    <opc:EnumeratedValue Name="Read" Value="1" />
    <opc:EnumeratedValue Name="Write" Value="2" />
  </opc:EnumeratedType>
  <opc:StructuredType Name="BaseThing" BaseType="ua:ExtensionObject">
    <opc:Field Name="ThingId" TypeName="ua:NodeId" />
  </opc:StructuredType>
  <opc:StructuredType Name="Thing" BaseType="tns:BaseThing">
    <opc:Field Name="ThingId" TypeName="ua:NodeId" SourceType="tns:BaseThing" />
    <opc:Field Name="Color" TypeName="tns:Color" />
    <opc:Field Name="Access" TypeName="tns:Access" />
    <opc:Field Name="Kind" TypeName="tns:IdType" />
    <opc:Field Name="NoOfServerUris" TypeName="opc:Int32" />
    <opc:Field Name="ServerUris" TypeName="opc:String" LengthField="NoOfServerUris" />
    <opc:Field Name="Payload" TypeName="opc:ByteString" />
    <opc:Field Name="NoOfChildren" TypeName="opc:Int32" />
    <opc:Field Name="Children" TypeName="tns:BaseThing" LengthField="NoOfChildren" />
    <opc:Field Name="Timeout" TypeName="opc:Double" />
    <opc:Field Name="Body" TypeName="ua:ExtensionObject" />
    <opc:Field Name="Any" TypeName="ua:Variant" />
    <opc:Field Name="Name" TypeName="opc:CharArray" />
    <opc:Field Name="When" TypeName="opc:DateTime" />
    <opc:Field Name="Id" TypeName="opc:Guid" />
  </opc:StructuredType>
</opc:TypeDictionary>`

// testNodeSet gives the metadata of the types of testBSD.
const testNodeSet = `<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd">
  <Models><Model ModelUri="http://opcfoundation.org/UA/" Version="1.05.03" PublicationDate="2023-12-15T00:00:00Z" /></Models>
  <Aliases><Alias Alias="Duration">i=290</Alias><Alias Alias="HasSubtype">i=45</Alias></Aliases>
  <UADataType NodeId="i=22" BrowseName="Structure" IsAbstract="true" />
  <UADataType NodeId="i=11" BrowseName="Double" />
  <UADataType NodeId="i=5" BrowseName="UInt16" />
  <UADataType NodeId="i=29" BrowseName="Enumeration" IsAbstract="true" />
  <UADataType NodeId="i=290" BrowseName="Duration">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=11</Reference></References>
  </UADataType>
  <UADataType NodeId="i=2000" BrowseName="Color">
    <References><Reference ReferenceType="i=45" IsForward="false">i=29</Reference></References>
    <Definition Name="Color"><Field Name="Red" Value="0"><Description>It is red.</Description></Field></Definition>
  </UADataType>
  <UADataType NodeId="i=2001" BrowseName="Access">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=5</Reference></References>
    <Definition Name="Access" IsOptionSet="true" />
  </UADataType>
  <UADataType NodeId="i=1000" BrowseName="BaseThing" IsAbstract="true">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=22</Reference></References>
    <Documentation>https://example.org/BaseThing</Documentation>
  </UADataType>
  <UADataType NodeId="i=1001" BrowseName="Thing">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=1000</Reference></References>
    <Definition Name="Thing">
      <Field Name="Timeout" DataType="Duration" />
      <Field Name="Body" DataType="i=22" />
      <Field Name="Any" />
    </Definition>
  </UADataType>
</UANodeSet>`

// testSchema parses testBSD and testNodeSet after applying the
// replacements (old, new, old, new, ...).
func testSchema(t *testing.T, replacements ...string) *rawSchema {
	t.Helper()
	r := strings.NewReplacer(replacements...)
	raw := &rawSchema{
		license: "OPC Foundation MIT License 1.00",
		nodeIDs: []symbol{
			{"BaseThing", 1000, "DataType"}, {"Thing", 1001, "DataType"},
			{"Color", 2000, "DataType"}, {"Access", 2001, "DataType"},
			{"Thing_Encoding_DefaultBinary", 1003, "Object"},
			{"Thing_Encoding_DefaultXml", 1002, "Object"},
			{"BaseThing_Encoding_DefaultBinary", 1005, "Object"},
		},
		statusCodes: []statusCodeRow{
			{"BadEdited_OutOfRange", 0x81190000, "Edited."}, {"Good", 0, "Fine."},
		},
		attributes: []symbol{{Name: "NodeId", ID: 1}, {Name: "Value", ID: 13}},
	}
	if err := xml.Unmarshal([]byte(r.Replace(testBSD)), &raw.bsd); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal([]byte(r.Replace(testNodeSet)), &raw.nodeSet); err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestBuildModelMapping(t *testing.T) {
	m, err := buildModel(testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != "1.05.03" || m.Published != "2023-12-15" {
		t.Errorf("version %q %q", m.Version, m.Published)
	}
	if len(m.Structs) != 2 || m.Structs[0].Name != "BaseThing" || m.Structs[1].Name != "Thing" {
		t.Fatalf("structs %v, want BaseThing and Thing (the NodeId description skipped)", m.Structs)
	}
	base, thing := m.Structs[0], m.Structs[1]
	if !base.Abstract || base.DataTypeID != 1000 || base.BinaryID != 1005 || base.XMLID != 0 {
		t.Errorf("BaseThing = %+v", base)
	}
	if thing.Abstract || thing.DataTypeID != 1001 || thing.BinaryID != 1003 || thing.XMLID != 1002 || thing.JSONID != 0 {
		t.Errorf("Thing = %+v", thing)
	}
	want := []fieldDef{
		{Name: "ThingId", GoName: "ThingID", GoType: "NodeID", Tag: "NodeId"},
		{Name: "Color", GoName: "Color", GoType: "Color", Tag: "Int32"},
		{Name: "Access", GoName: "Access", GoType: "Access", Tag: "UInt16"},
		{Name: "Kind", GoName: "Kind", GoType: "IDType", Tag: "Int32"},
		{Name: "ServerUris", GoName: "ServerURIs", GoType: "[]string", Tag: "String"},
		{Name: "Payload", GoName: "Payload", GoType: "[]byte", Tag: "ByteString"},
		{Name: "Children", GoName: "Children", GoType: "[]BaseThing", Tag: ""},
		{Name: "Timeout", GoName: "Timeout", GoType: "float64", Tag: "Double"},
		{Name: "Body", GoName: "Body", GoType: "ExtensionObject", Tag: "ExtensionObject"},
		{Name: "Any", GoName: "Any", GoType: "Variant", Tag: "Variant"},
		{Name: "Name", GoName: "Name", GoType: "string", Tag: "String"},
		{Name: "When", GoName: "When", GoType: "DateTime", Tag: "DateTime"},
		{Name: "Id", GoName: "ID", GoType: "GUID", Tag: "Guid"},
	}
	if len(thing.Fields) != len(want) {
		t.Fatalf("Thing has %d fields, want %d", len(thing.Fields), len(want))
	}
	for i, f := range thing.Fields {
		doc := f.Doc
		f.Doc = ""
		if f != want[i] {
			t.Errorf("field %d = %+v, want %+v", i, f, want[i])
		}
		if !strings.HasPrefix(doc, want[i].GoName+" is the field "+want[i].Name) {
			t.Errorf("field %s: doc %q", f.Name, doc)
		}
	}
	docs := map[string]string{
		"ThingId":    "ThingID is the field ThingId, inherited from BaseThing: a NodeId value.",
		"Timeout":    "Timeout is the field Timeout: a Duration value (Double on the wire).",
		"Body":       "Body is the field Body: an ExtensionObject holding any structure.",
		"Any":        "Any is the field Any: a Variant holding a value of any type.",
		"Access":     "Access is the field Access: an Access bit set (UInt16 on the wire).",
		"ServerUris": "ServerURIs is the field ServerUris: an array of String values. Its length is the Int32 NoOfServerUris on the wire; nil is the null array (-1).",
		"Children":   "Children is the field Children: an array of BaseThing structures, encoded inline. Its length is the Int32 NoOfChildren on the wire; nil is the null array (-1).",
	}
	for _, f := range thing.Fields {
		if want, ok := docs[f.Name]; ok && f.Doc != want {
			t.Errorf("field %s: doc\n%q, want\n%q", f.Name, f.Doc, want)
		}
	}
	for _, want := range []string{"It is abstract", "Specification: https://example.org/BaseThing", "(DataType i=1000, binary encoding i=1005)"} {
		if !strings.Contains(base.Doc, want) {
			t.Errorf("BaseThing doc %q lacks %q", base.Doc, want)
		}
	}
	if !strings.Contains(thing.Doc, "subtype of BaseThing") {
		t.Errorf("Thing doc %q does not name its parent", thing.Doc)
	}

	if len(m.Enums) != 1 || len(m.OptionSets) != 1 {
		t.Fatalf("enums %v, option sets %v (NodeIdType must be skipped)", m.Enums, m.OptionSets)
	}
	color, access := m.Enums[0], m.OptionSets[0]
	if color.GoType != "int32" || color.Wire != "Int32" || color.DataTypeID != 2000 {
		t.Errorf("Color = %+v", color)
	}
	if got := []string{color.Values[0].GoName, color.Values[1].GoName}; !slices.Equal(got, []string{"ColorRed", "ColorGreen"}) {
		t.Errorf("Color values %v", got)
	}
	if color.Values[0].Doc != "ColorRed is the value Red (0). It is red." {
		t.Errorf("ColorRed doc %q", color.Values[0].Doc)
	}
	if access.GoType != "uint16" || access.Wire != "UInt16" || access.Zero != "None" || len(access.Values) != 3 {
		t.Errorf("Access = %+v", access)
	}

	if got := []string{m.StatusCodes[0].GoName, m.StatusCodes[1].GoName}; !slices.Equal(got, []string{"StatusGood", "StatusBadEditedOutOfRange"}) {
		t.Errorf("status codes %v, want sorted by code with Go names", got)
	}
	if m.Attributes[1].GoName != "AttributeIDValue" || m.Attributes[1].ID != 13 {
		t.Errorf("attributes %+v", m.Attributes)
	}
}

func TestBuildModelErrors(t *testing.T) {
	tests := []struct {
		name         string
		replacements []string
		want         string
	}{
		{"length field not NoOfX", []string{`LengthField="NoOfServerUris"`, `LengthField="NoOfChildren"`}, "length field"},
		{"length field not adjacent", []string{`<opc:Field Name="NoOfChildren" TypeName="opc:Int32" />`, ``}, "length field"},
		{"length field not Int32", []string{`"NoOfChildren" TypeName="opc:Int32"`, `"NoOfChildren" TypeName="opc:UInt32"`}, "length field"},
		{"switch field", []string{`<opc:Field Name="Payload" TypeName="opc:ByteString" />`, `<opc:Field Name="Payload" TypeName="opc:ByteString" SwitchField="X" />`}, "optional fields"},
		{"bit field", []string{`TypeName="opc:Guid"`, `TypeName="opc:Bit"`}, "bit fields"},
		{"unknown type", []string{`TypeName="tns:Color"`, `TypeName="tns:Colour"`}, "unknown type tns:Colour"},
		{"enum as ua built-in", []string{`TypeName="opc:Guid"`, `TypeName="opc:Color"`}, "unknown type opc:Color"},
		{"option set bit", []string{`Name="Write" Value="2"`, `Name="Write" Value="3"`}, "not one bit"},
		{"option set size", []string{`LengthInBits="16"`, `LengthInBits="12"`}, "LengthInBits 12"},
		{"enumeration size", []string{`Name="Color" LengthInBits="32"`, `Name="Color" LengthInBits="8"`}, "LengthInBits 8"},
		{"duplicate value", []string{`Name="Green" Value="2"`, `Name="Green" Value="0"`}, "two names for 0"},
		{"name collision", []string{`Name="Green" Value="2"`, `Name="Red_" Value="2"`}, "Go name ColorRed"},
		{"field collision", []string{`Name="Name" TypeName="opc:CharArray"`, `Name="Color_" TypeName="opc:CharArray"`}, "two fields named Color"},
		{"no DataType id", []string{`Name="Thing" BaseType`, `Name="Thingy" BaseType`}, "no DataType Thingy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := buildModel(testSchema(t, tt.replacements...))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestDescribeBuiltin(t *testing.T) {
	tests := []struct {
		wire, semantic string
		array          bool
		want           string
	}{
		{"Double", "", false, "Double value"},
		{"Double", "Double", true, "Double values"},
		{"UInt32", "IntegerId", false, "IntegerId value (UInt32 on the wire)"},
		{"ExtensionObject", "Structure", true, "ExtensionObjects holding any structure"},
		{"ExtensionObject", "UserIdentityToken", false, "ExtensionObject holding a UserIdentityToken (or a subtype)"},
		{"Variant", "BaseDataType", false, "Variant holding a value of any type"},
		{"Variant", "Number", false, "Variant holding a Number"},
	}
	for _, tt := range tests {
		if got := describeBuiltin(tt.wire, tt.semantic, tt.array); got != tt.want {
			t.Errorf("describeBuiltin(%s, %s, %v) = %q, want %q", tt.wire, tt.semantic, tt.array, got, tt.want)
		}
	}
}

// TestRenderTestSchema renders every template from the small schema and
// checks a few lines of the output (the real schema is checked by the
// staleness test of package types).
func TestRenderTestSchema(t *testing.T) {
	m, err := buildModel(testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	wants := map[string][]string{
		"structs": {
			"type Thing struct {",
			"\tServerURIs []string `ua:\"String\"`",
			"\tChildren []BaseThing\n",
			"\tAccess Access `ua:\"UInt16\"`",
		},
		"enums":      {"type Color int32", "ColorGreen Color = 2", `return "Color(" + strconv.FormatInt(int64(v), 10) + ")"`},
		"optionsets": {"type Access uint16", "AccessWrite Access = 0x2", `return optionSetString(uint64(v), "None", bitsAccess[:])`},
		"registry":   {`{Name: "BaseThing", DataTypeID: 1000, BinaryEncodingID: 1005, XMLEncodingID: 0, JSONEncodingID: 0, Abstract: true, Type: reflect.TypeFor[BaseThing]()},`},
		"simpletypes": {`{Name: "Duration", DataTypeID: 290, BuiltIn: TypeDouble},`,
			`{Name: "Color", DataTypeID: 2000, BuiltIn: TypeInt32, Enumeration: true, Type: reflect.TypeFor[Color]()},`,
			`{Name: "Access", DataTypeID: 2001, BuiltIn: TypeUInt16, OptionSet: true, Type: reflect.TypeFor[Access]()},`},
		"statuscodes":  {"StatusBadEditedOutOfRange StatusCode = 0x81190000", `{StatusGood, "Good", "Fine."},`},
		"attributeids": {"AttributeIDValue AttributeID = 13", `AttributeIDValue: "Value",`},
		"nodeids":      {"package id", "\t// DataType.\n\tBaseThing uint32 = 1000\n", "{1002, \"Thing_Encoding_DefaultXml\"},\n\t{1003,"},
	}
	for _, o := range outputs {
		src, err := render(o.template, m)
		if err != nil {
			t.Fatalf("%s: %v", o.template, err)
		}
		if !strings.HasPrefix(string(src), "// Code generated by ./internal/gen; DO NOT EDIT.\n\n") {
			t.Errorf("%s: does not start with the Code generated line", o.template)
		}
		if !strings.Contains(string(src), "//\n// OPC Foundation MIT License 1.00\n\npackage ") {
			t.Errorf("%s: licence notice missing or not separated from the package clause", o.template)
		}
		for _, want := range wants[o.template] {
			// gofmt aligns columns, so compare with runs of blanks collapsed.
			if !strings.Contains(collapseBlanks(string(src)), collapseBlanks(want)) {
				t.Errorf("%s: output lacks %q", o.template, want)
			}
		}
	}
}

// collapseBlanks replaces each run of spaces by one space.
func collapseBlanks(s string) string {
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	return s
}
