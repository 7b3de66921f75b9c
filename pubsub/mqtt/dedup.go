package mqtt

import "github.com/uabin/uabin/pubsub"

// Dedup removes the duplicates QoS 1 brings (a message re-sent after a lost
// acknowledgement or a reconnection arrives twice) by the DataSetMessage
// sequence number of each (PublisherId, DataSetWriterId). It keeps, per
// writer, the newest sequence number and which of the Window numbers before
// it were seen; numbers compare in serial-number arithmetic, so they wrap at
// 65,536 as the UInt16 sequence numbers of Part 14 do. It is for one
// goroutine at a time.
//
// JSON DataSetMessages carry a UInt32 SequenceNumber: pass its low 16 bits
// (uint16(seq)); the window works the same as long as a writer's numbers
// step by less than 32,768.
//
// A number more than Window behind the newest is taken as a restart of the
// writer (its sequence starts again) and accepted, as is the first number
// of a writer. Memory is bounded by MaxWriters: past it, the writer seen
// least recently is forgotten.
type Dedup struct {
	// Window is how far behind the newest a duplicate is recognised; 0
	// means 1024 (more than a broker's in-flight window of re-sent
	// messages). It is rounded up to a multiple of 64.
	Window int
	// MaxWriters bounds the writers tracked; 0 means 4096.
	MaxWriters int

	writers map[dedupKey]*seqWindow
	tick    uint64
	dups    uint64
}

type dedupKey struct {
	pub    pubsub.PublisherID
	writer uint16
}

type seqWindow struct {
	newest uint16
	seen   []uint64 // bit i: newest-i was seen
	used   uint64   // Dedup.tick of the last use
}

// New reports whether sequence number seq of writer's DataSetMessage is new,
// and records it; false means it is a duplicate, to be dropped.
func (d *Dedup) New(pub pubsub.PublisherID, writer, seq uint16) bool {
	if d.writers == nil {
		d.writers = make(map[dedupKey]*seqWindow)
	}
	d.tick++
	k := dedupKey{pub, writer}
	w := d.writers[k]
	if w == nil {
		limit := d.MaxWriters
		if limit <= 0 {
			limit = 4096
		}
		if len(d.writers) >= limit {
			d.evict()
		}
		words := (max(d.Window, 0) + 63) / 64
		if words == 0 {
			words = 1024 / 64
		}
		w = &seqWindow{newest: seq, seen: make([]uint64, words)}
		w.seen[0] = 1
		w.used = d.tick
		d.writers[k] = w
		return true
	}
	w.used = d.tick
	size := len(w.seen) * 64
	diff := int(int16(seq - w.newest))
	switch {
	case diff > 0:
		w.shift(diff)
		w.newest = seq
		w.seen[0] |= 1
		return true
	case -diff >= size:
		// far behind: the writer restarted its sequence
		clear(w.seen)
		w.newest = seq
		w.seen[0] = 1
		return true
	}
	i := -diff
	if w.seen[i/64]&(1<<(i%64)) != 0 {
		d.dups++
		return false
	}
	w.seen[i/64] |= 1 << (i % 64)
	return true
}

// Duplicates returns how many duplicates New found.
func (d *Dedup) Duplicates() uint64 { return d.dups }

// Reset forgets every writer of pub (for example when its status says it
// restarted).
func (d *Dedup) Reset(pub pubsub.PublisherID) {
	for k := range d.writers {
		if k.pub == pub {
			delete(d.writers, k)
		}
	}
}

func (d *Dedup) evict() {
	var oldest dedupKey
	first := true
	var used uint64
	for k, w := range d.writers {
		if first || w.used < used {
			oldest, used, first = k, w.used, false
		}
	}
	delete(d.writers, oldest)
}

// shift moves the window n numbers forward: bit i becomes bit i+n.
func (w *seqWindow) shift(n int) {
	size := len(w.seen) * 64
	if n >= size {
		clear(w.seen)
		return
	}
	words, bits := n/64, uint(n%64)
	for i := len(w.seen) - 1; i >= 0; i-- {
		var v uint64
		if j := i - words; j >= 0 {
			v = w.seen[j] << bits
			if bits != 0 && j > 0 {
				v |= w.seen[j-1] >> (64 - bits)
			}
		}
		w.seen[i] = v
	}
}
