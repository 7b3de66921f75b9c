package chunk_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// A client's Sender frames service messages, as uabin.MarshalMessage
// encodes them, into MSG chunks no larger than the server's
// ReceiveBufferSize, numbering every chunk; the server's Receiver reads
// them back from the connection as whole messages.
func ExampleSender() {
	limits := chunk.Limits{ChunkSize: 8192, MaxMessageSize: 1 << 20}
	s, err := chunk.NewSender(7, 1, limits) // channel 7, first sequence number 1
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := chunk.NewReceiver(7, limits)
	// Policy None here; the keys of a secured channel come from
	// Policy.ChannelKeys (see the Receiver.ReadMessage example).
	s.SetToken(1, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{})
	r.SetToken(1, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{})

	nodes := make([]types.ReadValueID, 500)
	for i := range nodes {
		nodes[i] = types.ReadValueID{NodeID: types.NewNumericNodeID(2, uint32(i)), AttributeID: 13}
	}
	body, err := uabin.MarshalMessage(&types.ReadRequest{NodesToRead: nodes})
	if err != nil {
		fmt.Println(err)
		return
	}

	var conn bytes.Buffer // a net.Conn in real life
	if err := s.Write(&conn, chunk.TypeMessage, 42, body); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(body), "bytes of ReadRequest,", conn.Len(), "bytes on the wire")

	m, err := r.ReadMessage(&conn)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Type, "request", m.RequestID, "in", m.Chunks, "chunks, last sequence number", m.SequenceNumber)
	fmt.Println("the same body:", bytes.Equal(m.Body, body), "next sequence number", s.SequenceNumber())
	// Output:
	// 9049 bytes of ReadRequest, 9097 bytes on the wire
	// MSG request 42 in 2 chunks, last sequence number 2
	// the same body: true next sequence number 3
}

// Receive takes one chunk at a time (from ReadChunk, or any framing of
// one's own) and says when a message is complete. An abort chunk (a
// sender giving up on a request) is an *AbortError: the Receiver drops what
// it has of that request, and the channel stays usable.
func ExampleReceiver() {
	limits := chunk.Limits{ChunkSize: 8192}
	s, _ := chunk.NewSender(7, 1, limits)
	r, _ := chunk.NewReceiver(7, limits)
	s.SetToken(1, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{})
	r.SetToken(1, chunk.PolicyNone, chunk.ModeNone, chunk.Keys{})

	stream, _ := s.Append(nil, chunk.TypeMessage, 1, make([]byte, 10000)) // two chunks
	stream, _ = s.AppendAbort(stream, 2, 0x800A0000, "timed out")         // BadTimeout
	stream, _ = s.Append(stream, chunk.TypeMessage, 3, []byte("next"))

	for len(stream) > 0 {
		h, err := chunk.ParseHeader(stream)
		if err != nil {
			fmt.Println(err)
			return
		}
		c := stream[:h.Size]
		stream = stream[h.Size:]
		m, done, err := r.Receive(c)
		var abort *chunk.AbortError
		switch {
		case errors.As(err, &abort):
			fmt.Printf("%c chunk: request %d aborted: 0x%08X %q\n", h.Chunk, abort.RequestID, abort.Code, abort.Reason)
		case err != nil:
			fmt.Println(err)
			return
		case done:
			fmt.Printf("%c chunk: request %d complete: %d bytes, chunks: %d\n", h.Chunk, m.RequestID, len(m.Body), m.Chunks)
		default:
			fmt.Printf("%c chunk: more to come\n", h.Chunk)
		}
	}
	// Output:
	// C chunk: more to come
	// F chunk: request 1 complete: 10000 bytes, chunks: 2
	// A chunk: request 2 aborted: 0x800A0000 "timed out"
	// F chunk: request 3 complete: 4 bytes, chunks: 1
}
