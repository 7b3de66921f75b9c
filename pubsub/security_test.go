package pubsub_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/uabin"
)

// TestPlainEncoderTakesNoSecurityFromTheMessage: a NetworkMessage that a
// signing Encoder has encoded keeps the SecurityHeader it was given; a
// plain Encoder given the same value writes an unsecured message (the
// bytes of a fresh value), not a header that claims a signature it does
// not add, and a Decoder that requires signing says what is wrong.
func TestPlainEncoderTakesNoSecurityFromTheMessage(t *testing.T) {
	ring := testRing(t, pubsub.PolicyAes128CTR, 5)
	secure := pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySignAndEncrypt, Keys: ring, Rand: zeroRand{}}}
	signer, err := pubsub.NewEncoder(secure)
	require.NoError(t, err)
	plain, err := pubsub.NewEncoder(pubsub.Config{})
	require.NoError(t, err)

	fresh := pumpMessage()
	want, err := plain.Marshal(&fresh)
	require.NoError(t, err)

	m := pumpMessage()
	_, err = signer.Marshal(&m)
	require.NoError(t, err)
	require.True(t, m.Security.Enabled && m.Security.Signed && m.Security.Encrypted, "the signing Encoder fills m.Security")

	got, err := plain.Marshal(&m)
	require.NoError(t, err)
	assert.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), "the plain Encoder writes no SecurityHeader")
	assert.Equal(t, ""+
		"f101ba08"+"016400"+"014df4"+ // flags, PublisherId, GroupHeader, PayloadHeader: no SecurityHeader
		"01"+"0200"+"06d6ffffff"+"0c020000006869", // DataSetMessage: Variant fields, 2, Int32 -42, String "hi"
		hex.EncodeToString(got))
	assert.Equal(t, pubsub.SecurityHeader{}, m.Security, "m.Security describes the bytes written")

	dec, err := pubsub.NewDecoder(secure)
	require.NoError(t, err)
	var back pubsub.NetworkMessage
	err = dec.Decode(got, &back)
	require.ErrorIs(t, err, pubsub.ErrSecurity)
	require.EqualError(t, err, "pubsub: decoding NetworkMessage.Security at offset 0: security checks failed: message not signed, SecurityMode SignAndEncrypt required")

	// The message the old Encoder wrote (a SecurityHeader that claims
	// signing and encryption, no signature), made here by the test hook
	// that writes m.Security as it is.
	_, err = signer.Marshal(&m)
	require.NoError(t, err)
	raw, err := pubsub.NewEncoder(pubsub.Config{})
	require.NoError(t, err)
	pubsub.WriteSecurityAsIs(raw)
	lie, err := raw.Marshal(&m)
	require.NoError(t, err)
	require.Equal(t, ""+
		"f111ba08"+"016400"+"014df4"+ // ExtendedFlags1 with Security
		"03"+"05000000"+"08"+"aaaaaaaa02000000"+ // Signed|Encrypted, token 5, MessageNonce: the signer's, reused
		"01"+"0200"+"06d6ffffff"+"0c020000006869", // the payload, in clear, and no signature
		hex.EncodeToString(lie))
	err = dec.Decode(lie, &back)
	require.ErrorIs(t, err, pubsub.ErrSecurity)
	require.EqualError(t, err, "pubsub: decoding NetworkMessage.Security at offset 24: security checks failed: the SecurityHeader says signed, but the 15 bytes after it are fewer than the 32-byte signature of http://opcfoundation.org/UA/SecurityPolicy#PubSub-Aes128-CTR: the message may not be signed at all")

	// A SecurityFooter without security is refused, not dropped.
	m.SecurityFooter = []byte{9, 9}
	_, err = plain.Marshal(&m)
	require.ErrorIs(t, err, uabin.ErrInvalid)
	require.EqualError(t, err, "pubsub: encoding NetworkMessage.SecurityFooter: invalid value: a SecurityFooter of 2 bytes: only a secured message carries one (Config.Security)")
	_, err = plain.Offsets(&m)
	require.ErrorIs(t, err, uabin.ErrInvalid)
}

// TestSecurityModeString: messages name the modes.
func TestSecurityModeString(t *testing.T) {
	assert.Equal(t, "None", pubsub.SecurityNone.String())
	assert.Equal(t, "Sign", pubsub.SecuritySign.String())
	assert.Equal(t, "SignAndEncrypt", pubsub.SecuritySignAndEncrypt.String())
	assert.Equal(t, "SecurityMode(9)", pubsub.SecurityMode(9).String())
	_, err := pubsub.NewDecoder(pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySign}})
	assert.EqualError(t, err, "pubsub: security checks failed: Security.Keys is required for SecurityMode Sign")
}

// TestUnsignedSecurityHeader: a SecurityHeader that does not say signed
// (here ForceKeyReset alone) is refused: no Encoder writes one, and a
// plain Encoder could not write it back.
func TestUnsignedSecurityHeader(t *testing.T) {
	b, err := hex.DecodeString("81" + "10" + "08" + "07000000" + "00" + "8103") // ExtendedFlags1: Security; SecurityFlags: ForceKeyReset; token 7; no nonce; a keep-alive
	require.NoError(t, err)
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	require.NoError(t, err)
	var m pubsub.NetworkMessage
	err = dec.Decode(b, &m)
	require.ErrorIs(t, err, pubsub.ErrSecurity)
	require.EqualError(t, err, "pubsub: decoding NetworkMessage.Security at offset 8: security checks failed: a SecurityHeader that does not say signed")
}
