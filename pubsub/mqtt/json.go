package mqtt

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

// JSONPublisher publishes JSON NetworkMessages ("ua-data") and the JSON
// discovery messages through a Client, encoded with pubsub's JSONEncoder
// (Part 14 v1.05 §7.2.5). Data messages are not retained, the discovery
// messages are (Table 178). It is safe for concurrent use.
type JSONPublisher struct {
	c   *Client
	qos QoS

	mu  sync.Mutex
	enc *pubsub.JSONEncoder
	buf []byte
}

// NewJSONPublisher returns a JSONPublisher sending with qos on c; cfg
// configures the encoder (cfg.Values: namespaces, structures).
func NewJSONPublisher(c *Client, qos QoS, cfg pubsub.JSONConfig) (*JSONPublisher, error) {
	if qos > ExactlyOnce {
		return nil, fmt.Errorf("mqtt: QoS %d does not exist", qos)
	}
	enc, err := pubsub.NewJSONEncoder(cfg)
	if err != nil {
		return nil, err
	}
	return &JSONPublisher{c: c, qos: qos, enc: enc}, nil
}

// Publish encodes m and publishes it to topic (a data topic: Tree.Data).
func (p *JSONPublisher) Publish(ctx context.Context, topic string, m *pubsub.JSONNetworkMessage) error {
	return p.send(ctx, topic, false, func(b []byte) ([]byte, error) { return p.enc.Append(b, m) })
}

// PublishMetaData publishes m, retained, to topic (Tree.MetaData).
func (p *JSONPublisher) PublishMetaData(ctx context.Context, topic string, m *pubsub.JSONMetaDataMessage) error {
	return p.send(ctx, topic, true, func(b []byte) ([]byte, error) { return p.enc.AppendMetaData(b, m) })
}

// PublishStatus publishes m, retained, to topic (Tree.Status).
func (p *JSONPublisher) PublishStatus(ctx context.Context, topic string, m *pubsub.JSONStatusMessage) error {
	return p.send(ctx, topic, true, func(b []byte) ([]byte, error) { return p.enc.AppendStatus(b, m) })
}

// PublishConnection publishes m, retained, to topic (Tree.Connection).
func (p *JSONPublisher) PublishConnection(ctx context.Context, topic string, m *pubsub.JSONConnectionMessage) error {
	return p.send(ctx, topic, true, func(b []byte) ([]byte, error) { return p.enc.AppendConnection(b, m) })
}

// PublishApplication publishes m, retained, to topic (Tree.Application).
func (p *JSONPublisher) PublishApplication(ctx context.Context, topic string, m *pubsub.JSONApplicationMessage) error {
	return p.send(ctx, topic, true, func(b []byte) ([]byte, error) { return p.enc.AppendApplication(b, m) })
}

// PublishEndpoints publishes m, retained, to topic (Tree.Endpoints).
func (p *JSONPublisher) PublishEndpoints(ctx context.Context, topic string, m *pubsub.JSONEndpointsMessage) error {
	return p.send(ctx, topic, true, func(b []byte) ([]byte, error) { return p.enc.AppendEndpoints(b, m) })
}

// send encodes with appendTo into the reused buffer and publishes; Client.Publish copies
// the bytes, so the buffer is free again when it returns.
func (p *JSONPublisher) send(ctx context.Context, topic string, retain bool, appendTo func([]byte) ([]byte, error)) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	b, err := appendTo(p.buf[:0])
	if err != nil {
		return err
	}
	p.buf = b
	return p.c.Publish(ctx, topic, b, p.qos, retain)
}

// Will returns the Will message Part 14 v1.05 §7.3.5.7.7 asks a Publisher
// to register when it connects (Options.Will): a "ua-status" message of pub
// with Status Error and IsCyclic false, retained, QoS 1, on the status topic
// of tree with the json encoding level (the status message is a JSON
// message, for UADP publishers too). The broker publishes it if the
// connection is lost without a DISCONNECT.
func Will(tree Tree, pub pubsub.PublisherID) (*Message, error) {
	tree.Encoding = JSON
	topic, err := tree.Status(pub)
	if err != nil {
		return nil, err
	}
	enc, err := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
	if err != nil {
		return nil, err
	}
	b, err := enc.AppendStatus(nil, &pubsub.JSONStatusMessage{
		MessageID: "will-" + pub.Text(), PublisherID: pub, Status: types.PubSubStateError})
	if err != nil {
		return nil, err
	}
	return &Message{Topic: topic, Payload: b, QoS: AtLeastOnce, Retained: true}, nil
}

// JSONHandler receives each JSON NetworkMessage a JSONSubscriber decoded,
// with the topic it came on. Both are reused after it returns; a non-nil
// error stops Run.
type JSONHandler func(topic string, m *pubsub.JSONNetworkMessage) error

// JSONSubscriber reads JSON messages from a Subscription and decodes them
// with pubsub's JSONDecoder: data messages go to the handler of Run, the
// discovery messages to the callback of their MessageType.
// Messages that fail to decode, and discovery messages without a callback,
// are reported to OnError and skipped. It is for one goroutine.
type JSONSubscriber struct {
	s      *Subscription
	dec    *pubsub.JSONDecoder
	header bool

	// OnError, if set, is called with the error of every message skipped.
	OnError func(error)
	// OnMetaData, if set, receives the "ua-metadata" messages (reused
	// after it returns).
	OnMetaData func(topic string, m *pubsub.JSONMetaDataMessage)
	// OnStatus, if set, receives the "ua-status" messages (reused after
	// it returns).
	OnStatus func(topic string, m *pubsub.JSONStatusMessage)
	// OnConnection, OnApplication and OnEndpoints, if set, receive the
	// "ua-connection", "ua-application" and "ua-endpoints" messages.
	OnConnection  func(topic string, m *pubsub.JSONConnectionMessage)
	OnApplication func(topic string, m *pubsub.JSONApplicationMessage)
	OnEndpoints   func(topic string, m *pubsub.JSONEndpointsMessage)
}

// NewJSONSubscriber returns a JSONSubscriber reading from s with cfg (the
// layout to expect, cfg.Network, and the writers).
func NewJSONSubscriber(s *Subscription, cfg pubsub.JSONConfig) (*JSONSubscriber, error) {
	dec, err := pubsub.NewJSONDecoder(cfg)
	if err != nil {
		return nil, err
	}
	return &JSONSubscriber{s: s, dec: dec, header: cfg.Network&pubsub.JSONNetworkHeader != 0}, nil
}

// errNoCallback: a discovery message arrived and no callback takes it.
var errNoCallback = errors.New("no callback for this MessageType")

// Run receives until ctx ends (ctx.Err()), the Subscription is closed
// (ErrClosed) or h returns an error (that error).
func (s *JSONSubscriber) Run(ctx context.Context, h JSONHandler) error {
	var (
		data pubsub.JSONNetworkMessage
		meta pubsub.JSONMetaDataMessage
		stat pubsub.JSONStatusMessage
		conn pubsub.JSONConnectionMessage
		app  pubsub.JSONApplicationMessage
		ends pubsub.JSONEndpointsMessage
	)
	for {
		msg, err := s.s.Next(ctx)
		if err != nil {
			return err
		}
		kind := pubsub.JSONTypeData
		if s.header {
			if kind, err = s.dec.MessageType(msg.Payload); err != nil {
				s.report(msg.Topic, err)
				continue
			}
		}
		switch kind {
		case pubsub.JSONTypeData:
			if err := s.dec.Decode(msg.Payload, &data); err != nil {
				s.report(msg.Topic, err)
				continue
			}
			if err := h(msg.Topic, &data); err != nil {
				return err
			}
		case pubsub.JSONTypeMetaData:
			discovery(s, &msg, kind, &meta, s.dec.DecodeMetaData, s.OnMetaData)
		case pubsub.JSONTypeStatus:
			discovery(s, &msg, kind, &stat, s.dec.DecodeStatus, s.OnStatus)
		case pubsub.JSONTypeConnection:
			discovery(s, &msg, kind, &conn, s.dec.DecodeConnection, s.OnConnection)
		case pubsub.JSONTypeApplication:
			discovery(s, &msg, kind, &app, s.dec.DecodeApplication, s.OnApplication)
		case pubsub.JSONTypeEndpoints:
			discovery(s, &msg, kind, &ends, s.dec.DecodeEndpoints, s.OnEndpoints)
		default:
			s.report(msg.Topic, fmt.Errorf("%q: %w", kind, errNoCallback))
		}
	}
}

// discovery decodes a discovery message into v and hands it to cb, or
// reports it when there is no cb or it does not decode.
func discovery[T any](s *JSONSubscriber, msg *Message, kind string, v *T, decode func([]byte, *T) error, cb func(string, *T)) {
	if cb == nil {
		s.report(msg.Topic, fmt.Errorf("%s: %w", kind, errNoCallback))
		return
	}
	if err := decode(msg.Payload, v); err != nil {
		s.report(msg.Topic, err)
		return
	}
	cb(msg.Topic, v)
}

func (s *JSONSubscriber) report(topic string, err error) {
	if s.OnError != nil {
		s.OnError(fmt.Errorf("mqtt: message on %s: %w", topic, err))
	}
}
