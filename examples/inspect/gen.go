package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// The sample inputs in testdata/ are made by sampleStream and
// sampleMessage (go run ./examples/inspect -gen examples/inspect/testdata);
// TestSamplesUpToDate checks that the files match them.

// t0 is the reference instant of the benchmark workloads.
var t0 = types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC))

// sampleMessage is the W4 ReadRequest with one node as a bare service
// message (the 118 bytes of encoding-rules.md §15).
func sampleMessage() ([]byte, error) { return uabin.MarshalMessage(readRequest(1)) }

func readRequest(n int) *types.ReadRequest {
	token := make([]byte, 16)
	for i := range token {
		token[i] = byte(i)
	}
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, token),
			Timestamp:           t0,
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

// sampleStream is both directions of a short connection with SecurityPolicy
// None, one message after the other as a capture shows them: HEL, ACK, the
// OpenSecureChannel request and response (OPN), a ReadRequest and its
// ReadResponse (the response in two MSG chunks), a message of a vendor type
// nobody registered, a request the client aborts after its first chunk,
// CloseSecureChannel (CLO) and, last, the ERR a server sends before it drops
// a connection.
func sampleStream() ([]byte, error) {
	const channelID, tokenID = 7, 1
	var out []byte
	var err error
	check := func(e error) {
		if err == nil {
			err = e
		}
	}
	msg := func(v any) []byte {
		b, e := uabin.MarshalMessage(v)
		check(e)
		return b
	}
	appendTo := func(b []byte, e error) {
		check(e)
		out = b
	}

	hello := chunk.Hello{ReceiveBufferSize: 65535, SendBufferSize: 65535, MaxMessageSize: 1 << 24, EndpointURL: "opc.tcp://localhost:4840/uabin"}
	appendTo(hello.Append(out))
	ack := chunk.Negotiate(&hello, chunk.Acknowledge{ReceiveBufferSize: 8192, SendBufferSize: 8192, MaxMessageSize: 1 << 22, MaxChunkCount: 64})
	appendTo(ack.Append(out))

	client, e := chunk.NewSender(0, 1, chunk.ClientLimits(&ack))
	check(e)
	server, e := chunk.NewSender(channelID, 1, chunk.ServerLimits(&hello, &ack))
	check(e)
	if err != nil {
		return nil, err
	}
	check(client.SetAsymmetric(chunk.Asymmetric{Policy: chunk.PolicyNone}))
	check(server.SetAsymmetric(chunk.Asymmetric{Policy: chunk.PolicyNone}))

	// OpenSecureChannel.
	appendTo(client.Append(out, chunk.TypeOpen, 1, msg(&types.OpenSecureChannelRequest{
		RequestHeader:     types.RequestHeader{Timestamp: t0, RequestHandle: 1, TimeoutHint: 10000},
		RequestType:       types.SecurityTokenRequestTypeIssue,
		SecurityMode:      types.MessageSecurityModeNone,
		RequestedLifetime: 3600000,
	})))
	appendTo(server.Append(out, chunk.TypeOpen, 1, msg(&types.OpenSecureChannelResponse{
		ResponseHeader: types.ResponseHeader{Timestamp: t0, RequestHandle: 1},
		SecurityToken:  types.ChannelSecurityToken{ChannelID: channelID, TokenID: tokenID, CreatedAt: t0, RevisedLifetime: 3600000},
	})))
	client.SetChannelID(channelID)
	check(client.SetToken(tokenID, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}))
	check(server.SetToken(tokenID, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}))

	// Read: the W4 request with 3 nodes; the response carries a Double, a
	// String and a ByteString of 9000 bytes, so it needs two chunks.
	appendTo(client.Append(out, chunk.TypeMessage, 2, msg(readRequest(3))))
	big := make([]byte, 9000)
	for i := range big {
		big[i] = byte(i % 251)
	}
	appendTo(server.Append(out, chunk.TypeMessage, 2, msg(&types.ReadResponse{
		ResponseHeader: types.ResponseHeader{Timestamp: t0, RequestHandle: 42},
		Results: []types.DataValue{
			{Value: types.VariantFromFloat64(3.14), SourceTimestamp: t0, ServerTimestamp: t0},
			{Value: types.VariantFromString("running"), Status: types.StatusCode(0x40000000)},
			{Value: types.VariantFromByteString(big), ServerTimestamp: t0},
		},
	})))

	// A vendor message: type id ns=2;i=9001, which no registry knows.
	appendTo(client.Append(out, chunk.TypeMessage, 3, []byte{0x01, 0x02, 0x29, 0x23, 0xde, 0xad, 0xbe, 0xef, 0x05, 0x00, 0x00, 0x00}))

	// A WriteRequest the client gives up on after its first chunk: the
	// first chunk of the framed message, then an abort chunk with the next
	// sequence number (from a second Sender that continues the numbering).
	huge := make([]byte, 10000)
	write := msg(&types.WriteRequest{
		RequestHeader: types.RequestHeader{Timestamp: t0, RequestHandle: 43},
		NodesToWrite: []types.WriteValue{{NodeID: types.NewStringNodeID(2, "Demo.Blob"), AttributeID: uint32(types.AttributeIDValue),
			Value: types.DataValue{Value: types.VariantFromByteString(huge)}}},
	})
	seq := client.SequenceNumber()
	framed, e := client.Append(nil, chunk.TypeMessage, 4, write)
	check(e)
	if err != nil {
		return nil, err
	}
	h, e := chunk.ParseHeader(framed)
	check(e)
	out = append(out, framed[:h.Size]...)
	rest, e := chunk.NewSender(channelID, seq+1, chunk.ClientLimits(&ack))
	check(e)
	if err != nil {
		return nil, err
	}
	check(rest.SetToken(tokenID, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{}))
	appendTo(rest.AppendAbort(out, 4, uint32(types.StatusCode(0x800A0000)), "the operation timed out"))

	// CloseSecureChannel, then a server error.
	appendTo(rest.Append(out, chunk.TypeClose, 5, msg(&types.CloseSecureChannelRequest{
		RequestHeader: types.RequestHeader{Timestamp: t0, RequestHandle: 44},
	})))
	e2 := chunk.ErrorMessage{Code: chunk.StatusBadSecureChannelClosed, Reason: "the secure channel was closed"}
	appendTo(e2.Append(out))
	if err != nil {
		return nil, err
	}
	return out, nil
}

// writeSamples writes stream.bin and readrequest.bin to dir.
func writeSamples(dir string) error {
	s, err := sampleStream()
	if err != nil {
		return err
	}
	m, err := sampleMessage()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "stream.bin"), s, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "readrequest.bin"), m, 0o644)
}
