package uamodel

import (
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

type node struct {
	V    int32
	Next *node `ua:"optional"`
}

// A cycle of three, whose depth-first search meets a structure of the
// cycle (c) only after the back edge: every one of them can contain
// itself.
type (
	cycA struct {
		B []cycB
		C *cycC
	}
	cycB struct{ A *cycA }
	cycC struct{ B *cycB }
)

type plain struct {
	A int32
	S string
}

type namedDV types.DataValue

func TestEnter(t *testing.T) {
	for typ, enter := range map[reflect.Type]bool{
		reflect.TypeFor[node]():                 true,
		reflect.TypeFor[cycA]():                 true,
		reflect.TypeFor[cycB]():                 true,
		reflect.TypeFor[cycC]():                 true,
		reflect.TypeFor[types.DiagnosticInfo](): true,
		reflect.TypeFor[types.DataValue]():      true,
		reflect.TypeFor[plain]():                false,
		reflect.TypeFor[types.LocalizedText]():  false,
		reflect.TypeFor[namedDV]():              false, // the rule is the built-in's own
	} {
		m, err := Of(typ)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Struct.Enter; got != enter {
			t.Errorf("%v: counts a nesting level = %v, want %v", typ, got, enter)
		}
	}
}

// TestEnterOrder: whichever structure of a cycle is built first, every
// structure of the cycle counts a level.
func TestEnterOrder(t *testing.T) {
	type (
		x struct {
			Y *struct{ Z []struct{ X *int32 } }
		}
	)
	for _, first := range []reflect.Type{reflect.TypeFor[cycC](), reflect.TypeFor[cycB]()} {
		if m, err := Of(first); err != nil || !m.Struct.Enter {
			t.Errorf("%v: %v, %v", first, m, err)
		}
	}
	m, err := Of(reflect.TypeFor[x]())
	if err != nil || m.Struct.Enter {
		t.Errorf("a nesting without a cycle counts a level: %v", err)
	}
}

type withNames struct {
	EndpointURL string `ua:"String,name=EndpointUrl"`
	NodeID      types.NodeID
	skipped     int32 //lint:ignore U1000 an unexported field, which the model must leave out
	Gone        int32 `ua:"-"`
}

type optionals struct {
	A int32
	B *int32 `ua:"optional"`
	C string `ua:"optional,name=See"`
}

type masked struct {
	M uint32 `ua:"mask"`
	A int32  `ua:"bit=0"`
	B int32  `ua:"bit=2"`
}

type union struct {
	Switch uint32 `ua:"switch"`
	I      int32
	S      string
}

func TestFields(t *testing.T) {
	type want struct {
		goName, name string
		presence     Presence
		bit          int
	}
	for _, c := range []struct {
		v        any
		encoding Encoding
		owned    uint32
		fields   []want
	}{
		{withNames{}, Plain, 0, []want{{"EndpointURL", "EndpointUrl", Always, -1}, {"NodeID", "NodeID", Always, -1}}},
		{optionals{}, OptionalFields, 3, []want{{"A", "A", Always, -1}, {"B", "B", Optional, 0}, {"C", "See", Optional, 1}}},
		{masked{}, Masked, 5, []want{{"M", "M", MaskField, -1}, {"A", "A", MaskBit, 0}, {"B", "B", MaskBit, 2}}},
		{union{}, Union, 0, []want{{"Switch", "Switch", SwitchField, -1}, {"I", "I", Alternative, -1}, {"S", "S", Alternative, -1}}},
		{types.DataValue{}, Masked, 0x3f, []want{{"SentZero", "SentZero", MaskField, -1}, {"Value", "Value", MaskBit, 0},
			{"Status", "Status", MaskBit, 1}, {"SourceTimestamp", "SourceTimestamp", MaskBit, 2},
			{"SourcePicoseconds", "SourcePicoseconds", MaskBit, 4}, {"ServerTimestamp", "ServerTimestamp", MaskBit, 3},
			{"ServerPicoseconds", "ServerPicoseconds", MaskBit, 5}}},
	} {
		m, err := Of(reflect.TypeOf(c.v))
		if err != nil {
			t.Fatal(err)
		}
		st := m.Struct
		if m.Kind != KindStruct || st.Encoding != c.encoding || st.Owned != c.owned || len(st.Fields) != len(c.fields) {
			t.Fatalf("%T: kind %d, encoding %d, owned %#x, %d fields", c.v, m.Kind, st.Encoding, st.Owned, len(st.Fields))
		}
		for i, w := range c.fields {
			f := &st.Fields[i]
			if f.GoName != w.goName || f.Name != w.name || f.Presence != w.presence || f.Bit != w.bit {
				t.Errorf("%T field %d: %s %s %d %d, want %+v", c.v, i, f.GoName, f.Name, f.Presence, f.Bit, w)
			}
		}
	}
	dv, _ := Of(reflect.TypeFor[types.DataValue]())
	if f := &dv.Struct.Fields[0]; f.Mask != Zeros || f.MaskWide() {
		t.Errorf("DataValue.SentZero: mask kind %d, wide %v", f.Mask, f.MaskWide())
	}
	lt, _ := Of(reflect.TypeFor[types.LocalizedText]())
	if f := &lt.Struct.Fields[0]; f.Mask != Computed || f.GoName != "_" || lt.Builtin != types.TypeLocalizedText {
		t.Errorf("LocalizedText mask: %+v", f)
	}
}

type kinds struct {
	A  int       `ua:"Int32"`
	B  uint16    `ua:"max=9999"`
	E  string    `ua:"empty"`
	Bs []byte    `ua:"Byte"`
	R  [3]uint16 `ua:"raw"`
	T  types.DateTime
	X  types.XmlElement
	N  types.NodeID
	S  stamp
	V  []types.Variant
	G  types.GUID
	D  *int32
	Ls []string
}

type stamp types.NodeID

func TestKinds(t *testing.T) {
	m, err := Of(reflect.TypeFor[kinds]())
	if err != nil {
		t.Fatal(err)
	}
	f := m.Struct.Fields
	for i, w := range []struct {
		kind    Kind
		builtin types.BuiltinType
		shared  bool
	}{
		{KindIntAs, types.TypeInt32, false}, {KindClamped, types.TypeUInt16, false}, {KindEmptyString, types.TypeString, false},
		{KindSlice, 0, false}, {KindArray, 0, false}, {KindPrimitive, types.TypeDateTime, true},
		{KindPrimitive, types.TypeXmlElement, true}, {KindBuiltin, types.TypeNodeID, true}, {KindBuiltin, types.TypeNodeID, true},
		{KindSlice, 0, true}, {KindStruct, types.TypeGUID, true}, {KindPointer, 0, true}, {KindSlice, 0, true},
	} {
		if got := f[i].Type; got.Kind != w.kind || got.Builtin != w.builtin || got.Shared != w.shared {
			t.Errorf("field %s: kind %d, built-in %v, shared %v; want %+v", f[i].GoName, got.Kind, got.Builtin, got.Shared, w)
		}
	}
	if r := f[4].Type; !r.Raw || r.Len != 3 || r.Elem.Kind != KindPrimitive {
		t.Errorf("raw array: %+v", r)
	}
	if c := f[1].Type; c.Max != 9999 || c.Wire != types.TypeUInt16 {
		t.Errorf("max=9999: %+v", c)
	}
	if m2, _ := Of(reflect.TypeFor[kinds]()); m2 != m {
		t.Errorf("Of does not return the cached model")
	}
}

func TestErrors(t *testing.T) {
	type inner struct{ X int }
	type outer struct{ In inner }
	type list struct{ L []inner }
	type hidden struct{ a int32 } //lint:ignore U1000 only unexported fields: the error under test
	for _, c := range []struct {
		v       any
		path    string
		message string
	}{
		{outer{}, "outer.In.X", "int: platform-sized integers need a wire type"},
		{list{}, "list.L[].X", "int: platform-sized integers need a wire type"},
		{[]inner{}, "[].X", "int: platform-sized integers need a wire type"},
		{hidden{}, "", "only unexported fields"},
		{struct{ M map[string]int }{}, "M", "map has no OPC UA meaning"},
		{struct {
			A int32 `ua:"bit=3"`
		}{}, "A", "bit=3 needs a mask field before it"},
		{struct {
			S string `ua:"Int32"`
		}{}, "S", "wire type Int32 does not match the Go type string"},
		{struct {
			U uint8 `ua:"mask"`
			A int32 `ua:"bit=9"`
		}{}, "A", "bit=9 does not fit in a Byte mask"},
		{struct {
			A int32  `ua:"optional"`
			S uint32 `ua:"switch"`
		}{}, "S", "the switch field must be the first encoded field"},
		{struct {
			A string `ua:"name= B"`
		}{}, "A", `bad tag option "name= B"`},
	} {
		_, err := Of(reflect.TypeOf(c.v))
		if err == nil || err.Path != c.path || !strings.Contains(err.Msg, c.message) {
			t.Errorf("%T: %v (path %q), want path %q and %q", c.v, err, pathOf(err), c.path, c.message)
		}
	}
}

func pathOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Path
}
