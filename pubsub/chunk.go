package pubsub

import (
	"fmt"
	"sort"

	"github.com/uabin/uabin/uabin/wire"
)

// AppendChunks encodes m, a DataSetPayload NetworkMessage with one
// DataSetMessage, as chunk NetworkMessages (Part 14 §7.2.4.4.4) of at most
// maxSize bytes each (signature included), and appends them to dst. The
// chunks carry m's headers, the DataSetWriterId in the chunk PayloadHeader
// (if ContentPayloadHeader), the DataSetMessage's SequenceNumber as
// MessageSequenceNumber, and equal-sized pieces but the last.
func (e *Encoder) AppendChunks(dst [][]byte, m *NetworkMessage, maxSize int) ([][]byte, error) {
	if m.Type != DataSetPayload || m.IsChunk || len(m.Messages) != 1 {
		return dst, encodeError("NetworkMessage", wire.ErrInvalid, "chunks carry one DataSetMessage of a DataSetPayload NetworkMessage")
	}
	d := &m.Messages[0]
	body, err := e.AppendDataSetMessage(nil, d)
	if err != nil {
		return dst, wire.WithPath(err, "NetworkMessage.Messages[0]")
	}
	tmpl := *m
	tmpl.Messages = nil
	tmpl.IsChunk = true
	tmpl.Chunk = Chunk{WriterID: d.WriterID, MessageSequenceNumber: d.SequenceNumber, TotalSize: uint32(len(body))}
	sig := 0
	if e.sec != nil {
		sig = e.sec.cfg.Keys.Policy().SignatureLen
	}
	tmpl.Chunk.Data = []byte{0}
	probe, err := e.marshalPlain(&tmpl)
	if err != nil {
		return dst, own(err)
	}
	room := maxSize - (len(probe) - 1) - sig
	if room <= 0 {
		return dst, encodeError("NetworkMessage", wire.ErrLimitExceeded, "headers of %d bytes leave no room for chunk data in %d", len(probe)+sig, maxSize)
	}
	for off := 0; off < len(body); off += room {
		end := min(off+room, len(body))
		c := tmpl
		c.Chunk.Offset = uint32(off)
		c.Chunk.Data = body[off:end]
		b, err := e.Append(nil, &c)
		if err != nil {
			return dst, err
		}
		m.Security = c.Security
		dst = append(dst, b)
	}
	return dst, nil
}

// marshalPlain encodes m without sealing it (to measure header sizes).
func (e *Encoder) marshalPlain(m *NetworkMessage) ([]byte, error) {
	c := *m
	if e.sec != nil {
		c.Security = SecurityHeader{Enabled: true, Signed: true, Encrypted: e.sec.cfg.Mode == SecuritySignAndEncrypt, NonceLen: 8}
	}
	w := wire.Writer{EmptyStrings: e.vc.opts.EmptyStrings}
	if _, _, err := e.appendMessage(&w, &c); err != nil {
		return nil, err
	}
	return w.Buf, nil
}

// Reassembler puts chunked payloads together (Part 14 §7.2.4.4.4), bounded
// by Limits: the TotalSize of a payload (MaxChunkTotalSize), the chunks of one
// payload (MaxChunksPerMessage) and the payloads under reassembly at once
// (MaxPendingChunks, the oldest is dropped first). For each PublisherId and
// DataSetWriterId only the newest MessageSequenceNumber is kept: chunks of
// an older payload still incomplete are dropped, as the clause allows. A
// chunk that overlaps one already received (other than an exact repeat),
// reaches past TotalSize, or disagrees about TotalSize is an error, and the
// payload is dropped. A Reassembler is not safe for concurrent use.
type Reassembler struct {
	lim     Limits
	pending []*partial // oldest first
}

type chunkKey struct {
	pub    PublisherID
	writer uint16
}

type partial struct {
	key    chunkKey
	seq    uint16
	total  uint32
	buf    []byte
	spans  []span // received, sorted by start
	filled uint32
}

type span struct{ start, end uint32 }

// NewReassembler returns a Reassembler with limits l.
func NewReassembler(l Limits) *Reassembler { return &Reassembler{lim: l.Resolved()} }

// Pending returns the number of payloads under reassembly.
func (r *Reassembler) Pending() int { return len(r.pending) }

// Add adds one chunk from publisher pub. When the chunk completes its
// payload, Add returns the payload (owned by the caller) and true.
func (r *Reassembler) Add(pub PublisherID, c *Chunk) ([]byte, bool, error) {
	path := "Chunk"
	if int64(c.TotalSize) > int64(r.lim.MaxChunkTotalSize) {
		return nil, false, decodeError(0, path, wire.ErrLimitExceeded, "chunked payload of %d bytes, MaxChunkTotalSize %d", c.TotalSize, r.lim.MaxChunkTotalSize)
	}
	n := uint32(len(c.Data))
	if n == 0 {
		return nil, false, decodeError(0, path, wire.ErrInvalid, "empty chunk")
	}
	if c.Offset > c.TotalSize || n > c.TotalSize-c.Offset {
		return nil, false, decodeError(0, path, wire.ErrInvalid, "chunk [%d, %d) past TotalSize %d", c.Offset, uint64(c.Offset)+uint64(n), c.TotalSize)
	}
	key := chunkKey{pub, c.WriterID}
	idx := -1
	for i, p := range r.pending {
		if p.key == key {
			idx = i
			break
		}
	}
	var p *partial
	if idx >= 0 {
		p = r.pending[idx]
		if p.seq != c.MessageSequenceNumber {
			// a newer payload replaces the incomplete one
			r.drop(idx)
			p, idx = nil, -1
		}
	}
	if p == nil {
		if len(r.pending) >= r.lim.MaxPendingChunks {
			r.drop(0)
		}
		p = &partial{key: key, seq: c.MessageSequenceNumber, total: c.TotalSize, buf: make([]byte, c.TotalSize)}
		r.pending = append(r.pending, p)
		idx = len(r.pending) - 1
	}
	if p.total != c.TotalSize {
		r.drop(idx)
		return nil, false, decodeError(0, path, wire.ErrInvalid, "chunk says TotalSize %d, earlier chunks %d", c.TotalSize, p.total)
	}
	s := span{c.Offset, c.Offset + n}
	i := sort.Search(len(p.spans), func(i int) bool { return p.spans[i].start >= s.start })
	if i < len(p.spans) && p.spans[i] == s {
		return nil, false, nil // the same chunk again (a duplicated datagram)
	}
	if (i < len(p.spans) && p.spans[i].start < s.end) || (i > 0 && p.spans[i-1].end > s.start) {
		r.drop(idx)
		return nil, false, decodeError(0, path, wire.ErrInvalid, "chunk [%d, %d) overlaps one received", s.start, s.end)
	}
	if len(p.spans) >= r.lim.MaxChunksPerMessage {
		r.drop(idx)
		return nil, false, decodeError(0, path, wire.ErrLimitExceeded, "more than MaxChunksPerMessage %d chunks", r.lim.MaxChunksPerMessage)
	}
	p.spans = append(p.spans, span{})
	copy(p.spans[i+1:], p.spans[i:])
	p.spans[i] = s
	copy(p.buf[s.start:], c.Data)
	p.filled += n
	if p.filled < p.total {
		return nil, false, nil
	}
	r.drop(idx)
	return p.buf, true, nil
}

func (r *Reassembler) drop(i int) {
	copy(r.pending[i:], r.pending[i+1:])
	r.pending[len(r.pending)-1] = nil
	r.pending = r.pending[:len(r.pending)-1]
}

func (s span) String() string { return fmt.Sprintf("[%d, %d)", s.start, s.end) }
