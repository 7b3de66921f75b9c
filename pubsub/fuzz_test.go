package pubsub_test

import (
	"bytes"
	"encoding/hex"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/pubsub"
)

// fuzzConfig is the Config of grid configuration idx for both ends: its
// Writers and, for a configuration with a SecurityHeader, real signing (and
// encryption, as the grid says) with a fixed MessageNonce source, so that a
// fresh Encoder writes the same bytes again; no replay window (every
// decoding is a fresh Decoder, but a message decoded twice in one Decoder
// must pass).
func fuzzConfig(t testing.TB, idx int) (pubsub.NetworkMessage, pubsub.Config) {
	m, cfg := gridMessage(t, idx)
	if m.Security.Enabled {
		mode := pubsub.SecuritySign
		if m.Security.Encrypted {
			mode = pubsub.SecuritySignAndEncrypt
		}
		cfg.Security = &pubsub.Security{Mode: mode, Keys: testRing(t, pubsub.PolicyAes128CTR, 7), Rand: zeroRand{}, ReplayWindow: -1}
	}
	return m, cfg
}

// fuzzSeeds returns every 97th grid configuration, encoded with its own
// Config: the seed's bytes by their hex, and its index.
func fuzzSeeds(f *testing.F) map[string]uint16 {
	seeds := map[string]uint16{}
	for idx := 0; idx < gridSize; idx += 97 {
		m, cfg := fuzzConfig(f, idx)
		enc, err := pubsub.NewEncoder(cfg)
		if err != nil {
			f.Fatal(err)
		}
		b, err := enc.Marshal(&m)
		if err != nil {
			f.Fatal(err)
		}
		seeds[hex.EncodeToString(b)] = uint16(idx)
	}
	return seeds
}

// FuzzDecode: input b decoded with the Config of grid configuration idx
// never panics; what decodes encodes again with the same Config (a fresh
// Encoder), and that encoding decodes to the same message and encodes to
// the same bytes; a seed comes back byte for byte (the lossless rule).
func FuzzDecode(f *testing.F) {
	seeds := fuzzSeeds(f)
	for b, idx := range seeds {
		raw, _ := hex.DecodeString(b)
		f.Add(raw, idx)
	}
	f.Fuzz(func(t *testing.T, b []byte, idx uint16) {
		_, cfg := fuzzConfig(t, int(idx)%gridSize)
		dec, err := pubsub.NewDecoder(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var m pubsub.NetworkMessage
		if err := dec.Decode(b, &m); err != nil {
			if s, seed := seeds[hex.EncodeToString(b)]; seed && s == idx {
				t.Fatalf("seed %d does not decode with its Config: %v", idx, err)
			}
			return
		}
		enc, err := pubsub.NewEncoder(cfg)
		if err != nil {
			t.Fatal(err)
		}
		read := m.Security // the Encoder writes its own
		out, err := enc.Marshal(&m)
		if err != nil {
			t.Fatalf("decoded %x, which does not encode: %v", b, err)
		}
		if s, seed := seeds[hex.EncodeToString(b)]; seed && s == idx && !bytes.Equal(out, b) {
			t.Fatalf("seed %d re-encodes as\n%x, want\n%x", s, out, b)
		}
		var m2 pubsub.NetworkMessage
		if err := dec.Decode(out, &m2); err != nil {
			t.Fatalf("re-encoding %x does not decode: %v", out, err)
		}
		if cfg.Security == nil && read != m2.Security {
			t.Fatalf("decoded %x with SecurityHeader %+v, encoded %x, which has %+v", b, read, out, m2.Security)
		}
		if diff := cmp.Diff(m, m2); diff != "" {
			t.Fatalf("decoded %x, encoded %x, decoded differently (-first +second):\n%s", b, out, diff)
		}
		enc2, _ := pubsub.NewEncoder(cfg)
		if out2, err := enc2.Marshal(&m2); err != nil || !bytes.Equal(out, out2) {
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
	m := pumpMessage()
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
// allocate past MaxChunkTotalSize in one Add (measured: the heap bytes the
// call allocates, with room for its bookkeeping; the least of three runs of
// the same chunks, as another goroutine of the process may allocate while
// one is measured), never hold more than MaxPendingChunks payloads, and a
// completed payload has TotalSize bytes, the chunks' data where they put
// it.
func FuzzReassemble(f *testing.F) {
	const maxTotal, bookkeeping = 4096, 2048
	f.Add([]byte{0, 0, 10, 4, 4, 0, 10, 4, 8, 0, 10, 2})
	f.Add([]byte{0, 0, 240, 255, 0, 16, 240, 255, 0, 32, 240, 255, 0, 48, 240, 255}) // TotalSize 4080, near the limit
	f.Fuzz(func(t *testing.T, script []byte) {
		var chunks []pubsub.Chunk
		for ; len(script) >= 4; script = script[4:] {
			c := pubsub.Chunk{WriterID: uint16(script[0] % 3), Offset: uint32(script[1]) * 16, TotalSize: uint32(script[2]) * 17, Data: make([]byte, int(script[3]))}
			for i := range c.Data {
				c.Data[i] = byte(c.Offset) + byte(i) // where it belongs
			}
			chunks = append(chunks, c)
		}
		allocated := make([]uint64, len(chunks))
		var before, after runtime.MemStats
		for run := range 3 {
			r := pubsub.NewReassembler(pubsub.Limits{MaxChunkTotalSize: maxTotal, MaxPendingChunks: 4, MaxChunksPerMessage: 64})
			for i := range chunks {
				c := &chunks[i]
				runtime.ReadMemStats(&before)
				p, done, err := r.Add(pubsub.ByteID(1), c)
				runtime.ReadMemStats(&after)
				if n := after.TotalAlloc - before.TotalAlloc; run == 0 || n < allocated[i] {
					allocated[i] = n
				}
				if run > 0 {
					continue
				}
				if err == nil && done {
					if uint32(len(p)) != c.TotalSize {
						t.Fatalf("payload of %d bytes, TotalSize %d", len(p), c.TotalSize)
					}
					if !bytes.Equal(p[c.Offset:int(c.Offset)+len(c.Data)], c.Data) {
						t.Fatalf("the last chunk's data is not at its offset %d", c.Offset)
					}
				}
				if r.Pending() > 4 {
					t.Fatalf("%d pending", r.Pending())
				}
			}
		}
		for i, n := range allocated {
			if n > maxTotal+bookkeeping {
				t.Fatalf("Add of chunk %d allocated %d bytes, MaxChunkTotalSize %d", i, n, maxTotal)
			}
		}
	})
}
