package hostile_test

import (
	"encoding/hex"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Hostile UADP NetworkMessages: each is refused with the error
// kind, at the offset, that the table gives, without allocating more than
// the input allows.
var pubsubCases = []struct {
	name   string
	in     string // hex, spaces ignored
	kind   error
	offset int // -1: not checked
}{
	{"count-bomb-payload-header", "41 ff 0100", wire.ErrTruncated, 1},
	{"count-zero-payload-header", "41 00", wire.ErrInvalid, 1},
	{"field-count-bomb", "01 01 ffff 06 00000000", wire.ErrLimitExceeded, 2},
	{"field-count-past-input", "01 01 1000 06 00000000", wire.ErrTruncated, 2},
	{"delta-field-count-past-input", "01 81 01 0010 0000", wire.ErrTruncated, 3},
	{"promoted-size-past-input", "81 80 02 ffff 0700000000", wire.ErrTruncated, 3},
	{"payload-sizes-past-payload", "41 02 0100 0200 ff00 ff00 01 0000", wire.ErrTruncated, 6},
	{"payload-size-zero", "41 02 0100 0200 0000 0300 01 0000 01", wire.ErrInvalid, 6},
	{"payload-size-shorter-than-message", "41 02 0100 0200 0200 0300 01 0100 06 01000000 01 0000", wire.ErrTruncated, 11},
	{"payload-header-two-messages-one-sent", "41 02 0100 0200 01 0000", wire.ErrTruncated, 8},
	{"nonce-length-200", "81 10 01 07000000 c8", wire.ErrLimitExceeded, 7},
	{"reserved-publisher-id-type", "91 05 00", wire.ErrInvalid, 2},
	{"reserved-version", "02 01 0000", wire.ErrUnsupported, 0},
	{"reserved-network-message-type", "81 80 1c", wire.ErrUnsupported, 2},
	{"reserved-field-encoding", "01 07 0000", wire.ErrInvalid, 1},
	{"reserved-dataset-message-type", "01 81 0f 0000", wire.ErrInvalid, 2},
	{"chunk-empty-data", "81 80 01 0100 00000000 0a000000 00000000", wire.ErrInvalid, 13},
	{"chunk-data-past-input", "81 80 01 0100 00000000 0a000000 00100000 00", wire.ErrTruncated, 13},
	{"chunk-data-length-bomb", "81 80 01 0100 00000000 0a000000 ffffff7f 00", wire.ErrLimitExceeded, 13},
	{"discovery-with-payload-header", "c1 80 04 01", wire.ErrInvalid, 3},
	{"variant-nesting-bomb", "01 01 0100 " + strings.Repeat("98 01000000 ", 300) + "00", wire.ErrLimitExceeded, -1},
}

func TestPubSubHostile(t *testing.T) {
	for _, c := range pubsubCases {
		t.Run(c.name, func(t *testing.T) {
			b, err := hex.DecodeString(strings.ReplaceAll(c.in, " ", ""))
			if err != nil {
				t.Fatal(err)
			}
			dec, err := pubsub.NewDecoder(pubsub.Config{})
			if err != nil {
				t.Fatal(err)
			}
			var m pubsub.NetworkMessage
			err = dec.Decode(b, &m)
			if !errors.Is(err, c.kind) {
				t.Fatalf("error %v, want %v", err, c.kind)
			}
			var de *wire.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T is not a *wire.DecodeError", err)
			}
			if c.offset >= 0 && de.Offset != c.offset {
				t.Fatalf("offset %d, want %d (%v)", de.Offset, c.offset, err)
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			for range 10 {
				dec.Decode(b, &m)
			}
			runtime.ReadMemStats(&ms)
			if per := (ms.TotalAlloc - before) / 10; per > uint64(heapPerByte*len(b)+heapConst) {
				t.Fatalf("%d bytes allocated per decode of %d input bytes", per, len(b))
			}
		})
	}
}

// TestPubSubSignatureLength: a signed message whose signature is shorter or
// longer than the policy's is refused with ErrSecurity before its payload is
// decoded (the payload here is garbage that would fail otherwise).
func TestPubSubSignatureLength(t *testing.T) {
	k, _ := pubsub.KeyFromKeyData(pubsub.PolicyAes128CTR, 1, make([]byte, 52))
	ring := pubsub.NewKeyRing(pubsub.PolicyAes128CTR, 0)
	ring.Rotate(k)
	dec, _ := pubsub.NewDecoder(pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySign, Keys: ring}})
	hdr := "81 10 01 01000000 08 0000000001000000"
	for _, tail := range []string{"", "ff", strings.Repeat("ff", 31), strings.Repeat("ff", 33), strings.Repeat("ff", 200)} {
		b, _ := hex.DecodeString(strings.ReplaceAll(hdr+tail, " ", ""))
		var m pubsub.NetworkMessage
		if err := dec.Decode(b, &m); !errors.Is(err, pubsub.ErrSecurity) {
			t.Fatalf("%d signature bytes: %v", len(tail)/2, err)
		}
	}
}

// TestPubSubChunkFlood: a flood of chunks for ever new payloads, each
// claiming the largest TotalSize, keeps at most MaxPendingChunks payloads
// and their memory; overlapping chunks drop the payload.
func TestPubSubChunkFlood(t *testing.T) {
	lim := pubsub.Limits{MaxChunkTotalSize: 1 << 16, MaxPendingChunks: 8}
	r := pubsub.NewReassembler(lim)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	data := make([]byte, 16)
	for i := range 10000 {
		c := pubsub.Chunk{WriterID: uint16(i), MessageSequenceNumber: uint16(i), TotalSize: 1 << 16, Offset: 0, Data: data}
		if _, done, err := r.Add(pubsub.UInt16ID(uint16(i>>8)), &c); err != nil || done {
			t.Fatalf("chunk %d: %v %v", i, done, err)
		}
		if r.Pending() > 8 {
			t.Fatalf("%d payloads pending", r.Pending())
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	// every new payload allocates its TotalSize; the live set stays
	// bounded by MaxPendingChunks x MaxChunkTotalSize (512 KiB here).
	t.Logf("%d MB allocated in total for 10000 flooding chunks, %d pending", (ms.TotalAlloc-before)>>20, r.Pending())
	if ms.HeapInuse > 32<<20 {
		t.Fatalf("heap in use %d MB", ms.HeapInuse>>20)
	}
	// overlapping offsets
	pub := pubsub.ByteID(1)
	r.Add(pub, &pubsub.Chunk{TotalSize: 100, Offset: 0, Data: make([]byte, 50)})
	if _, _, err := r.Add(pub, &pubsub.Chunk{TotalSize: 100, Offset: 49, Data: make([]byte, 51)}); !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("overlap: %v", err)
	}
	// past TotalSize, too large, too many
	if _, _, err := r.Add(pub, &pubsub.Chunk{TotalSize: 100, Offset: 90, Data: make([]byte, 11)}); !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("past TotalSize: %v", err)
	}
	if _, _, err := r.Add(pub, &pubsub.Chunk{TotalSize: 1 << 30, Data: data}); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Fatalf("TotalSize 1 GiB: %v", err)
	}
	r2 := pubsub.NewReassembler(pubsub.Limits{MaxChunksPerMessage: 4})
	for i := range 5 {
		_, _, err := r2.Add(pub, &pubsub.Chunk{TotalSize: 100, Offset: uint32(i), Data: []byte{1}})
		if i == 4 && !errors.Is(err, wire.ErrLimitExceeded) {
			t.Fatalf("fifth chunk: %v", err)
		}
	}
}

// TestPubSubRawStringPastMax: a RawData String longer than its
// MaxStringLength is refused.
func TestPubSubRawStringPastMax(t *testing.T) {
	meta := types.DataSetMetaDataType{Fields: []types.FieldMetaData{{Name: "s", BuiltInType: uint8(types.TypeString), ValueRank: -1, MaxStringLength: 4}}}
	l, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := pubsub.NewDecoder(pubsub.Config{Writers: []pubsub.Writer{{ID: 1, Layout: l}}})
	b, _ := hex.DecodeString("0103" + "0500000068656c6c6f")
	var m pubsub.NetworkMessage
	if err := dec.Decode(b, &m); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Fatalf("%v", err)
	}
}
