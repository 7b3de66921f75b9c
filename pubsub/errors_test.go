package pubsub_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// TestFieldErrorPaths: an error inside a field value has the field's path
// and then the value's own, without the name of the value's Go type
// (which uabin puts first): a Variant field, an element of its array, a
// DataValue field.
func TestFieldErrorPaths(t *testing.T) {
	enc, err := pubsub.NewEncoder(pubsub.Config{})
	require.NoError(t, err)
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	require.NoError(t, err)
	for _, c := range []struct {
		enc  pubsub.FieldEncoding
		v    types.Variant
		cut  int
		want string
	}{
		{pubsub.EncodingVariant, types.VariantFromString("hello"), 3,
			"pubsub: decoding NetworkMessage.Messages[0].Fields[1] at offset 19: truncated input: string length 5 needs at least 5 bytes, 2 left"},
		{pubsub.EncodingVariant, types.MustVariant([]string{"a", "hello"}), 3,
			"pubsub: decoding NetworkMessage.Messages[0].Fields[1][1] at offset 28: truncated input: string length 5 needs at least 5 bytes, 2 left"},
		{pubsub.EncodingDataValue, types.VariantFromString("hello"), 3,
			"pubsub: decoding NetworkMessage.Messages[0].Fields[1].Value at offset 21: truncated input: string length 5 needs at least 5 bytes, 2 left"},
	} {
		m := pumpMessage()
		m.Messages[0].Encoding = c.enc
		m.Messages[0].Fields[1].Value.Value = c.v
		b, err := enc.Marshal(&m)
		require.NoError(t, err)
		var back pubsub.NetworkMessage
		require.EqualError(t, dec.Decode(b[:len(b)-c.cut], &back), c.want)
	}
}

// TestInvalidEventRawData: an Event DataSetMessage with the RawData field
// encoding is refused also when it is marked invalid (no fields), as the
// Encoder refuses to write one.
func TestInvalidEventRawData(t *testing.T) {
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	require.NoError(t, err)
	var m pubsub.NetworkMessage
	err = dec.Decode([]byte{0x01, 0x82, 0x02}, &m) // no headers; DataSetFlags1: not valid, RawData, flags2; flags2: Event
	require.EqualError(t, err, "pubsub: decoding NetworkMessage.Messages[0] at offset 1: invalid value: an Event DataSetMessage with the RawData field encoding")
	enc, err := pubsub.NewEncoder(pubsub.Config{})
	require.NoError(t, err)
	_, err = enc.Marshal(&pubsub.NetworkMessage{Messages: []pubsub.DataSetMessage{{Type: pubsub.Event, Encoding: pubsub.EncodingRawData, Invalid: true}}})
	require.EqualError(t, err, "pubsub: encoding NetworkMessage.Messages[0].Encoding: invalid value: Event DataSetMessages use the Variant field encoding (§7.2.4.5.7)")
}

// TestUnsupportedVersion: the text names what is not supported, once
// prefixed with the package, and the error still wraps the sentinel.
func TestUnsupportedVersion(t *testing.T) {
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	require.NoError(t, err)
	var m pubsub.NetworkMessage
	err = dec.Decode([]byte{0x05}, &m)
	require.ErrorIs(t, err, uabin.ErrUnsupported)
	require.EqualError(t, err, "pubsub: decoding NetworkMessage at offset 0: unsupported: UADPVersion 5 (only 1 is defined)")
	var de *uabin.DecodeError
	require.ErrorAs(t, err, &de)
	require.Equal(t, "pubsub", de.Package)
}
