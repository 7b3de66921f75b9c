package uabin

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"github.com/uabin/uabin/internal/uamodel"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

// servicesNodeSet is Opc.Ua.NodeSet2.Services.xml in schema/ at the
// repository root, seen from this package's directory.
var servicesNodeSet = filepath.Join("..", "schema", "Opc.Ua.NodeSet2.Services.xml")

// TestEveryNamespaceZeroDataTypeResolves walks every UADataType of the
// namespace-0 NodeSet2 and checks that a run-time structure with a scalar
// and an array field of it compiles, with no registration, and that its
// zero value round-trips. The exceptions are the structures the OPC
// Foundation marks Purpose="CodeGenerator" that the bsd (and so package
// types) does not have: Node and its subtypes, DecimalDataType. They have
// no encoding and are not part of a server's address space; they must
// fail with ErrUnknownType.
func TestEveryNamespaceZeroDataTypeResolves(t *testing.T) {
	data, err := os.ReadFile(servicesNodeSet)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		DataTypes []struct {
			NodeID     string `xml:"NodeId,attr"`
			BrowseName string `xml:"BrowseName,attr"`
			Purpose    string `xml:"Purpose,attr"`
		} `xml:"UADataType"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	r := NewRegistry()
	n, codeGen := 0, 0
	for i, dt := range doc.DataTypes {
		id, err := types.ParseNodeID(dt.NodeID)
		if err != nil {
			t.Fatalf("%s: %v", dt.BrowseName, err)
		}
		enc := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, uint32(100000+i))}
		dtID := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, uint32(200000+i))}
		def := types.StructureDefinition{Fields: []types.StructureField{
			{Name: "One", DataType: id, ValueRank: -1}, {Name: "Many", DataType: id, ValueRank: 1}}}
		if err := r.RegisterStructure(enc, dtID, "With"+dt.BrowseName, def); err != nil {
			t.Fatalf("%s: %v", dt.BrowseName, err)
		}
		x, err := NewDynamic(r, enc, nil)
		if std := standardDataType(id.IntID()); dt.Purpose == "CodeGenerator" && !std {
			codeGen++ // a nested run-time structure (types.CodeGeneratorStructures)
		}
		if err != nil {
			t.Errorf("%s (%s) does not resolve: %v", dt.BrowseName, dt.NodeID, err)
			continue
		}
		o := Options{Types: r}
		b, err := o.Marshal(x)
		if err != nil {
			t.Errorf("%s: the zero value does not encode: %v", dt.BrowseName, err)
			continue
		}
		y, _ := NewDynamic(r, enc, nil)
		if err := o.Unmarshal(b, y); err != nil {
			t.Errorf("%s: % x does not decode: %v", dt.BrowseName, b, err)
		}
		n++
	}
	if n != len(doc.DataTypes) || codeGen != len(types.CodeGeneratorStructures) {
		t.Errorf("%d of %d DataTypes resolve; %d code-generator structures, want %d", n, len(doc.DataTypes), codeGen, len(types.CodeGeneratorStructures))
	}
	t.Logf("%d of %d namespace-0 DataTypes resolve as field types (%d code-generator structures as nested run-time structures)", n, len(doc.DataTypes), codeGen)
}

// TestNamespaceZeroSimpleTypes checks the bytes of namespace-0 subtypes of
// built-ins, enumerations and option sets as field types.
func TestNamespaceZeroSimpleTypes(t *testing.T) {
	r := NewRegistry()
	def := structure(types.StructureTypeStructure,
		sf("Trimmed", ns0(31918)), sf("Handle", ns0(31917)), sf("Access", ns0(15031)),
		sf("Perm", ns0(94)), sf("Class", ns0(257)), sf("Ticket", ns0(25726)), sf("CP", ns0(521)))
	if err := r.RegisterStructure(xid(2500), xid(1500), "NS0", def); err != nil {
		t.Fatal(err)
	}
	x, err := NewDynamic(r, xid(2500), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range []struct {
		name string
		v    any
	}{
		{"Trimmed", "ab"}, {"Handle", uint32(7)}, {"Access", types.AccessLevelType(3)},
		{"Perm", types.PermissionType(1)}, {"Class", types.NodeClass(2)}, {"CP", []byte{9}},
	} {
		if err := x.Set(kv.name, kv.v); err != nil {
			t.Fatal(err)
		}
	}
	b, err := Options{Types: r}.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	want := unhex(t, "02000000 6162  07000000  03  01000000  02000000  ffffffff  01000000 09")
	if string(b) != string(want) {
		t.Errorf("got  % x\nwant % x", b, want)
	}
	if s := x.String(); !strings.Contains(s, "Access: CurrentRead|CurrentWrite") || !strings.Contains(s, "Class: Variable") {
		t.Errorf("String: %s", s)
	}
	j, err := json.Marshal(x)
	if err != nil || !strings.Contains(string(j), `"Class":"Variable_2"`) {
		t.Errorf("JSON: %s, %v", j, err)
	}
	if n := x.EnumName("Class"); n != "Variable" {
		t.Errorf("EnumName Class: %q", n)
	}
	if c := x.AsMap()["Class"]; c != "Variable_2" {
		t.Errorf("AsMap Class: %#v", c)
	}
}

// TestRegisterSimpleTypeAndOptionSet checks simple subtypes and option
// sets of another namespace, registered by URI: a UInt16 subtype writes 2
// bytes, a UInt32 one 4, a Byte option set 1, and the structure form is
// Value and ValidBits.
func TestRegisterSimpleTypeAndOptionSet(t *testing.T) {
	const uri = "urn:uabin:test:simple"
	u := func(i uint32) types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, i), NamespaceURI: uri}
	}
	uris := []string{"http://opcfoundation.org/UA/", "urn:other", uri}
	n := func(i uint32) types.NodeID { return types.NewNumericNodeID(2, i) }
	r := NewRegistry()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(r.RegisterSimpleType(u(3015), "BACnetYear", types.TypeUInt16))
	must(r.RegisterSimpleType(u(3016), "BACnetObjectIdentifier", types.TypeUInt32))
	bits := types.EnumDefinition{Fields: []types.EnumField{{Name: "A", Value: 0}, {Name: "B", Value: 1}, {Name: "C", Value: 7}}}
	must(r.RegisterOptionSet(types.ExpandedNodeID{}, u(3017), "Flags8", types.TypeByte, bits))
	must(r.RegisterOptionSet(u(5018), u(3018), "FlagsStruct", types.TypeExtensionObject, bits))
	must(r.RegisterStructure(u(5001), u(3001), "Holder", structure(types.StructureTypeStructure,
		sf("Year", n(3015)), sf("Obj", n(3016)), sf("F", n(3017)), arr(sf("Fs", n(3017))), sf("S", n(3018)))))
	x, err := NewDynamic(r, u(5001), uris)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewDynamic(r, u(5018), uris)
	must(s.Set("Value", []byte{3}))
	must(s.Set("ValidBits", []byte{0x83}))
	must(x.Set("Year", uint16(2024)))
	must(x.Set("Obj", uint32(0x01020304)))
	must(x.Set("F", uint8(0x83)))
	must(x.Set("Fs", []uint8{1, 0x40}))
	must(x.Set("S", s))
	o := Options{Types: r, NamespaceURIs: uris}
	b, err := o.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	want := unhex(t, "e807 04030201 83 02000000 01 40 01000000 03 01000000 83")
	if string(b) != string(want) {
		t.Errorf("got  % x\nwant % x", b, want)
	}
	y, _ := NewDynamic(r, u(5001), uris)
	if err := o.Unmarshal(b, y); err != nil {
		t.Fatal(err)
	}
	if got, want := y.String(), "Holder{Year: 2024, Obj: 16909060, F: A|B|C, Fs: [A 0x40], S: FlagsStruct{Value: [3], ValidBits: [131]}}"; got != want {
		t.Errorf("String:\n got %s\nwant %s", got, want)
	}
	if err := r.RegisterSimpleType(u(3015), "Again", types.TypeUInt16); !errors.Is(err, ErrDuplicateID) {
		t.Errorf("duplicate: %v", err)
	}
	if err := r.RegisterSimpleType(u(3020), "Bad", 26); !errors.Is(err, ErrUnsupported) {
		t.Errorf("built-in 26: %v", err)
	}
	if err := r.RegisterOptionSet(types.ExpandedNodeID{}, u(3021), "Bad", types.TypeInt32, bits); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Int32 option set: %v", err)
	}
	if err := r.RegisterOptionSet(types.ExpandedNodeID{}, u(3022), "Bad", types.TypeByte,
		types.EnumDefinition{Fields: []types.EnumField{{Name: "X", Value: 8}}}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("bit 8 of a Byte: %v", err)
	}
}

// TestNestedDynamicText checks that a *Dynamic held by an ExtensionObject
// or Variant field shows its fields in String, fmt, AsMap and MarshalJSON.
func TestNestedDynamicText(t *testing.T) {
	r := dynRegistry(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(r.RegisterStructure(xid(2600), xid(1600), "Box", structure(types.StructureTypeStructure,
		sf("Body", ns0(22)), arr(sf("Bodies", ns0(22))), sf("Any", ns0(24)))))
	p, _ := NewDynamic(r, xid(2001), nil)
	must(p.Set("X", 1.5))
	x, _ := NewDynamic(r, xid(2600), nil)
	must(x.Set("Body", types.NewExtensionObject(p)))
	must(x.Set("Bodies", []types.ExtensionObject{types.NewExtensionObject(p)}))
	var v types.Variant
	v.SetRaw(types.TypeExtensionObject, false, types.NewExtensionObject(p), nil)
	must(x.Set("Any", v))
	s := x.String()
	if strings.Contains(s, "0x") || strings.Count(s, "Point{X: 1.5, Y: 0}") != 3 {
		t.Errorf("String: %s", s)
	}
	if got := types.NewExtensionObject(p).String(); got != "ExtensionObject{*uabin.Dynamic(Point{X: 1.5, Y: 0})}" {
		t.Errorf("ExtensionObject.String: %s", got)
	}
	j, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	// OPC UA JSON, Verbose: the structures in ExtensionObjects with their
	// UaTypeId, the Variant with its UaType.
	if want := `{"Body":{"UaTypeId":"ns=2;i=1001","X":1.5,"Y":0},"Bodies":[{"UaTypeId":"ns=2;i=1001","X":1.5,"Y":0}],"Any":{"UaType":22,"Value":{"UaTypeId":"ns=2;i=1001","X":1.5,"Y":0}}}`; string(j) != want {
		t.Errorf("JSON:\n got %s\nwant %s", j, want)
	}
	m := x.AsMap()
	if b, ok := m["Body"].(map[string]any); !ok || b["X"] != 1.5 {
		t.Errorf("AsMap: %#v", m)
	}
}

// TestDefinitionErrorPathOrder checks that the error of a structure whose
// nested definition is broken is the same whichever definition was
// compiled first.
func TestDefinitionErrorPathOrder(t *testing.T) {
	reg := func() *Registry {
		r := NewRegistry()
		S := types.StructureTypeStructure
		for _, err := range []error{
			r.RegisterStructure(xid(2703), xid(1703), "Outer", structure(S, sf("A", ns0(6)), sf("In", nid(1704)))),
			r.RegisterStructure(xid(2704), xid(1704), "Inner", structure(S, sf("Mid", nid(1705)))),
			r.RegisterStructure(xid(2705), xid(1705), "Leaf", structure(S, sf("Missing", nid(1799)))),
			// A cycle of mandatory fields: Ping.P is a Pong, Pong.Q a Ping.
			r.RegisterStructure(xid(2706), xid(1706), "Ping", structure(S, sf("P", nid(1707)))),
			r.RegisterStructure(xid(2707), xid(1707), "Pong", structure(S, sf("Q", nid(1706)))),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
		return r
	}
	fresh := reg()
	_, want := NewDynamic(fresh, xid(2703), nil)
	for _, first := range []uint32{2704, 2705} {
		r := reg()
		if _, err := NewDynamic(r, xid(first), nil); err == nil {
			t.Fatalf("%d compiles", first)
		}
		_, got := NewDynamic(r, xid(2703), nil)
		if got == nil || want == nil || got.Error() != want.Error() {
			t.Errorf("after compiling %d first:\n got %v\nwant %v", first, got, want)
		}
		var de *DefinitionError
		if !errors.As(got, &de) || de.Path != "Outer.In.Mid.Missing" || de.Type != "Leaf" {
			t.Errorf("after compiling %d first: %#v", first, de)
		}
	}
	_, wantPing := NewDynamic(reg(), xid(2706), nil)
	r := reg()
	if _, err := NewDynamic(r, xid(2707), nil); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("Pong: %v", err)
	}
	if _, got := NewDynamic(r, xid(2706), nil); got == nil || wantPing == nil || got.Error() != wantPing.Error() {
		t.Errorf("Ping after Pong:\n got %v\nwant %v", got, wantPing)
	}
}

// TestRegisterStructureIn checks definitions in their own namespace table:
// they resolve by URI with any session table, and bad tables are refused.
func TestRegisterStructureIn(t *testing.T) {
	own := []string{uamodel.UANamespace, "urn:a", "urn:b"}
	r := NewRegistry()
	n := func(ns uint16, i uint32) types.NodeID { return types.NewNumericNodeID(ns, i) }
	x := func(ns uint16, i uint32) types.ExpandedNodeID { return types.ExpandedNodeID{NodeID: n(ns, i)} }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(r.RegisterStructureIn(own, x(2, 5001), x(2, 3001), "Leaf", structure(types.StructureTypeStructure, sf("V", ns0(5)))))
	must(r.RegisterSimpleType(types.ExpandedNodeID{NodeID: n(0, 3002), NamespaceURI: "urn:a"}, "Code", types.TypeByte))
	must(r.RegisterStructureIn(own, x(1, 5003), x(1, 3003), "Top", structure(types.StructureTypeStructure,
		sf("L", n(2, 3001)), sf("C", n(1, 3002)), sf("T", ns0(31918)))))
	for _, session := range [][]string{{uamodel.UANamespace, "urn:a", "urn:b"}, {uamodel.UANamespace, "urn:b", "urn:x", "urn:a"}} {
		ia := uint16(len(session) - 1)
		if session[1] == "urn:a" {
			ia = 1
		}
		o := Options{Types: r, NamespaceURIs: session}
		body := []byte{0x07, 0x00, 0x09, 1, 0, 0, 0, 'z'}
		eo := types.ExtensionObject{TypeID: n(ia, 5003), Encoding: types.ExtensionObjectBinary, Body: body}
		b, err := Marshal(eo)
		must(err)
		var back types.ExtensionObject
		must(o.Unmarshal(b, &back))
		d, ok := back.Value.(*Dynamic)
		if !ok || d.String() != `Top{L: Leaf{V: 7}, C: 9, T: "z"}` {
			t.Errorf("session %q: %v", session, back.Value)
		}
		again, err := o.Marshal(back)
		must(err)
		if string(again) != string(b) {
			t.Errorf("session %q: % x re-encoded as % x", session, b, again)
		}
	}
	if err := r.RegisterStructureIn([]string{"urn:a"}, x(1, 1), x(1, 2), "Bad", structure(types.StructureTypeStructure, sf("V", ns0(5)))); !errors.Is(err, ErrInvalid) {
		t.Errorf("a table without namespace 0 first: %v", err)
	}
	if err := r.RegisterStructureIn(own, x(3, 1), x(1, 2), "Bad", structure(types.StructureTypeStructure, sf("V", ns0(5)))); !errors.Is(err, ErrInvalid) {
		t.Errorf("an index beyond the table: %v", err)
	}
	must(r.RegisterStructureIn(own, x(1, 7001), x(1, 7002), "Dangling", structure(types.StructureTypeStructure, sf("V", n(5, 1)), sf("W", n(2, 999)))))
	if _, err := NewDynamic(r, types.ExpandedNodeID{NodeID: n(0, 7001), NamespaceURI: "urn:a"}, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("a field index beyond the table: %v", err)
	}
}

// TestRegisterSimpleTypeByIndex registers a simple type and an option set
// by namespace index, as a client reading one server's nodes would.
func TestRegisterSimpleTypeByIndex(t *testing.T) {
	r := NewRegistry()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(r.RegisterSimpleType(xid(3100), "Year", types.TypeUInt16))
	must(r.RegisterOptionSet(types.ExpandedNodeID{}, xid(3101), "Behavior", types.TypeUInt32,
		types.EnumDefinition{Fields: []types.EnumField{{Name: "KeepsParameters", Value: 0}, {Name: "WillReboot", Value: 2}}}))
	must(r.RegisterStructure(xid(2102), xid(1102), "Update", structure(types.StructureTypeStructure,
		sf("Year", nid(3100)), sf("Behavior", nid(3101)))))
	x, err := NewDynamic(r, xid(2102), nil)
	must(err)
	must(x.Set("Year", uint16(1999)))
	must(x.Set("Behavior", uint32(5)))
	b, err := Options{Types: r}.Marshal(x)
	must(err)
	if want := unhex(t, "cf07 05000000"); string(b) != string(want) {
		t.Errorf("got % x, want % x", b, want)
	}
	if got := x.String(); got != "Update{Year: 1999, Behavior: KeepsParameters|WillReboot}" {
		t.Errorf("String: %s", got)
	}
}

// TestCodeGeneratorStructureField: a field of a namespace-0 structure for
// code generators only (DecimalDataType, i=17861) decodes as a nested
// *Dynamic with the NodeSet2's fields, byte for byte.
func TestCodeGeneratorStructureField(t *testing.T) {
	r := NewRegistry()
	enc := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, 7001)}
	dtID := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, 7002)}
	def := types.StructureDefinition{Fields: []types.StructureField{{Name: "Price", DataType: types.NewNumericNodeID(0, 17861), ValueRank: -1}}}
	if err := r.RegisterStructure(enc, dtID, "Offer", def); err != nil {
		t.Fatal(err)
	}
	in := hx("fe ff", "02 00 00 00 39 30") // Scale -2, Value {0x39, 0x30} (12345, little-endian)
	for _, o := range []Options{{Types: r}, {Types: r, DisableFastPaths: true}} {
		x, err := NewDynamic(r, enc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Unmarshal(in, x); err != nil {
			t.Fatal(err)
		}
		v, _ := x.Get("Price")
		price, ok := v.(*Dynamic)
		if !ok || price.Name() != "DecimalDataType" {
			t.Fatalf("Price is %#v", v)
		}
		if s, _ := price.Get("Scale"); s != int16(-2) {
			t.Errorf("Scale %v", s)
		}
		if b, err := o.Marshal(x); err != nil || !bytes.Equal(b, in) {
			t.Errorf("re-encoded % x, %v", b, err)
		}
	}
}

// standardDataType reports whether types.StandardTypes has the DataType
// ns=0;i=id.
func standardDataType(id uint32) bool {
	for _, ti := range types.StandardTypes {
		if ti.DataTypeID == id {
			return true
		}
	}
	return false
}
