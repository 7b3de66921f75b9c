package fastpath_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// The generated codecs of the standard structures (types/bincodec, which
// package uabin registers in fastpath.Default) against the plans: every
// structure of package types, decoded from fuzzed bytes with fast paths on
// and off.

// generatedTypes are the Go types of the standard structures, each of
// which has a generated codec.
var generatedTypes = func() []reflect.Type {
	var out []reflect.Type
	for _, ti := range types.StandardTypes {
		if ti.Type != nil && ti.Type.Kind() == reflect.Struct && ti.Type.PkgPath() == "github.com/uabin/uabin/types" {
			out = append(out, ti.Type)
		}
	}
	return out
}()

// FuzzGenerated decodes fuzzed bytes into a standard structure chosen by
// the first two input bytes, with fast paths on and off: the same error,
// or equal values that encode to the same bytes, decode again into the
// same value over it, and decode to the same values with ShareInput; and
// fail alike with a nesting limit of 3 and with small array and string
// limits.
func FuzzGenerated(f *testing.F) {
	for i, typ := range generatedTypes {
		for _, fillIt := range []bool{false, true} {
			v := reflect.New(typ)
			if fillIt {
				fill.Value(v.Elem())
			}
			b, err := fast.Marshal(v.Interface())
			if err == nil && len(b) <= 1024 {
				f.Add(append([]byte{byte(i >> 8), byte(i)}, b...))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		typ := generatedTypes[(int(data[0])<<8|int(data[1]))%len(generatedTypes)]
		in := data[2:]
		v, err := decodeBoth(t, in, typ)
		if err == nil {
			encodeBoth(t, v, false)
			for _, o := range []uabin.Options{fast, plans} {
				again := reflect.New(typ)
				must(o.Unmarshal(in, again.Interface()))
				if err := o.Unmarshal(in, again.Interface()); err != nil || !cmp.Equal(again.Interface(), v, equal) {
					t.Fatalf("decoding again into the same value (fast paths off: %v): %v", o.DisableFastPaths, err)
				}
			}
		}
		defer func(f, p uabin.Options) { fast, plans = f, p }(fast, plans)
		if err == nil {
			// With ShareInput, the same values in both modes.
			fast.ShareInput, plans.ShareInput = true, true
			if shared, err := decodeBoth(t, in, typ); err != nil || !cmp.Equal(shared, v, equal) {
				t.Fatalf("decoded with ShareInput: %v\n%s", err, cmp.Diff(v, shared, equal))
			}
			fast.ShareInput, plans.ShareInput = false, false
		}
		fast.MaxDepth, plans.MaxDepth = 3, 3
		decodeBoth(t, in, typ)
		fast.MaxDepth, plans.MaxDepth = 0, 0
		fast.MaxArrayLength, plans.MaxArrayLength = 2, 2
		fast.MaxStringLength, plans.MaxStringLength = 3, 3
		decodeBoth(t, in, typ)
	})
}

// TestGeneratedBodies encodes and decodes a message whose header holds an
// ExtensionObject with a Go value, which the generated codecs' stack path
// (no registry) cannot take: the engine's usual path must give the plans'
// bytes and values, through Marshal and MarshalMessage.
func TestGeneratedBodies(t *testing.T) {
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{RequestHandle: 9, AdditionalHeader: types.ExtensionObject{
			Value: &types.ReadValueID{NodeID: types.NewNumericNodeID(2, 7), AttributeID: 13}}},
		NodesToRead: []types.ReadValueID{{NodeID: types.NewStringNodeID(1, "x"), AttributeID: 13}},
	}
	for _, message := range []bool{false, true} {
		b := encodeBoth(t, req, message)
		var typ reflect.Type
		if !message {
			typ = reflect.TypeFor[types.ReadRequest]()
		}
		v, err := decodeBoth(t, b, typ)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := v.(*types.ReadRequest)
		if !ok {
			t.Fatalf("message %v: decoded a %T", message, v)
		}
		if id, ok := got.RequestHeader.AdditionalHeader.Value.(*types.ReadValueID); !ok || id.AttributeID != 13 {
			t.Fatalf("message %v: AdditionalHeader decoded as %#v", message, got.RequestHeader.AdditionalHeader)
		}
	}
}
