package pubsub_test

import (
	"bytes"
	"testing"

	"github.com/uabin/uabin/pubsub"
)

func fuzzSeeds(f *testing.F) {
	for idx := 0; idx < gridSize; idx += 97 {
		m, cfg := gridMessage(f, idx)
		enc, _ := pubsub.NewEncoder(cfg)
		b, err := enc.Marshal(&m)
		if err == nil {
			f.Add(b)
		}
	}
}

// FuzzDecode: decoding never panics; what decodes encodes again, and that
// encoding decodes to the same bytes once more.
func FuzzDecode(f *testing.F) {
	fuzzSeeds(f)
	_, cfg := gridMessage(f, 0)
	f.Fuzz(func(t *testing.T, b []byte) {
		dec, _ := pubsub.NewDecoder(cfg)
		var m pubsub.NetworkMessage
		if err := dec.Decode(b, &m); err != nil {
			return
		}
		enc, _ := pubsub.NewEncoder(cfg)
		out, err := enc.Marshal(&m)
		if err != nil {
			return // e.g. a Sizes field decoded but not re-derivable
		}
		var m2 pubsub.NetworkMessage
		if err := dec.Decode(out, &m2); err != nil {
			t.Fatalf("re-encoding %x does not decode: %v", out, err)
		}
		out2, err := enc.Marshal(&m2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("not stable: %x / %x (%v)", out, out2, err)
		}
	})
}

// FuzzSecurity: a signed and encrypted message with any bytes changed is
// refused, and arbitrary input never passes as signed.
func FuzzSecurity(f *testing.F) {
	ring := testRing(f, pubsub.PolicyAes128CTR, 3)
	cfg := pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySignAndEncrypt, Keys: ring}}
	enc, _ := pubsub.NewEncoder(cfg)
	m := sampleMessage()
	good, _ := enc.Marshal(&m)
	f.Add(good, uint16(3), byte(1))
	f.Fuzz(func(t *testing.T, b []byte, pos uint16, flip byte) {
		dec, _ := pubsub.NewDecoder(cfg)
		var out pubsub.NetworkMessage
		_ = dec.Decode(b, &out) // must not panic
		if flip == 0 {
			return
		}
		c := append([]byte(nil), good...)
		c[int(pos)%len(c)] ^= flip
		dec2, _ := pubsub.NewDecoder(cfg)
		if err := dec2.Decode(c, &out); err == nil {
			t.Fatalf("tampered message accepted (byte %d ^ %#x)", int(pos)%len(c), flip)
		}
	})
}

// FuzzReassemble: chunks of any offsets and sizes never panic, never
// allocate past MaxChunkTotalSize, and a completed payload has TotalSize
// bytes.
func FuzzReassemble(f *testing.F) {
	f.Add([]byte{0, 0, 10, 4, 4, 0, 10, 4, 8, 0, 10, 2})
	f.Fuzz(func(t *testing.T, script []byte) {
		r := pubsub.NewReassembler(pubsub.Limits{MaxChunkTotalSize: 4096, MaxPendingChunks: 4, MaxChunksPerMessage: 64})
		for len(script) >= 4 {
			c := pubsub.Chunk{WriterID: uint16(script[0] % 3), Offset: uint32(script[1]) * 16, TotalSize: uint32(script[2]) * 17, Data: make([]byte, int(script[3]))}
			script = script[4:]
			p, done, err := r.Add(pubsub.ByteID(1), &c)
			if err == nil && done && uint32(len(p)) != c.TotalSize {
				t.Fatalf("payload of %d bytes, TotalSize %d", len(p), c.TotalSize)
			}
			if r.Pending() > 4 {
				t.Fatalf("%d pending", r.Pending())
			}
		}
	})
}
