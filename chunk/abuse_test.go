package chunk

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

// craft returns one MSG chunk with any chunk type, sequence number and
// request id, secured with s's token: the tool for building streams that no
// honest Sender produces.
func craft(s *Sender, ct ChunkType, seq, req uint32, part []byte) []byte {
	return s.appendSymmetricChunk(nil, TypeMessage, ct, SequenceHeader{seq, req}, part)
}

// TestTamper flips one byte at every offset of a three-chunk message, signed
// and encrypted, and checks that every flip is detected, as
// Bad_SecurityChecksFailed wherever the byte is covered by the signature
// (after the message and security headers).
func TestTamper(t *testing.T) {
	for _, m := range w8Modes[1:] {
		s := w8Sender(t, m)
		orig, err := s.Append(nil, TypeMessage, w8Request, w8Body()[:2*m.perFull+100])
		must(t, err)
		var starts []int
		for off := 0; off < len(orig); off += int(binary.LittleEndian.Uint32(orig[off+4:])) {
			starts = append(starts, off)
		}
		stream := make([]byte, len(orig))
		for i := range orig {
			copy(stream, orig)
			stream[i] ^= 0x01
			r := w8Receiver(t, m)
			var err error
			var chunkStart int
			for ci, off := range starts {
				end := len(orig)
				if ci+1 < len(starts) {
					end = starts[ci+1]
				}
				chunkStart = off
				if _, _, err = r.Receive(stream[off:end]); err != nil {
					break
				}
			}
			if err == nil {
				t.Fatalf("%s: flipped byte %d not detected", m.name, i)
			}
			if i-chunkStart >= 16 && !errors.Is(err, ErrSecurityChecks) {
				t.Fatalf("%s: flipped byte %d (offset %d in its chunk): %v, want ErrSecurityChecks", m.name, i, i-chunkStart, err)
			}
		}
	}
}

func TestSecurityChecks(t *testing.T) {
	enc := w8Modes[2]
	s := w8Sender(t, enc)
	chunk, err := s.Append(nil, TypeMessage, 1, []byte("hello"))
	must(t, err)

	// A ciphertext that is not a whole number of blocks.
	c := append([]byte(nil), chunk[:len(chunk)-1]...)
	binary.LittleEndian.PutUint32(c[4:], uint32(len(c)))
	if _, _, err := w8Receiver(t, enc).Receive(c); !errors.Is(err, ErrSecurityChecks) || StatusCode(err) != StatusBadSecurityChecksFailed {
		t.Errorf("partial block: %v", err)
	}
	// A chunk shorter than its signature (one block after the headers).
	c = append([]byte(nil), chunk[:32]...)
	binary.LittleEndian.PutUint32(c[4:], 32)
	if _, _, err := w8Receiver(t, enc).Receive(c); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("short encrypted chunk: %v", err)
	}
	c = append([]byte(nil), chunk[:16]...)
	binary.LittleEndian.PutUint32(c[4:], 16)
	if _, _, err := w8Receiver(t, enc).Receive(c); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("empty encrypted part: %v", err)
	}
	signed := w8Modes[1]
	c, _ = w8Sender(t, signed).Append(nil, TypeMessage, 1, nil)
	c = c[:16+8+20]
	binary.LittleEndian.PutUint32(c[4:], uint32(len(c)))
	if _, _, err := w8Receiver(t, signed).Receive(c); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("signed chunk shorter than its signature: %v", err)
	}

	// Correctly signed and encrypted chunks with bad padding: built by hand.
	badPadding := func(body []byte, pad []byte) []byte {
		k := w8Keys()
		tok, _ := newSymmetric(w8Token, PolicyBasic256Sha256, ModeSignAndEncrypt, k, false)
		b := Header{Type: TypeMessage, Chunk: ChunkFinal, ChannelID: w8Channel}.Append(nil)
		b = binary.LittleEndian.AppendUint32(b, w8Token)
		b = SequenceHeader{w8FirstSeq, 1}.Append(b)
		b = append(b, body...)
		b = append(b, pad...)
		binary.LittleEndian.PutUint32(b[4:], uint32(len(b)+32))
		tok.mac.Write(b)
		b = tok.mac.Sum(b)
		tok.cryptBlocks(b[16:])
		return b
	}
	// 8 + 7 + 1 + 32 = 48: PaddingSize 0 is right; claim 3 with bytes of 2.
	if _, _, err := w8Receiver(t, enc).Receive(badPadding(make([]byte, 4), []byte{2, 2, 2, 3})); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("padding byte differs from the padding size: %v", err)
	}
	// A padding size larger than the chunk.
	if _, _, err := w8Receiver(t, enc).Receive(badPadding(make([]byte, 7), []byte{200})); !errors.Is(err, ErrSecurityChecks) {
		t.Errorf("padding size beyond the chunk: %v", err)
	}
	// The same construction with a right padding is accepted, so the two
	// cases above fail for their padding only.
	if m, done, err := w8Receiver(t, enc).Receive(badPadding(make([]byte, 4), []byte{3, 3, 3, 3})); err != nil || !done || len(m.Body) != 4 {
		t.Errorf("valid hand-built chunk: %v", err)
	}
}

func TestAbuse(t *testing.T) {
	m := w8Modes[1] // signed
	newR := func(l Limits) *Receiver {
		r, err := NewReceiver(w8Channel, l)
		must(t, err)
		must(t, r.SetToken(w8Token, m.policy, m.mode, w8Keys()))
		return r
	}
	part := make([]byte, 1000)

	t.Run("thousands of intermediate chunks, MaxMessageSize", func(t *testing.T) {
		s := w8Sender(t, m)
		const max = 1 << 20
		r := newR(Limits{ChunkSize: 8192, MaxMessageSize: max})
		var err error
		n := 0
		for ; n < 5000 && err == nil; n++ {
			_, _, err = r.Receive(craft(s, ChunkIntermediate, uint32(w8FirstSeq+n), 1, part))
			if cap(r.body) > max {
				t.Fatalf("buffer of %d bytes above MaxMessageSize", cap(r.body))
			}
		}
		if !errors.Is(err, ErrMessageTooLarge) || n != max/1000+1 || StatusCode(err) != StatusBadTCPMessageTooLarge {
			t.Fatalf("after %d chunks: %v", n, err)
		}
		if len(r.body) != 0 || r.active {
			t.Fatal("message in progress kept after the error")
		}
	})
	t.Run("thousands of intermediate chunks, MaxChunkCount", func(t *testing.T) {
		s := w8Sender(t, m)
		r := newR(Limits{ChunkSize: 8192, MaxChunkCount: 100})
		var err error
		n := 0
		for ; n < 5000 && err == nil; n++ {
			_, _, err = r.Receive(craft(s, ChunkIntermediate, uint32(w8FirstSeq+n), 1, part))
		}
		if !errors.Is(err, ErrTooManyChunks) || n != 101 {
			t.Fatalf("after %d chunks: %v", n, err)
		}
	})
	t.Run("oversized message size fields", func(t *testing.T) {
		r := newR(Limits{ChunkSize: 8192})
		huge := []byte{'M', 'S', 'G', 'F', 0xff, 0xff, 0xff, 0xff, 7, 0, 0, 0}
		if _, err := r.ReadMessage(bytes.NewReader(huge)); !errors.Is(err, ErrChunkTooLarge) {
			t.Errorf("ReadMessage: %v", err)
		}
		if _, err := ReadChunk(bytes.NewReader(huge), nil, 8192); !errors.Is(err, ErrChunkTooLarge) {
			t.Errorf("ReadChunk: %v", err)
		}
		big := make([]byte, 8193)
		copy(big, huge)
		binary.LittleEndian.PutUint32(big[4:], 8193)
		if _, _, err := r.Receive(big); !errors.Is(err, ErrChunkTooLarge) {
			t.Errorf("Receive: %v", err)
		}
		// The size field disagrees with the chunk given.
		if _, _, err := r.Receive(huge); !errors.Is(err, ErrChunkTooLarge) {
			t.Errorf("Receive with size 0xffffffff: %v", err)
		}
		small := append([]byte(nil), huge...)
		binary.LittleEndian.PutUint32(small[4:], 11)
		if _, err := ReadChunk(bytes.NewReader(small), nil, 8192); !errors.Is(err, ErrTruncated) {
			t.Errorf("size below the header: %v", err)
		}
		// A stream that ends inside a chunk.
		trunc := append([]byte(nil), huge...)
		binary.LittleEndian.PutUint32(trunc[4:], 100)
		if _, err := ReadChunk(bytes.NewReader(trunc), nil, 8192); !errors.Is(err, ErrTruncated) {
			t.Errorf("truncated stream: %v", err)
		}
		if _, err := ReadChunk(bytes.NewReader(nil), nil, 8192); err != io.EOF {
			t.Errorf("empty stream: %v", err)
		}
		if _, err := ReadChunk(bytes.NewReader([]byte("XYZF\x10\x00\x00\x00")), nil, 8192); !errors.Is(err, ErrMessageType) {
			t.Errorf("unknown type: %v", err)
		}
	})
	t.Run("sequence numbers", func(t *testing.T) {
		s := w8Sender(t, m)
		cases := []struct {
			name string
			seqs []uint32
			ok   bool
		}{
			{"increasing", []uint32{1000, 1001, 1002}, true},
			{"backwards", []uint32{1000, 1001, 1000}, false},
			{"repeated", []uint32{1000, 1000}, false},
			{"gap", []uint32{1000, 1002}, false},
			{"wrap after UInt32max-1024", []uint32{math.MaxUint32 - 10, 5}, true},
			{"wrap at UInt32max", []uint32{math.MaxUint32, 0}, true},
			{"wrap too early", []uint32{math.MaxUint32 - 1024, 0}, false},
			{"wrap too high", []uint32{math.MaxUint32 - 3, 1024}, false},
		}
		for _, c := range cases {
			r := newR(Limits{ChunkSize: 8192})
			var err error
			for i, seq := range c.seqs {
				if _, _, err = r.Receive(craft(s, ChunkFinal, seq, uint32(i+1), part)); err != nil {
					break
				}
			}
			if c.ok != (err == nil) || (err != nil && (!errors.Is(err, ErrSequenceNumber) || StatusCode(err) != StatusBadSequenceNumberInvalid)) {
				t.Errorf("%s: %v", c.name, err)
			}
		}
	})
	t.Run("interleaved request ids", func(t *testing.T) {
		s := w8Sender(t, m)
		r := newR(Limits{ChunkSize: 8192})
		_, _, err := r.Receive(craft(s, ChunkIntermediate, 1000, 1, part))
		must(t, err)
		if _, _, err := r.Receive(craft(s, ChunkIntermediate, 1001, 2, part)); !errors.Is(err, ErrRequestID) {
			t.Errorf("interleaved: %v", err)
		}
		// A final chunk of another request is refused as well.
		r = newR(Limits{ChunkSize: 8192})
		r.Receive(craft(s, ChunkIntermediate, 1000, 1, part))
		if _, _, err := r.Receive(craft(s, ChunkFinal, 1001, 2, part)); !errors.Is(err, ErrRequestID) {
			t.Errorf("final of another request: %v", err)
		}
		// CLO while a MSG is incomplete.
		r = newR(Limits{ChunkSize: 8192})
		r.Receive(craft(s, ChunkIntermediate, 1000, 1, part))
		clo := s.appendSymmetricChunk(nil, TypeClose, ChunkFinal, SequenceHeader{1001, 1}, nil)
		if _, _, err := r.Receive(clo); !errors.Is(err, ErrRequestID) {
			t.Errorf("CLO inside a MSG: %v", err)
		}
	})
	t.Run("abort", func(t *testing.T) {
		s := w8Sender(t, m)
		r := newR(Limits{ChunkSize: 8192})
		out, err := s.Append(nil, TypeMessage, 1, make([]byte, 3*s.MaxBodySize(TypeMessage)))
		must(t, err)
		// Keep the two intermediate chunks, replace the final one by an abort.
		out = out[:2*8192]
		s.seq--
		out, err = s.AppendAbort(out, 1, StatusBadResponseTooLarge, "too large")
		must(t, err)
		_ = receiveAllErr(r, out[:2*8192])
		_, _, err = r.Receive(out[2*8192:])
		var ae *AbortError
		if !errors.As(err, &ae) || ae.RequestID != 1 || ae.Code != StatusBadResponseTooLarge || ae.Reason != "too large" ||
			!errors.Is(err, ErrAborted) || StatusCode(err) != StatusBadResponseTooLarge {
			t.Fatalf("abort: %v", err)
		}
		if r.active || len(r.body) != 0 {
			t.Fatal("aborted message kept")
		}
		// The channel goes on.
		next, _ := s.Append(nil, TypeMessage, 2, []byte{9})
		if msgs := receiveAll(t, r, next); len(msgs) != 1 || msgs[0].RequestID != 2 {
			t.Fatal("message after the abort")
		}
		// An abort reason above 4096 bytes is refused by the Sender and
		// ignored by the Receiver.
		if _, err := s.AppendAbort(nil, 3, 1, strings.Repeat("x", 4097)); !errors.Is(err, ErrMalformed) {
			t.Errorf("long reason: %v", err)
		}
		body := binary.LittleEndian.AppendUint32(nil, 1)
		body = appendString(body, strings.Repeat("x", 4097))
		_, _, err = r.Receive(craft(s, ChunkAbort, s.seq, 3, body))
		if !errors.As(err, &ae) || ae.Reason != "" {
			t.Errorf("long reason received: %v", err)
		}
	})
	t.Run("channel and token", func(t *testing.T) {
		s := w8Sender(t, m)
		r := newR(Limits{ChunkSize: 8192})
		s.SetChannelID(8)
		if _, _, err := r.Receive(craft(s, ChunkFinal, 1, 1, part)); !errors.Is(err, ErrChannelID) || StatusCode(err) != StatusBadTCPSecureChannelUnknown {
			t.Errorf("channel: %v", err)
		}
		s.SetChannelID(w8Channel)
		must(t, s.SetToken(2, m.policy, m.mode, w8Keys()))
		if _, _, err := r.Receive(craft(s, ChunkFinal, 1, 1, part)); !errors.Is(err, ErrTokenID) || StatusCode(err) != StatusBadSecureChannelTokenUnknown {
			t.Errorf("token: %v", err)
		}
		// Renewal: the old token stays valid until the new one is used.
		r = newR(Limits{ChunkSize: 8192})
		k2 := w8Keys()
		k2.SigningKey[0] = 0xee
		must(t, r.SetToken(2, m.policy, m.mode, k2))
		old := w8Sender(t, m)
		_, _, err := r.Receive(craft(old, ChunkFinal, 10, 1, part))
		must(t, err)
		must(t, s.SetToken(2, m.policy, m.mode, k2))
		_, _, err = r.Receive(craft(s, ChunkFinal, 11, 2, part))
		must(t, err)
		if _, _, err := r.Receive(craft(old, ChunkFinal, 12, 3, part)); !errors.Is(err, ErrTokenID) {
			t.Errorf("old token after the new one was used: %v", err)
		}
	})
	t.Run("message types", func(t *testing.T) {
		r := newR(Limits{ChunkSize: 8192})
		hel, _ := (&Hello{ReceiveBufferSize: 8192, SendBufferSize: 8192}).Append(nil)
		if _, _, err := r.Receive(hel); !errors.Is(err, ErrMessageType) {
			t.Errorf("HEL on a channel: %v", err)
		}
		errMsg, _ := (&ErrorMessage{Code: StatusBadTCPServerTooBusy, Reason: "busy"}).Append(nil)
		_, _, err := r.Receive(errMsg)
		var em *ErrorMessage
		if !errors.As(err, &em) || em.Code != StatusBadTCPServerTooBusy || StatusCode(err) != StatusBadTCPServerTooBusy {
			t.Errorf("ERR: %v", err)
		}
		s := w8Sender(t, m)
		c := s.appendSymmetricChunk(nil, TypeClose, ChunkFinal, SequenceHeader{1, 1}, nil)
		c[3] = 'C'
		if _, _, err := r.Receive(c); !errors.Is(err, ErrMessageType) {
			t.Errorf("intermediate CLO: %v", err)
		}
		// A MSG before the channel id is known.
		r0, _ := NewReceiver(0, Limits{ChunkSize: 8192})
		if _, _, err := r0.Receive(craft(s, ChunkFinal, 1, 1, part)); !errors.Is(err, ErrChannelID) {
			t.Errorf("MSG without channel id: %v", err)
		}
		must(t, r0.SetToken(w8Token, m.policy, m.mode, w8Keys()))
		s.SetChannelID(0)
		if _, _, err := r0.Receive(craft(s, ChunkFinal, 1, 1, part)); !errors.Is(err, ErrChannelID) {
			t.Errorf("MSG with channel id 0 before the channel is open: %v", err)
		}
	})
	t.Run("sender limits", func(t *testing.T) {
		s, _ := NewSender(1, 1, Limits{ChunkSize: 8192, MaxMessageSize: 10000, MaxChunkCount: 1})
		must(t, s.SetToken(1, PolicyNone, ModeNone, Keys{}))
		prefix := []byte("keep")
		out, err := s.Append(prefix, TypeMessage, 1, make([]byte, 10001))
		if !errors.Is(err, ErrMessageTooLarge) || !bytes.Equal(out, prefix) || s.SequenceNumber() != 1 {
			t.Errorf("MaxMessageSize: %v", err)
		}
		if _, err := s.Append(nil, TypeMessage, 1, make([]byte, 9000)); !errors.Is(err, ErrTooManyChunks) {
			t.Errorf("MaxChunkCount: %v", err)
		}
		s.SetLimits(Limits{ChunkSize: 8192})
		if _, err := s.Append(nil, TypeClose, 1, make([]byte, 9000)); !errors.Is(err, ErrMessageTooLarge) {
			t.Errorf("CLO over one chunk: %v", err)
		}
		if s.SequenceNumber() != 1 {
			t.Error("a failed Append used sequence numbers")
		}
	})
}

func receiveAllErr(r *Receiver, stream []byte) error {
	for len(stream) > 0 {
		size := int(binary.LittleEndian.Uint32(stream[4:]))
		if _, _, err := r.Receive(stream[:size]); err != nil {
			return err
		}
		stream = stream[size:]
	}
	return nil
}
