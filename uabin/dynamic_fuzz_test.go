package uabin

import (
	"bytes"
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
)

// FuzzDynamic decodes arbitrary bodies of the test definitions
// (dynRegistry): the first byte picks the definition, the rest is the body.
// Whatever decodes must re-encode, decode again and re-encode to the same
// bytes, with and without fast paths; nothing may panic.
func FuzzDynamic(f *testing.F) {
	r := dynRegistry(f)
	seeds := []string{
		stripComments(sampleHex)[27:],
		"06000000 07000000 00000000000000000000000000000000 0900",
		"03000000 000000000000f83f 0000000000000000",
		"01000000 01000000 00000000 02000000 ffffffff 00000000",
		"01000000 01000000 00000000 02000000 01000000 00000000 00000000 ffffffff 00000000",
	}
	for i, s := range seeds {
		f.Add(append([]byte{[]byte{0, 1, 2, 4, 4}[i]}, unhex(f, s)...))
	}
	f.Add([]byte{3, 1, 2, 0xd1, 7, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		enc := uint32(2002 + int(in[0])%7) // Sample, Opt, Choice, Sub, Node, Wide, Grid
		body := in[1:]
		eo := types.ExtensionObject{TypeID: nid(enc), Encoding: types.ExtensionObjectBinary, Body: body}
		b, err := Marshal(eo)
		if err != nil {
			t.Fatal(err)
		}
		var first []byte
		for _, fast := range []bool{true, false} {
			o := Options{Types: r, DisableFastPaths: !fast}
			var x types.ExtensionObject
			if err := o.Unmarshal(b, &x); err != nil {
				return
			}
			if _, ok := x.Value.(*Dynamic); !ok {
				t.Fatalf("decoded %T", x.Value)
			}
			_ = x.Value.(*Dynamic).String()
			// A value with no JSON form (a String that is not UTF-8, which
			// the binary decoder keeps as it came) is an ErrInvalid error.
			if _, err := x.Value.(*Dynamic).MarshalJSON(); err != nil && !errors.Is(err, ErrInvalid) {
				t.Fatalf("MarshalJSON: %v", err)
			}
			b1, err := o.Marshal(x)
			if err != nil {
				t.Fatalf("re-encoding: %v", err)
			}
			var y types.ExtensionObject
			if err := o.Unmarshal(b1, &y); err != nil {
				t.Fatalf("decoding the re-encoded bytes: %v\n%x", err, b1)
			}
			b2, err := o.Marshal(y)
			if err != nil || !bytes.Equal(b1, b2) {
				t.Fatalf("bytes not stable (%v):\n%x\n%x", err, b1, b2)
			}
			if first == nil {
				first = b1
			} else if !bytes.Equal(first, b1) {
				t.Fatalf("fast paths and plans disagree:\n%x\n%x", first, b1)
			}
		}
	})
}

// The fuzz seeds decode: a seed that fails would only test the error path.
func TestDynamicFuzzSeeds(t *testing.T) {
	r := dynRegistry(t)
	bodies := map[uint32]string{
		2002: stripComments(sampleHex)[27:],
		2003: "06000000 07000000 00000000000000000000000000000000 0900",
		2004: "03000000 000000000000f83f 0000000000000000",
		2006: "01000000 01000000 00000000 02000000 01000000 00000000 00000000 ffffffff 00000000",
	}
	for enc, s := range bodies {
		b, err := Marshal(types.ExtensionObject{TypeID: nid(enc), Encoding: types.ExtensionObjectBinary, Body: unhex(t, s)})
		if err != nil {
			t.Fatal(err)
		}
		var x types.ExtensionObject
		if err := (Options{Types: r}).Unmarshal(b, &x); err != nil {
			t.Errorf("%d: %v", enc, err)
		}
	}
}
