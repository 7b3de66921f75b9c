package fastpath

import (
	"github.com/uabin/uabin/uabin/internal/bulk"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// arrayOf returns a valid three-element array Variant of type t.
func arrayOf(t types.BuiltinType) types.Variant {
	var val any
	switch t {
	case types.TypeBoolean:
		val = []bool{true, false, true}
	case types.TypeSByte:
		val = []int8{-1, 0, 1}
	case types.TypeByte:
		val = []uint8{1, 2, 3}
	case types.TypeInt16:
		val = []int16{-1, 2, 3}
	case types.TypeUInt16:
		val = []uint16{1, 2, 0xffff}
	case types.TypeInt32:
		val = []int32{-1, 2, 3}
	case types.TypeUInt32:
		val = []uint32{1, 2, 0xdeadbeef}
	case types.TypeInt64:
		val = []int64{-1, 2, 3}
	case types.TypeUInt64:
		val = []uint64{1, 2, 3}
	case types.TypeFloat:
		val = []float32{1.5, -2, 3}
	case types.TypeDouble:
		val = []float64{1.5, -2, 3}
	case types.TypeString:
		val = []string{"a", "", "c"}
	case types.TypeDateTime:
		val = []types.DateTime{1, t0DT, 3}
	case types.TypeGUID:
		val = []types.GUID{guidW1, {}, guidW1}
	case types.TypeByteString:
		val = [][]byte{{1}, nil, {}}
	case types.TypeXmlElement:
		val = []types.XmlElement{"<a/>", "", "<b/>"}
	case types.TypeNodeID:
		val = []types.NodeID{types.NewNumericNodeID(0, 1), types.NewStringNodeID(1, "x"), {}}
	case types.TypeExpandedNodeID:
		val = []types.ExpandedNodeID{{}, {ServerIndex: 1}, {NamespaceURI: "u"}}
	case types.TypeStatusCode:
		val = []types.StatusCode{0, 0x80000000, 1}
	case types.TypeQualifiedName:
		val = []types.QualifiedName{{}, {NamespaceIndex: 1, Name: "n"}, {}}
	case types.TypeLocalizedText:
		val = []types.LocalizedText{{}, {Text: "t"}, {Locale: "l"}}
	case types.TypeExtensionObject:
		val = []types.ExtensionObject{{}, {}, {}}
	case types.TypeDataValue:
		val = []types.DataValue{{}, {Status: 1}, {}}
	case types.TypeVariant:
		val = []types.Variant{{}, variantOf(types.TypeByte, 1), {}}
	default:
		return types.Variant{}
	}
	return variantRaw(t, true, val)
}

// TestBulkPathTaken asserts that the bulk copy is used for exactly SByte
// through Double, DateTime and StatusCode (never Boolean), when encoding
// and decoding, and that it gives the bytes and values of the portable
// loops.
func TestBulkPathTaken(t *testing.T) {
	if !bulk.LittleEndian {
		t.Skip("bulk copies are only used on little-endian hosts")
	}
	want := map[types.BuiltinType]bool{
		types.TypeSByte: true, types.TypeByte: true, types.TypeInt16: true, types.TypeUInt16: true,
		types.TypeInt32: true, types.TypeUInt32: true, types.TypeInt64: true, types.TypeUInt64: true,
		types.TypeFloat: true, types.TypeDouble: true, types.TypeDateTime: true, types.TypeStatusCode: true,
	}
	var hits []types.BuiltinType
	bulkHook = func(t types.BuiltinType) { hits = append(hits, t) }
	defer func() { bulkHook = nil; useBulk = bulk.LittleEndian }()

	for typ := types.TypeBoolean; typ <= types.TypeVariant; typ++ {
		v := arrayOf(typ)
		useBulk = false
		slow, err := variantFns.encode(v)
		if err != nil {
			t.Fatalf("%d: %v", typ, err)
		}
		slowBack, err := variantFns.decode(slow)
		if err != nil {
			t.Fatalf("%d: %v", typ, err)
		}
		if len(hits) != 0 {
			t.Fatalf("%d: bulk path taken with useBulk off", typ)
		}

		useBulk = true
		fast, err := variantFns.encode(v)
		if err != nil {
			t.Fatalf("%d: %v", typ, err)
		}
		encHit := len(hits) == 1 && hits[0] == typ
		hits = hits[:0]
		fastBack, err := variantFns.decode(fast)
		if err != nil {
			t.Fatalf("%d: %v", typ, err)
		}
		decHit := len(hits) == 1 && hits[0] == typ
		if len(hits) > 1 {
			t.Errorf("%d: %d bulk copies for one array", typ, len(hits))
		}
		hits = hits[:0]

		if encHit != want[typ] || decHit != want[typ] {
			t.Errorf("built-in type %d: bulk encode %v, bulk decode %v, want %v", typ, encHit, decHit, want[typ])
		}
		if string(fast) != string(slow) {
			t.Errorf("built-in type %d: bulk bytes % x, portable % x", typ, fast, slow)
		}
		if !variantsEqual(fastBack, slowBack) || !variantsEqual(fastBack, v) {
			t.Errorf("built-in type %d: bulk decoded %v, portable %v, want %v", typ, fastBack.Raw(), slowBack.Raw(), v.Raw())
		}
	}
}

// TestDecodeInPlace checks that a numeric array of the same type and
// length is decoded into the memory the Variant holds, and that any other
// array gets new memory.
func TestDecodeInPlace(t *testing.T) {
	in := unhex("c6 06 00 00 00 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00 06 00 00 00 02 00 00 00 02 00 00 00 03 00 00 00")
	for _, inBulk := range []bool{true, false} {
		useBulk = inBulk && bulk.LittleEndian
		mem := make([]int32, 6)
		dims := []int32{3, 2}
		v := variantRaw(types.TypeInt32, true, mem, dims...)
		v.SetDimensions(dims)
		r := wire.NewReader(in, wire.Limits{})
		consumeVariant(r, &v)
		if r.Err() != nil {
			t.Fatal(r.Err())
		}
		if &v.Raw().([]int32)[0] != &mem[0] || mem[5] != 6 || &v.Dimensions()[0] != &dims[0] || dims[1] != 3 {
			t.Errorf("bulk=%v: not decoded in place: %v %v", inBulk, v.Raw(), v.Dimensions())
		}
		other := make([]int32, 5)
		v = variantRaw(types.TypeInt32, true, other)
		r = wire.NewReader(in, wire.Limits{})
		consumeVariant(r, &v)
		if got := v.Raw().([]int32); r.Err() != nil || len(got) != 6 || other[0] != 0 {
			t.Errorf("bulk=%v: decoding 6 elements touched a 5-element array: %v", inBulk, other)
		}
	}
	useBulk = bulk.LittleEndian
}
