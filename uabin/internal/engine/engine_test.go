package engine

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/bulk"
)

// The engine's own tests: what its plans are made of. Package uabin's
// tests hold the engine to the API (bytes, errors, limits, fuzzing).

type prims struct {
	B   bool
	I32 int32
	S   string
}

type intTags struct {
	A int   `ua:"Int32"`
	B uint  `ua:"UInt16"`
	C []int `ua:"Int64"`
}

type overrides struct {
	T  int64  `ua:"DateTime"`
	X  string `ua:"XmlElement"`
	Bs []byte `ua:"Byte"`
}

// argument is the test registry's Argument (i=298).
type argument struct {
	Name        string
	DataType    types.NodeID
	ValueRank   int32
	ArrayDims   []uint32
	Description types.LocalizedText
}

// argumentBody is argument{Name: "x", DataType: i=11, ValueRank: -1}.
const argumentBody = "01 00 00 00 78 00 0b ff ff ff ff ff ff ff ff 00"

func hx(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// The value types of run-time structures, with uabin's layouts.
type (
	dynamic struct{ h uamodel.Dynamic } //lint:ignore U1000 mirrors the layout of uabin.Dynamic
	matrix  struct {
		Dims   []int32
		Values any
	}
)

func testRegistry(t *testing.T) *uamodel.Registry {
	r := &uamodel.Registry{}
	r.Init(nil, uamodel.ValueTypes{Dynamic: reflect.TypeFor[dynamic](), Matrix: reflect.TypeFor[matrix]()})
	if err := r.RegisterType(reflect.TypeFor[argument](), types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 298)}); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBulkChosen asserts that the one-block copy is used for exactly the
// arrays whose memory layout is their wire layout (on little-endian hosts;
// on big-endian hosts never).
func TestBulkChosen(t *testing.T) {
	type E32 int32
	want := map[reflect.Type]bool{
		reflect.TypeFor[[]int8]():             true,
		reflect.TypeFor[[]int16]():            true,
		reflect.TypeFor[[]uint16]():           true,
		reflect.TypeFor[[]int32]():            true,
		reflect.TypeFor[[]uint32]():           true,
		reflect.TypeFor[[]int64]():            true,
		reflect.TypeFor[[]uint64]():           true,
		reflect.TypeFor[[]float32]():          true,
		reflect.TypeFor[[]float64]():          true,
		reflect.TypeFor[[]E32]():              true,
		reflect.TypeFor[[]types.StatusCode](): true,
		reflect.TypeFor[[]types.DateTime]():   true,
		reflect.TypeFor[[4]int32]():           true,
		reflect.TypeFor[[8]byte]():            true,
		reflect.TypeFor[[]bool]():             false, // any non-zero byte must decode as true
		reflect.TypeFor[[]string]():           false,
		reflect.TypeFor[[]types.GUID]():       false,
		reflect.TypeFor[[]types.NodeID]():     false,
		reflect.TypeFor[[][]byte]():           false,
		reflect.TypeFor[[]prims]():            false,
	}
	for typ, block := range want {
		c, err := codecFor(nil, typ)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.seq.bulk; got != (block && bulk.LittleEndian) {
			t.Errorf("%v: bulk = %v, want %v", typ, got, block && bulk.LittleEndian)
		}
	}
	// A tag option on the elements turns the block copy off.
	c, err := codecFor(nil, reflect.TypeFor[intTags]())
	if err != nil {
		t.Fatal(err)
	}
	if c.st.fields[2].c.seq.bulk {
		t.Errorf("[]int with a wire type must not be copied in one block")
	}
	// []byte with the Byte wire type is an array of Byte, copied in one block.
	c, _ = codecFor(nil, reflect.TypeFor[overrides]())
	if c.st.fields[2].c.seq.bulk != bulk.LittleEndian || c.st.fields[2].c.append == nil {
		t.Errorf("[]byte as Byte array: bulk = %v", c.st.fields[2].c.seq.bulk)
	}
}

// TestOpTables: the one op table agrees with the Go sizes of the
// fixed-size primitives, and opOf with opBuiltin.
func TestOpTables(t *testing.T) {
	for kind, o := range primOp {
		if kind != reflect.String && opSize[o] != int(reflect.New(goKind[kind]).Elem().Type().Size()) {
			t.Errorf("%v: op size %d", kind, opSize[o])
		}
		if opOf(opBuiltin[o]) != o {
			t.Errorf("op %d: opOf(%v) = %d", o, opBuiltin[o], opOf(opBuiltin[o]))
		}
	}
	if opOf(types.TypeGUID) != opCodec || opSize[opString] != 4 {
		t.Errorf("opOf(Guid) = %d, opSize[String] = %d", opOf(types.TypeGUID), opSize[opString])
	}
}

// goKind is a Go type of each primitive kind.
var goKind = map[reflect.Kind]reflect.Type{
	reflect.Bool: reflect.TypeFor[bool](), reflect.Int8: reflect.TypeFor[int8](), reflect.Uint8: reflect.TypeFor[uint8](),
	reflect.Int16: reflect.TypeFor[int16](), reflect.Uint16: reflect.TypeFor[uint16](), reflect.Int32: reflect.TypeFor[int32](),
	reflect.Uint32: reflect.TypeFor[uint32](), reflect.Int64: reflect.TypeFor[int64](), reflect.Uint64: reflect.TypeFor[uint64](),
	reflect.Float32: reflect.TypeFor[float32](), reflect.Float64: reflect.TypeFor[float64](), reflect.String: reflect.TypeFor[string](),
}

// TestBodiesForFastPaths drives the ExtensionObject body hooks the way the
// ExtensionObject codec of fastpath does.
func TestBodiesForFastPaths(t *testing.T) {
	o := Options{Types: testRegistry(t)}
	e := o.newAppendState(nil)
	defer e.release()
	id, ok := e.AppendBody(&argument{Name: "x", DataType: types.NewNumericNodeID(0, 11), ValueRank: -1})
	if !ok || id != types.NewNumericNodeID(0, 298) || !bytes.Equal(e.w.Buf, hx(argumentBody)) || e.w.Err() != nil {
		t.Fatalf("AppendBody = %v, %v, % x, %v", id, ok, e.w.Buf, e.w.Err())
	}
	if _, ok := e.AppendBody(&prims{}); ok {
		t.Errorf("AppendBody of an unregistered type reported ok")
	}
	d := o.newConsumeState(hx(argumentBody))
	defer d.release()
	v, known := d.ConsumeBody(types.NewNumericNodeID(0, 298), nil)
	if !known || d.r.Err() != nil || v.(*argument).Name != "x" || d.r.Remaining() != 0 {
		t.Fatalf("ConsumeBody = %#v, %v, %v", v, known, d.r.Err())
	}
	if _, known := d.ConsumeBody(types.NewNumericNodeID(0, 1), nil); known {
		t.Errorf("ConsumeBody of an unknown id reported known")
	}
}

// TestOptionsLayout: Of[R] is read as Options in place, so their fields
// must have the same offsets.
func TestOptionsLayout(t *testing.T) {
	of, opt := reflect.TypeFor[Of[struct{ m uamodel.Registry }]](), reflect.TypeFor[Options]()
	if of.NumField() != opt.NumField() || of.Size() != opt.Size() {
		t.Fatalf("Of has %d fields (%d bytes), Options %d (%d bytes)", of.NumField(), of.Size(), opt.NumField(), opt.Size())
	}
	for i := 0; i < of.NumField(); i++ {
		a, b := of.Field(i), opt.Field(i)
		if a.Name != b.Name || a.Offset != b.Offset || a.Type.Size() != b.Type.Size() {
			t.Errorf("field %d: %s at %d, %s at %d", i, a.Name, a.Offset, b.Name, b.Offset)
		}
	}
	defer func() {
		if recover() == nil {
			t.Errorf("CheckRegistry accepted a type that does not start with a uamodel.Registry")
		}
	}()
	CheckRegistry[struct{ x int }]()
}

// TestRecentCodecs: planCache.recent gives every type its own codec back,
// types sharing a slot included, by value and by pointer, and typeWord is
// the type word that rtype gives.
func TestRecentCodecs(t *testing.T) {
	vals := []any{
		uint8(1), int8(1), uint16(1), int16(1), uint32(1), int32(1), uint64(1), int64(1),
		float32(1), float64(1), true, "s", []byte{1}, types.GUID{}, types.NodeID{},
		types.ExpandedNodeID{}, types.QualifiedName{}, types.LocalizedText{}, types.Variant{},
		types.DataValue{}, types.DiagnosticInfo{}, types.ExtensionObject{}, prims{}, intTags{},
		overrides{}, argument{}, []uint32{}, []string{}, []types.NodeID{}, []prims{},
		types.ReadRequest{}, types.ReadResponse{}, types.ReadValueID{}, types.RequestHeader{},
		types.ResponseHeader{}, types.BrowseRequest{}, types.BrowseResponse{}, types.WriteValue{},
		types.WriteRequest{}, types.WriteResponse{}, types.BrowseDescription{}, types.ReferenceDescription{},
		[][]byte{}, []types.Variant{}, []types.DataValue{}, [4]int32{},
	}
	slots := map[uint][]reflect.Type{}
	for _, v := range vals {
		typ := reflect.TypeOf(v)
		if got, want := typeWord(typ), rtype(typ); got != want {
			t.Fatalf("%v: typeWord %#x, rtype %#x", typ, got, want)
		}
		slots[recentSlot(typeWord(typ))] = append(slots[recentSlot(typeWord(typ))], typ)
	}
	shared := 0
	for _, ts := range slots {
		if len(ts) > 1 {
			shared++
		}
	}
	if shared == 0 {
		t.Fatalf("no two of %d types share a slot of %d: the test needs a pair that does", len(vals), 1<<recentBits)
	}
	for round := 0; round < 3; round++ {
		for _, v := range vals {
			typ := reflect.TypeOf(v)
			c, err := codecFor(nil, typ)
			if err != nil {
				t.Fatalf("%v: %v", typ, err)
			}
			if c.typ != typ {
				t.Fatalf("round %d: codecFor(%v) gave the codec of %v", round, typ, c.typ)
			}
			p := reflect.New(typ)
			for _, top := range []struct {
				v   any
				ptr bool
			}{{v, false}, {p.Interface(), true}} {
				c, ptr, err := topCodec(nil, top.v)
				if err != nil {
					t.Fatalf("topCodec(%T): %v", top.v, err)
				}
				if c.typ != typ || ptr != top.ptr {
					t.Fatalf("round %d: topCodec(%T) = codec of %v, ptr %v; want %v, ptr %v", round, top.v, c.typ, ptr, typ, top.ptr)
				}
			}
		}
	}
}

// TestMessagesFoundByRecentTop: after one AppendMessage or UnmarshalMessage
// into a *T (entry 34's common call), the next call with a *T finds T's
// codec through recentTop, so it skips the registry; a message made with
// plans only does not put its codec where the default fast paths look.
func TestMessagesFoundByRecentTop(t *testing.T) {
	reg := testRegistry(t)
	msg := func() *argument { return &argument{Name: "m", DataType: types.NewNumericNodeID(0, 11), ValueRank: -1} }
	for _, dir := range []string{"append", "consume"} {
		o := Options{Types: reg}
		wireMsg, err := Append(&o, nil, msg(), true)
		if err != nil {
			t.Fatal(err)
		}
		// Another type's top-level calls fill every slot they can; then
		// one message call must bring argument's codec back.
		for _, v := range []any{new(prims), new(intTags), new(overrides), new(types.ReadValueID), new(uint32)} {
			if _, err := Append(&o, nil, v, false); err != nil {
				t.Fatal(err)
			}
		}
		defaultFastCache.recent[recentSlot(rtype(reflect.TypeFor[*argument]()))].Store(nil)
		if recentTop(&o, msg()) != nil {
			t.Fatalf("%s: the slot was not cleared", dir)
		}
		plans := Options{Types: reg, DisableFastPaths: true}
		if _, err := Append(&plans, nil, msg(), true); err != nil {
			t.Fatal(err)
		}
		if recentTop(&o, msg()) != nil {
			t.Fatalf("%s: a message with plans only put its codec where the fast paths look", dir)
		}
		switch dir {
		case "append":
			got, err := Append(&o, nil, msg(), true)
			if err != nil || !bytes.Equal(got, wireMsg) {
				t.Fatalf("AppendMessage: % x, %v; want % x", got, err, wireMsg)
			}
		case "consume":
			var got argument
			if _, err := Consume(&o, wireMsg, &got, true, true); err != nil || !reflect.DeepEqual(&got, msg()) {
				t.Fatalf("UnmarshalMessage: %+v, %v", got, err)
			}
		}
		if c := recentTop(&o, msg()); c == nil || c.typ != reflect.TypeFor[argument]() {
			t.Fatalf("%s: after a message call recentTop does not find the codec of argument", dir)
		}
	}
}
