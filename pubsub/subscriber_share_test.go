package pubsub

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The Subscriber's receive buffer is overwritten by the next message, so
// values that shared it would change under the Handler's feet: the option
// is switched off for it.
func TestSubscriberIgnoresShareInput(t *testing.T) {
	var cfg Config
	cfg.Limits.Values.ShareInput = true
	s, err := NewSubscriber(nil, cfg, Filter{})
	require.NoError(t, err)
	require.False(t, s.dec.vlim.ShareInput, "the Subscriber's decoder shares its reused buffer")
	require.True(t, cfg.Limits.Values.ShareInput, "the caller's Config is not changed")
}
