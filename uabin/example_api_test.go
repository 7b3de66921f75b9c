package uabin_test

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// Decode reads one value from the start of a buffer and says how many bytes
// it used, so values that follow each other can be read in turn; Unmarshal
// would report the bytes after the first value as left over.
func ExampleDecode() {
	// Two Int32 arrays back to back: [7] and [1, 2].
	b := []byte{1, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}
	for len(b) > 0 {
		var a []int32
		n, err := uabin.Decode(b, &a)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(a, n, "bytes")
		b = b[n:]
	}
	// Output:
	// [7] 8 bytes
	// [1 2] 12 bytes
}

// Size is the length Marshal would return, for a length prefix or a
// buffer of the right size.
func ExampleSize() {
	v := ReadValueID{NodeID: types.NewStringNodeID(2, "Pump.Speed"), AttributeID: 13}
	n, err := uabin.Size(&v)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := uabin.Marshal(&v)
	fmt.Println(n, len(b))
	// Output: 31 31
}

// PumpSettings is a vendor structure that travels in ExtensionObjects.
type PumpSettings struct {
	Speed   float64
	Enabled bool
}

// RegisterType gives a Go type the binary encoding id it travels under in
// ExtensionObjects (here by namespace index; "nsu=URI;i=N" registers by
// namespace URI). Registering in a Registry of one's own, not
// DefaultRegistry, keeps the registration to the Options that name it.
func ExampleRegisterType() {
	reg := uabin.NewRegistry()
	if err := uabin.RegisterType[PumpSettings](reg, types.MustParseExpandedNodeID("ns=2;i=5001")); err != nil {
		fmt.Println(err)
		return
	}
	o := uabin.Options{Types: reg}

	in := types.VariantFromExtensionObject(types.NewExtensionObject(&PumpSettings{Speed: 1500, Enabled: true}))
	b, err := o.Marshal(&in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", b)

	var out types.Variant
	if err := o.Unmarshal(b, &out); err != nil {
		fmt.Println(err)
		return
	}
	eo, _ := out.ExtensionObject()
	fmt.Printf("%T %+v\n", eo.Value, eo.Value)

	// Without the registration the body stays raw and re-encodes unchanged.
	var raw types.Variant
	_ = uabin.Unmarshal(b, &raw)
	eo, _ = raw.ExtensionObject()
	fmt.Println(eo.TypeID, len(eo.Body), "bytes raw")

	// A second Go type for the same id is refused.
	err = uabin.RegisterType[ReadValueID](reg, types.MustParseExpandedNodeID("ns=2;i=5001"))
	fmt.Println(errors.Is(err, uabin.ErrDuplicateID))
	// Output:
	// 16 01 02 89 13 01 09 00 00 00 00 00 00 00 00 70 97 40 01
	// *uabin_test.PumpSettings &{Speed:1500 Enabled:true}
	// ns=2;i=5001 9 bytes raw
	// true
}

// Limits bound what decoding accepts from untrusted input; every field left
// zero keeps its default and a negative one means no limit but the input.
// A value beyond a limit is a *DecodeError wrapping ErrLimitExceeded, at the
// offset of the length that is too large.
func ExampleLimits() {
	o := uabin.Options{Limits: uabin.Limits{MaxStringLength: 4}}
	b, _ := uabin.Marshal(&[]string{"pump", "valve"})
	var names []string
	err := o.Unmarshal(b, &names)
	fmt.Println(err)
	var de *uabin.DecodeError
	fmt.Println(errors.Is(err, uabin.ErrLimitExceeded), errors.As(err, &de) && de.Offset == 12)

	// The defaults (MaxStringLength 65535) accept it.
	fmt.Println(uabin.Unmarshal(b, &names), names)
	// Output:
	// uabin: decoding [1] at offset 12: limit exceeded: string length 5 above the limit 4
	// true true
	// <nil> [pump valve]
}

// A Go "" is written as a null String by default and as an empty one with
// EmptyStrings. With the default, a decoded String re-encodes as it came:
// null stays null and empty stays empty (the empty one is
// wire.EmptyString, equal to ""). EmptyStrings writes every "" that is not
// EmptyString as empty, decoded nulls included.
func ExampleOptions_emptyStrings() {
	type Names struct{ A, B string }
	var empty uabin.Options
	empty.EmptyStrings = true

	b, _ := uabin.Marshal(&Names{})
	fmt.Printf("default:      % x\n", b)
	b, _ = empty.Marshal(&Names{})
	fmt.Printf("EmptyStrings: % x\n", b)

	// A null A and an empty B, decoded, and re-encoded with each setting.
	in := []byte{0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}
	var v Names
	_ = uabin.Unmarshal(in, &v)
	fmt.Printf("%q %q %v\n", v.A, v.B, wire.IsEmptyString(v.B))
	b, _ = uabin.Marshal(&v)
	fmt.Printf("re-encoded:   % x\n", b)
	b, _ = empty.Marshal(&v)
	fmt.Printf("re-encoded:   % x\n", b)
	// Output:
	// default:      ff ff ff ff ff ff ff ff
	// EmptyStrings: 00 00 00 00 00 00 00 00
	// "" "" true
	// re-encoded:   ff ff ff ff 00 00 00 00
	// re-encoded:   00 00 00 00 00 00 00 00
}

// A Codec finds the plan of its type once, for loops that encode or decode
// one type many times; it gives the bytes and errors of Append and
// Unmarshal.
func ExampleNewCodec() {
	nodes, err := uabin.NewCodec[types.NodeID](uabin.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf []byte
	for _, id := range []uint32{2258, 70000} {
		n := types.NewNumericNodeID(0, id)
		buf, _ = nodes.Append(buf[:0], &n)
		var back types.NodeID
		err := nodes.Unmarshal(buf, &back)
		fmt.Printf("% x -> %v %v\n", buf, back, err)
	}
	// Output:
	// 01 00 d2 08 -> i=2258 <nil>
	// 02 00 00 70 11 01 00 -> i=70000 <nil>
}
