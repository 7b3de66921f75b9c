package chunk_test

import (
	"bytes"
	"crypto/rand"
	"reflect"
	"testing"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// w4ReadRequest is the W4 ReadRequest of bench-workloads.md with N = 1.
func w4ReadRequest() *types.ReadRequest {
	token := make([]byte, 16)
	for i := range token {
		token[i] = byte(i)
	}
	return &types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, token),
			Timestamp:           types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)),
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		MaxAge:             0,
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead: []types.ReadValueID{{
			NodeID:      types.NewStringNodeID(2, "Demo.Static.Scalar.Double.0"),
			AttributeID: 13,
		}},
	}
}

// TestReadRequestThroughSecureChannel encodes the W4 ReadRequest with
// uabin, frames it signed and encrypted (Basic256Sha256 SignAndEncrypt, keys
// derived from random nonces), reassembles it and decodes it again.
func TestReadRequestThroughSecureChannel(t *testing.T) {
	req := w4ReadRequest()
	body, err := uabin.MarshalMessage(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(body) != 118 || !bytes.Equal(body[:4], []byte{0x01, 0x00, 0x77, 0x02}) {
		t.Fatalf("W4 body of %d bytes starting % x; encoding-rules §15 says 118 bytes from 01 00 77 02", len(body), body[:4])
	}

	p := chunk.PolicyBasic256Sha256
	clientNonce, serverNonce := make([]byte, p.NonceLength), make([]byte, p.NonceLength)
	rand.Read(clientNonce)
	rand.Read(serverNonce)
	clientKeys, _, err := p.ChannelKeys(clientNonce, serverNonce)
	if err != nil {
		t.Fatal(err)
	}
	limits := chunk.Limits{ChunkSize: 8192, MaxMessageSize: 1 << 16, MaxChunkCount: 4}
	s, err := chunk.NewSender(7, 1, limits)
	if err != nil {
		t.Fatal(err)
	}
	r, err := chunk.NewReceiver(7, limits)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetToken(1, p, chunk.ModeSignAndEncrypt, clientKeys); err != nil {
		t.Fatal(err)
	}
	if err := r.SetToken(1, p, chunk.ModeSignAndEncrypt, clientKeys); err != nil {
		t.Fatal(err)
	}

	var conn bytes.Buffer
	if err := s.Write(&conn, chunk.TypeMessage, 99, body); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(conn.Bytes(), []byte("Demo.Static")) {
		t.Fatal("the node id travels in clear text")
	}
	msg, err := r.ReadMessage(&conn)
	if err != nil {
		t.Fatal(err)
	}
	if msg.RequestID != 99 || !bytes.Equal(msg.Body, body) {
		t.Fatalf("reassembled body differs")
	}
	var got any
	if err := uabin.UnmarshalMessage(msg.Body, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, req) {
		t.Fatalf("decoded\n%#v\nwant\n%#v", got, req)
	}
}
