package uabin

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
)

// gen makes random values that survive a round trip unchanged (absent
// optional fields zero, canonical Variant storage, UTC times of 100 ns).
type gen struct{ r *rand.Rand }

func (g gen) n(k int) int  { return g.r.IntN(k) }
func (g gen) coin() bool   { return g.r.IntN(2) == 0 }
func (g gen) u64() uint64  { return g.r.Uint64() }
func (g gen) u32() uint32  { return g.r.Uint32() }
func (g gen) i32() int32   { return int32(g.r.Uint32()) }
func (g gen) f64() float64 { return math.Float64frombits(g.r.Uint64()) }
func (g gen) f32() float32 { return math.Float32frombits(g.r.Uint32()) }
func (g gen) bytes() []byte {
	if g.n(4) == 0 {
		return nil
	}
	b := make([]byte, g.n(6))
	for i := range b {
		b[i] = byte(g.r.Uint32())
	}
	return b
}
func (g gen) str() string {
	switch g.n(4) {
	case 0:
		return ""
	case 1:
		return "水Boy"
	}
	return string(g.bytes())
}

func (g gen) prims() Prims {
	return Prims{B: g.coin(), I8: int8(g.u32()), U8: uint8(g.u32()), I16: int16(g.u32()), U16: uint16(g.u32()),
		I32: g.i32(), U32: g.u32(), I64: int64(g.u64()), U64: g.u64(), F32: g.f32(), F64: g.f64(), S: g.str()}
}

func (g gen) nodeID() types.NodeID {
	ns := uint16(g.n(3))
	if g.coin() {
		ns = uint16(g.u32())
	}
	switch g.n(4) {
	case 0:
		return types.NewNumericNodeID(ns, []uint32{g.u32() % 256, g.u32() % 65536, g.u32()}[g.n(3)])
	case 1:
		return types.NewStringNodeID(ns, g.str())
	case 2:
		return types.NewGUIDNodeID(ns, types.GUID{Data1: g.u32(), Data2: uint16(g.u32()), Data3: 7, Data4: [8]byte{1, 2, byte(g.u32())}})
	}
	return types.NewOpaqueNodeID(ns, g.bytes())
}

func (g gen) variant(depth int) types.Variant {
	var v types.Variant
	switch g.n(9) {
	case 0:
	case 1:
		v.SetBits(types.TypeBoolean, uint64(g.n(2)))
	case 2:
		v.SetBits(types.TypeInt16, uint64(int64(int16(g.u32()))))
	case 3:
		v.SetBits(types.TypeDouble, g.u64())
	case 4:
		v.SetString(types.TypeString, g.str())
	case 5:
		a := make([]int32, g.n(7))
		for i := range a {
			a[i] = g.i32()
		}
		if len(a) == 6 && g.coin() {
			v.SetRaw(types.TypeInt32, true, a, []int32{2, 3})
		} else {
			v.SetRaw(types.TypeInt32, true, a, nil)
		}
	case 6:
		v.SetRaw(types.TypeNodeID, false, g.nodeID(), nil)
	case 7:
		if depth > 0 {
			v.SetRaw(types.TypeVariant, true, []types.Variant{g.variant(depth - 1), g.variant(depth - 1)}, nil)
		}
	case 8:
		if depth > 0 {
			v.SetRaw(types.TypeDataValue, false, g.dataValue(depth-1), nil)
		}
	}
	return v
}

func (g gen) dataValue(depth int) types.DataValue {
	dv := types.DataValue{Value: g.variant(depth)}
	if g.coin() {
		dv.Status = types.StatusCode(g.u32())
	}
	if g.coin() {
		dv.SourceTimestamp = types.DateTime(g.u64() >> 1)
		dv.SourcePicoseconds = uint16(g.n(10000))
	}
	if g.coin() {
		dv.ServerTimestamp = types.DateTime(g.u64() >> 1)
		dv.ServerPicoseconds = uint16(g.n(10000))
	}
	return dv
}

func (g gen) diag(depth int) *types.DiagnosticInfo {
	d := &types.DiagnosticInfo{}
	if g.coin() {
		d.Mask |= types.DiagnosticInfoSymbolicID
		d.SymbolicID = g.i32()
	}
	if g.coin() {
		d.Mask |= types.DiagnosticInfoLocale | types.DiagnosticInfoLocalizedText
		d.Locale, d.LocalizedText = g.i32(), g.i32()
	}
	if g.coin() {
		d.Mask |= types.DiagnosticInfoAdditionalInfo
		d.AdditionalInfo = g.str()
	}
	if depth > 0 && g.coin() {
		d.Mask |= types.DiagnosticInfoInnerDiagnosticInfo
		d.InnerDiagnosticInfo = g.diag(depth - 1)
	}
	return d
}

func (g gen) rich() *Rich {
	r := &Rich{P: g.prims()}
	r.O = Optionals{A: g.i32(), C: g.str(), D: uint8(g.u32())}
	if g.coin() {
		r.O.B = ptr(g.i32())
	}
	if g.coin() {
		r.O.E = make([]int32, g.n(3))
	}
	r.C = Computed{A: uint16(g.u32()), B: g.str(), C: g.i32()}
	switch s := uint32(g.n(4)); s {
	case 1:
		r.U = Union{Switch: s, I: g.i32()}
	case 2:
		r.U = Union{Switch: s, S: g.str()}
	case 3:
		r.U = Union{Switch: s, D: g.f64()}
	}
	for i := g.n(4); i > 0; i-- {
		r.N = append(r.N, g.nodeID())
	}
	r.X = types.ExpandedNodeID{NodeID: g.nodeID(), ServerIndex: g.u32() % 3}
	if g.coin() {
		r.X.NodeID = r.X.NodeID.WithNamespace(0)
		r.X.NamespaceURI = "urn:" + string(g.bytes()) + "x"
	}
	r.V = g.variant(2)
	r.DV = g.dataValue(1)
	if g.coin() {
		r.DI = g.diag(3)
	} else {
		r.DI = &types.DiagnosticInfo{}
	}
	r.LT = types.LocalizedText{Locale: g.str(), Text: g.str()}
	r.QN = types.QualifiedName{NamespaceIndex: uint16(g.u32()), Name: g.str()}
	r.G = types.GUID{Data1: g.u32(), Data2: 5, Data4: [8]byte{byte(g.u32())}}
	r.T = types.DateTime(g.u64() % uint64(types.DateTimeFromTime(t0)*2)).Time()
	if g.coin() {
		r.EO = types.ExtensionObject{TypeID: types.NewNumericNodeID(5, g.u32()), Encoding: types.ExtensionObjectEncoding(1 + g.n(2)), Body: []byte{}}
		r.EO.Body = append(r.EO.Body, g.bytes()...)
	}
	r.Arr = Arrays{I32: []int32{g.i32()}, F64: []float64{g.f64(), g.f64()}, S: []string{g.str()}, BS: [][]byte{g.bytes()},
		B: []bool{g.coin()}, Fix: [2]int32{g.i32(), g.i32()}}
	if g.coin() {
		r.Arr.F32 = []float32{g.f32()}
	}
	r.Ptr = &Node{V: g.i32()}
	if g.coin() {
		r.Ptr.Next = &Node{V: g.i32()}
	}
	return r
}

// TestRoundTrip: for random values of a rich user struct, decoding the
// encoding gives the value back, Size agrees with the encoding, and the
// plans and the fast paths write the same bytes.
func TestRoundTrip(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(1, 2))}
	plans := Options{DisableFastPaths: true}
	for i := 0; i < 2000; i++ {
		v := g.rich()
		fast, err := Marshal(v)
		if err != nil {
			t.Fatalf("#%d Marshal: %v", i, err)
		}
		slow, err := plans.Marshal(v)
		if err != nil {
			t.Fatalf("#%d plans Marshal: %v", i, err)
		}
		if !bytes.Equal(fast, slow) {
			t.Fatalf("#%d fast paths and plans differ:\nfast % x\nplan % x", i, fast, slow)
		}
		if n, err := Size(v); err != nil || n != len(fast) {
			t.Fatalf("#%d Size = %d, %v; want %d", i, n, err, len(fast))
		}
		for _, o := range []Options{{}, plans} {
			var got Rich
			if err := o.Unmarshal(fast, &got); err != nil {
				t.Fatalf("#%d %s Unmarshal: %v\n% x", i, optsName(o), err, fast)
			}
			if d := cmp.Diff(v, &got, cmpOpts...); d != "" {
				t.Fatalf("#%d %s round trip (-want +got):\n%s", i, optsName(o), d)
			}
		}
	}
}

// TestDecodeReuse: decoding into a value that already holds data gives the
// same result as decoding into a zero value, and reuses slice capacity.
func TestDecodeReuse(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(3, 4))}
	var reused Rich
	for i := 0; i < 500; i++ {
		v := g.rich()
		b, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := Unmarshal(b, &reused); err != nil {
			t.Fatalf("#%d: %v", i, err)
		}
		if d := cmp.Diff(v, &reused, cmpOpts...); d != "" {
			t.Fatalf("#%d reused decode (-want +got):\n%s", i, d)
		}
	}
	s := make([]int32, 0, 8)
	if err := Unmarshal(hx("02 00 00 00 01 00 00 00 02 00 00 00"), &s); err != nil {
		t.Fatal(err)
	}
	if cap(s) != 8 {
		t.Errorf("decoding into a slice with capacity 8 reallocated it (cap %d)", cap(s))
	}
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		var v types.Variant
		v.SetRaw(types.TypeDouble, true, make([]float64, 3), nil)
		before := v.Raw().([]float64)
		if err := o.Unmarshal(hx("8b 03 00 00 00", "00 00 00 00 00 00 f0 3f", "00 00 00 00 00 00 00 40", "00 00 00 00 00 00 08 40"), &v); err != nil {
			t.Fatal(err)
		}
		if after := v.Raw().([]float64); &after[0] != &before[0] || after[2] != 3 {
			t.Errorf("%s: a Variant array of the same type and length was not decoded in place", optsName(o))
		}
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed+1)) }
