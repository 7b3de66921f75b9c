package uaxml_test

import (
	"bytes"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uaxml"
)

// tankRegistry has run-time structures of each kind, by namespace URI:
// Tank (optional fields, an enumeration, a nested structure, an array of
// them, a matrix), Choice (a union) and Point.
func tankRegistry(t testing.TB) (*uabin.Registry, []string) {
	t.Helper()
	const uri = "http://acme.org/Tanks/"
	id := func(n uint32) types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, n), NamespaceURI: uri}
	}
	local := func(n uint32) types.NodeID { return types.NewNumericNodeID(1, n) }
	builtin := func(bt types.BuiltinType) types.NodeID { return types.NewNumericNodeID(0, uint32(bt)) }
	table := []string{"http://opcfoundation.org/UA/", uri}
	r := uabin.NewRegistry()
	for _, err := range []error{
		r.RegisterEnum(id(3010), "Mode", types.EnumDefinition{Fields: []types.EnumField{{Name: "Off", Value: 0}, {Name: "Auto", Value: 1}}}),
		r.RegisterStructureIn(table, id(5002), id(3002), "Point", types.StructureDefinition{Fields: []types.StructureField{
			{Name: "X", DataType: builtin(types.TypeDouble), ValueRank: -1},
			{Name: "Y", DataType: builtin(types.TypeDouble), ValueRank: -1}}}),
		r.RegisterStructureIn(table, id(5003), id(3003), "Choice", types.StructureDefinition{StructureType: types.StructureTypeUnion,
			Fields: []types.StructureField{
				{Name: "Number", DataType: builtin(types.TypeInt32), ValueRank: -1},
				{Name: "Where", DataType: local(3002), ValueRank: -1}}}),
		r.RegisterStructureIn(table, id(5001), id(3001), "Tank", types.StructureDefinition{StructureType: types.StructureTypeStructureWithOptionalFields,
			Fields: []types.StructureField{
				{Name: "Name", DataType: builtin(types.TypeString), ValueRank: -1},
				{Name: "Mode", DataType: local(3010), ValueRank: -1},
				{Name: "Origin", DataType: local(3002), ValueRank: -1},
				{Name: "Path", DataType: local(3002), ValueRank: 1},
				{Name: "Grid", DataType: builtin(types.TypeInt32), ValueRank: 2},
				{Name: "Pick", DataType: local(3003), ValueRank: -1, IsOptional: true},
				{Name: "Alarm", DataType: builtin(types.TypeBoolean), ValueRank: -1, IsOptional: true}}}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return r, table
}

// TestDynamicText: a run-time structure inside an ExtensionObject, with
// every kind of field, has the exact text below and reads back to the
// same value (the same binary encoding).
func TestDynamicText(t *testing.T) {
	r, table := tankRegistry(t)
	at := func(n uint32) types.ExpandedNodeID { return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(1, n)} }
	point := func(x, y float64) *uabin.Dynamic {
		p, err := uabin.NewDynamic(r, at(3002), table)
		if err != nil {
			t.Fatal(err)
		}
		must(t, p.Set("X", x), p.Set("Y", y))
		return p
	}
	tank, err := uabin.NewDynamic(r, at(3001), table)
	if err != nil {
		t.Fatal(err)
	}
	pick, err := uabin.NewDynamic(r, at(3003), table)
	if err != nil {
		t.Fatal(err)
	}
	must(t, pick.Set("Where", point(3, 4)),
		tank.Set("Name", "T1"), tank.Set("Mode", int32(1)), tank.Set("Origin", point(1, 2)),
		tank.Set("Path", []*uabin.Dynamic{point(5, 6)}), tank.Set("Grid", uabin.Matrix{Dims: []int32{1, 2}, Values: []int32{7, 8}}),
		tank.Set("Pick", pick))
	v := types.MustVariant(types.NewExtensionObject(tank))
	o := uaxml.Options{NamespaceURIs: table, Types: r}
	got, err := o.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	want := `<Variant xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd"><Value><ExtensionObject>` +
		`<TypeId><Identifier>ns=1;i=3001</Identifier></TypeId><Body><Tank><EncodingMask>1</EncodingMask>` +
		`<Name>T1</Name><Mode>Auto_1</Mode><Origin><X>1</X><Y>2</Y></Origin><Path><Point><X>5</X><Y>6</Y></Point></Path>` +
		`<Grid><Dimensions><Int32>1</Int32><Int32>2</Int32></Dimensions><Elements><Int32>7</Int32><Int32>8</Int32></Elements></Grid>` +
		`<Pick><SwitchField>2</SwitchField><Where><X>3</X><Y>4</Y></Where></Pick></Tank></Body></ExtensionObject></Value></Variant>`
	if string(got) != want {
		t.Fatalf("text\n%s\nwant\n%s", got, want)
	}
	var back types.Variant
	if err := o.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	bo := uabin.Options{NamespaceURIs: table, Types: r}
	b1, err1 := bo.Marshal(&v)
	b2, err2 := bo.Marshal(&back)
	if err1 != nil || err2 != nil || !bytes.Equal(b1, b2) {
		t.Fatalf("binary of the value read back (%v, %v)\n% x\nwant\n% x", err1, err2, b2, b1)
	}
}

func must(t testing.TB, errs ...error) {
	t.Helper()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}
