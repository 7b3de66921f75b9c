package uabin

import (
	"testing"

	"github.com/uabin/uabin/types"
)

// benchMixed is the Go struct of the dynamic-vs-Go comparison: a dozen
// fields of mixed types.
type benchMixed struct {
	Flag    bool
	Small   int16
	Count   int32
	Mask    uint32
	Big     int64
	Ratio   float32
	Value   float64
	Name    string
	When    types.DateTime
	Node    types.NodeID
	Samples []int32
	Label   types.LocalizedText
}

// benchMixedSetup registers benchMixed (ns=2;i=9001) and a definition of
// the same shape (ns=2;i=9002) and returns the registry and the two
// ExtensionObjects' bytes, which differ only in their TypeId.
func benchMixedSetup(b testing.TB) (*Registry, []byte, []byte) {
	r := NewRegistry()
	if err := RegisterType[benchMixed](r, xid(9001)); err != nil {
		b.Fatal(err)
	}
	if err := r.RegisterStructure(xid(9002), xid(8002), "Mixed", structure(types.StructureTypeStructure,
		sf("Flag", ns0(1)), sf("Small", ns0(4)), sf("Count", ns0(6)), sf("Mask", ns0(7)), sf("Big", ns0(8)),
		sf("Ratio", ns0(10)), sf("Value", ns0(11)), sf("Name", ns0(12)), sf("When", ns0(13)),
		sf("Node", ns0(17)), arr(sf("Samples", ns0(6))), sf("Label", ns0(21)))); err != nil {
		b.Fatal(err)
	}
	v := &benchMixed{Flag: true, Small: -3, Count: 1 << 20, Mask: 0xf0f0, Big: -1 << 40, Ratio: 0.25,
		Value: 3.5, Name: "pump-station-7", When: 133_000_000_000_000_000, Node: types.NewStringNodeID(2, "Line1.Pump7"),
		Samples: []int32{1, 2, 3, 4, 5, 6, 7, 8}, Label: types.LocalizedText{Locale: "en", Text: "Pump 7"}}
	o := Options{Types: r}
	goBytes, err := o.Marshal(types.ExtensionObject{Value: v})
	if err != nil {
		b.Fatal(err)
	}
	dynBytes := append([]byte(nil), goBytes...)
	dynBytes[2] = 0x2a // i=9002 (FourByte NodeId: 01 02 29 23 → 01 02 2a 23)
	return r, goBytes, dynBytes
}

func TestDynamicBenchShapesAgree(t *testing.T) {
	r, goBytes, dynBytes := benchMixedSetup(t)
	o := Options{Types: r}
	var x types.ExtensionObject
	if err := o.Unmarshal(dynBytes, &x); err != nil {
		t.Fatal(err)
	}
	d := x.Value.(*Dynamic)
	if v, _ := d.Get("Name"); v != "pump-station-7" {
		t.Fatalf("Name = %v", v)
	}
	out, err := o.Marshal(x)
	if err != nil || string(out) != string(dynBytes) || string(out[3:]) != string(goBytes[3:]) {
		t.Fatalf("dynamic bytes differ from the Go struct's: %x / %x (%v)", out, goBytes, err)
	}
}

// BenchmarkDynamicVsGo decodes and encodes the same body as the Go struct
// and as a Dynamic, both in an ExtensionObject through the engine.
func BenchmarkDynamicVsGo(b *testing.B) {
	r, goBytes, dynBytes := benchMixedSetup(b)
	for _, c := range []struct {
		name string
		in   []byte
	}{{"Go", goBytes}, {"Dynamic", dynBytes}} {
		for _, fast := range []bool{true, false} {
			o := Options{Types: r, DisableFastPaths: !fast}
			suffix := "/fast"
			if !fast {
				suffix = "/plans"
			}
			b.Run("Decode/"+c.name+suffix, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(c.in)))
				var x types.ExtensionObject
				for i := 0; i < b.N; i++ {
					if err := o.Unmarshal(c.in, &x); err != nil {
						b.Fatal(err)
					}
				}
			})
			var x types.ExtensionObject
			if err := o.Unmarshal(c.in, &x); err != nil {
				b.Fatal(err)
			}
			b.Run("Encode/"+c.name+suffix, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(c.in)))
				buf := make([]byte, 0, 256)
				for i := 0; i < b.N; i++ {
					var err error
					if buf, err = o.Append(buf[:0], x); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
