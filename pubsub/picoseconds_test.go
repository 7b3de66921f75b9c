package pubsub_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/pubsub"
)

// TestPicoSecondsWithoutTimestamp: PicoSeconds flagged without a
// Timestamp, in the NetworkMessage header and in a DataSetMessage header,
// is read (as open62541 writes it) and written back, not dropped.
func TestPicoSecondsWithoutTimestamp(t *testing.T) {
	enc, err := pubsub.NewEncoder(pubsub.Config{})
	require.NoError(t, err)
	m := pubsub.NetworkMessage{Content: pubsub.ContentPicoSeconds, PicoSeconds: 0x1234,
		Messages: []pubsub.DataSetMessage{{Type: pubsub.KeepAlive, Content: pubsub.DataSetPicoSeconds, PicoSeconds: 0x5678}}}
	b, err := enc.Marshal(&m)
	require.NoError(t, err)
	require.Equal(t, ""+
		"81"+"40"+"3412"+ // flags, ExtendedFlags1: PicoSeconds; PicoSeconds
		"81"+"23"+"7856", // DataSetFlags1 valid, DataSetFlags2: keep-alive, PicoSeconds; PicoSeconds
		hex.EncodeToString(b))
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	require.NoError(t, err)
	var back pubsub.NetworkMessage
	require.NoError(t, dec.Decode(b, &back))
	require.Equal(t, uint16(0x1234), back.PicoSeconds)
	require.Equal(t, uint16(0x5678), back.Messages[0].PicoSeconds)
	again, err := enc.Marshal(&back)
	require.NoError(t, err)
	require.Equal(t, b, again)
}
