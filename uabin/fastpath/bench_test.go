package fastpath

import (
	"github.com/uabin/uabin/uabin/internal/bulk"
	"math"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Benchmarks of every codec on its own: encoding into a reused buffer and
// decoding into a reused value, with allocations and bytes per op. The
// workloads through the engine (W1-W7, fast paths against plans) are in
// workload_bench_test.go.

// benchCase is one value of one codec, benchmarked both ways. setupEnc
// and setupDec return one encoding (into a reused buffer) and one decoding
// (into a reused value) as a func, and the size of the value's encoding.
type benchCase struct {
	name     string
	setupEnc func(tb testing.TB) (run func(), size int)
	setupDec func(tb testing.TB) (run func(), size int)
}

func (c benchCase) encode(b *testing.B) { runBench(b, c.setupEnc) }
func (c benchCase) decode(b *testing.B) { runBench(b, c.setupDec) }

func runBench(b *testing.B, setup func(testing.TB) (func(), int)) {
	run, size := setup(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run()
	}
}

func bench[T any](name string, f fns[T], v T) benchCase {
	enc := func(tb testing.TB) (func(), int) {
		w := withBodies(&wire.Writer{})
		f.append(w, &v)
		if w.Err() != nil {
			tb.Fatal(w.Err())
		}
		return func() {
			w.Reset()
			f.append(w, &v)
		}, len(w.Buf)
	}
	dec := func(tb testing.TB) (func(), int) {
		var w wire.Writer
		withBodies(&w)
		f.append(&w, &v)
		one := len(w.Buf)
		// The input holds the value many times over, so that the cost of
		// Reader.Reset is shared by many decodes, as inside a message.
		for i := 1; i < 64; i++ {
			f.append(&w, &v)
		}
		in := w.Buf
		dst := new(T)
		r := wire.NewReader(in, wire.Limits{})
		withBodiesR(r)
		f.consume(r, dst) // the reused value now has memory to reuse
		if r.Err() != nil || r.Offset() != one {
			tb.Fatalf("decode: %v, %d of %d bytes used", r.Err(), r.Offset(), one)
		}
		return func() {
			if r.Remaining() == 0 {
				r.Reset(in, wire.Limits{})
			}
			f.consume(r, dst)
		}, one
	}
	return benchCase{name: name, setupEnc: enc, setupDec: dec}
}

func benchCases() []benchCase {
	d1000 := make([]float64, 1000)
	for i := range d1000 {
		d1000[i] = float64(i) * 0.5
	}
	bs := make([]byte, 64)
	for i := range bs {
		bs[i] = byte(i)
	}
	return []benchCase{
		bench("NodeId/TwoByte", nodeIDFns, types.NewNumericNodeID(0, 85)),
		bench("NodeId/FourByte", nodeIDFns, types.NewNumericNodeID(2, 1234)),
		bench("NodeId/Numeric", nodeIDFns, types.NewNumericNodeID(3, 70000)),
		bench("NodeId/String", nodeIDFns, types.NewStringNodeID(2, "Demo.Static.Scalar.Double")),
		bench("NodeId/Guid", nodeIDFns, types.NewGUIDNodeID(4, guidW1)),
		bench("ExpandedNodeId", expandedNodeIDFns, types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"}),
		bench("Guid", guidFns, guidW1),
		bench("time.Time", timeFns, t0),
		bench("QualifiedName", qualifiedNameFns, types.QualifiedName{NamespaceIndex: 2, Name: "Node1"}),
		bench("LocalizedText", localizedTextFns, types.LocalizedText{Locale: "en", Text: "Node 1"}),
		bench("Variant/Double", variantFns, variantOf(types.TypeDouble, math.Float64bits(3.14))),
		bench("Variant/UInt32", variantFns, variantOf(types.TypeUInt32, 42)),
		bench("Variant/String", variantFns, variantStr(types.TypeString, "temperature")),
		bench("Variant/ByteString", variantFns, variantRaw(types.TypeByteString, false, bs)),
		bench("Variant/Double[1000]", variantFns, variantRaw(types.TypeDouble, true, d1000)),
		bench("Variant/Int32[2x3]", variantFns, variantRaw(types.TypeInt32, true, []int32{1, 2, 3, 4, 5, 6}, 2, 3)),
		bench("Variant/String[10]", variantFns, variantRaw(types.TypeString, true, []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"})),
		bench("DataValue/Full", dataValueFns, w3()),
		bench("DiagnosticInfo", diagnosticInfoFns, types.DiagnosticInfo{Mask: 0x3f, AdditionalInfo: "x"}),
		bench("ExtensionObject/Null", extensionObjectFns, types.ExtensionObject{}),
		bench("ExtensionObject/Raw", extensionObjectFns, types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 298), Encoding: 1, Body: bs}),
		bench("ExtensionObject/Value", extensionObjectFns, types.ExtensionObject{TypeID: pointID, Encoding: 1, Value: &point{1, 2}}),
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, c.encode)
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, c.decode)
	}
}

// BenchmarkBulk compares the bulk copies of numeric arrays with the
// portable loops (the delta quoted in bulk.go).
func BenchmarkBulk(b *testing.B) {
	d1000 := make([]float64, 1000)
	for i := range d1000 {
		d1000[i] = float64(i) * 0.5
	}
	i1000 := make([]int32, 1000)
	for i := range i1000 {
		i1000[i] = int32(i)
	}
	for _, c := range []benchCase{
		bench("Double[1000]", variantFns, variantRaw(types.TypeDouble, true, d1000)),
		bench("Int32[1000]", variantFns, variantRaw(types.TypeInt32, true, i1000)),
	} {
		for _, inBulk := range []bool{false, true} {
			name := "/loop"
			if inBulk {
				name = "/bulk"
			}
			b.Run("Encode/"+c.name+name, func(b *testing.B) {
				useBulk = inBulk && bulk.LittleEndian
				defer func() { useBulk = bulk.LittleEndian }()
				c.encode(b)
			})
			b.Run("Decode/"+c.name+name, func(b *testing.B) {
				useBulk = inBulk && bulk.LittleEndian
				defer func() { useBulk = bulk.LittleEndian }()
				c.decode(b)
			})
		}
	}
}

// TestAllocs pins the allocation counts that the benchmarks report: none
// for encoding any value into a reused buffer, none for decoding numeric,
// fixed-size and repeated-text values into a reused value.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, c := range benchCases() {
		run, _ := c.setupEnc(t)
		if a := testing.AllocsPerRun(100, run); a != 0 {
			t.Errorf("encoding %s: %v allocs/op, want 0", c.name, a)
		}
	}
	wantDecode := map[string]float64{
		"Variant/ByteString":    2, // the bytes and their interface box
		"ExtensionObject/Raw":   1, // the body
		"ExtensionObject/Value": 1, // the new *point
	}
	for _, c := range benchCases() {
		run, _ := c.setupDec(t)
		if a := testing.AllocsPerRun(100, run); a != wantDecode[c.name] {
			t.Errorf("decoding %s: %v allocs/op, want %v", c.name, a, wantDecode[c.name])
		}
	}
}
