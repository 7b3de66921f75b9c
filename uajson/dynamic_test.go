package uajson_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

func ns2(i uint32) types.ExpandedNodeID {
	return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, i)}
}

func ns0(i uint32) types.NodeID { return types.NewNumericNodeID(0, i) }

// dynRegistry registers run-time structures of every kind: Tank (optional
// fields, an enumeration, a nested structure, an array of them, a
// matrix), Choice (a union) and Point.
func dynRegistry(t testing.TB) *uabin.Registry {
	t.Helper()
	r := uabin.NewRegistry()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(r.RegisterEnum(ns2(3010), "Mode", types.EnumDefinition{Fields: []types.EnumField{{Name: "Off", Value: 0}, {Name: "Auto", Value: 1}}}))
	must(r.RegisterStructure(ns2(5002), ns2(3002), "Point", types.StructureDefinition{
		StructureType: types.StructureTypeStructure,
		Fields: []types.StructureField{
			{Name: "X", DataType: ns0(11), ValueRank: -1},
			{Name: "Y", DataType: ns0(11), ValueRank: -1},
		},
	}))
	must(r.RegisterStructure(ns2(5003), ns2(3003), "Choice", types.StructureDefinition{
		StructureType: types.StructureTypeUnion,
		Fields: []types.StructureField{
			{Name: "Number", DataType: ns0(6), ValueRank: -1},
			{Name: "Where", DataType: types.NewNumericNodeID(2, 3002), ValueRank: -1},
		},
	}))
	must(r.RegisterStructure(ns2(5001), ns2(3001), "Tank", types.StructureDefinition{
		StructureType: types.StructureTypeStructureWithOptionalFields,
		Fields: []types.StructureField{
			{Name: "Name", DataType: ns0(12), ValueRank: -1},
			{Name: "Mode", DataType: types.NewNumericNodeID(2, 3010), ValueRank: -1},
			{Name: "Origin", DataType: types.NewNumericNodeID(2, 3002), ValueRank: -1},
			{Name: "Path", DataType: types.NewNumericNodeID(2, 3002), ValueRank: 1},
			{Name: "Grid", DataType: ns0(6), ValueRank: 2},
			{Name: "Pick", DataType: types.NewNumericNodeID(2, 3003), ValueRank: -1, IsOptional: true},
			{Name: "Alarm", DataType: ns0(1), ValueRank: -1, IsOptional: true},
		},
	}))
	return r
}

func newDyn(t testing.TB, r *uabin.Registry, id uint32) *uabin.Dynamic {
	t.Helper()
	d, err := uabin.NewDynamic(r, ns2(id), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func set(t testing.TB, d *uabin.Dynamic, name string, v any) {
	t.Helper()
	if err := d.Set(name, v); err != nil {
		t.Fatal(err)
	}
}

// tank returns a Tank with every field set but Alarm.
func tank(t testing.TB, r *uabin.Registry) *uabin.Dynamic {
	p := newDyn(t, r, 5002)
	set(t, p, "X", 1.5)
	q := newDyn(t, r, 5002)
	set(t, q, "Y", 2.0)
	c := newDyn(t, r, 5003)
	set(t, c, "Number", int32(7))
	d := newDyn(t, r, 5001)
	set(t, d, "Name", "T1")
	set(t, d, "Mode", int32(1))
	set(t, d, "Origin", p)
	set(t, d, "Path", []*uabin.Dynamic{p, q})
	set(t, d, "Grid", uabin.Matrix{Dims: []int32{2, 2}, Values: []int32{1, 2, 3, 4}})
	set(t, d, "Pick", c)
	return d
}

// TestDynamicText checks the exact texts of a run-time structure with
// every kind of field, in the four forms, and that the three readable
// forms decode to a value with the same binary bytes.
func TestDynamicText(t *testing.T) {
	r := dynRegistry(t)
	d := tank(t, r)
	want := map[uajson.Encoding]string{
		uajson.Compact:       `{"EncodingMask":1,"Name":"T1","Mode":1,"Origin":{"X":1.5},"Path":[{"X":1.5},{"Y":2}],"Grid":{"Dimensions":[2,2],"Array":[1,2,3,4]},"Pick":{"SwitchField":1,"Number":7}}`,
		uajson.Verbose:       `{"EncodingMask":1,"Name":"T1","Mode":"Auto_1","Origin":{"X":1.5,"Y":0},"Path":[{"X":1.5,"Y":0},{"X":0,"Y":2}],"Grid":{"Dimensions":[2,2],"Array":[1,2,3,4]},"Pick":{"Number":7}}`,
		uajson.Reversible:    `{"EncodingMask":1,"Name":"T1","Mode":1,"Origin":{"X":1.5},"Path":[{"X":1.5},{"Y":2}],"Grid":[[1,2],[3,4]],"Pick":{"SwitchField":1,"Value":7}}`,
		uajson.NonReversible: `{"Name":"T1","Mode":"Auto_1","Origin":{"X":1.5,"Y":0},"Path":[{"X":1.5,"Y":0},{"X":0,"Y":2}],"Grid":[[1,2],[3,4]],"Pick":7}`,
	}
	o := uabin.Options{Types: r}
	bin, err := o.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range encodings {
		jo := uajson.Options{Encoding: enc, Types: r}
		j, err := jo.Marshal(d)
		if err != nil {
			t.Fatalf("%v: %v", enc, err)
		}
		if string(j) != want[enc] {
			t.Errorf("%v:\ngot  %s\nwant %s", enc, j, want[enc])
		}
		if enc == uajson.NonReversible {
			continue
		}
		back := newDyn(t, r, 5001)
		if err := jo.Unmarshal(j, back); err != nil {
			t.Fatalf("%v: Unmarshal: %v", enc, err)
		}
		b2, err := o.Marshal(back)
		if err != nil || !bytes.Equal(b2, bin) {
			t.Errorf("%v: binary through JSON\n% x\nwant\n% x (%v)", enc, b2, bin, err)
		}
	}
	// As an ExtensionObject body, by DataType id, decoded to a new value.
	eo := types.NewExtensionObject(d)
	j, err := uajson.Options{Types: r}.Marshal(eo)
	if err != nil {
		t.Fatal(err)
	}
	if w := `{"UaTypeId":"ns=2;i=3001",` + want[uajson.Compact][1:]; string(j) != w {
		t.Errorf("ExtensionObject:\ngot  %s\nwant %s", j, w)
	}
	var back types.ExtensionObject
	if err := (uajson.Options{Types: r}).Unmarshal(j, &back); err != nil {
		t.Fatal(err)
	}
	if back.TypeID != types.NewNumericNodeID(2, 5001) {
		t.Errorf("TypeID %v, want the binary encoding id ns=2;i=5001", back.TypeID)
	}
	b1, _ := o.Marshal(eo)
	b2, err := o.Marshal(back)
	if err != nil || !bytes.Equal(b1, b2) {
		t.Errorf("ExtensionObject through JSON: % x, want % x (%v)", b2, b1, err)
	}
}

// TestDynamicDecodeErrors: a Dynamic with no type cannot be decoded into;
// a run-time structure's fields are checked like a Go structure's.
func TestDynamicDecodeErrors(t *testing.T) {
	r := dynRegistry(t)
	if err := uajson.Unmarshal([]byte(`{}`), new(uabin.Dynamic)); err == nil {
		t.Error("decoding into a Dynamic with no type: no error")
	}
	jo := uajson.Options{Types: r}
	for _, c := range []struct{ text, path string }{
		{`{"Origin":{"X":"a"}}`, "Origin.X"},
		{`{"Path":[{},{"Y":true}]}`, "Path[1].Y"},
		{`{"Grid":{"Dimensions":[2,2],"Array":[1,2,3]}}`, "Grid"},
		{`{"Grid":[[1,2],[3]]}`, "Grid"},
		{`{"Pick":{"Number":1,"Where":{}}}`, "Pick"},
		{`{"Mode":"Auto"}`, "Mode"},
	} {
		err := jo.Unmarshal([]byte(c.text), newDyn(t, r, 5001))
		if err == nil {
			t.Errorf("%s: no error", c.text)
			continue
		}
		if !bytes.Contains([]byte(err.Error()), []byte(c.path)) {
			t.Errorf("%s: %v, want the path %s", c.text, err, c.path)
		}
	}
}

// TestZeroRegistry: a zero uabin.Registry as Types knows no types: bodies
// stay raw on decoding and registered values cannot be encoded, with
// errors, never a panic.
func TestZeroRegistry(t *testing.T) {
	o := uajson.Options{Types: &uabin.Registry{}}
	var eo types.ExtensionObject
	if err := o.Unmarshal([]byte(`{"UaTypeId":"i=626","AttributeId":13}`), &eo); err != nil {
		t.Fatal(err)
	}
	if _, ok := eo.Value.(uajson.RawStructure); !ok {
		t.Errorf("decoded %#v, want a RawStructure", eo.Value)
	}
	_, err := o.Marshal(types.NewExtensionObject(&types.ReadValueID{}))
	if !errors.Is(err, uabin.ErrUnknownType) {
		t.Errorf("Marshal: %v, want ErrUnknownType", err)
	}
	if _, err := o.Marshal(types.ReadValueID{AttributeID: 1}); err != nil {
		t.Errorf("a structure needs no registry: %v", err)
	}
}

// TestNullLikeExtensionObject: an ExtensionObject whose TypeID is an empty
// string or opaque id of namespace 0 (which types.ExtensionObject.IsNull
// counts as null) keeps its TypeID through JSON as in binary, rather than
// becoming the null ExtensionObject.
func TestNullLikeExtensionObject(t *testing.T) {
	for _, id := range []types.NodeID{types.NewStringNodeID(0, ""), types.NewOpaqueNodeID(0, nil), {}} {
		eo := types.ExtensionObject{TypeID: id}
		j, err := uajson.Marshal(eo)
		if err != nil {
			t.Fatal(err)
		}
		var back types.ExtensionObject
		if err := uajson.Unmarshal(j, &back); err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		b1, _ := uabin.Marshal(eo)
		b2, _ := uabin.Marshal(back)
		if !bytes.Equal(b1, b2) {
			t.Errorf("%v: %s decodes to binary % x, want % x", id, j, b2, b1)
		}
	}
}
