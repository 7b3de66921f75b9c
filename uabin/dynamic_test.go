package uabin

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/uabin/uabin/internal/uamodel"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
)

// Test definitions, namespace 2: DataType ids i=1xxx, encoding ids i=2xxx,
// the enumeration Color i=3000.
func nid(i uint32) types.NodeID { return types.NewNumericNodeID(2, i) }
func xid(i uint32) types.ExpandedNodeID {
	return types.ExpandedNodeID{NodeID: nid(i)}
}
func ns0(i uint32) types.NodeID { return types.NewNumericNodeID(0, i) }

func sf(name string, dt types.NodeID) types.StructureField {
	return types.StructureField{Name: name, DataType: dt, ValueRank: -1}
}

func arr(f types.StructureField) types.StructureField { f.ValueRank = 1; return f }
func opt(f types.StructureField) types.StructureField { f.IsOptional = true; return f }

func structure(st types.StructureType, fields ...types.StructureField) types.StructureDefinition {
	return types.StructureDefinition{StructureType: st, Fields: fields}
}

// dynRegistry registers every test definition, in an order where
// references come before the definitions they point to.
func dynRegistry(t testing.TB) *Registry {
	r := NewRegistry()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	S := types.StructureTypeStructure
	must(r.RegisterStructure(xid(2002), xid(1002), "Sample", structure(S,
		sf("Flag", ns0(1)), sf("Count", ns0(6)), sf("Name", ns0(12)), sf("Color", nid(3000)),
		sf("Pos", nid(1001)), arr(sf("Values", ns0(4))), arr(sf("Path", nid(1001))),
		sf("ID", ns0(17)), sf("Range", ns0(884)), sf("Any", ns0(24)))))
	must(r.RegisterStructure(xid(2001), xid(1001), "Point", structure(S, sf("X", ns0(11)), sf("Y", ns0(11)))))
	must(r.RegisterEnum(xid(3000), "Color", types.EnumDefinition{Fields: []types.EnumField{
		{Name: "Red", Value: 0}, {Name: "Green", Value: 1}, {Name: "Blue", Value: 2}}}))
	must(r.RegisterStructure(xid(2003), xid(1003), "Opt", structure(types.StructureTypeStructureWithOptionalFields,
		sf("A", ns0(6)), opt(sf("B", ns0(12))), opt(sf("C", nid(1001))), opt(sf("D", ns0(5))))))
	must(r.RegisterStructure(xid(2004), xid(1004), "Choice", structure(types.StructureTypeUnion,
		sf("I", ns0(6)), sf("S", ns0(12)), sf("P", nid(1001)))))
	must(r.RegisterStructure(xid(2005), xid(1005), "Sub", structure(types.StructureTypeStructureWithSubtypedValues,
		opt(sf("Body", ns0(22))), opt(sf("Num", ns0(26))), opt(sf("Pt", nid(1001))), sf("Plain", nid(1001)))))
	must(r.RegisterStructure(xid(2006), xid(1006), "Node", structure(types.StructureTypeStructureWithOptionalFields,
		sf("Value", ns0(6)), opt(sf("Next", nid(1006))), arr(sf("Children", nid(1006))))))
	must(r.RegisterStructure(xid(2007), xid(1007), "Wide", structure(S,
		sf("B", ns0(3)), sf("SB", ns0(2)), sf("U16", ns0(5)), sf("U32", ns0(7)), sf("I64", ns0(8)), sf("U64", ns0(9)),
		sf("F", ns0(10)), sf("T", ns0(13)), sf("G", ns0(14)), sf("BS", ns0(15)), sf("X", ns0(16)),
		sf("EN", ns0(18)), sf("SC", ns0(19)), sf("QN", ns0(20)), sf("LT", ns0(21)), sf("EO", ns0(22)),
		sf("DV", ns0(23)), sf("V", ns0(24)), sf("DI", ns0(25)), sf("Dur", ns0(290)), arr(sf("Colors", nid(3000))))))
	must(r.RegisterStructure(xid(2008), xid(1008), "Grid", structure(S,
		types.StructureField{Name: "Values", DataType: ns0(4), ValueRank: 2},
		types.StructureField{Name: "Cells", DataType: nid(1001), ValueRank: 2, ArrayDimensions: []uint32{0, 0}})))
	return r
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	s = strings.Join(strings.Fields(s), "")
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeEO decodes b as an ExtensionObject and returns its *Dynamic.
func decodeEO(t *testing.T, o Options, b []byte) *Dynamic {
	t.Helper()
	var x types.ExtensionObject
	if err := o.Unmarshal(b, &x); err != nil {
		t.Fatalf("decode: %v", err)
	}
	d, ok := x.Value.(*Dynamic)
	if !ok {
		t.Fatalf("Value is %T, want *Dynamic (body %x)", x.Value, x.Body)
	}
	out, err := o.Marshal(x)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	if !bytes.Equal(out, b) {
		t.Fatalf("round trip:\n got %x\nwant %x", out, b)
	}
	return d
}

func dynGet(t *testing.T, d *Dynamic, name string) any {
	t.Helper()
	v, ok := d.Get(name)
	if !ok {
		t.Fatalf("%s.%s absent", d.Name(), name)
	}
	return v
}

// Sample: every kind of mandatory field, worked out from Part 6 §5.2.
const sampleHex = `
01 02 d2 07         TypeId: FourByte NodeId ns=2;i=2002
01                  binary body
50 00 00 00         body length 80
01                  Flag true
05 00 00 00         Count 5
02 00 00 00 61 62   Name "ab"
02 00 00 00         Color Blue (2)
00 00 00 00 00 00 f0 3f  00 00 00 00 00 00 00 c0    Pos {X 1, Y -2}
02 00 00 00 01 00 ff ff                             Values [1 -1]
01 00 00 00 00 00 00 00 00 00 e0 3f 00 00 00 00 00 00 00 00   Path [{0.5 0}]
00 55               ID: TwoByte i=85
00 00 00 00 00 00 00 00  00 00 00 00 00 00 59 40    Range {Low 0, High 100}
05 07 00            Any: Variant UInt16 7
`

func TestDynamicSample(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	for _, fast := range []bool{false, true} {
		o.DisableFastPaths = !fast
		d := decodeEO(t, o, unhex(t, stripComments(sampleHex)))
		if d.Name() != "Sample" || d.NumField() != 10 {
			t.Fatalf("got %s with %d fields", d.Name(), d.NumField())
		}
		want := map[string]any{
			"Flag": true, "Count": int32(5), "Name": "ab", "Color": int32(2),
			"Values": []int16{1, -1}, "ID": types.NewNumericNodeID(0, 85),
			"Range": types.Range{Low: 0, High: 100}, "Any": types.MustVariant(uint16(7)),
		}
		for k, v := range want {
			if got := dynGet(t, d, k); !reflect.DeepEqual(got, v) {
				t.Errorf("%s = %#v, want %#v", k, got, v)
			}
		}
		pos := dynGet(t, d, "Pos").(*Dynamic)
		if x, _ := pos.Get("X"); x != 1.0 {
			t.Errorf("Pos.X = %v", x)
		}
		path := dynGet(t, d, "Path").([]*Dynamic)
		if len(path) != 1 || path[0].Name() != "Point" {
			t.Fatalf("Path = %v", path)
		}
		if d.EnumName("Color") != "Blue" {
			t.Errorf("EnumName = %q", d.EnumName("Color"))
		}
		s := d.String()
		for _, part := range []string{`Sample{Flag: true, Count: 5, Name: "ab", Color: Blue(2), Pos: Point{X: 1, Y: -2}`, `Path: [Point{X: 0.5, Y: 0}]`} {
			if !strings.Contains(s, part) {
				t.Errorf("String() = %s\nmissing %s", s, part)
			}
		}
		j, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(j), `{"Flag":true,"Count":5,"Name":"ab","Color":"Blue_2","Pos":{"X":1,"Y":-2},"Values":[1,-1],"Path":[{"X":0.5,"Y":0}],"ID":"i=85","Range":{"Low":0,"High":100}`) {
			t.Errorf("JSON = %s", j)
		}
		m := d.AsMap()
		if m["Color"] != "Blue_2" || m["Pos"].(map[string]any)["Y"] != -2.0 {
			t.Errorf("AsMap = %v", m)
		}
	}
}

// stripComments keeps the hex bytes of an annotated literal: on every
// line, the tokens before the first one that is not a 2-digit hex byte.
func stripComments(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		for _, tok := range strings.Fields(line) {
			if len(tok) != 2 {
				break
			}
			if _, err := hex.DecodeString(tok); err != nil {
				break
			}
			out = append(out, tok)
		}
	}
	return strings.Join(out, " ")
}

func TestDynamicOptional(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	b := unhex(t, stripComments(`
01 02 d3 07  01  1a 00 00 00   ns=2;i=2003, binary, 26 bytes
06 00 00 00                    mask: B absent, C (bit 1) and D (bit 2) present
07 00 00 00                    A 7
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00   C {0 0}
09 00                          D 9
`))
	d := decodeEO(t, o, b)
	if _, ok := d.Get("B"); ok {
		t.Error("B present")
	}
	if v := dynGet(t, d, "D"); v != uint16(9) {
		t.Errorf("D = %v", v)
	}
	if s := d.String(); s != "Opt{A: 7, C: Point{X: 0, Y: 0}, D: 9}" {
		t.Errorf("String = %s", s)
	}
	// A present zero value stays present; clearing removes it from the wire.
	if err := d.Clear("C"); err != nil {
		t.Fatal(err)
	}
	if err := d.Set("B", ""); err != nil {
		t.Fatal(err)
	}
	out, err := o.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if want := unhex(t, "05000000 07000000 ffffffff 0900"); !bytes.Equal(out, want) {
		t.Errorf("body %x, want %x", out, want)
	}
	if err := d.Clear("A"); !errors.Is(err, ErrInvalid) {
		t.Errorf("Clear of a mandatory field: %v", err)
	}
}

func TestDynamicUnion(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	d := decodeEO(t, o, unhex(t, "01 02 d4 07 01 14000000  03000000  000000000000f83f 0000000000000000"))
	if d.Switch() != 3 || !d.IsUnion() {
		t.Fatalf("switch %d", d.Switch())
	}
	if _, ok := d.Get("I"); ok {
		t.Error("I present")
	}
	if s := d.String(); s != "Choice{P: Point{X: 1.5, Y: 0}}" {
		t.Errorf("String = %s", s)
	}
	d = decodeEO(t, o, unhex(t, "01 02 d4 07 01 0a000000  02000000  02000000 6869"))
	if v := dynGet(t, d, "S"); v != "hi" {
		t.Errorf("S = %v", v)
	}
	d = decodeEO(t, o, unhex(t, "01 02 d4 07 01 04000000  00000000"))
	if d.Switch() != 0 || len(d.AsMap()) != 0 {
		t.Errorf("empty union: %v", d)
	}
	if err := d.Set("I", int32(-1)); err != nil || d.Switch() != 1 {
		t.Fatal(err, d.Switch())
	}
	out, _ := o.Marshal(d)
	if want := unhex(t, "01000000 ffffffff"); !bytes.Equal(out, want) {
		t.Errorf("body %x, want %x", out, want)
	}
}

func TestDynamicSubtypes(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	b := unhex(t, stripComments(`
01 02 d5 07  01  35 00 00 00   ns=2;i=2005, 53 bytes
01 02 d1 07  01  10 00 00 00   Body: ExtensionObject holding a Point (ns=2;i=2001), 16 bytes
00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 00 40
0b 00 00 00 00 00 00 04 40     Num: Variant Double 2.5
00 00 00                       Pt: null ExtensionObject (subtypes allowed)
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00   Plain: a Point inline
`))
	d := decodeEO(t, o, b)
	body := dynGet(t, d, "Body").(types.ExtensionObject)
	if p, ok := body.Value.(*Dynamic); !ok || p.String() != "Point{X: 1, Y: 2}" {
		t.Errorf("Body = %v", body)
	}
	if v := dynGet(t, d, "Num").(types.Variant); v.String() != types.MustVariant(2.5).String() {
		t.Errorf("Num = %v", v)
	}
	if _, ok := dynGet(t, d, "Pt").(types.ExtensionObject); !ok {
		t.Error("Pt is not an ExtensionObject")
	}
	if _, ok := dynGet(t, d, "Plain").(*Dynamic); !ok {
		t.Error("Plain is not a *Dynamic")
	}
}

func TestDynamicRecursive(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	b := unhex(t, stripComments(`
01 02 d6 07  01  18 00 00 00   ns=2;i=2006, 24 bytes
01 00 00 00   mask: Next present
01 00 00 00   Value 1
00 00 00 00   Next: mask 0
02 00 00 00   Next.Value 2
ff ff ff ff   Next.Children null
00 00 00 00   Children empty
`))
	d := decodeEO(t, o, b)
	if s := d.String(); s != "Node{Value: 1, Next: Node{Value: 2, Children: []}, Children: []}" {
		t.Errorf("String = %s", s)
	}
	// A chain deeper than MaxDepth fails with ErrLimitExceeded, counting a
	// level per Node like a recursive Go struct.
	deep := func(n int) []byte {
		var body []byte
		for i := 0; i < n; i++ {
			body = append(body, 1, 0, 0, 0, 0, 0, 0, 0) // mask Next, Value 0
		}
		body = append(body, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff)
		for i := 0; i < n; i++ {
			body = append(body, 0xff, 0xff, 0xff, 0xff)
		}
		return body
	}
	o.Limits.MaxDepth = 20
	d, err := NewDynamic(o.Types, xid(2006), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Unmarshal(deep(15), d); err != nil {
		t.Fatalf("15 levels: %v", err)
	}
	err = o.Unmarshal(deep(25), d)
	var de *DecodeError
	if !errors.Is(err, ErrLimitExceeded) || !errors.As(err, &de) || de.Path != "Dynamic.Next×20" {
		t.Fatalf("25 levels: %v", err)
	}
	// Encoding counts the same levels.
	n := newDyn(d)
	for i := 0; i < 25; i++ {
		m := newDyn(d)
		if err := m.Set("Next", n); err != nil {
			t.Fatal(err)
		}
		n = m
	}
	if _, err := o.Marshal(n); !errors.Is(err, ErrLimitExceeded) {
		t.Fatalf("encoding 25 levels: %v", err)
	}
}

func TestDynamicAllBuiltins(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	d, err := NewDynamic(o.Types, xid(1007), nil)
	if err != nil {
		t.Fatal(err)
	}
	// The zero value: every built-in in its null form.
	b, err := o.Marshal(types.ExtensionObject{Value: d})
	if err != nil {
		t.Fatal(err)
	}
	want := stripComments(`
01 02 d7 07 01 5b 00 00 00   ns=2;i=2007, 91 bytes
00   B
00   SB
00 00   U16
00 00 00 00   U32
00 00 00 00 00 00 00 00   I64
00 00 00 00 00 00 00 00   U64
00 00 00 00   F
00 00 00 00 00 00 00 00   T
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00   G
ff ff ff ff   BS null
ff ff ff ff   X null
00 00   EN
00 00 00 00   SC
00 00 ff ff ff ff   QN
00   LT
00 00 00   EO
00   DV
00   V
00   DI
00 00 00 00 00 00 00 00   Dur
ff ff ff ff   Colors null
`)
	if got := hex.EncodeToString(b); got != strings.ReplaceAll(want, " ", "") {
		t.Fatalf("zero value\n got %s\nwant %s", got, strings.ReplaceAll(want, " ", ""))
	}
	decodeEO(t, o, b)
	set := map[string]any{
		"B": uint8(1), "SB": int8(-1), "U16": uint16(2), "U32": uint32(3), "I64": int64(-4), "U64": uint64(5),
		"F": float32(1.5), "T": types.DateTime(6), "G": types.GUID{Data1: 7}, "BS": []byte{8},
		"X": types.XmlElement("<a/>"), "EN": types.ExpandedNodeID{NodeID: ns0(9), NamespaceURI: "u"},
		"SC": types.StatusCode(0x80000000), "QN": types.QualifiedName{NamespaceIndex: 1, Name: "q"},
		"LT": types.LocalizedText{Text: "t"}, "V": types.MustVariant("v"), "Dur": 2.5,
		"DV": types.DataValue{Value: types.MustVariant(int32(1))}, "Colors": []int32{0, 2, 7},
		"DI": types.DiagnosticInfo{Mask: types.DiagnosticInfoSymbolicID, SymbolicID: 3},
	}
	for k, v := range set {
		if err := d.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	b, err = o.Marshal(types.ExtensionObject{Value: d})
	if err != nil {
		t.Fatal(err)
	}
	d2 := decodeEO(t, o, b)
	for k, v := range set {
		if got := dynGet(t, d2, k); fmt.Sprint(got) != fmt.Sprint(v) {
			t.Errorf("%s = %v, want %v", k, got, v)
		}
	}
	if m := d2.AsMap(); !reflect.DeepEqual(m["Colors"], []any{"Red_0", "Blue_2", int32(7)}) {
		t.Errorf("Colors = %#v", m["Colors"])
	}
	if err := d.Set("U16", 5); !errors.Is(err, ErrInvalid) {
		t.Errorf("Set of an int: %v", err)
	}
}

// Values inside Variants, DataValues and as messages.
func TestDynamicContainers(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	p, err := NewDynamic(o.Types, xid(2001), nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = p.Set("X", 3.0)
	dv := types.DataValue{Value: types.MustVariant(types.ExtensionObject{Value: p})}
	b, err := o.Marshal(dv)
	if err != nil {
		t.Fatal(err)
	}
	want := unhex(t, "01 16 01 02 d1 07 01 10000000 0000000000000840 0000000000000000")
	if !bytes.Equal(b, want) {
		t.Fatalf("DataValue %x, want %x", b, want)
	}
	for _, fast := range []bool{false, true} {
		o.DisableFastPaths = !fast
		var got types.DataValue
		if err := o.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		eo := got.Value.Value().(types.ExtensionObject)
		if eo.Value.(*Dynamic).String() != "Point{X: 3, Y: 0}" {
			t.Errorf("fast=%v: %v", fast, eo)
		}
	}
	// As a message: the encoding id, then the body.
	m, err := o.MarshalMessage(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := unhex(t, "01 02 d1 07 0000000000000840 0000000000000000"); !bytes.Equal(m, want) {
		t.Fatalf("message %x, want %x", m, want)
	}
	var v any
	if err := o.UnmarshalMessage(m, &v); err != nil {
		t.Fatal(err)
	}
	if v.(*Dynamic).String() != "Point{X: 3, Y: 0}" {
		t.Errorf("message: %v", v)
	}
}

func TestDynamicURI(t *testing.T) {
	r := NewRegistry()
	const uri = "urn:vendor"
	id := func(i uint32) types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, i), NamespaceURI: uri}
	}
	// The field refers to Inner by namespace index 3 of the session's table.
	if err := r.RegisterStructure(id(2), id(1), "Outer", structure(types.StructureTypeStructure,
		sf("In", types.NewNumericNodeID(3, 11)))); err != nil {
		t.Fatal(err)
	}
	if err := r.RegisterStructure(id(12), id(11), "Inner", structure(types.StructureTypeStructure, sf("V", ns0(3)))); err != nil {
		t.Fatal(err)
	}
	o := Options{Types: r, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "a", "b", uri}}
	b := unhex(t, "01 03 02 00 01 01000000 2a")
	d := decodeEO(t, o, b)
	if d.String() != "Outer{In: Inner{V: 42}}" {
		t.Errorf("got %v", d)
	}
	o.NamespaceURIs = []string{"x", "y", "z", "w", uri}
	var x types.ExtensionObject
	if err := o.Unmarshal(unhex(t, "01 04 02 00 01 01000000 2a"), &x); err == nil || !errors.Is(err, ErrUnknownType) {
		t.Errorf("with the reference's namespace moved: %v", err)
	}
}

func TestDynamicHostileDefinitions(t *testing.T) {
	S := types.StructureTypeStructure
	many := make([]types.StructureField, 33)
	for i := range many {
		many[i] = opt(sf(fmt.Sprintf("F%d", i), ns0(6)))
	}
	cases := []struct {
		name string
		def  types.StructureDefinition
		kind error
	}{
		{"33 optional fields", structure(types.StructureTypeStructureWithOptionalFields, many...), ErrUnsupported},
		{"ValueRank 33", structure(S, types.StructureField{Name: "M", DataType: ns0(6), ValueRank: 33}), ErrUnsupported},
		{"ValueRank -2", structure(S, types.StructureField{Name: "M", DataType: ns0(6), ValueRank: -2}), ErrUnsupported},
		{"ArrayDimensions", structure(S, types.StructureField{Name: "M", DataType: ns0(6), ValueRank: 2, ArrayDimensions: []uint32{2}}), ErrUnsupported},
		{"ValueRank 0", structure(S, types.StructureField{Name: "M", DataType: ns0(6), ValueRank: 0}), ErrUnsupported},
		{"unknown structure type", types.StructureDefinition{StructureType: 9, Fields: []types.StructureField{sf("A", ns0(6))}}, ErrUnsupported},
		{"duplicate names", structure(S, sf("A", ns0(6)), sf("A", ns0(6))), ErrUnsupported},
		{"no name", structure(S, sf("", ns0(6))), ErrUnsupported},
		{"no DataType", structure(S, sf("A", types.NodeID{})), ErrUnsupported},
		{"optional in a plain structure", structure(S, opt(sf("A", ns0(6)))), ErrUnsupported},
		{"too many fields", structure(S, make([]types.StructureField, 1<<12+1)...), ErrUnsupported},
	}
	for _, c := range cases {
		err := NewRegistry().RegisterStructure(xid(2100), xid(1100), "Bad", c.def)
		var de *DefinitionError
		if !errors.Is(err, c.kind) || !errors.As(err, &de) || !strings.HasPrefix(err.Error(), "uabin: definition Bad") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	r := dynRegistry(t)
	if err := r.RegisterStructure(xid(2999), xid(1001), "Again", structure(S, sf("A", ns0(6)))); !errors.Is(err, ErrDuplicateID) {
		t.Errorf("duplicate DataType id: %v", err)
	}
	if err := r.RegisterStructure(xid(2001), xid(1999), "Again", structure(S, sf("A", ns0(6)))); !errors.Is(err, ErrDuplicateID) {
		t.Errorf("duplicate encoding id: %v", err)
	}
	if err := r.RegisterEnum(xid(3001), "E", types.EnumDefinition{Fields: []types.EnumField{{Name: "A", Value: 1 << 40}}}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("enum value out of range: %v", err)
	}
	if err := r.RegisterEnum(xid(3001), "E", types.EnumDefinition{Fields: []types.EnumField{{Name: "A"}, {Name: "B"}}}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("enum value twice: %v", err)
	}
}

// Definitions that register fine but cannot compile: the error comes when
// a value is decoded (or made), typed and with the path.
func TestDynamicCompileErrors(t *testing.T) {
	S := types.StructureTypeStructure
	r := NewRegistry()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(r.RegisterStructure(xid(2200), xid(1200), "Self", structure(S, sf("A", ns0(6)), sf("Me", nid(1200)))))
	must(r.RegisterStructure(xid(2201), xid(1201), "Ping", structure(S, sf("P", nid(1202)))))
	must(r.RegisterStructure(xid(2202), xid(1202), "Pong", structure(S, sf("Q", nid(1201)))))
	must(r.RegisterStructure(xid(2203), xid(1203), "Outer", structure(S, sf("In", nid(1204)))))
	must(r.RegisterStructure(xid(2204), xid(1204), "Inner", structure(S, sf("Missing", nid(1299)))))
	must(r.RegisterStructure(xid(2205), xid(1205), "Unknown0", structure(S, sf("Z", ns0(99999)))))
	o := Options{Types: r}
	cases := []struct {
		enc  uint32
		kind error
		msg  string
	}{
		{2200, ErrUnsupported, "definition Self (at Self.Me)"},
		{2201, ErrUnsupported, "would be infinite"},
		{2203, ErrUnknownType, "definition Inner (at Outer.In.Missing): unknown type"},
		{2205, ErrUnknownType, "i=99999 is not registered"},
	}
	for _, c := range cases {
		b := append(unhex(t, "01 02"), byte(c.enc), byte(c.enc>>8), 1, 0, 0, 0, 0)
		var x types.ExtensionObject
		err := o.Unmarshal(b, &x)
		var de *DefinitionError
		if !errors.Is(err, c.kind) || !errors.As(err, &de) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%d: %v", c.enc, err)
		}
		if _, err := NewDynamic(r, xid(c.enc), nil); !errors.Is(err, c.kind) {
			t.Errorf("NewDynamic %d: %v", c.enc, err)
		}
	}
	// Registering the missing type later fixes Outer (a new snapshot, a new
	// compile cache).
	must(r.RegisterStructure(types.ExpandedNodeID{}, xid(1299), "Late", structure(S, sf("L", ns0(3)))))
	var x types.ExtensionObject
	if err := o.Unmarshal(unhex(t, "01 02 9b 08 01 01000000 07"), &x); err != nil {
		t.Fatal(err)
	}
	if s := x.Value.(*Dynamic).String(); s != "Outer{In: Inner{Missing: Late{L: 7}}}" {
		t.Errorf("got %s", s)
	}
}

func TestDynamicHostileData(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	cases := []struct {
		name string
		hex  string
		kind error
		path string
	}{
		{"truncated body", "01 02 d1 07 01 10000000 0000", ErrTruncated, ""},
		{"short field", "01 02 d1 07 01 04000000 00000000", ErrTruncated, "X"},
		{"bytes left over", "01 02 d1 07 01 11000000 " + strings.Repeat("00", 17), ErrInvalid, ""},
		{"union switch", "01 02 d4 07 01 04000000 04000000", ErrInvalid, ""},
		{"mask bit", "01 02 d3 07 01 08000000 08000000 00000000", ErrInvalid, ""},
		{"array length", "01 02 d6 07 01 0c000000 00000000 00000000 ffffff7f", ErrLimitExceeded, "ExtensionObject.Children"},
		{"array longer than the body", "01 02 d6 07 01 0c000000 00000000 00000000 10000000", ErrTruncated, "ExtensionObject.Children"},
		{"element", "01 02 d6 07 01 18000000 00000000 00000000 01000000 01000000 00000000 00000000", ErrTruncated, "ExtensionObject.Children[0].Next.Value"},
	}
	for _, c := range cases {
		var x types.ExtensionObject
		err := o.Unmarshal(unhex(t, c.hex), &x)
		var de *DecodeError
		if !errors.Is(err, c.kind) || !errors.As(err, &de) || !strings.Contains(de.Path, c.path) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// A Dynamic with no type.
	if err := o.Unmarshal([]byte{0}, &Dynamic{}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("decoding into a zero Dynamic: %v", err)
	}
	if _, err := o.Marshal(&Dynamic{}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("encoding a zero Dynamic: %v", err)
	}
	// A nested value of the wrong type.
	s, _ := NewDynamic(o.Types, xid(2002), nil)
	opt, _ := NewDynamic(o.Types, xid(2003), nil)
	if err := s.Set("Pos", opt); !errors.Is(err, ErrInvalid) {
		t.Errorf("Set of the wrong structure: %v", err)
	}
}

// A definition registered after a value was compiled does not change the
// compiled types in use; concurrent decoding and registering is safe (run
// with -race).
func TestDynamicConcurrentRegistration(t *testing.T) {
	r := dynRegistry(t)
	o := Options{Types: r}
	b := unhex(t, stripComments(sampleHex))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := uint32(0); i < 50; i++ {
			if err := r.RegisterStructure(xid(5000+i), xid(4000+i), fmt.Sprint("T", i),
				structure(types.StructureTypeStructure, sf("A", nid(1001)))); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	for i := 0; i < 200; i++ {
		var x types.ExtensionObject
		if err := o.Unmarshal(b, &x); err != nil {
			t.Fatal(err)
		}
	}
	<-done
	if n := len(r.Definitions()); n != 9+50 {
		t.Errorf("%d definitions", n)
	}
}

func TestDynamicSelfContaining(t *testing.T) {
	r := dynRegistry(t)
	d, err := NewDynamic(r, xid(2006), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("Next", d); err != nil {
		t.Fatal(err)
	}
	if _, err := (Options{Types: r}).Marshal(d); !errors.Is(err, ErrLimitExceeded) {
		t.Errorf("encoding: %v", err)
	}
	if s := d.String(); !strings.Contains(s, "Next: Node{...}") {
		t.Errorf("String: ...%s", s[len(s)-40:])
	}
	if _, err := d.MarshalJSON(); !errors.Is(err, ErrLimitExceeded) {
		t.Errorf("JSON of a value that contains itself: %v, want ErrLimitExceeded", err)
	}
	if _, err := json.Marshal(d.AsMap()); err != nil {
		t.Error(err)
	}
}

func TestDynamicMatrix(t *testing.T) {
	o := Options{Types: dynRegistry(t)}
	b := unhex(t, stripComments(`
01 02 d8 07 01 34 00 00 00   ns=2;i=2008, 52 bytes
02 00 00 00 02 00 00 00 03 00 00 00   Values: dimensions [2 3]
01 00 02 00 03 00 04 00 05 00 06 00   the 6 Int16 values, no length
02 00 00 00 01 00 00 00 01 00 00 00   Cells: dimensions [1 1]
00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 00 00   Point {1 0}
`))
	for _, fast := range []bool{false, true} {
		o.DisableFastPaths = !fast
		d := decodeEO(t, o, b)
		m := dynGet(t, d, "Values").(Matrix)
		if !reflect.DeepEqual(m, Matrix{Dims: []int32{2, 3}, Values: []int16{1, 2, 3, 4, 5, 6}}) {
			t.Errorf("Values = %#v", m)
		}
		if s := d.String(); s != "Grid{Values: Matrix[2x3][1 2 3 4 5 6], Cells: Matrix[1x1][Point{X: 1, Y: 0}]}" {
			t.Errorf("String = %s", s)
		}
		if j, _ := json.Marshal(d); string(j) != `{"Values":{"Dimensions":[2,3],"Array":[1,2,3,4,5,6]},"Cells":{"Dimensions":[1,1],"Array":[{"X":1,"Y":0}]}}` {
			t.Errorf("JSON = %s", j)
		}
	}
	// Null matrices, and a matrix with a zero dimension.
	d := decodeEO(t, o, unhex(t, "01 02 d8 07 01 10000000 ffffffff 02000000 00000000 05000000"))
	if m := dynGet(t, d, "Values").(Matrix); m.Dims != nil || m.Values != nil {
		t.Errorf("null: %#v", m)
	}
	if m := dynGet(t, d, "Cells").(Matrix); len(m.Values.([]*Dynamic)) != 0 {
		t.Errorf("0x5: %#v", m)
	}
	hostile := []struct {
		name, hex string
		kind      error
	}{
		{"rank", "01 02 d8 07 01 10000000 03000000 01000000 01000000 01000000", ErrInvalid},
		{"negative", "01 02 d8 07 01 0c000000 02000000 ffffffff 01000000", ErrLimitExceeded},
		{"product", "01 02 d8 07 01 0c000000 02000000 00000100 00000100", ErrLimitExceeded},
		{"bytes", "01 02 d8 07 01 0e000000 02000000 02000000 02000000 0000", ErrTruncated},
	}
	for _, c := range hostile {
		var x types.ExtensionObject
		err := o.Unmarshal(unhex(t, c.hex), &x)
		var de *DecodeError
		if !errors.Is(err, c.kind) || !errors.As(err, &de) || !strings.HasSuffix(de.Path, "Values") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Encoding checks the shape.
	g, _ := NewDynamic(o.Types, xid(2008), nil)
	for _, m := range []Matrix{
		{Dims: []int32{2, 2}, Values: []int16{1, 2, 3}},
		{Dims: []int32{4}, Values: []int16{1, 2, 3, 4}},
		{Dims: []int32{1, 1}, Values: []int32{1}},
	} {
		if err := g.Set("Values", m); err != nil {
			t.Fatal(err)
		}
		if _, err := o.Marshal(g); !errors.Is(err, ErrInvalid) {
			t.Errorf("%v: %v", m, err)
		}
	}
	if err := g.Set("Values", Matrix{Dims: []int32{1, 2}, Values: []int16{7, 8}}); err != nil {
		t.Fatal(err)
	}
	out, err := o.Marshal(g)
	if want := unhex(t, "02000000 01000000 02000000 0700 0800 ffffffff"); err != nil || !bytes.Equal(out, want) {
		t.Errorf("got %x, want %x (%v)", out, want, err)
	}
}

// A fast-path set of the caller's own: the fields' codecs come from it.
func TestDynamicOwnFastPathSet(t *testing.T) {
	o := Options{Types: dynRegistry(t), FastPaths: fastpath.NewSet()}
	d := decodeEO(t, o, unhex(t, stripComments(sampleHex)))
	if v := dynGet(t, d, "ID"); v != types.NewNumericNodeID(0, 85) {
		t.Errorf("ID = %v", v)
	}
}

// newDyn returns a new zero value of the type of x.
func newDyn(x *Dynamic) *Dynamic { return uamodel.NewValue(x.h.T).(*Dynamic) }

// TestDynamicTextNames: Go structures inside Dynamic values are shown by
// the OPC UA names of the fields their encoding sends (tag name=NAME).
func TestDynamicTextNames(t *testing.T) {
	type inner struct {
		EndpointURL string `ua:"String,name=EndpointUrl"`
		M           uint32 `ua:"mask"`
		A           int32  `ua:"bit=0"`
		B           int32  `ua:"bit=1"`
	}
	names, values, ok := structFields(reflect.ValueOf(inner{EndpointURL: "opc.tcp://x", M: 2, B: 7}))
	if !ok || strings.Join(names, ",") != "EndpointUrl,B" || values[1].Int() != 7 {
		t.Fatalf("structFields = %v %v %v", names, values, ok)
	}
	var sb strings.Builder
	appendDynText(&sb, inner{EndpointURL: "u", M: 1, A: 3}, nil, 0)
	if sb.String() != `inner{EndpointUrl: "u", A: 3}` {
		t.Errorf("text %s", sb.String())
	}
	if m := jsonValue(types.Range{Low: 1, High: 2}, nil, 0).(map[string]any); m["Low"] != 1.0 || m["High"] != 2.0 {
		t.Errorf("AsMap of a Range: %v", m)
	}
	sb.Reset()
	appendDynText(&sb, types.Range{High: 100}, nil, 0)
	if sb.String() != "Range{Low: 0, High: 100}" {
		t.Errorf("text of a Range: %s", sb.String())
	}
	// A standard structure whose OPC UA names are not its Go names
	// (NamespaceURI, UnitID: name= tags of package types).
	sb.Reset()
	eu := types.EUInformation{NamespaceURI: "u", UnitID: 1}
	appendDynText(&sb, eu, nil, 0)
	if !strings.HasPrefix(sb.String(), `EUInformation{NamespaceUri: "u", UnitId: 1, DisplayName: `) {
		t.Errorf("text of an EUInformation: %s", sb.String())
	}
}
