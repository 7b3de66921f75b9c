package fastpath

import (
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// TestVariantBoxedScalarAllocs pins one allocation (the boxing) for every
// scalar that a Variant keeps in its interface storage, when the value
// itself needs no memory (test/hostile finding 3: it used to be two).
func TestVariantBoxedScalarAllocs(t *testing.T) {
	cases := map[string][]byte{
		"Guid":            append([]byte{0x0e}, make([]byte, 16)...),
		"NodeId":          {0x11, 0x01, 0x02, 0xd2, 0x04},
		"ExpandedNodeId":  {0x12, 0x40, 0x55, 0x01, 0, 0, 0},
		"QualifiedName":   {0x14, 0x02, 0x00, 0xff, 0xff, 0xff, 0xff},
		"LocalizedText":   {0x15, 0x00},
		"ExtensionObject": {0x16, 0x00, 0x00, 0x00},
		"DataValue":       {0x17, 0x02, 0x00, 0x00, 0x00, 0x40},
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			var r wire.Reader
			n := testing.AllocsPerRun(100, func() {
				r.Reset(in, wire.Limits{})
				var v types.Variant
				consumeVariant(&r, &v)
				if r.Err() != nil || r.Remaining() != 0 {
					t.Fatalf("err %v, %d bytes left", r.Err(), r.Remaining())
				}
			})
			if n != 1 {
				t.Fatalf("%v allocations, want 1", n)
			}
		})
	}
}
