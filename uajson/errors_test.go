package uajson_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

type pump struct {
	Count int `ua:"UInt16"`
}

type chanField struct {
	N chan int
}

type misspeltTag struct {
	X float64 `ua:"Dobule"`
}

// TestErrorTextsAgree: the binary and the JSON codec report the same fault
// of a value to encode with the same text but for their package's name:
// the path from the top-level type, the kind, and words that name the
// thing at fault (docs/design.md, "One shape for every error message").
func TestErrorTextsAgree(t *testing.T) {
	cases := []struct {
		v    any
		kind error
		want string // the text after "PACKAGE: "
	}{
		{&pump{Count: 70000}, uabin.ErrInvalid, "encoding pump.Count: invalid value: 70000 does not fit in UInt16"},
		{&chanField{}, uabin.ErrUnsupported, "encoding chanField.N: unsupported: Go type chan int: chan has no OPC UA meaning"},
		{&misspeltTag{}, uabin.ErrUnsupported, `encoding misspeltTag.X: unsupported: tag ua:"Dobule": unknown wire type or tag option "Dobule"`},
	}
	for _, c := range cases {
		_, berr := uabin.Marshal(c.v)
		_, jerr := uajson.Marshal(c.v)
		require.EqualError(t, berr, "uabin: "+c.want)
		require.EqualError(t, jerr, "uajson: "+c.want)
		for _, err := range []error{berr, jerr} {
			var ee *uabin.EncodeError
			require.ErrorAs(t, err, &ee)
			require.ErrorIs(t, err, c.kind)
		}
	}
}

// TestDecodeErrorTextsAgree: the same for a value that does not fit its Go
// type when decoding, with each encoding's own offset.
func TestDecodeErrorTextsAgree(t *testing.T) {
	type small struct {
		N uint `ua:"Int32"`
	}
	var b, j small
	berr := uabin.Unmarshal([]byte{0xfb, 0xff, 0xff, 0xff}, &b)
	jerr := uajson.Unmarshal([]byte(`{"N":-5}`), &j)
	require.EqualError(t, berr, "uabin: decoding small.N at offset 0: invalid value: Int32 -5 does not fit in Go type uint")
	require.EqualError(t, jerr, "uajson: decoding small.N at offset 5: invalid value: Int32 -5 does not fit in Go type uint")
	var de *uabin.DecodeError
	require.ErrorAs(t, jerr, &de)
	require.Equal(t, "uajson", de.Package)
	require.True(t, errors.Is(berr, uabin.ErrInvalid) && errors.Is(jerr, uabin.ErrInvalid))
}

// TestMessageErrorPath: a service message's error path starts with the
// message type, in JSON as in binary, not with the ExtensionObject that
// carries it.
func TestMessageErrorPath(t *testing.T) {
	var rr types.ReadRequest
	err := uajson.UnmarshalMessage([]byte(`{"UaTypeId":"i=629","NodesToRead":[{},{"NodeId":5}]}`), &rr)
	require.EqualError(t, err, "uajson: decoding ReadRequest.NodesToRead[1].NodeId at offset 48: invalid value: want a NodeId (string or object), found a number")
	b, err := uabin.MarshalMessage(&types.ReadRequest{NodesToRead: []types.ReadValueID{{}, {}}})
	require.NoError(t, err)
	err = uabin.UnmarshalMessage(b[:len(b)-3], &rr)
	require.EqualError(t, err, "uabin: decoding ReadRequest.NodesToRead at offset 45: truncated input: array length 2 needs at least 32 bytes, 29 left")
}
