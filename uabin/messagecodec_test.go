package uabin_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// TestMessageCodec: MessageCodec gives AppendMessage's bytes and
// UnmarshalMessage's values and errors, in both modes, including a type id
// in another NodeId form than the one it writes (four-byte 01 00 77 02 and
// numeric 02 00 00 77 02 00 00 both name ns=0;i=631).
func TestMessageCodec(t *testing.T) {
	req, b := readRequest(t)
	if !bytes.HasPrefix(b, hx("01 00 77 02")) {
		t.Fatalf("ReadRequest message starts % x", b[:4])
	}
	numericForm := append(hx("02 00 00 77 02 00 00"), b[4:]...)
	for _, o := range msgModes {
		k, err := uabin.NewMessageCodec[types.ReadRequest](o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := k.Append([]byte{0xee}, req)
		if err != nil || !bytes.Equal(got, append([]byte{0xee}, b...)) {
			t.Fatalf("%+v: Append = % x, %v; want ee % x", o, got, err, b)
		}
		if m, err := k.Marshal(req); err != nil || !bytes.Equal(m, b) {
			t.Fatalf("Marshal = % x, %v", m, err)
		}
		for _, in := range [][]byte{b, numericForm} {
			var v types.ReadRequest
			if err := k.Unmarshal(in, &v); err != nil || !reflect.DeepEqual(&v, req) {
				t.Fatalf("Unmarshal(% x) = %+v, %v", in[:8], v, err)
			}
		}
		// Errors: the same as UnmarshalMessage's, offsets from the
		// message's start.
		resp, err := uabin.MarshalMessage(&types.ReadResponse{})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range [][]byte{resp, b[:len(b)-3], append(bytes.Clone(b), 0), hx("01 00 77"), nil, numericForm[:9]} {
			var v, w types.ReadRequest
			err1 := k.Unmarshal(in, &v)
			err2 := o.UnmarshalMessage(in, &w)
			if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
				t.Errorf("% x: MessageCodec %v, UnmarshalMessage %v", in, err1, err2)
			}
		}
		if err := k.Unmarshal(b, nil); err == nil || !errors.Is(err, uabin.ErrUnsupported) {
			t.Errorf("nil target: %v", err)
		}
	}
	if _, err := uabin.NewMessageCodec[struct{ A int32 }](uabin.Options{}); !errors.Is(err, uabin.ErrUnknownType) {
		t.Errorf("an unregistered type: %v, want ErrUnknownType", err)
	}
	if _, err := uabin.NewMessageCodec[map[string]int](uabin.Options{}); !errors.Is(err, uabin.ErrUnsupported) {
		t.Errorf("a type that cannot be encoded: %v, want ErrUnsupported", err)
	}
}

// TestMessageCodecAllocs: encoding into a buffer with room and decoding
// into a reused value allocate nothing, as with the message functions.
func TestMessageCodecAllocs(t *testing.T) {
	req, b := readRequest(t)
	k, err := uabin.NewMessageCodec[types.ReadRequest](uabin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(b))
	var v types.ReadRequest
	if err := k.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(50, func() { buf, _ = k.Append(buf[:0], req) }); n != 0 {
		t.Errorf("Append: %v allocs", n)
	}
	if n := testing.AllocsPerRun(50, func() { _ = k.Unmarshal(b, &v) }); n != 0 {
		t.Errorf("Unmarshal into a reused value: %v allocs", n)
	}
}

// TestMessageHeadFollowsRegistry: the type id that the message functions
// keep per Go type never answers for another registry or another state of
// one: one Go type registered under two ids in two registries, encoded and
// decoded in turn; a message whose id is the other registry's is refused.
func TestMessageHeadFollowsRegistry(t *testing.T) {
	type M struct{ X int32 }
	ra, rb := uabin.NewRegistry(), uabin.NewRegistry()
	ida := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 7101)}
	idb := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 7102)}
	if err := uabin.RegisterType[M](ra, ida); err != nil {
		t.Fatal(err)
	}
	if err := uabin.RegisterType[M](rb, idb); err != nil {
		t.Fatal(err)
	}
	wants := map[*uabin.Registry][]byte{ra: hx("01 02 bd 1b 05 00 00 00"), rb: hx("01 02 be 1b 05 00 00 00")}
	for i := 0; i < 3; i++ {
		for _, r := range []*uabin.Registry{ra, rb} {
			o := uabin.Options{Types: r}
			b, err := o.MarshalMessage(&M{X: 5})
			if err != nil || !bytes.Equal(b, wants[r]) {
				t.Fatalf("round %d: % x, %v; want % x", i, b, err, wants[r])
			}
			var v M
			if err := o.UnmarshalMessage(b, &v); err != nil || v.X != 5 {
				t.Fatalf("round %d: %v, %v", i, v, err)
			}
			other := wants[ra]
			if r == ra {
				other = wants[rb]
			}
			if err := o.UnmarshalMessage(other, &v); !errors.Is(err, uabin.ErrUnknownType) {
				t.Fatalf("round %d: the other registry's id decoded: %v", i, err)
			}
		}
	}
	// A registry changed between two calls: the new state counts.
	rc := uabin.NewRegistry()
	if err := uabin.RegisterType[M](rc, ida); err != nil {
		t.Fatal(err)
	}
	o := uabin.Options{Types: rc}
	if _, err := o.MarshalMessage(&M{X: 1}); err != nil {
		t.Fatal(err)
	}
	type N struct{ Y int32 }
	if err := uabin.RegisterType[N](rc, idb); err != nil {
		t.Fatal(err)
	}
	if b, err := o.MarshalMessage(&M{X: 5}); err != nil || !bytes.Equal(b, wants[ra]) {
		t.Fatalf("after registering another type: % x, %v", b, err)
	}
}
