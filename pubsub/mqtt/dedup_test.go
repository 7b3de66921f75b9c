package mqtt

import (
	"testing"

	"github.com/uabin/uabin/pubsub"
)

func TestDedup(t *testing.T) {
	var d Dedup
	p := pubsub.UInt16ID(1)
	steps := []struct {
		writer, seq uint16
		want        bool
	}{
		{1, 10, true},
		{1, 10, false}, // duplicate
		{1, 11, true},
		{2, 11, true}, // another writer
		{1, 9, true},  // late, not seen
		{1, 9, false},
		{1, 200, true},
		{1, 11, false}, // still in the window
		{1, 12, true},
		{1, 65535, true},  // 201 behind, inside the window, not seen
		{1, 65535, false}, // and now seen
		{1, 60000, true},  // 5,736 behind: taken as a restart of the writer
		{1, 60000, false},
		{1, 200, true}, // 5,736 ahead of the restart: new
	}
	for i, s := range steps {
		if got := d.New(p, s.writer, s.seq); got != s.want {
			t.Fatalf("step %d: New(%d, %d) = %v, want %v", i, s.writer, s.seq, got, s.want)
		}
	}
	if d.Duplicates() != 5 {
		t.Errorf("Duplicates = %d, want 5", d.Duplicates())
	}
}

// TestDedupWrap: the numbers wrap at 65,536 without a false duplicate, and
// every re-sent number inside the window is caught.
func TestDedupWrap(t *testing.T) {
	d := Dedup{Window: 128}
	p := pubsub.StringID("w")
	seq := uint16(65500)
	for i := range 200 {
		if !d.New(p, 1, seq+uint16(i)) {
			t.Fatalf("fresh number %d refused", seq+uint16(i))
		}
		if i >= 5 && d.New(p, 1, seq+uint16(i-5)) {
			t.Fatalf("re-sent number %d accepted", seq+uint16(i-5))
		}
	}
	if d.Duplicates() != 195 {
		t.Errorf("Duplicates = %d, want 195", d.Duplicates())
	}
}

func TestDedupBounded(t *testing.T) {
	d := Dedup{MaxWriters: 10}
	for w := range uint16(100) {
		d.New(pubsub.ByteID(1), w, 1)
	}
	if len(d.writers) != 10 {
		t.Errorf("%d writers tracked, want 10", len(d.writers))
	}
	// the most recent writers are the ones kept
	if d.New(pubsub.ByteID(1), 99, 1) {
		t.Error("writer 99 forgotten")
	}
	d.Reset(pubsub.ByteID(1))
	if len(d.writers) != 0 {
		t.Errorf("Reset left %d writers", len(d.writers))
	}
}

func TestSeqWindowShift(t *testing.T) {
	w := seqWindow{seen: make([]uint64, 3)}
	w.seen[0] = 1 | 1<<63
	w.shift(1)
	if w.seen[0] != 2 || w.seen[1] != 1 {
		t.Fatalf("shift 1: %x", w.seen)
	}
	w.shift(64)
	if w.seen[0] != 0 || w.seen[1] != 2 || w.seen[2] != 1 {
		t.Fatalf("shift 64: %x", w.seen)
	}
	w.shift(200)
	if w.seen[0]|w.seen[1]|w.seen[2] != 0 {
		t.Fatalf("shift past the window: %x", w.seen)
	}
}
