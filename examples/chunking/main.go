// Command chunking frames an OPC UA service message into Secure Conversation
// chunks (OPC UA Part 6 §6.7) and reassembles it, with the security policy
// Basic256Sha256 in both of its modes: Sign (HMAC-SHA256) and
// SignAndEncrypt (HMAC-SHA256, then AES-256-CBC). The symmetric keys are
// derived, as a real channel does, from the client and server nonces of
// OpenSecureChannel; here the nonces are fixed so every run prints the same
// bytes.
//
// The message is a ReadRequest for 400 nodes encoded by
// uabin.MarshalMessage; the chunks are made by chunk.Sender and checked,
// decrypted and reassembled by chunk.Receiver, and the body is decoded again
// with uabin.UnmarshalMessage. A last run flips one bit of a chunk to show
// the signature check.
//
//	go run ./examples/chunking
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

const (
	channelID = 7    // SecureChannelId
	tokenID   = 1    // TokenId of the channel's security token
	requestID = 99   // RequestId of the message
	firstSeq  = 1000 // sequence number of the first chunk
	chunkSize = 8192 // the receiver's ReceiveBufferSize (the smallest allowed)
)

var policy = chunk.PolicyBasic256Sha256

// nonces returns the fixed client and server nonces: byte i is i and
// 0x80+i.
func nonces() (client, server []byte) {
	client, server = make([]byte, policy.NonceLength), make([]byte, policy.NonceLength)
	for i := range client {
		client[i], server[i] = byte(i), byte(0x80+i)
	}
	return client, server
}

// readRequest is a ReadRequest for n nodes (the W4 workload's shape).
func readRequest(n int) *types.ReadRequest {
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewNumericNodeID(0, 1001),
			Timestamp:           types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)),
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: types.TimestampsToReturnBoth,
	}
	for i := 0; i < n; i++ {
		req.NodesToRead = append(req.NodesToRead, types.ReadValueID{
			NodeID:      types.NewStringNodeID(2, fmt.Sprintf("Demo.Static.Scalar.Double.%d", i)),
			AttributeID: uint32(types.AttributeIDValue),
		})
	}
	return req
}

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "chunking:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	clientNonce, serverNonce := nonces()
	clientKeys, serverKeys, err := policy.ChannelKeys(clientNonce, serverNonce)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "policy %s, keys derived with P_SHA256 from fixed nonces (client byte i = i, server byte i = 0x80+i)\n", policy.Name)
	fmt.Fprintf(w, "  client signing key    %x\n", clientKeys.SigningKey)
	fmt.Fprintf(w, "  client encrypting key %x\n", clientKeys.EncryptingKey)
	fmt.Fprintf(w, "  client IV             %x\n", clientKeys.IV)
	fmt.Fprintf(w, "  server signing key    %x\n", serverKeys.SigningKey)

	req := readRequest(400)
	body, err := uabin.MarshalMessage(req)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nmessage: ReadRequest for %d nodes, uabin.MarshalMessage gives %d bytes\n", len(req.NodesToRead), len(body))

	for _, mode := range []chunk.SecurityMode{chunk.ModeSign, chunk.ModeSignAndEncrypt} {
		if err := roundTrip(w, mode, clientKeys, body); err != nil {
			return fmt.Errorf("%v: %w", mode, err)
		}
	}
	return tamper(w, clientKeys, body)
}

// newPair returns the client's Sender and the server's Receiver for the
// client-to-server direction: both use the client keys.
func newPair(mode chunk.SecurityMode, keys chunk.Keys) (*chunk.Sender, *chunk.Receiver, error) {
	limits := chunk.Limits{ChunkSize: chunkSize}
	s, err := chunk.NewSender(channelID, firstSeq, limits)
	if err != nil {
		return nil, nil, err
	}
	if err := s.SetToken(tokenID, policy, mode, keys); err != nil {
		return nil, nil, err
	}
	r, err := chunk.NewReceiver(channelID, limits)
	if err != nil {
		return nil, nil, err
	}
	if err := r.SetToken(tokenID, policy, mode, keys); err != nil {
		return nil, nil, err
	}
	return s, r, nil
}

// split cuts a run of chunks into chunks, using each header's MessageSize.
func split(b []byte) ([][]byte, error) {
	var out [][]byte
	for len(b) > 0 {
		h, err := chunk.ParseHeader(b)
		if err != nil {
			return nil, err
		}
		if int(h.Size) > len(b) {
			return nil, fmt.Errorf("chunk of %d bytes with %d left", h.Size, len(b))
		}
		out = append(out, b[:h.Size])
		b = b[h.Size:]
	}
	return out, nil
}

// roundTrip frames body in the given mode, prints every chunk, feeds the
// chunks to a Receiver and decodes the reassembled body.
func roundTrip(w io.Writer, mode chunk.SecurityMode, keys chunk.Keys, body []byte) error {
	s, r, err := newPair(mode, keys)
	if err != nil {
		return err
	}
	wire, err := s.Append(nil, chunk.TypeMessage, requestID, body)
	if err != nil {
		return err
	}
	chunks, err := split(wire)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== %s: %d chunks, %d bytes on the wire, up to %d body bytes per chunk\n",
		mode, len(chunks), len(wire), s.MaxBodySize(chunk.TypeMessage))
	if mode == chunk.ModeSignAndEncrypt {
		fmt.Fprintln(w, "  (from byte 16 on, the wire bytes are AES-256-CBC ciphertext; the columns show what the Receiver decrypted)")
	}
	fmt.Fprintln(w, "  #  type   size  channel  token    seq  request   body  padding  signature   first 24 bytes on the wire")

	const sig = 32 // HMAC-SHA256 signature
	const clear = chunk.SecureHeaderSize + chunk.SymmetricHeaderSize
	var msg chunk.Message
	for i, c := range chunks {
		h, err := chunk.ParseHeader(c)
		if err != nil {
			return err
		}
		token := binary.LittleEndian.Uint32(c[chunk.SecureHeaderSize:])
		sent := fmt.Sprintf("% x", c[:24])
		// Receive checks the chunk (the signature before anything else)
		// and, in SignAndEncrypt mode, decrypts it in place, so that the
		// sequence header and the padding can be read from c afterwards.
		m, done, err := r.Receive(c)
		if err != nil {
			return fmt.Errorf("chunk %d: %w", i, err)
		}
		seq, err := chunk.ParseSequenceHeader(c[clear:])
		if err != nil {
			return err
		}
		padding := 0
		if mode == chunk.ModeSignAndEncrypt {
			padding = int(c[len(c)-sig-1]) + 1 // the PaddingSize byte and PaddingSize bytes
		}
		n := len(c) - clear - chunk.SequenceHeaderSize - padding - sig
		fmt.Fprintf(w, "  %d  %s %c  %5d  %7d  %5d  %5d  %7d  %5d  %7d  %9d   %s\n",
			i, h.Type, h.Chunk, h.Size, h.ChannelID, token, seq.SequenceNumber, seq.RequestID, n, padding, sig, sent)
		if done {
			msg = m
		}
	}
	if msg.Body == nil {
		return errors.New("the last chunk did not complete the message")
	}
	fmt.Fprintf(w, "  reassembled: %s request %d, %d chunks, last sequence number %d, %d body bytes, equal to the sent body: %v\n",
		msg.Type, msg.RequestID, msg.Chunks, msg.SequenceNumber, len(msg.Body), bytes.Equal(msg.Body, body))
	if !bytes.Equal(msg.Body, body) {
		return errors.New("the reassembled body differs")
	}
	var v any
	if err := uabin.UnmarshalMessage(msg.Body, &v); err != nil {
		return err
	}
	req := v.(*types.ReadRequest)
	fmt.Fprintf(w, "  uabin.UnmarshalMessage: %T with %d nodes, the last %v\n", v, len(req.NodesToRead), req.NodesToRead[len(req.NodesToRead)-1].NodeID)
	return nil
}

// tamper flips one bit in the body of the first signed chunk.
func tamper(w io.Writer, keys chunk.Keys, body []byte) error {
	s, r, err := newPair(chunk.ModeSign, keys)
	if err != nil {
		return err
	}
	wire, err := s.Append(nil, chunk.TypeMessage, requestID, body)
	if err != nil {
		return err
	}
	wire[100] ^= 0x01
	chunks, err := split(wire)
	if err != nil {
		return err
	}
	_, _, err = r.Receive(chunks[0])
	fmt.Fprintf(w, "\n== Sign, with bit 0 of byte 100 flipped: %v\n", err)
	if !errors.Is(err, chunk.ErrSecurityChecks) {
		return fmt.Errorf("a tampered chunk gave %v, want ErrSecurityChecks", err)
	}
	fmt.Fprintf(w, "  errors.Is(err, chunk.ErrSecurityChecks) = true; status to report: 0x%08X (Bad_SecurityChecksFailed)\n", chunk.StatusCode(err))
	return nil
}
