package pubsub

import (
	"context"
	"sync"
)

// Publisher encodes NetworkMessages and sends them over a Transport. It is
// safe for concurrent use (messages are encoded and sent one at a time).
type Publisher struct {
	t   Transport
	max int

	mu     sync.Mutex
	enc    *Encoder
	buf    []byte
	chunks [][]byte
	closed bool
}

// NewPublisher returns a Publisher sending on t with cfg (its Writers, its
// Security). NetworkMessages larger than cfg.Limits.MaxMessageSize are sent
// in chunks when they hold one DataSetMessage.
func NewPublisher(t Transport, cfg Config) (*Publisher, error) {
	enc, err := NewEncoder(cfg)
	if err != nil {
		return nil, err
	}
	return &Publisher{t: t, enc: enc, max: cfg.Limits.Resolved().MaxMessageSize}, nil
}

// Publish encodes m (filling its SecurityHeader when security is on) and
// sends it, in chunks if it is larger than the maximum message size.
func (p *Publisher) Publish(ctx context.Context, m *NetworkMessage) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrClosed
	}
	b, err := p.enc.Append(p.buf[:0], m)
	if err != nil {
		return err
	}
	p.buf = b
	if len(b) <= p.max || len(m.Messages) != 1 || m.IsChunk {
		return p.t.Send(ctx, b)
	}
	p.chunks, err = p.enc.AppendChunks(p.chunks[:0], m, p.max)
	if err != nil {
		return err
	}
	for _, c := range p.chunks {
		if err := p.t.Send(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the Publisher and its Transport.
func (p *Publisher) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	return p.t.Close()
}
