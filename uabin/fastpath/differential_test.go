package fastpath_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// The differential tests hold the fast paths to the plans they stand in
// front of: every golden case, every workload and fuzzed bytes go through
// uabin with fast paths on and off, and must give the same bytes, the same
// values and the same errors (offset, path and message).

// registry knows the standard types and the structures of the package's
// test Engine, so the golden ExtensionObjects decode into Go values.
var registry = func() *uabin.Registry {
	r := uabin.NewRegistry()
	must(uabin.RegisterType[fastpath.Point](r, types.ExpandedNodeID{NodeID: fastpath.PointID}))
	must(uabin.RegisterType[fastpath.Tiny](r, types.ExpandedNodeID{NodeID: fastpath.TinyID}))
	must(uabin.RegisterType[fastpath.Named](r, types.ExpandedNodeID{NodeID: fastpath.NamedID}))
	return r
}()

func must(err error) {
	if err != nil {
		panic(err)
	}
}

var (
	fast  = uabin.Options{Types: registry}
	plans = uabin.Options{Types: registry, DisableFastPaths: true}
)

// equal compares decoded values field by field, unexported fields
// included, NaN equal to NaN.
var equal = cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true }), cmpopts.EquateNaNs()}

// sameError reports whether two errors are the same in everything a user
// sees: both nil, or the same text (which holds the offset, the path and
// the message) and the same sentinel.
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	for _, k := range []error{wire.ErrTruncated, wire.ErrLimitExceeded, wire.ErrInvalid, wire.ErrUnknownType, wire.ErrUnsupported} {
		if errors.Is(a, k) != errors.Is(b, k) {
			return false
		}
	}
	return a.Error() == b.Error()
}

// encodeBoth encodes v (a pointer) with fast paths on and off.
func encodeBoth(t *testing.T, v any, message bool) []byte {
	t.Helper()
	var bf, bp []byte
	var ef, ep error
	if message {
		bf, ef = fast.MarshalMessage(v)
		bp, ep = plans.MarshalMessage(v)
	} else {
		bf, ef = fast.Marshal(v)
		bp, ep = plans.Marshal(v)
	}
	if !sameError(ef, ep) {
		t.Fatalf("encoding errors differ: fast paths %v, plans %v", ef, ep)
	}
	if string(bf) != string(bp) {
		t.Fatalf("encodings differ:\nfast paths % x\nplans      % x", bf, bp)
	}
	if ef == nil && !message {
		if n, err := fast.Size(v); err != nil || n != len(bf) {
			t.Fatalf("Size %d (%v), encoded %d bytes", n, err, len(bf))
		}
	}
	return bf
}

// decodeBoth decodes b into new values of typ (or as a message when typ
// is nil) with fast paths on and off, and returns the fast-path result.
func decodeBoth(t *testing.T, b []byte, typ reflect.Type) (any, error) {
	t.Helper()
	var vf, vp any
	var ef, ep error
	if typ == nil {
		ef, ep = fast.UnmarshalMessage(b, &vf), plans.UnmarshalMessage(b, &vp)
	} else {
		vf, vp = reflect.New(typ).Interface(), reflect.New(typ).Interface()
		ef, ep = fast.Unmarshal(b, vf), plans.Unmarshal(b, vp)
	}
	if !sameError(ef, ep) {
		t.Fatalf("decoding % x: errors differ: fast paths %v, plans %v", b, ef, ep)
	}
	if ef == nil && !cmp.Equal(vf, vp, equal) {
		t.Fatalf("decoding % x: values differ (-fast +plans):\n%s", b, cmp.Diff(vf, vp, equal))
	}
	return vf, ef
}

func TestDifferentialGolden(t *testing.T) {
	for _, g := range fastpath.GoldenCases() {
		t.Run(g.Name, func(t *testing.T) {
			b := encodeBoth(t, g.Value, false)
			if string(b) != string(g.Wire) {
				t.Fatalf("got % x, golden % x", b, g.Wire)
			}
			v, err := decodeBoth(t, g.Wire, reflect.TypeOf(g.Value).Elem())
			if err != nil {
				t.Fatal(err)
			}
			if !cmp.Equal(v, g.Value, equal) {
				t.Fatalf("decoded differently from the golden value:\n%s", cmp.Diff(g.Value, v, equal))
			}
		})
	}
}

func TestDifferentialWorkloads(t *testing.T) {
	for _, w := range workloads() {
		t.Run(w.name, func(t *testing.T) {
			b := encodeBoth(t, w.value, w.message)
			var typ reflect.Type
			if !w.message {
				typ = reflect.TypeOf(w.value).Elem()
			}
			v, err := decodeBoth(t, b, typ)
			if err != nil {
				t.Fatal(err)
			}
			if !cmp.Equal(v, w.value, equal) {
				t.Fatalf("decoded differently from the workload value:\n%s", cmp.Diff(w.value, v, equal))
			}
		})
	}
}

// TestDifferentialRandom encodes random values of every type with a fast
// path, odd ones and values that cannot be encoded, and decodes the bytes.
func TestDifferentialRandom(t *testing.T) {
	values := append(fastpath.RandomValues(2, 300), fastpath.OddValues()...)
	for i, v := range values {
		b := encodeBoth(t, v, false)
		if _, err := decodeBoth(t, b, reflect.TypeOf(v).Elem()); err != nil {
			t.Fatalf("value %d (%T): %v", i, v, err)
		}
	}
	for i, v := range fastpath.InvalidValues() {
		_, ef := fast.Marshal(v)
		_, ep := plans.Marshal(v)
		if ef == nil || !sameError(ef, ep) {
			t.Errorf("invalid value %d (%T): fast paths %v, plans %v", i, v, ef, ep)
		}
	}
}

// TestDifferentialEmptyStrings repeats the random values and the
// workloads with Options.EmptyStrings, which writes "" as length 0.
func TestDifferentialEmptyStrings(t *testing.T) {
	defer func(f, p uabin.Options) { fast, plans = f, p }(fast, plans)
	fast.EmptyStrings, plans.EmptyStrings = true, true
	values := fastpath.RandomValues(3, 100)
	for _, w := range workloads() {
		if !w.message {
			values = append(values, w.value)
		}
	}
	for i, v := range values {
		b := encodeBoth(t, v, false)
		if _, err := decodeBoth(t, b, reflect.TypeOf(v).Elem()); err != nil {
			t.Fatalf("value %d (%T): %v", i, v, err)
		}
	}
}

// TestDifferentialReuse decodes workloads into values that already hold
// other data (the in-place paths), with fast paths on and off.
func TestDifferentialReuse(t *testing.T) {
	ws := workloads()
	for i, w := range ws {
		if w.message {
			continue
		}
		b := encodeBoth(t, w.value, false)
		typ := reflect.TypeOf(w.value).Elem()
		for _, o := range []uabin.Options{fast, plans} {
			// Start from the value of the previous workload of this type,
			// or from the decoded workload itself.
			dst := reflect.New(typ)
			if i > 0 && reflect.TypeOf(ws[i-1].value) == reflect.TypeOf(w.value) {
				dst.Elem().Set(reflect.ValueOf(ws[i-1].value).Elem())
				prev, _ := o.Marshal(ws[i-1].value)
				must(o.Unmarshal(prev, dst.Interface()))
			}
			for round := 0; round < 2; round++ {
				if err := o.Unmarshal(b, dst.Interface()); err != nil {
					t.Fatalf("%s: %v", w.name, err)
				}
				if !cmp.Equal(dst.Interface(), w.value, equal) {
					t.Fatalf("%s (fast paths off: %v): decoded into a reused value differently:\n%s",
						w.name, o.DisableFastPaths, cmp.Diff(w.value, dst.Interface(), equal))
				}
			}
		}
	}
}

// allBuiltins is a structure with a field of every type that has a fast
// path, for the fuzz target.
type allBuiltins struct {
	N  types.NodeID
	E  types.ExpandedNodeID
	G  types.GUID
	D  types.DateTime
	T  time.Time
	S  types.StatusCode
	Q  types.QualifiedName
	L  types.LocalizedText
	V  types.Variant
	DV types.DataValue
	DI types.DiagnosticInfo
	X  types.ExtensionObject
	VS []types.Variant
}

// fuzzTypes are the types FuzzDifferential decodes into, chosen by the
// first input byte; one past the end means a service message.
var fuzzTypes = []reflect.Type{
	reflect.TypeFor[types.NodeID](),
	reflect.TypeFor[types.ExpandedNodeID](),
	reflect.TypeFor[types.GUID](),
	reflect.TypeFor[types.DateTime](),
	reflect.TypeFor[time.Time](),
	reflect.TypeFor[types.StatusCode](),
	reflect.TypeFor[types.QualifiedName](),
	reflect.TypeFor[types.LocalizedText](),
	reflect.TypeFor[types.Variant](),
	reflect.TypeFor[types.DataValue](),
	reflect.TypeFor[types.DiagnosticInfo](),
	reflect.TypeFor[types.ExtensionObject](),
	reflect.TypeFor[allBuiltins](),
	reflect.TypeFor[[]types.DataValue](),
}

// FuzzDifferential decodes fuzzed bytes with fast paths on and off: the
// same error, or equal values that encode to the same bytes.
func FuzzDifferential(f *testing.F) {
	// Seeds are kept small: the fuzzer minimises every new interesting
	// input, which takes long for large ones.
	for _, g := range fastpath.GoldenCases() {
		if len(g.Wire) > 2048 {
			continue
		}
		typ := reflect.TypeOf(g.Value).Elem()
		for i, ft := range fuzzTypes {
			if ft == typ {
				f.Add(append([]byte{byte(i)}, g.Wire...))
			}
		}
	}
	for _, w := range workloads() {
		b, err := fast.Marshal(w.value)
		sel := len(fuzzTypes)
		if w.message {
			b, err = fast.MarshalMessage(w.value)
		} else {
			for i, ft := range fuzzTypes {
				if ft == reflect.TypeOf(w.value).Elem() {
					sel = i
				}
			}
		}
		if err == nil && len(b) <= 2048 {
			f.Add(append([]byte{byte(sel)}, b...))
		}
	}
	f.Fuzz(fuzzOne)
}

// fuzzOne is the body of FuzzDifferential: the first byte picks the type
// (or a service message), the rest is decoded.
func fuzzOne(t *testing.T, data []byte) {
	if len(data) == 0 {
		return
	}
	sel := int(data[0]) % (len(fuzzTypes) + 1)
	var typ reflect.Type
	if sel < len(fuzzTypes) {
		typ = fuzzTypes[sel]
	}
	v, err := decodeBoth(t, data[1:], typ)
	if err == nil {
		encodeBoth(t, v, typ == nil)
		if typ != nil {
			// Decoding twice into the same value (the second time through
			// the in-place paths) must give the same value, in both modes.
			for _, o := range []uabin.Options{fast, plans} {
				again := reflect.New(typ)
				must(o.Unmarshal(data[1:], again.Interface()))
				if err := o.Unmarshal(data[1:], again.Interface()); err != nil || !cmp.Equal(again.Interface(), v, equal) {
					t.Fatalf("decoding again into the same value (fast paths off: %v): %v\n%s",
						o.DisableFastPaths, err, cmp.Diff(v, again.Interface(), equal))
				}
			}
		}
	}
	// Both sides must count nesting alike: decode again with a low limit.
	defer func(f, p uabin.Options) { fast, plans = f, p }(fast, plans)
	fast.MaxDepth, plans.MaxDepth = 3, 3
	decodeBoth(t, data[1:], typ)
}
