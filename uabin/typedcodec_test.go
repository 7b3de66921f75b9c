package uabin

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
)

// codecOptions are the options every Codec test runs under: the defaults,
// plans only, EmptyStrings and tight limits (which the stack paths must
// apply as the usual path does).
var codecOptions = []Options{
	{},
	{DisableFastPaths: true},
	{EmptyStrings: true},
	{Limits: Limits{MaxStringLength: 3, MaxByteStringLength: 3, MaxArrayLength: 2, MaxDepth: 3, MaxMessageSize: 40}},
}

// errText is an error's text, or "<nil>".
func errText(err error) string { return fmt.Sprint(err) }

// checkCodec checks that Codec[T] gives what the Options API gives for
// each value: the same bytes or error from Append, and for the encoding,
// each of its prefixes and the encoding with a byte left over, the same
// value (on success), byte count and error from Unmarshal and Decode.
func checkCodec[T any](t *testing.T, vals []T) {
	t.Helper()
	for _, o := range codecOptions {
		k, err := NewCodec[T](o)
		if err != nil {
			t.Fatalf("%s NewCodec[%T]: %v", optsName(o), *new(T), err)
		}
		for i := range vals {
			v := &vals[i]
			want, werr := o.Append([]byte{0xee}, v)
			got, gerr := k.Append([]byte{0xee}, v)
			if !bytes.Equal(got, want) || errText(gerr) != errText(werr) {
				t.Fatalf("%s %T #%d Append:\n got % x, %v\nwant % x, %v", optsName(o), *v, i, got, gerr, want, werr)
			}
			if werr != nil {
				continue
			}
			enc := want[1:]
			checkAsField(t, o, v, enc)
			inputs := [][]byte{append(enc[:len(enc):len(enc)], 0x55)}
			for n := 0; n <= len(enc); n++ {
				inputs = append(inputs, enc[:n])
			}
			for _, in := range inputs {
				var w, g T
				werr := o.Unmarshal(in, &w)
				gerr := k.Unmarshal(in, &g)
				if errText(gerr) != errText(werr) {
					t.Fatalf("%s %T #%d Unmarshal(% x):\n got %v\nwant %v", optsName(o), *v, i, in, gerr, werr)
				}
				if werr == nil {
					if d := cmp.Diff(w, g, cmpOpts...); d != "" {
						t.Fatalf("%s %T #%d Unmarshal(% x) (-want +got):\n%s", optsName(o), *v, i, in, d)
					}
				}
				var w2, g2 T
				wn, werr := o.Decode(in, &w2)
				gn, gerr := k.Decode(in, &g2)
				if gn != wn || errText(gerr) != errText(werr) {
					t.Fatalf("%s %T #%d Decode(% x):\n got %d, %v\nwant %d, %v", optsName(o), *v, i, in, gn, gerr, wn, werr)
				}
				if werr == nil {
					if d := cmp.Diff(w2, g2, cmpOpts...); d != "" {
						t.Fatalf("%s %T #%d Decode(% x) (-want +got):\n%s", optsName(o), *v, i, in, d)
					}
				}
			}
		}
	}
}

// wrapped holds a T as a field, where it is encoded by the struct loop,
// never by a top-level stack path: the oracle of those paths.
type wrapped[T any] struct{ V T }

// checkAsField checks that *v as a top-level value and as a field give
// the same bytes, and that decoding enc and its prefixes gives the same
// value, offset and cause (the path differs: the field adds "V").
func checkAsField[T any](t *testing.T, o Options, v *T, enc []byte) {
	t.Helper()
	fb, err := o.Marshal(&wrapped[T]{*v})
	if err != nil || !bytes.Equal(fb, enc) {
		t.Fatalf("%s %T as a field: % x, %v; at the top level % x", optsName(o), *v, fb, err, enc)
	}
	for n := 0; n <= len(enc); n++ {
		var top T
		var field wrapped[T]
		terr := o.Unmarshal(enc[:n], &top)
		ferr := o.Unmarshal(enc[:n], &field)
		if (terr == nil) != (ferr == nil) {
			t.Fatalf("%s %T from % x: top level %v, as a field %v", optsName(o), *v, enc[:n], terr, ferr)
		}
		if terr == nil {
			if d := cmp.Diff(field.V, top, cmpOpts...); d != "" {
				t.Fatalf("%s %T from % x: top level against field (-field +top):\n%s", optsName(o), *v, enc[:n], d)
			}
			continue
		}
		var td, fd *DecodeError
		if !errors.As(terr, &td) || !errors.As(ferr, &fd) {
			t.Fatalf("%s %T from % x: top level %v, as a field %v", optsName(o), *v, enc[:n], terr, ferr)
		}
		fcause := fd.Err
		if strings.Contains(errText(fcause), "if it is a service message, decode it with UnmarshalMessage") {
			// The input happens to start with a registered type id: the
			// structure's error has the hint of Unmarshal on message bytes
			// after the same cause (a top-level built-in gets none).
			fcause = errors.Unwrap(fcause)
		}
		if td.Offset != fd.Offset || errText(td.Err) != errText(fcause) {
			t.Fatalf("%s %T from % x: top level %v, as a field %v", optsName(o), *v, enc[:n], terr, ferr)
		}
	}
}

// many returns n values made by f.
func many[T any](n int, f func() T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = f()
	}
	return out
}

// TestCodecMatchesOptions: Codec[T] is Options.Append, Unmarshal and
// Decode on a *T, for the types with a stack path (primitives and the
// built-ins that need no call state) and for those without.
func TestCodecMatchesOptions(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(5, 6))}
	checkCodec(t, many(50, g.u32))
	checkCodec(t, many(50, g.f64))
	checkCodec(t, many(50, func() int8 { return int8(g.u32()) }))
	checkCodec(t, many(50, func() bool { return g.coin() }))
	// Every fixed-size primitive op has its own stack path (engine
	// primitiveStack): each width, signed and unsigned, named types and
	// every NaN (written canonical).
	checkCodec(t, many(50, func() uint8 { return uint8(g.u32()) }))
	checkCodec(t, many(50, func() int16 { return int16(g.u32()) }))
	checkCodec(t, many(50, func() uint16 { return uint16(g.u32()) }))
	checkCodec(t, many(50, g.i32))
	checkCodec(t, many(50, func() int64 { return int64(g.u32())<<32 | int64(g.u32()) }))
	checkCodec(t, many(50, func() uint64 { return uint64(g.u32())<<31 ^ uint64(g.u32()) }))
	checkCodec(t, many(50, func() types.StatusCode { return types.StatusCode(g.u32()) }))
	checkCodec(t, many(50, func() types.DateTime { return types.DateTime(g.u32()) }))
	checkCodec(t, []float32{0, float32(math.Copysign(0, -1)), 1.5, float32(math.Inf(-1)), float32(math.NaN()), math.Float32frombits(0x7f800001), math.Float32frombits(0xffc00000)})
	checkCodec(t, []float64{0, math.Copysign(0, -1), -2.25, math.Inf(1), math.NaN(), math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff8000000000000)})
	checkCodec(t, many(50, g.str))
	checkCodec(t, many(50, g.bytes))
	checkCodec(t, many(30, func() []int32 { return many(g.n(4), g.i32) }))
	checkCodec(t, many(30, func() []string {
		if g.n(5) == 0 {
			return nil
		}
		return many(g.n(4), g.str)
	}))
	checkCodec(t, many(30, func() []float64 { return many(g.n(4), g.f64) }))
	checkCodec(t, many(50, g.nodeID))
	checkCodec(t, many(50, func() types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: g.nodeID(), NamespaceURI: g.str(), ServerIndex: uint32(g.n(3))}
	}))
	checkCodec(t, many(50, func() time.Time {
		if g.n(4) == 0 {
			return time.Time{}
		}
		return time.Unix(int64(g.n(1<<30)), int64(g.n(1e7))*100).UTC()
	}))
	checkCodec(t, many(50, func() types.GUID {
		return types.GUID{Data1: g.u32(), Data2: uint16(g.u32()), Data4: [8]byte{byte(g.u32())}}
	}))
	checkCodec(t, many(50, func() types.QualifiedName {
		return types.QualifiedName{NamespaceIndex: uint16(g.n(3)), Name: g.str()}
	}))
	checkCodec(t, many(50, func() types.LocalizedText { return types.LocalizedText{Locale: g.str(), Text: g.str()} }))
	checkCodec(t, many(50, func() types.Variant { return g.variant(2) }))
	checkCodec(t, many(50, func() types.DataValue { return g.dataValue(2) }))
	checkCodec(t, many(20, func() Rich { return *g.rich() }))
	checkCodec(t, many(5, func() types.ReadRequest {
		return types.ReadRequest{NodesToRead: make([]types.ReadValueID, g.n(4)), TimestampsToReturn: types.TimestampsToReturnBoth}
	}))
}

// TestCodecNil: a nil *T encodes T's zero value and cannot be decoded
// into, with the errors of the Options API.
func TestCodecNil(t *testing.T) {
	for _, o := range codecOptions {
		ku, _ := NewCodec[uint32](o)
		kn, _ := NewCodec[types.NodeID](o)
		kr, _ := NewCodec[types.ReadRequest](o)
		for _, c := range []struct {
			name     string
			got      func() ([]byte, error)
			want     func() ([]byte, error)
			gotDec   func() error
			wantDec  func() error
			gotDecN  func() (int, error)
			wantDecN func() (int, error)
		}{
			{"uint32", func() ([]byte, error) { return ku.Marshal(nil) }, func() ([]byte, error) { return o.Marshal((*uint32)(nil)) },
				func() error { return ku.Unmarshal([]byte{1, 2, 3, 4}, nil) }, func() error { return o.Unmarshal([]byte{1, 2, 3, 4}, (*uint32)(nil)) },
				func() (int, error) { return ku.Decode([]byte{1, 2, 3, 4}, nil) }, func() (int, error) { return o.Decode([]byte{1, 2, 3, 4}, (*uint32)(nil)) }},
			{"NodeID", func() ([]byte, error) { return kn.Marshal(nil) }, func() ([]byte, error) { return o.Marshal((*types.NodeID)(nil)) },
				func() error { return kn.Unmarshal([]byte{0, 1}, nil) }, func() error { return o.Unmarshal([]byte{0, 1}, (*types.NodeID)(nil)) },
				func() (int, error) { return kn.Decode([]byte{0, 1}, nil) }, func() (int, error) { return o.Decode([]byte{0, 1}, (*types.NodeID)(nil)) }},
			{"ReadRequest", func() ([]byte, error) { return kr.Marshal(nil) }, func() ([]byte, error) { return o.Marshal((*types.ReadRequest)(nil)) },
				func() error { return kr.Unmarshal(nil, nil) }, func() error { return o.Unmarshal(nil, (*types.ReadRequest)(nil)) },
				func() (int, error) { return kr.Decode(nil, nil) }, func() (int, error) { return o.Decode(nil, (*types.ReadRequest)(nil)) }},
		} {
			gb, gerr := c.got()
			wb, werr := c.want()
			if !bytes.Equal(gb, wb) || errText(gerr) != errText(werr) {
				t.Errorf("%s %s Marshal(nil) = % x, %v; want % x, %v", optsName(o), c.name, gb, gerr, wb, werr)
			}
			if g, w := c.gotDec(), c.wantDec(); g == nil || errText(g) != errText(w) {
				t.Errorf("%s %s Unmarshal into nil = %v; want %v", optsName(o), c.name, g, w)
			}
			gn, g := c.gotDecN()
			wn, w := c.wantDecN()
			if g == nil || gn != wn || errText(g) != errText(w) {
				t.Errorf("%s %s Decode into nil = %d, %v; want %d, %v", optsName(o), c.name, gn, g, wn, w)
			}
		}
	}
}

// TestNewCodecError: a type that cannot be encoded fails at NewCodec,
// with the error (ErrUnsupported, the field named) that Append gives.
func TestNewCodecError(t *testing.T) {
	type Bad struct {
		A int32
		C chan int
	}
	k, err := NewCodec[Bad](Options{})
	if k != nil || !errors.Is(err, ErrUnsupported) {
		t.Fatalf("NewCodec[Bad] = %v, %v; want nil and ErrUnsupported", k, err)
	}
	_, aerr := Marshal(&Bad{})
	if aerr == nil || !bytes.Contains([]byte(err.Error()), []byte("C")) {
		t.Errorf("NewCodec[Bad] error %q does not name the field (Marshal: %v)", err, aerr)
	}
}

// TestCodecOptionsCopied: a Codec keeps the options it was made with.
func TestCodecOptionsCopied(t *testing.T) {
	o := Options{}
	k, _ := NewCodec[string](o)
	o.EmptyStrings = true
	s := ""
	if b, _ := k.Marshal(&s); !bytes.Equal(b, []byte{0xff, 0xff, 0xff, 0xff}) {
		t.Errorf(`Marshal("") = % x; want the null String of the options it was made with`, b)
	}
}

// TestCodecAllocs: encoding and decoding into a reused value allocate
// nothing, with a stack path or without.
func TestCodecAllocs(t *testing.T) {
	u := uint32(7)
	n := types.NewStringNodeID(2, "Demo.Static.Scalar.Double")
	req := types.ReadRequest{NodesToRead: make([]types.ReadValueID, 10)}
	ku, _ := NewCodec[uint32](Options{})
	kn, _ := NewCodec[types.NodeID](Options{})
	kr, _ := NewCodec[types.ReadRequest](Options{})
	bs := []byte("0123456789abcdef0123456789abcdef")
	kb, _ := NewCodec[[]byte](Options{})
	buf := make([]byte, 0, 1024)
	bb, _ := kb.Marshal(&bs)
	var gb []byte
	_ = kb.Unmarshal(bb, &gb)
	ub, _ := ku.Marshal(&u)
	nb, _ := kn.Marshal(&n)
	rb, _ := kr.Marshal(&req)
	var gu uint32
	var gn types.NodeID
	var gr types.ReadRequest
	_ = kn.Unmarshal(nb, &gn)
	_ = kr.Unmarshal(rb, &gr)
	// A Variant holding an ExtensionObject body takes the call state (no
	// failed attempt on the stack, which would build an error first).
	ev := types.MustVariant(types.NewExtensionObject(&types.Argument{Name: "x", ValueRank: -1}))
	kv, _ := NewCodec[types.Variant](Options{})
	eb, _ := kv.Marshal(&ev)
	var gv types.Variant
	_ = kv.Unmarshal(eb, &gv)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"Append uint32", func() { buf, _ = ku.Append(buf[:0], &u) }},
		{"Append NodeID", func() { buf, _ = kn.Append(buf[:0], &n) }},
		{"Append ReadRequest", func() { buf, _ = kr.Append(buf[:0], &req) }},
		{"Unmarshal uint32", func() { _ = ku.Unmarshal(ub, &gu) }},
		{"Append []byte", func() { buf, _ = kb.Append(buf[:0], &bs) }},
		{"Unmarshal []byte into a reused slice", func() { _ = kb.Unmarshal(bb, &gb) }},
		{"Unmarshal NodeID into a reused value", func() { _ = kn.Unmarshal(nb, &gn) }},
		{"Unmarshal ReadRequest into a reused value", func() { _ = kr.Unmarshal(rb, &gr) }},
		{"Append Variant of an ExtensionObject", func() { buf, _ = kv.Append(buf[:0], &ev) }},
	} {
		if a := testing.AllocsPerRun(100, c.f); a != 0 {
			t.Errorf("%s: %v allocs, want 0", c.name, a)
		}
	}
	// One: the ExtensionObject boxed in the Variant's storage, as with
	// Unmarshal.
	if a := testing.AllocsPerRun(100, func() { _ = kv.Unmarshal(eb, &gv) }); a != 1 {
		t.Errorf("Unmarshal Variant of an ExtensionObject into a reused value: %v allocs, want 1", a)
	}
}

// TestCodecConcurrent: one Codec used by several goroutines at once (run
// with -race).
func TestCodecConcurrent(t *testing.T) {
	kn, _ := NewCodec[types.NodeID](Options{})
	kr, _ := NewCodec[types.ReadRequest](Options{})
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				n := types.NewNumericNodeID(uint16(i), uint32(j))
				b, err := kn.Marshal(&n)
				var got types.NodeID
				if err == nil {
					err = kn.Unmarshal(b, &got)
				}
				req := types.ReadRequest{MaxAge: float64(j), NodesToRead: make([]types.ReadValueID, i)}
				rb, err2 := kr.Marshal(&req)
				var greq types.ReadRequest
				if err2 == nil {
					err2 = kr.Unmarshal(rb, &greq)
				}
				if err != nil || err2 != nil || got != n || greq.MaxAge != req.MaxAge || len(greq.NodesToRead) != i {
					t.Errorf("goroutine %d #%d: %v, %v", i, j, err, err2)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestTopLevelBodies: a top-level Variant or DataValue that holds an
// ExtensionObject body (directly, in a Variant array, in a nested
// DataValue) is decoded into the registered Go type, through Unmarshal and
// through a Codec alike: the stack paths leave such values to the call
// state, which has the registry.
func TestTopLevelBodies(t *testing.T) {
	arg := func(name string) types.ExtensionObject {
		return types.NewExtensionObject(&types.Argument{Name: name, DataType: types.NewNumericNodeID(0, 11), ValueRank: -1})
	}
	scalar := types.MustVariant(arg("a"))
	var arr types.Variant
	arr.SetRaw(types.TypeVariant, true, []types.Variant{types.MustVariant(int32(1)), types.MustVariant(arg("b"))}, nil)
	var nested types.Variant
	nested.SetRaw(types.TypeDataValue, false, types.DataValue{Value: types.MustVariant(arg("c"))}, nil)
	vals := []types.Variant{scalar, arr, nested}
	checkCodec(t, vals)
	checkCodec(t, []types.DataValue{{Value: scalar}, {Value: arr}, {Value: nested, Status: 7}})
	kv, _ := NewCodec[types.Variant](Options{})
	for i := range vals {
		b, err := kv.Marshal(&vals[i])
		if err != nil {
			t.Fatalf("#%d Marshal: %v", i, err)
		}
		var got types.Variant
		if err := kv.Unmarshal(b, &got); err != nil {
			t.Fatalf("#%d Unmarshal: %v", i, err)
		}
		if !got.Equal(vals[i]) || !strings.Contains(got.String(), "Argument") {
			t.Errorf("#%d: got %v, want %v with its body decoded", i, got, vals[i])
		}
	}
}

// TestNaNCanonicalLong: a NaN anywhere in a long Double or Float array (in
// the unrolled part of the NaN test and in its tail), in a slice and in a
// Variant, is written as the canonical NaN and every other element as it
// is.
func TestNaNCanonicalLong(t *testing.T) {
	odd64 := math.Float64frombits(0x7ff0000000000123) // a signalling NaN with a payload
	odd32 := math.Float32frombits(0xff800321)
	for n := 1; n <= 37; n += 9 {
		for pos := 0; pos < n; pos++ {
			d := make([]float64, n)
			f := make([]float32, n)
			for i := range d {
				d[i], f[i] = float64(i)+0.25, float32(i)+0.5
			}
			d[pos], f[pos] = odd64, odd32
			want64 := binary.LittleEndian.AppendUint32(nil, uint32(n))
			want32 := binary.LittleEndian.AppendUint32(nil, uint32(n))
			for i := range d {
				b64, b32 := math.Float64bits(d[i]), math.Float32bits(f[i])
				if i == pos {
					b64, b32 = 0xfff8000000000000, 0xffc00000
				}
				want64 = binary.LittleEndian.AppendUint64(want64, b64)
				want32 = binary.LittleEndian.AppendUint32(want32, b32)
			}
			var vd, vf types.Variant
			vd.SetRaw(types.TypeDouble, true, d, nil)
			vf.SetRaw(types.TypeFloat, true, f, nil)
			for _, c := range []struct {
				v    any
				want []byte
			}{
				{&d, want64}, {&f, want32},
				{&vd, append([]byte{byte(types.TypeDouble) | 0x80}, want64...)},
				{&vf, append([]byte{byte(types.TypeFloat) | 0x80}, want32...)},
			} {
				got, err := Marshal(c.v)
				if err != nil || !bytes.Equal(got, c.want) {
					t.Fatalf("n=%d NaN at %d, %T: % x, %v\nwant % x", n, pos, c.v, got, err, c.want)
				}
			}
		}
	}
}

// fuzzCodecOne decodes b into a T with Codec and with the Options API and
// fails on any difference: the error, the value, or its encoding again.
func fuzzCodecOne[T any](t *testing.T, o Options, b []byte) {
	k, err := NewCodec[T](o)
	if err != nil {
		t.Fatal(err)
	}
	var got, want T
	gerr := k.Unmarshal(b, &got)
	werr := o.Unmarshal(b, &want)
	if errText(gerr) != errText(werr) {
		t.Fatalf("%T from % x: Codec %v, Options %v", want, b, gerr, werr)
	}
	gn, gerr := k.Decode(b, &got)
	wn, werr := o.Decode(b, &want)
	if gn != wn || errText(gerr) != errText(werr) {
		t.Fatalf("%T Decode of % x: Codec %d, %v; Options %d, %v", want, b, gn, gerr, wn, werr)
	}
	if werr != nil {
		return
	}
	if d := cmp.Diff(want, got, cmpOpts...); d != "" {
		t.Fatalf("%T from % x (-Options +Codec):\n%s", want, b, d)
	}
	ge, gerr := k.Marshal(&got)
	we, werr := o.Marshal(&want)
	if !bytes.Equal(ge, we) || errText(gerr) != errText(werr) {
		t.Fatalf("%T re-encoded: Codec % x, %v; Options % x, %v", want, ge, gerr, we, werr)
	}
}

// FuzzCodec holds Codec to the Options API on arbitrary input, for the
// types of every stack path and for a structure.
func FuzzCodec(f *testing.F) {
	g := gen{rand.New(rand.NewPCG(7, 8))}
	for i := 0; i < 8; i++ {
		v := g.variant(2)
		b, _ := Marshal(&v)
		f.Add(b)
		dv := g.dataValue(1)
		b, _ = Marshal(&dv)
		f.Add(b)
		n := g.nodeID()
		b, _ = Marshal(&n)
		f.Add(b)
	}
	f.Add([]byte{0x16, 0x01, 0x00, 0x28, 0x01, 0x01, 0x04, 0x00, 0x00, 0x00, 1, 2, 3, 4}) // a Variant of an ExtensionObject
	small := Options{Limits: Limits{MaxStringLength: 4, MaxArrayLength: 3, MaxDepth: 4}}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, o := range []Options{{}, small} {
			fuzzCodecOne[uint32](t, o, b)
			fuzzCodecOne[string](t, o, b)
			fuzzCodecOne[[]byte](t, o, b)
			fuzzCodecOne[[]int32](t, o, b)
			fuzzCodecOne[types.NodeID](t, o, b)
			fuzzCodecOne[types.ExpandedNodeID](t, o, b)
			fuzzCodecOne[types.GUID](t, o, b)
			fuzzCodecOne[types.LocalizedText](t, o, b)
			fuzzCodecOne[types.Variant](t, o, b)
			fuzzCodecOne[types.DataValue](t, o, b)
			fuzzCodecOne[types.DiagnosticInfo](t, o, b)
			fuzzCodecOne[types.ReadValueID](t, o, b)
		}
	})
}
