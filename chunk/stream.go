package chunk

import (
	"fmt"
	"io"
)

// ReadChunk reads exactly one UA TCP message or Secure Conversation chunk
// from r into buf (reusing its capacity, growing it if needed) and returns
// it. It reads the 8-byte header first and checks the message type and the
// MessageSize against max before reading the rest, so it never reads or
// allocates more than max bytes for a chunk. At the end of the stream before
// the first byte it returns io.EOF; a stream that ends inside a chunk is an
// error wrapping ErrTruncated.
func ReadChunk(r io.Reader, buf []byte, max uint32) ([]byte, error) {
	if cap(buf) < HeaderSize {
		buf = make([]byte, 0, 4096)
	}
	buf = buf[:HeaderSize]
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			return buf[:0], io.EOF
		}
		return buf[:0], readError(err, 0)
	}
	h, err := parseHeader8(buf) // type, chunk type, size >= header
	if err != nil {
		return buf[:0], err
	}
	size := h.Size
	if size > max {
		return buf[:0], errorf(ErrChunkTooLarge, h.Type, 4, "chunk of %d bytes, the limit is %d", size, max)
	}
	if int(size) > cap(buf) {
		// Grow geometrically (bounded by max) so that a stream of growing
		// chunks does not allocate for each.
		nb := make([]byte, size, min(uint64(max), max64(uint64(size), 2*uint64(cap(buf)))))
		copy(nb, buf)
		buf = nb
	}
	buf = buf[:size]
	if _, err := io.ReadFull(r, buf[HeaderSize:]); err != nil {
		return buf[:0], readError(err, HeaderSize)
	}
	return buf, nil
}

func max64(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}

func readError(err error, off int) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &Error{Kind: ErrTruncated, Offset: off, Detail: "the stream ended inside a chunk", Cause: io.ErrUnexpectedEOF}
	}
	return err
}

// ReadMessage reads chunks from rd (a net.Conn, for example) one at a time,
// each bounded by the local ChunkSize, and passes them to Receive until a
// message is complete. The returned Body is valid until the next call.
//
// io.EOF means a clean end of the stream between messages. A stream that
// ends inside a message (inside a chunk, or after some but not all of a
// message's chunks) is an *Error wrapping both ErrTruncated and
// io.ErrUnexpectedEOF.
func (r *Receiver) ReadMessage(rd io.Reader) (Message, error) {
	chunks := 0
	for {
		c, err := ReadChunk(rd, r.buf, r.limits.ChunkSize)
		r.buf = c[:0]
		if err != nil {
			r.drop()
			if err == io.EOF && chunks > 0 {
				err = &Error{Kind: ErrTruncated, Offset: -1, Detail: fmt.Sprintf("the stream ended inside a message, after %d of its chunks", chunks), Cause: io.ErrUnexpectedEOF}
			}
			return Message{}, err
		}
		chunks++
		m, done, err := r.Receive(c)
		if err != nil {
			return Message{}, err
		}
		if done {
			return m, nil
		}
	}
}
