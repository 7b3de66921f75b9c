package pubsub

import (
	"context"
	"errors"
	"slices"
)

// Filter selects the DataSetMessages a Subscriber hands over (Part 14
// §6.2.9: the DataSetReader's PublisherId, WriterGroupId and DataSetWriterId).
// A zero field matches everything.
type Filter struct {
	// PublisherID, if not nil, must equal the message's PublisherId.
	PublisherID *PublisherID
	// WriterGroupID, if not 0, must equal the message's WriterGroupId.
	WriterGroupID uint16
	// WriterIDs, if not empty, lists the DataSetWriterIds wanted.
	WriterIDs []uint16
}

func (f *Filter) network(m *NetworkMessage) bool {
	if f.PublisherID != nil && (m.Content&ContentPublisherID == 0 || m.PublisherID != *f.PublisherID) {
		return false
	}
	if f.WriterGroupID != 0 && (m.Content&ContentWriterGroupID == 0 || m.WriterGroupID != f.WriterGroupID) {
		return false
	}
	return true
}

func (f *Filter) writer(id uint16) bool {
	return len(f.WriterIDs) == 0 || slices.Contains(f.WriterIDs, id)
}

// Handler receives the DataSetMessages a Subscriber accepts, with the
// NetworkMessage that carried them (for chunked messages, the last chunk's).
// Both are reused after Handler returns. A non-nil error stops Run.
type Handler func(m *NetworkMessage, d *DataSetMessage) error

// Subscriber reads NetworkMessages from a Transport, verifies, decrypts and
// decodes them, puts chunks together, filters, and hands the DataSetMessages
// to a Handler. Messages that fail to decode or fail a security check are
// dropped and reported to OnError.
type Subscriber struct {
	t      Transport
	dec    *Decoder
	reasm  *Reassembler
	filter Filter
	max    int

	// OnError, if set, is called with every dropped message's error.
	OnError func(error)
}

// NewSubscriber returns a Subscriber reading from t with cfg and filter f.
// Run receives every message into one buffer that the next message
// overwrites, so cfg.Limits.Values.ShareInput is ignored: the decoded
// Strings and ByteStrings are copies that stay valid after the Handler
// returns.
func NewSubscriber(t Transport, cfg Config, f Filter) (*Subscriber, error) {
	cfg.Limits.Values.ShareInput = false // Run reuses its receive buffer
	dec, err := NewDecoder(cfg)
	if err != nil {
		return nil, err
	}
	l := cfg.Limits.Resolved()
	return &Subscriber{t: t, dec: dec, reasm: NewReassembler(cfg.Limits), filter: f, max: l.MaxMessageSize}, nil
}

// Run receives until ctx is done (returning ctx.Err()), the transport is
// closed (returning ErrClosed) or h returns an error (returning it).
func (s *Subscriber) Run(ctx context.Context, h Handler) error {
	// one byte more than the largest message accepted, so that a longer
	// datagram is seen as too long; a UDP datagram holds at most 65,507.
	buf := make([]byte, min(s.max, 1<<16)+1)
	var m NetworkMessage
	var dm DataSetMessage
	for {
		n, err := s.t.Receive(ctx, buf)
		if err != nil {
			if errors.Is(err, errMessageCut) {
				s.report(err)
				continue
			}
			return err
		}
		if err := s.dec.Decode(buf[:n], &m); err != nil {
			s.report(err)
			continue
		}
		if !s.filter.network(&m) {
			continue
		}
		if m.IsChunk {
			if !s.filter.writer(m.Chunk.WriterID) {
				continue
			}
			payload, done, err := s.reasm.Add(m.PublisherID, &m.Chunk)
			if err != nil {
				s.report(err)
				continue
			}
			if !done {
				continue
			}
			if err := s.dec.DecodeDataSetMessage(payload, m.Chunk.WriterID, &dm); err != nil {
				s.report(err)
				continue
			}
			if err := h(&m, &dm); err != nil {
				return err
			}
			continue
		}
		for i := range m.Messages {
			if !s.filter.writer(m.Messages[i].WriterID) {
				continue
			}
			if err := h(&m, &m.Messages[i]); err != nil {
				return err
			}
		}
	}
}

func (s *Subscriber) report(err error) {
	if s.OnError != nil {
		s.OnError(err)
	}
}

// Close closes the Transport, which ends Run.
func (s *Subscriber) Close() error { return s.t.Close() }
