package uabin_test

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

// unhex decodes hex written with spaces.
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	require.NoError(t, err)
	return b
}

// TestExtensionObjectBodyLengthMinus1: a body length of -1 (legacy servers'
// empty body) decodes to an empty raw body, wire.NullBody, whatever the
// TypeID, and re-encodes as it came, alone and in Variants, with and
// without fast paths; an empty body a program builds gets length 0.
func TestExtensionObjectBodyLengthMinus1(t *testing.T) {
	modes := map[string]uabin.Options{"fast": {}, "plan": {DisableFastPaths: true}}
	for name, o := range modes {
		t.Run(name, func(t *testing.T) {
			for _, in := range []string{
				"01 00 2a 01 01 ff ff ff ff", // Argument's encoding id (registered), binary, -1
				"01 05 d2 04 01 ff ff ff ff", // ns=5;i=1234 (unknown), binary, -1
				"01 00 2a 01 02 ff ff ff ff", // XML, -1
			} {
				b := unhex(t, in)
				var eo types.ExtensionObject
				require.NoError(t, o.Unmarshal(b, &eo), in)
				assert.Nil(t, eo.Value, in)
				assert.True(t, wire.IsNullBody(eo.Body), "%s: Body is wire.NullBody", in)
				assert.Equal(t, types.ExtensionObjectEncoding(b[4]), eo.Encoding, in)
				out, err := o.Marshal(&eo)
				require.NoError(t, err)
				assert.Equal(t, hex.EncodeToString(b), hex.EncodeToString(out), "re-encoded as it came")
			}

			// In a Variant, scalar and array.
			for _, in := range []string{
				"16 01 00 2a 01 01 ff ff ff ff",
				"96 02 00 00 00 01 00 2a 01 01 ff ff ff ff 01 05 d2 04 01 00 00 00 00", // -1, then an unknown type's length 0
			} {
				var v types.Variant
				require.NoError(t, o.Unmarshal(unhex(t, in), &v), in)
				out, err := o.Marshal(&v)
				require.NoError(t, err)
				assert.Equal(t, strings.ReplaceAll(in, " ", ""), hex.EncodeToString(out), "Variant re-encoded as it came")
			}

			// Built by a program: length 0, the canonical form; NullBody
			// on purpose: -1.
			id := types.NewNumericNodeID(0, 298)
			for _, body := range [][]byte{nil, {}} {
				out, err := o.Marshal(&types.ExtensionObject{TypeID: id, Encoding: types.ExtensionObjectBinary, Body: body})
				require.NoError(t, err)
				assert.Equal(t, "01002a010100000000", hex.EncodeToString(out))
			}
			out, err := o.Marshal(&types.ExtensionObject{TypeID: id, Body: wire.NullBody})
			require.NoError(t, err)
			assert.Equal(t, "01002a0101ffffffff", hex.EncodeToString(out))

			// Other negative lengths stay invalid.
			var eo types.ExtensionObject
			err = o.Unmarshal(unhex(t, "01 00 2a 01 01 fe ff ff ff"), &eo)
			require.ErrorIs(t, err, uabin.ErrInvalid)
			require.EqualError(t, err, "uabin: decoding ExtensionObject at offset 5: invalid value: ExtensionObject body length -2")
		})
	}
}

// TestExtensionObjectBodyLengthMinus1Verify: the fast paths and the plans
// agree on such a value, alone and in a Variant (uabin.VerifyFastPaths).
func TestExtensionObjectBodyLengthMinus1Verify(t *testing.T) {
	eo := types.ExtensionObject{TypeID: types.NewNumericNodeID(5, 1234), Encoding: types.ExtensionObjectBinary, Body: wire.NullBody}
	require.NoError(t, uabin.VerifyFastPaths(nil, eo, types.ExtensionObject{TypeID: eo.TypeID, Encoding: types.ExtensionObjectXML, Body: wire.NullBody}))
	require.NoError(t, uabin.VerifyFastPaths(nil, types.MustVariant(eo), types.MustVariant([]types.ExtensionObject{eo, {TypeID: eo.TypeID, Body: []byte{}}})))
}

// TestExtensionObjectBodyLengthMinus1JSON: JSON has no -1 form; such a body
// is written as an empty UaBody and reads back as an empty body.
func TestExtensionObjectBodyLengthMinus1JSON(t *testing.T) {
	var eo types.ExtensionObject
	require.NoError(t, uabin.Unmarshal(unhex(t, "01 00 2a 01 01 ff ff ff ff"), &eo))
	text, err := uajson.Marshal(&eo)
	require.NoError(t, err)
	assert.Equal(t, `{"UaTypeId":"i=298","UaEncoding":1,"UaBody":""}`, string(text))
	var back types.ExtensionObject
	require.NoError(t, uajson.Unmarshal(text, &back))
	assert.False(t, wire.IsNullBody(back.Body))
	out, err := uabin.Marshal(&back)
	require.NoError(t, err)
	assert.Equal(t, "01002a010100000000", hex.EncodeToString(out))
}
