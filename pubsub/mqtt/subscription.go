package mqtt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/uabin/uabin/pubsub"
)

var errClosed = pubsub.ErrClosed

// Queue bounds what a Subscription holds between the broker and the
// application.
type Queue struct {
	// Size is the number of messages held; 0 means 1024.
	Size int
	// Block makes a full queue push back instead of dropping: the client
	// stops reading from the broker until the application takes a
	// message, and the broker holds (or, past its own queue limit,
	// drops) what follows. Without Block, a message arriving at a full
	// queue is dropped and counted (Stats.Dropped). A receiver blocked
	// longer than the keep-alive makes the connection time out and
	// reconnect; QoS 1 and 2 messages are then delivered again.
	Block bool
	// MaxMessageSize drops (and counts, Stats.TooLarge) messages with a
	// longer payload; 0 means 1 MiB. Size × MaxMessageSize bounds the
	// memory of the queue.
	MaxMessageSize int
}

// Stats counts what a Subscription received.
type Stats struct {
	Received uint64 // messages put into the queue
	Dropped  uint64 // messages dropped at a full queue (Queue.Block false)
	TooLarge uint64 // messages dropped for a payload over Queue.MaxMessageSize
	Cut      uint64 // messages longer than the buffer given to Receive, cut to it
	Queued   int    // messages in the queue now
}

// Subscription receives the messages of one topic filter into a bounded
// queue. It is a pubsub.Transport (receive side), so a pubsub.Subscriber
// reads UADP NetworkMessages from it as it does from UDP.
type Subscription struct {
	c       *Client
	filter  string
	qos     QoS
	granted QoS
	block   bool
	max     int
	q       chan Message
	done    chan struct{}
	once    sync.Once

	received, dropped, tooLarge, cut atomic.Uint64
}

// Subscribe subscribes to filter (a topic or a filter with '+' and '#')
// with qos, the highest QoS the broker may use to send to this client. The
// Subscription is registered before the SUBSCRIBE is sent, so that the
// messages a persistent session kept are not missed; it is renewed after
// every reconnection. ctx bounds the wait for the broker's SUBACK.
//
// The Client hands every message to each of its Subscriptions whose filter
// matches the topic, so overlapping filters ("a/#" and "a/+") each get their
// copy; a broker that sends one message per matching subscription (MQTT
// 3.1.1 allows either) makes that two copies each, which Dedup removes.
func (c *Client) Subscribe(ctx context.Context, filter string, qos QoS, q Queue) (*Subscription, error) {
	if err := CheckFilter(filter); err != nil {
		return nil, err
	}
	if qos > ExactlyOnce {
		return nil, fmt.Errorf("mqtt: QoS %d does not exist", qos)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	size := q.Size
	if size <= 0 {
		size = 1024
	}
	maxSize := q.MaxMessageSize
	if maxSize <= 0 {
		maxSize = 1 << 20
	}
	s := &Subscription{c: c, filter: filter, qos: qos, block: q.Block, max: maxSize,
		q: make(chan Message, size), done: make(chan struct{})}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, ErrClosed
	}
	c.subs = append(c.subs, s)
	c.claim(s)
	c.mu.Unlock()
	t := c.pc.Subscribe(filter, byte(qos), nil)
	if err := wait(ctx, t); err != nil {
		s.Close()
		return nil, fmt.Errorf("mqtt: subscribing to %s: %w", filter, err)
	}
	if st, ok := t.(*paho.SubscribeToken); ok {
		rc := st.Result()[filter]
		if rc > byte(ExactlyOnce) {
			s.Close()
			return nil, fmt.Errorf("mqtt: %w: the broker refused the subscription to %s (code %#x)", ErrRefused, filter, rc)
		}
		s.granted = QoS(rc)
	}
	return s, nil
}

// dispatch hands a message from the broker to every matching Subscription.
// A message that matches no Subscription (the messages a persistent
// session kept arrive right after the connection, before the program has
// subscribed again) is kept as unclaimed, up to Options.Unclaimed, for the
// first Subscription that matches it.
func (c *Client) dispatch(m paho.Message) {
	msg := Message{Topic: m.Topic(), Payload: m.Payload(), QoS: QoS(m.Qos()), Retained: m.Retained(), Duplicate: m.Duplicate()}
	c.mu.Lock()
	var subs []*Subscription
	for _, s := range c.subs {
		if Match(s.filter, msg.Topic) {
			subs = append(subs, s)
		}
	}
	if len(subs) == 0 {
		if len(c.unclaimed) < c.maxUnclaimed && len(msg.Payload) <= maxUnclaimedSize {
			c.unclaimed = append(c.unclaimed, msg)
		} else {
			c.unclaimedDropped++
		}
	}
	c.mu.Unlock()
	for _, s := range subs {
		s.offer(msg, true)
	}
}

// maxUnclaimedSize bounds the payload of an unclaimed message: the
// Subscription's own limit is not known yet.
const maxUnclaimedSize = 1 << 20

// claim moves the unclaimed messages s matches into its queue, oldest
// first, before any newer message reaches it (c.mu is held, so it does not
// wait: a message that does not fit is dropped and counted in s's Stats).
func (c *Client) claim(s *Subscription) {
	kept := c.unclaimed[:0]
	for _, m := range c.unclaimed {
		if !Match(s.filter, m.Topic) {
			kept = append(kept, m)
			continue
		}
		s.offer(m, false)
	}
	clear(c.unclaimed[len(kept):])
	c.unclaimed = kept
}

// Unclaimed returns how many messages wait for a Subscription that matches
// them, and how many were dropped because Options.Unclaimed were waiting.
func (c *Client) Unclaimed() (waiting int, dropped uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.unclaimed), c.unclaimedDropped
}

// resubscribe renews the subscriptions after a reconnection, in the
// goroutine paho runs OnConnect in, and reports failures to
// Options.OnError. A clean session starts without subscriptions; a
// persistent one keeps them if the broker kept its state, and the renewal is
// harmless (paho does not say whether the session was present). The broker
// then sends the retained messages of the filters again (Message.Retained).
func (c *Client) resubscribe() {
	c.mu.Lock()
	subs := slices.Clone(c.subs)
	c.mu.Unlock()
	for _, s := range subs {
		t := c.pc.Subscribe(s.filter, byte(s.qos), nil)
		var err error
		if !t.WaitTimeout(30 * time.Second) {
			err = errors.New("no SUBACK within 30 s")
		} else if err = t.Error(); err == nil {
			if st, ok := t.(*paho.SubscribeToken); ok && st.Result()[s.filter] > byte(ExactlyOnce) {
				err = ErrRefused
			}
		}
		if err != nil && c.onError != nil {
			c.onError(fmt.Errorf("mqtt: renewing the subscription to %s after a reconnection: %w", s.filter, err))
		}
	}
}

// offer puts m into the queue; when it is full, it waits if the
// Subscription blocks and mayWait, else drops and counts m.
func (s *Subscription) offer(m Message, mayWait bool) {
	if len(m.Payload) > s.max {
		s.tooLarge.Add(1)
		return
	}
	if s.block && mayWait {
		select {
		case s.q <- m:
			s.received.Add(1)
		case <-s.done:
		}
		return
	}
	select {
	case s.q <- m:
		s.received.Add(1)
	default:
		s.dropped.Add(1)
	}
}

// Next returns the next message; it blocks until one arrives, ctx ends
// (ctx.Err()) or the Subscription is closed (ErrClosed).
func (s *Subscription) Next(ctx context.Context) (Message, error) {
	select {
	case m := <-s.q:
		return m, nil
	case <-ctx.Done():
		return Message{}, ctx.Err()
	case <-s.done:
		return Message{}, ErrClosed
	}
}

// Receive copies the next message's payload into b and returns its length:
// the pubsub.Transport method. A payload longer than b is cut to len(b)
// (counted in Stats.Cut), as UDP cuts a datagram; pubsub's Decoder then
// refuses it as longer than its MaxMessageSize.
func (s *Subscription) Receive(ctx context.Context, b []byte) (int, error) {
	m, err := s.Next(ctx)
	if err != nil {
		return 0, err
	}
	if len(m.Payload) > len(b) {
		s.cut.Add(1)
	}
	return copy(b, m.Payload), nil
}

// Send returns an error: a Subscription only receives (Client.Sender sends).
func (s *Subscription) Send(context.Context, []byte) error {
	return fmt.Errorf("mqtt: the subscription to %s cannot send", s.filter)
}

// Stats returns the Subscription's counters.
func (s *Subscription) Stats() Stats {
	return Stats{Received: s.received.Load(), Dropped: s.dropped.Load(), TooLarge: s.tooLarge.Load(),
		Cut: s.cut.Load(), Queued: len(s.q)}
}

// GrantedQoS returns the QoS the broker granted (at most the one asked
// for): the highest QoS it sends this subscription's messages with.
func (s *Subscription) GrantedQoS() QoS { return s.granted }

// Filter returns the topic filter.
func (s *Subscription) Filter() string { return s.filter }

// Close unsubscribes (waiting at most 5 s for the broker) and ends a
// blocked Next or Receive with ErrClosed. Messages still queued are
// dropped.
func (s *Subscription) Close() error {
	s.c.mu.Lock()
	i := slices.Index(s.c.subs, s)
	if i >= 0 {
		s.c.subs = slices.Delete(s.c.subs, i, i+1)
	}
	closed := s.c.closed
	s.c.mu.Unlock()
	s.stop()
	if i >= 0 && !closed {
		s.c.pc.Unsubscribe(s.filter).WaitTimeout(5 * time.Second)
	}
	return nil
}

func (s *Subscription) stop() { s.once.Do(func() { close(s.done) }) }

// Sender is a pubsub.Transport (send side) that publishes every
// NetworkMessage to one topic, so that a pubsub.Publisher sends UADP
// NetworkMessages over MQTT as it does over UDP. It is safe for concurrent
// use.
type Sender struct {
	c      *Client
	topic  string
	o      SendOptions
	closed atomic.Bool

	mu      sync.Mutex
	pending []paho.Token // oldest first, at most o.Window
	err     error        // the first error of a message no longer pending
}

// SendOptions configures a Sender.
type SendOptions struct {
	QoS    QoS
	Retain bool
	// Window is how many messages may be on their way at once. 0 or 1:
	// Send returns when its message is delivered as far as its QoS
	// promises (see Client.Publish). Larger: Send returns once the
	// message is handed to the client, waiting only while Window messages
	// are unconfirmed; an error of an earlier message is returned by a
	// later Send or by Flush. A window keeps the connection busy at QoS 1
	// and 2 instead of waiting a round trip per message.
	Window int
}

// Sender returns a Sender publishing to topic.
func (c *Client) Sender(topic string, o SendOptions) (*Sender, error) {
	if err := CheckTopic(topic); err != nil {
		return nil, err
	}
	if o.QoS > ExactlyOnce {
		return nil, fmt.Errorf("mqtt: QoS %d does not exist", o.QoS)
	}
	return &Sender{c: c, topic: topic, o: o}, nil
}

// Send publishes b (see Client.Publish and SendOptions.Window).
func (s *Sender) Send(ctx context.Context, b []byte) error {
	if s.closed.Load() {
		return ErrClosed
	}
	if s.o.Window <= 1 {
		return s.c.Publish(ctx, s.topic, b, s.o.QoS, s.o.Retain)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.pending) > 0 && (len(s.pending) >= s.o.Window || isDone(s.pending[0])) {
		if err := s.settle(ctx); err != nil {
			return err
		}
	}
	if err := s.err; err != nil {
		s.err = nil
		return err
	}
	t, err := s.c.publish(s.topic, b, s.o.QoS, s.o.Retain)
	if err != nil {
		return err
	}
	s.pending = append(s.pending, t)
	return nil
}

// settle waits for the oldest message in the window and takes it out,
// keeping its error for a later Send or Flush; it returns only ctx's error.
func (s *Sender) settle(ctx context.Context) error {
	select {
	case <-s.pending[0].Done():
	case <-ctx.Done():
		return ctx.Err()
	}
	if err := s.pending[0].Error(); err != nil && s.err == nil && !s.c.interrupted(err, s.o.QoS) {
		s.err = s.c.published(s.topic, err)
	}
	s.pending[0] = nil
	s.pending = s.pending[1:]
	return nil
}

func isDone(t paho.Token) bool {
	select {
	case <-t.Done():
		return true
	default:
		return false
	}
}

// Flush waits until every message sent is confirmed as its QoS promises,
// or ctx ends, and returns the first error of those messages.
func (s *Sender) Flush(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.pending) > 0 {
		if err := s.settle(ctx); err != nil {
			return err
		}
	}
	err := s.err
	s.err = nil
	return err
}

// Receive returns an error: a Sender only sends (Client.Subscribe receives).
func (s *Sender) Receive(context.Context, []byte) (int, error) {
	return 0, fmt.Errorf("mqtt: the sender to %s cannot receive", s.topic)
}

// Topic returns the topic the Sender publishes to.
func (s *Sender) Topic() string { return s.topic }

// Close ends the Sender (later Sends fail with ErrClosed); the Client stays
// connected, and messages still in the window stay with it (Flush first to
// wait for them).
func (s *Sender) Close() error {
	s.closed.Store(true)
	return nil
}
