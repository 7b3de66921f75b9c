package main

import (
	"testing"

	"github.com/uabin/uabin/pubsub"
)

// TestWorkloadsRoundTrip checks every workload before it is timed: it
// encodes, decodes into a reused value to the same fields, and re-encodes to
// the same bytes, with no allocation on either side.
func TestWorkloadsRoundTrip(t *testing.T) {
	ws, err := workloads()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ws {
		enc, err := pubsub.NewEncoder(w.cfg)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := pubsub.NewDecoder(w.cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, err := enc.Marshal(&w.msg)
		if err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		var back pubsub.NetworkMessage
		if err := dec.Decode(b, &back); err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		for i := range w.msg.Messages {
			for j, f := range w.msg.Messages[i].Fields {
				if !back.Messages[i].Fields[j].Value.Value.Equal(f.Value.Value) {
					t.Fatalf("%s: message %d field %d: %v, want %v", w.name, i, j, back.Messages[i].Fields[j].Value.Value, f.Value.Value)
				}
			}
		}
		buf := make([]byte, 0, 4096)
		if a := testing.AllocsPerRun(20, func() { buf, _ = enc.Append(buf[:0], &w.msg) }); a != 0 {
			t.Errorf("%s: encoding allocates %.0f times", w.name, a)
		}
		if a := testing.AllocsPerRun(20, func() { dec.Decode(b, &back) }); a != 0 {
			t.Errorf("%s: decoding into a reused value allocates %.0f times", w.name, a)
		}
	}
}

func benchmark(b *testing.B, name string, decode bool) {
	ws, err := workloads()
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range ws {
		if w.name != name {
			continue
		}
		enc, _ := pubsub.NewEncoder(w.cfg)
		dec, _ := pubsub.NewDecoder(w.cfg)
		wire, _ := enc.Marshal(&w.msg)
		b.SetBytes(int64(len(wire)))
		b.ReportAllocs()
		if decode {
			var m pubsub.NetworkMessage
			dec.Decode(wire, &m)
			b.ResetTimer()
			for b.Loop() {
				if err := dec.Decode(wire, &m); err != nil {
					b.Fatal(err)
				}
			}
			return
		}
		buf := make([]byte, 0, len(wire))
		b.ResetTimer()
		for b.Loop() {
			buf, _ = enc.Append(buf[:0], &w.msg)
		}
		return
	}
	b.Fatalf("no workload %s", name)
}

func BenchmarkP1RawData100Encode(b *testing.B) { benchmark(b, "P1.RawData100", false) }
func BenchmarkP1RawData100Decode(b *testing.B) { benchmark(b, "P1.RawData100", true) }
func BenchmarkP2Variant100Encode(b *testing.B) { benchmark(b, "P2.Variant100", false) }
func BenchmarkP2Variant100Decode(b *testing.B) { benchmark(b, "P2.Variant100", true) }
func BenchmarkP3Messages10Encode(b *testing.B) { benchmark(b, "P3.Messages10", false) }
func BenchmarkP3Messages10Decode(b *testing.B) { benchmark(b, "P3.Messages10", true) }
