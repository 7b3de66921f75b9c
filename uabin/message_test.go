package uabin_test

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// readRequest returns a small ReadRequest and its encoding as a message.
func readRequest(t *testing.T) (*types.ReadRequest, []byte) {
	t.Helper()
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{RequestHandle: 7},
		NodesToRead:   []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2259), AttributeID: 13}},
	}
	b, err := uabin.MarshalMessage(req)
	if err != nil {
		t.Fatal(err)
	}
	return req, b
}

var msgModes = []uabin.Options{{}, {DisableFastPaths: true}}

// TestUnmarshalMessageForms: a *T of the message's type is decoded over
// (id checked), a *any receives a new value, and DecodeMessage reports the
// bytes it used, in both modes.
func TestUnmarshalMessageForms(t *testing.T) {
	req, b := readRequest(t)
	for _, o := range msgModes {
		got := types.ReadRequest{NodesToRead: make([]types.ReadValueID, 0, 4)}
		keep := &got.NodesToRead[:1][0]
		if err := o.UnmarshalMessage(b, &got); err != nil {
			t.Fatal(err)
		}
		if got.RequestHeader.RequestHandle != 7 || len(got.NodesToRead) != 1 || &got.NodesToRead[0] != keep ||
			got.NodesToRead[0].NodeID != req.NodesToRead[0].NodeID {
			t.Fatalf("%+v: UnmarshalMessage into *ReadRequest = %+v (slice reused: %v)", o, got, &got.NodesToRead[0] == keep)
		}
		var v any
		if err := o.UnmarshalMessage(b, &v); err != nil {
			t.Fatal(err)
		}
		if r, ok := v.(*types.ReadRequest); !ok || r.RequestHeader.RequestHandle != 7 {
			t.Fatalf("UnmarshalMessage into *any = %T %v", v, v)
		}
		var again types.ReadRequest
		n, err := o.DecodeMessage(append(bytes.Clone(b), 0xaa, 0xbb), &again)
		if err != nil || n != len(b) || again.RequestHeader.RequestHandle != 7 {
			t.Fatalf("DecodeMessage = %d, %v, want %d", n, err, len(b))
		}
		var fresh any
		if n, err := o.DecodeMessage(append(bytes.Clone(b), 0xaa), &fresh); err != nil || n != len(b) {
			t.Fatalf("DecodeMessage into *any = %d, %v", n, err)
		}
	}
}

// TestUnmarshalMessageErrors pins the errors of the message functions, the
// same in both modes: exact offset, path and message.
func TestUnmarshalMessageErrors(t *testing.T) {
	_, b := readRequest(t)
	for _, tc := range []struct {
		name    string
		in      []byte
		v       any
		kind    error
		offset  int
		path    string
		message string
	}{
		{"another type", b, new(types.ReadResponse), uabin.ErrUnknownType, 0, "",
			"uabin: decoding at offset 0: unknown type: the message type id i=631 is that of types.ReadRequest, not of types.ReadResponse"},
		{"unknown id into *T", hx("01 07 d2 04"), new(types.ReadRequest), uabin.ErrUnknownType, 0, "",
			"uabin: decoding at offset 0: unknown type: no type is registered for the message type id ns=7;i=1234 (decoding into types.ReadRequest)"},
		{"unknown id into *any", hx("01 07 d2 04"), new(any), uabin.ErrUnknownType, 0, "",
			"uabin: decoding at offset 0: unknown type: no type is registered for the message type id ns=7;i=1234"},
		{"bad type id", hx("07 00"), new(any), uabin.ErrInvalid, 0, "",
			"uabin: decoding at offset 0: invalid value: NodeId encoding form 7"},
		{"truncated type id", hx("01 00 77"), new(any), uabin.ErrTruncated, 2, "",
			"uabin: decoding at offset 2: truncated input: need 2 bytes, 1 left"},
		{"left over", append(bytes.Clone(b), 0), new(types.ReadRequest), uabin.ErrInvalid, len(b), "",
			"uabin: decoding at offset " + itoa(len(b)) + ": invalid value: 1 bytes left over after the value"},
		{"not a pointer", b, types.ReadRequest{}, uabin.ErrUnsupported, 0, "",
			"uabin: decoding at offset 0: unsupported: decoding needs a non-nil pointer, got types.ReadRequest"},
		{"nil", b, nil, uabin.ErrUnsupported, 0, "",
			"uabin: decoding at offset 0: unsupported: decoding needs a non-nil pointer, got nil"},
	} {
		for _, o := range msgModes {
			err := o.UnmarshalMessage(tc.in, tc.v)
			var de *uabin.DecodeError
			if !errors.As(err, &de) || !errors.Is(err, tc.kind) || de.Offset != tc.offset || de.Path != tc.path {
				t.Errorf("%s (fast paths off: %v): %v, want %v at offset %d, path %q", tc.name, o.DisableFastPaths, err, tc.kind, tc.offset, tc.path)
				continue
			}
			if tc.message != "" && err.Error() != tc.message {
				t.Errorf("%s:\n got %s\nwant %s", tc.name, err, tc.message)
			}
		}
	}
}

// TestUnmarshalMessageReuseAllocs: decoding a message into a reused value
// allocates no more than decoding its body with Unmarshal.
func TestUnmarshalMessageReuseAllocs(t *testing.T) {
	req, b := readRequest(t)
	body, err := uabin.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range msgModes {
		var m, u types.ReadRequest
		msg := testing.AllocsPerRun(50, func() {
			if err := o.UnmarshalMessage(b, &m); err != nil {
				t.Fatal(err)
			}
		})
		plain := testing.AllocsPerRun(50, func() {
			if err := o.Unmarshal(body, &u); err != nil {
				t.Fatal(err)
			}
		})
		if msg > plain {
			t.Errorf("fast paths off: %v: UnmarshalMessage into a reused value %v allocs/op, Unmarshal %v", o.DisableFastPaths, msg, plain)
		}
	}
}

// TestStreamMessages: Encoder.EncodeMessage and Decoder.DecodeMessage, and
// the stream's errors: a clean end is io.EOF, an end inside a value a
// *DecodeError wrapping ErrTruncated at its offset in the stream.
func TestStreamMessages(t *testing.T) {
	req, b := readRequest(t)
	var buf bytes.Buffer
	enc := uabin.NewEncoder(&buf)
	for i := 0; i < 2; i++ {
		if err := enc.EncodeMessage(req); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(buf.Bytes(), append(bytes.Clone(b), b...)) {
		t.Fatalf("EncodeMessage wrote % x", buf.Bytes())
	}
	if err := enc.EncodeMessage(&struct{ A int32 }{}); !errors.Is(err, uabin.ErrUnknownType) {
		t.Fatalf("EncodeMessage of an unregistered type: %v", err)
	}
	dec := uabin.NewDecoder(bytes.NewReader(buf.Bytes()))
	var r types.ReadRequest
	if err := dec.DecodeMessage(&r); err != nil || r.RequestHeader.RequestHandle != 7 {
		t.Fatalf("DecodeMessage #0: %v", err)
	}
	var v any
	if err := dec.DecodeMessage(&v); err != nil || v.(*types.ReadRequest).RequestHeader.RequestHandle != 7 {
		t.Fatalf("DecodeMessage #1: %v", err)
	}
	if dec.InputOffset() != int64(2*len(b)) {
		t.Errorf("InputOffset = %d, want %d", dec.InputOffset(), 2*len(b))
	}
	if err := dec.DecodeMessage(&v); err != io.EOF {
		t.Fatalf("DecodeMessage at the end = %v, want io.EOF", err)
	}

	// The second message cut in its last ReadValueID's DataEncoding
	// (QualifiedName: NamespaceIndex, then the Name's length, both at the
	// end): the error is at the stream offset of the Name.
	cut := append(bytes.Clone(b), b[:len(b)-2]...)
	for _, o := range msgModes {
		dec = uabin.NewDecoder(bytes.NewReader(cut))
		dec.Options = o
		if err := dec.DecodeMessage(&r); err != nil {
			t.Fatal(err)
		}
		err := dec.DecodeMessage(&r)
		var de *uabin.DecodeError
		want := 2*len(b) - 4
		if !errors.As(err, &de) || !errors.Is(err, uabin.ErrTruncated) || de.Offset != want ||
			de.Path != "ReadRequest.NodesToRead[0].DataEncoding.Name" {
			t.Errorf("fast paths off: %v: a cut message = %v, want ErrTruncated at %d, ReadRequest.NodesToRead[0].DataEncoding.Name", o.DisableFastPaths, err, want)
		}
		if err != nil && strings.Count(err.Error(), "uabin:") != 1 {
			t.Errorf("%q says uabin: twice", err)
		}
	}
}

func itoa(i int) string {
	var b [20]byte
	n := len(b)
	for {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
		if i == 0 {
			return string(b[n:])
		}
	}
}

// TestUnmarshalMessageDynamic: a message of a run-time structure decodes
// into a *any (a new *Dynamic), into a zero Dynamic, or over a Dynamic of
// its type; a Dynamic of another type is ErrUnknownType.
func TestUnmarshalMessageDynamic(t *testing.T) {
	r := uabin.NewRegistry()
	id := func(i uint32) types.ExpandedNodeID { return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, i)} }
	def := types.StructureDefinition{Fields: []types.StructureField{{Name: "A", DataType: types.NewNumericNodeID(0, 6), ValueRank: -1}}}
	must(r.RegisterStructure(id(1), id(2), "S", def))
	must(r.RegisterStructure(id(3), id(4), "T", def))
	in := hx("01 03 01 00 05 00 00 00")
	for _, o := range []uabin.Options{{Types: r}, {Types: r, DisableFastPaths: true}} {
		var v any
		if err := o.UnmarshalMessage(in, &v); err != nil || v.(*uabin.Dynamic).String() != "S{A: 5}" {
			t.Fatalf("into *any: %v, %v", v, err)
		}
		var z uabin.Dynamic
		if err := o.UnmarshalMessage(in, &z); err != nil || z.String() != "S{A: 5}" {
			t.Fatalf("into a zero Dynamic: %v, %v", &z, err)
		}
		s, err := uabin.NewDynamic(r, id(2), nil)
		must(err)
		if err := o.UnmarshalMessage(in, s); err != nil || s.String() != "S{A: 5}" {
			t.Fatalf("into a Dynamic of S: %v, %v", s, err)
		}
		other, err := uabin.NewDynamic(r, id(4), nil)
		must(err)
		err = o.UnmarshalMessage(in, other)
		if !errors.Is(err, uabin.ErrUnknownType) || err.Error() != "uabin: decoding at offset 0: unknown type: the message type id ns=3;i=1 is that of S (a run-time structure), not of T" {
			t.Errorf("into a Dynamic of T: %v", err)
		}
		var req types.ReadRequest
		err = o.UnmarshalMessage(in, &req)
		if !errors.Is(err, uabin.ErrUnknownType) || err.Error() != "uabin: decoding at offset 0: unknown type: the message type id ns=3;i=1 is that of S (a run-time structure), not of types.ReadRequest" {
			t.Errorf("into a *ReadRequest: %v", err)
		}
	}
}

// TestDecoderErrorOffsets: the stream Decoder's errors count offsets from
// the start of the stream and keep their paths, in both modes.
func TestDecoderErrorOffsets(t *testing.T) {
	type pair struct {
		A int32
		S string
	}
	// Two values (8 and 9 bytes), then a third cut inside S.
	stream := hx("01000000 ffffffff 02000000 01000000 41 03000000 05000000 41")
	for _, noFast := range []bool{false, true} {
		d := uabin.NewDecoder(bytes.NewReader(stream))
		d.Options.DisableFastPaths = noFast
		var p pair
		for i := 0; i < 2; i++ {
			if err := d.Decode(&p); err != nil {
				t.Fatal(err)
			}
		}
		err := d.Decode(&p)
		const want = "uabin: decoding pair.S at offset 21: truncated input: string length 5 needs at least 5 bytes, 1 left"
		var de *uabin.DecodeError
		if !errors.As(err, &de) || !errors.Is(err, uabin.ErrTruncated) || err.Error() != want {
			t.Errorf("fast paths off: %v: cut value: %v, want %s", noFast, err, want)
		}

		// A value larger than MaxMessageSize: the error is at the value
		// that runs past the limit, in the stream.
		d = uabin.NewDecoder(bytes.NewReader(append(hx("01000000 ffffffff"), hx("02000000 10000000 4142434445464748494a4b4c4d4e4f50")...)))
		d.Options.DisableFastPaths = noFast
		d.Options.MaxMessageSize = 12
		if err := d.Decode(&p); err != nil {
			t.Fatal(err)
		}
		err = d.Decode(&p)
		const wantLimit = "uabin: decoding pair.S at offset 12: limit exceeded: value larger than MaxMessageSize (12 bytes)"
		if !errors.Is(err, uabin.ErrLimitExceeded) || err.Error() != wantLimit {
			t.Errorf("fast paths off: %v: large value: %v, want %s", noFast, err, wantLimit)
		}
	}
}

// TestEntryCacheFollowsRegistry: the decoder's last-id cache never
// answers for another registry or an older state of one: the same id
// registered for other types in two registries, decoded in turn, and an id
// registered between two calls.
func TestEntryCacheFollowsRegistry(t *testing.T) {
	type A struct{ X int32 }
	type B struct{ Y uint32 }
	id := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 7001)}
	ra, rb := uabin.NewRegistry(), uabin.NewRegistry()
	if err := uabin.RegisterType[A](ra, id); err != nil {
		t.Fatal(err)
	}
	if err := uabin.RegisterType[B](rb, id); err != nil {
		t.Fatal(err)
	}
	msg, err := uabin.Options{Types: ra}.MarshalMessage(&A{X: 5})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		for _, c := range []struct {
			r    *uabin.Registry
			want any
		}{{ra, &A{X: 5}}, {rb, &B{Y: 5}}} {
			var v any
			if err := (uabin.Options{Types: c.r}).UnmarshalMessage(msg, &v); err != nil || !reflect.DeepEqual(v, c.want) {
				t.Fatalf("round %d: %v, %v; want %v", i, v, err, c.want)
			}
		}
	}
	rc := uabin.NewRegistry()
	var v any
	if err := (uabin.Options{Types: rc}).UnmarshalMessage(msg, &v); !errors.Is(err, uabin.ErrUnknownType) {
		t.Fatalf("before registering: %v, %v; want uabin.ErrUnknownType", v, err)
	}
	if err := uabin.RegisterType[B](rc, id); err != nil {
		t.Fatal(err)
	}
	if err := (uabin.Options{Types: rc}).UnmarshalMessage(msg, &v); err != nil || !reflect.DeepEqual(v, &B{Y: 5}) {
		t.Fatalf("after registering: %v, %v", v, err)
	}
}
