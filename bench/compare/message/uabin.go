package message

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// The uabin side: uabin.Options.AppendMessage into a reused buffer,
// chunk.Sender.Append into another; chunk.Receiver.Receive per chunk, then
// uabin.Options.Decode for the type id and Options.Unmarshal into a reused
// value.

// Nonces of the OpenSecureChannel exchange the keys are derived from:
// client nonce byte i = i, server nonce byte i = 0x80 + i (32 bytes each, as
// Basic256Sha256 asks).
func clientNonce() []byte { return nonce(0) }
func serverNonce() []byte { return nonce(0x80) }

func nonce(first byte) []byte {
	b := make([]byte, 32)
	for i := range b {
		b[i] = first + byte(i)
	}
	return b
}

// uabinKeys returns the keys the sender of c signs with under Sign (the
// client's for a request, the server's for a response); the receiver
// verifies with the same keys.
func uabinKeys(c *Case) (chunk.Keys, error) {
	client, server, err := chunk.PolicyBasic256Sha256.ChannelKeys(clientNonce(), serverNonce())
	if c.Response {
		return server, err
	}
	return client, err
}

func newUabinPipeline[T any](c *Case, plansOnly bool, p Policy, want *T) (*Pipeline, error) {
	opts := uabin.Options{DisableFastPaths: plansOnly}
	policy, mode, keys := chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}
	if p == Sign {
		var err error
		if keys, err = uabinKeys(c); err != nil {
			return nil, err
		}
		policy, mode = chunk.PolicyBasic256Sha256, chunk.ModeSign
	}
	newSender := func() (*chunk.Sender, error) {
		s, err := chunk.NewSender(ChannelID, FirstSequence, chunk.Limits{ChunkSize: ChunkSize})
		if err != nil {
			return nil, err
		}
		return s, s.SetToken(TokenID, policy, mode, keys)
	}
	sender, err := newSender()
	if err != nil {
		return nil, err
	}
	receiver, err := chunk.NewReceiver(ChannelID, chunk.Limits{ChunkSize: ChunkSize, MaxMessageSize: maxMessageSize})
	if err != nil {
		return nil, err
	}
	if err := receiver.SetToken(TokenID, policy, mode, keys); err != nil {
		return nil, err
	}

	typeID := types.NewNumericNodeID(0, c.encodingID)
	pl := &Pipeline{}
	var (
		bodyBuf, streamBuf []byte // what Encode and Frame write
		received           []byte // what Reassemble produced (the Receiver's buffer)
		got                T
		gotID              types.NodeID
	)
	encode := func() (err error) {
		bodyBuf, err = opts.AppendMessage(bodyBuf[:0], want)
		return err
	}
	frame := func(body []byte) (err error) {
		streamBuf, err = sender.Append(streamBuf[:0], chunk.TypeMessage, RequestID, body)
		return err
	}
	reassemble := func(src []byte) error {
		// The stream is the same on every call, so the Receiver forgets
		// the last sequence number first (a real channel's numbers go on).
		receiver.ResetSequence()
		received = nil
		for len(src) > 0 {
			if len(src) < chunk.HeaderSize {
				return errors.New("chunk stream: truncated header")
			}
			size := int(binary.LittleEndian.Uint32(src[4:8]))
			if size < chunk.HeaderSize || size > len(src) {
				return fmt.Errorf("chunk stream: bad chunk size %d", size)
			}
			msg, done, err := receiver.Receive(src[:size])
			if err != nil {
				return err
			}
			src = src[size:]
			if done {
				if len(src) > 0 {
					return errors.New("chunk stream: bytes after the final chunk")
				}
				received = msg.Body
				return nil
			}
		}
		return errors.New("chunk stream: no final chunk")
	}
	decode := func(body []byte) error {
		n, err := opts.Decode(body, &gotID)
		if err != nil {
			return err
		}
		if gotID != typeID {
			return fmt.Errorf("type id %v, want %v", gotID, typeID)
		}
		return opts.Unmarshal(body[n:], &got)
	}

	pl.stages = [numStages]func() error{
		Encode: encode,
		Frame:  func() error { return frame(pl.body) },
		EncodeFrame: func() error {
			if err := encode(); err != nil {
				return err
			}
			return frame(bodyBuf)
		},
		Reassemble: func() error { return reassemble(pl.stream) },
		Decode:     func() error { return decode(pl.body) },
		ReassembleDecode: func() error {
			if err := reassemble(pl.stream); err != nil {
				return err
			}
			return decode(received)
		},
	}
	pl.reset = func() {
		// Only chunk.NewSender can fail, and it did not with the same
		// arguments above.
		if s, err := newSender(); err == nil {
			sender = s
		}
	}
	pl.encoded = func() []byte { return bodyBuf }
	pl.framed = func() []byte { return streamBuf }
	pl.reassembled = func() []byte { return received }
	pl.check = func() error { return sameValue(want, &got) }
	return pl, nil
}

// sameValue reports how got differs from want; nil if they are deeply
// equal. The workloads hold no NaN, so reflect.DeepEqual is exact.
func sameValue(want, got any) error {
	if reflect.DeepEqual(want, got) {
		return nil
	}
	diff := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true }))
	if len(diff) > 2000 {
		diff = diff[:2000] + "\n..."
	}
	return fmt.Errorf("the decoded value differs (-want +got):\n%s", diff)
}
