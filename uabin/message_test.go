package uabin_test

import (
	"bytes"
	"errors"
	"io"
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
			"uabin: decoding at offset 0: unknown type: the message type id i=631 is a types.ReadRequest, not a types.ReadResponse"},
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
			"uabin: decoding at offset 0: unsupported Go type: decoding needs a non-nil pointer, got types.ReadRequest"},
		{"nil", b, nil, uabin.ErrUnsupported, 0, "",
			"uabin: decoding at offset 0: unsupported Go type: decoding needs a non-nil pointer, got nil"},
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
