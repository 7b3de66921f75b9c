package uabin

import (
	"testing"

	"github.com/uabin/uabin/types"
)

// appendTarget has strings, slices and nested structs: Append of it into a
// reused buffer must not allocate.
type appendTarget struct {
	Name  string
	Tags  []string
	Vals  []float64
	Inner struct {
		ID   types.NodeID
		Text types.LocalizedText
		Qs   []types.QualifiedName
	}
	Items []ReadValueID
}

// fixedTarget has a fixed wire size: Unmarshal of it must not allocate.
type fixedTarget struct {
	A   int32
	B   float64
	G   types.GUID
	Pos struct{ X, Y uint16 }
	T   types.DateTime
	S   types.StatusCode
	Arr [4]int32
	Ok  bool
}

func newAppendTarget() *appendTarget {
	v := &appendTarget{Name: "pump", Tags: []string{"a", "bb"}, Vals: []float64{1, 2, 3}}
	v.Inner.ID = types.NewStringNodeID(2, "Pump.Speed")
	v.Inner.Text = types.LocalizedText{Locale: "en", Text: "speed"}
	v.Inner.Qs = []types.QualifiedName{{NamespaceIndex: 1, Name: "x"}}
	for i := 0; i < 4; i++ {
		v.Items = append(v.Items, ReadValueID{NodeID: types.NewNumericNodeID(2, uint32(i)), AttributeID: 13})
	}
	return v
}

func BenchmarkAppendStruct(b *testing.B) {
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		b.Run(optsName(o), func(b *testing.B) {
			v := newAppendTarget()
			buf, err := o.Append(nil, v)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(buf)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf, _ = o.Append(buf[:0], v)
			}
		})
	}
}

func BenchmarkUnmarshalFixed(b *testing.B) {
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		b.Run(optsName(o), func(b *testing.B) {
			in := fixedTarget{A: 1, B: 2, G: guidW1, T: t0Ticks, S: 0x80000000, Arr: [4]int32{1, 2, 3, 4}, Ok: true}
			wire, err := o.Marshal(&in)
			if err != nil {
				b.Fatal(err)
			}
			var out fixedTarget
			b.ReportAllocs()
			b.SetBytes(int64(len(wire)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := o.Unmarshal(wire, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadRequest is W4 (N = 50, 500) as a message: the plans against
// the fast paths.
func BenchmarkReadRequest(b *testing.B) {
	for _, n := range []int{50, 500} {
		req := w4Request(n)
		for _, o := range []Options{{Types: testRegistry}, {Types: testRegistry, DisableFastPaths: true}} {
			wire, err := o.MarshalMessage(&req)
			if err != nil {
				b.Fatal(err)
			}
			b.Run("encode/"+itoa(n)+"/"+optsName(o), func(b *testing.B) {
				buf := make([]byte, 0, len(wire))
				b.ReportAllocs()
				b.SetBytes(int64(len(wire)))
				for i := 0; i < b.N; i++ {
					buf, _ = o.AppendMessage(buf[:0], &req)
				}
			})
			b.Run("decode/"+itoa(n)+"/"+optsName(o), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(wire)))
				for i := 0; i < b.N; i++ {
					var v any // a new value per message, as a server receiving requests
					if err := o.UnmarshalMessage(wire, &v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkPlanCache measures a plan lookup that hits the cache.
func BenchmarkPlanCache(b *testing.B) {
	var v fixedTarget
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Size(&v); err != nil {
			b.Fatal(err)
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		v := newAppendTarget()
		buf, _ := o.Append(nil, v)
		if n := testing.AllocsPerRun(100, func() { buf, _ = o.Append(buf[:0], v) }); n != 0 {
			t.Errorf("%s: Append of a struct with strings, slices and nested structs: %v allocs, want 0", optsName(o), n)
		}
		in := fixedTarget{A: 1, G: guidW1}
		wire, _ := o.Marshal(&in)
		var out fixedTarget
		if n := testing.AllocsPerRun(100, func() { _ = o.Unmarshal(wire, &out) }); n != 0 {
			t.Errorf("%s: Unmarshal of a fixed-size struct: %v allocs, want 0", optsName(o), n)
		}
	}
}

type responseHeader struct {
	Timestamp          types.DateTime
	RequestHandle      uint32
	ServiceResult      types.StatusCode
	ServiceDiagnostics types.DiagnosticInfo
	StringTable        []string
	AdditionalHeader   types.ExtensionObject
}

// readResponse has the shape of a ReadResponse (W5).
type readResponse struct {
	ResponseHeader  responseHeader
	Results         []types.DataValue
	DiagnosticInfos []types.DiagnosticInfo
}

func w5Response(n int) *readResponse {
	r := &readResponse{ResponseHeader: responseHeader{Timestamp: t0Ticks, RequestHandle: 42}}
	for i := 0; i < n; i++ {
		r.Results = append(r.Results, types.DataValue{Value: vBits(types.TypeDouble, uint64(i)), SourceTimestamp: t0Ticks, ServerTimestamp: t0Ticks})
	}
	return r
}

// BenchmarkReadResponse is W5 (N = 100, 1000): the plans against the fast
// paths.
func BenchmarkReadResponse(b *testing.B) {
	for _, n := range []int{100, 1000} {
		v := w5Response(n)
		for _, o := range []Options{{}, {DisableFastPaths: true}} {
			wire, err := o.Marshal(v)
			if err != nil {
				b.Fatal(err)
			}
			b.Run("encode/"+itoa(n)+"/"+optsName(o), func(b *testing.B) {
				buf := make([]byte, 0, len(wire))
				b.ReportAllocs()
				b.SetBytes(int64(len(wire)))
				for i := 0; i < b.N; i++ {
					buf, _ = o.Append(buf[:0], v)
				}
			})
			b.Run("decode/"+itoa(n)+"/"+optsName(o), func(b *testing.B) {
				var out readResponse
				b.ReportAllocs()
				b.SetBytes(int64(len(wire)))
				for i := 0; i < b.N; i++ {
					if err := o.Unmarshal(wire, &out); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func TestMarshalAllocatesOnce(t *testing.T) {
	req := w4Request(50)
	_, _ = Marshal(&req)
	if n := testing.AllocsPerRun(20, func() { _, _ = Marshal(&req) }); n != 1 {
		t.Errorf("Marshal of a ReadRequest: %v allocations, want 1 (the buffer, sized from the last call)", n)
	}
	if b, err := Marshal(map[int]int{}); b != nil || err == nil {
		t.Errorf("Marshal error returns %v, %v; want nil and an error", b, err)
	}
}

// TestDecodeAllocs pins the allocation counts of decoding: into a reused value, nothing for equal strings and for
// ExtensionObject bodies of the type already held; into a new value, one
// allocation per array plus one for all the strings of the call.
func TestDecodeAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	req := &types.ReadRequest{NodesToRead: make([]types.ReadValueID, 50)}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = types.ReadValueID{NodeID: types.NewStringNodeID(2, "Demo.Static.Scalar.Double."+itoa(i)), AttributeID: 13}
	}
	reqWire, err := MarshalMessage(req)
	if err != nil {
		t.Fatal(err)
	}
	args := make([]types.ExtensionObject, 50) // a Variant would box each (one allocation a scalar)
	for i := range args {
		args[i] = types.ExtensionObject{Value: &types.Argument{Name: "arg" + itoa(i), DataType: types.NewNumericNodeID(0, 11), ValueRank: -1}}
	}
	eoWire, err := Marshal(&args)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		var reused types.ReadRequest
		if err := o.UnmarshalMessage(reqWire, &reused); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(50, func() { _ = o.UnmarshalMessage(reqWire, &reused) }); n != 0 {
			t.Errorf("%s: ReadRequest[50] into a reused value: %v allocs, want 0", optsName(o), n)
		}
		var fresh *types.ReadRequest
		if n := testing.AllocsPerRun(50, func() {
			fresh = new(types.ReadRequest)
			_ = o.UnmarshalMessage(reqWire, fresh)
		}); n != 3 {
			t.Errorf("%s: ReadRequest[50] into a new value: %v allocs, want 3 (the value, its array, its 50 strings)", optsName(o), n)
		}
		var eos []types.ExtensionObject
		if err := o.Unmarshal(eoWire, &eos); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(50, func() { _ = o.Unmarshal(eoWire, &eos) }); n != 0 {
			t.Errorf("%s: 50 ExtensionObject bodies into a reused value: %v allocs, want 0", optsName(o), n)
		}
	}
}

// benchCodecPair times one type through the Options API (Append, Unmarshal
// into a reused value) and through its Codec, as sub-benchmarks
// <type>/<dir>/api=Options and api=Codec (benchstat -col /api compares
// them).
func benchCodecPair[T any](b *testing.B, name string, v T) {
	k, err := NewCodec[T](Options{})
	if err != nil {
		b.Fatal(err)
	}
	enc, err := Marshal(&v)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(enc))
	var got T
	b.Run(name+"/encode/api=Options", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf, _ = Append(buf[:0], &v)
		}
	})
	b.Run(name+"/encode/api=Codec", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf, _ = k.Append(buf[:0], &v)
		}
	})
	b.Run(name+"/decode/api=Options", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := Unmarshal(enc, &got); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/decode/api=Codec", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := k.Unmarshal(enc, &got); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCodec compares Codec with the Options API on the types of the
// top-level stack paths and on a structure (which has none).
func BenchmarkCodec(b *testing.B) {
	var arr types.Variant
	arr.SetRaw(types.TypeDouble, true, make([]float64, 1000), nil)
	benchCodecPair(b, "UInt32", uint32(0xdeadbeef))
	benchCodecPair(b, "ByteString", make([]byte, 64))
	benchCodecPair(b, "NodeID", types.NewNumericNodeID(2, 5001))
	benchCodecPair(b, "GUID", types.GUID{Data1: 1, Data4: [8]byte{2}})
	benchCodecPair(b, "Variant.Double", types.MustVariant(3.14))
	benchCodecPair(b, "Variant.Double[1000]", arr)
	benchCodecPair(b, "DataValue", types.DataValue{Value: types.MustVariant(int32(7)), Status: 1, SourceTimestamp: 5, ServerTimestamp: 6})
	benchCodecPair(b, "ReadRequest[1]", types.ReadRequest{NodesToRead: make([]types.ReadValueID, 1)})
}
