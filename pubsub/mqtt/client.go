package mqtt

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/eclipse/paho.mqtt.golang/packets"
)

// QoS is an MQTT quality of service.
type QoS byte

// The three MQTT qualities of service.
const (
	AtMostOnce  QoS = 0 // fire and forget: lost when the connection is
	AtLeastOnce QoS = 1 // acknowledged: kept and re-sent until the broker has it; duplicates possible
	ExactlyOnce QoS = 2 // four-way handshake: neither lost nor duplicated between client and broker
)

// Errors of the transport. Connection errors from the broker wrap
// ErrCredentials (CONNACK return codes 4 and 5: bad user name or password,
// not authorized) or ErrRefused (the other codes); TLS errors wrap the
// crypto/tls and crypto/x509 errors, such as x509.UnknownAuthorityError.
var (
	// ErrRefused: the broker refused the connection (a CONNACK return
	// code other than 0).
	ErrRefused = errors.New("mqtt: broker refused the connection")
	// ErrCredentials: the broker refused the user name, the password or the
	// client's authorization (wraps ErrRefused).
	ErrCredentials = fmt.Errorf("%w: bad credentials or not authorized", ErrRefused)
	// ErrDisconnected: a QoS 0 message was not sent because the
	// connection is down (QoS 1 and 2 messages are kept and sent after
	// the reconnection instead).
	ErrDisconnected = errors.New("mqtt: not connected")
	// ErrClosed: the Client, Sender or Subscription is closed (it is
	// pubsub.ErrClosed, so pubsub's Publisher and Subscriber end as they
	// do on UDP).
	ErrClosed = errClosed
)

// Options configures a connection to a broker.
type Options struct {
	// Broker is the broker's URL: "tcp://host:1883", "ssl://host:8883"
	// (or "tls://", "mqtts://"), "ws://" or "wss://".
	Broker string
	// ClientID identifies the session at the broker. Required for a
	// PersistentSession; otherwise "" gets a random one.
	ClientID string
	// Username and Password are sent in CONNECT when Username is not "".
	// Send them over TLS only: MQTT carries them in clear text.
	Username, Password string
	// TLS configures TLS for ssl://, tls://, mqtts:// and wss:// brokers
	// (root CAs, client certificate, ServerName); nil uses the system's
	// roots.
	TLS *tls.Config
	// PersistentSession connects with CleanSession false: the broker keeps
	// the session (subscriptions and the QoS 1 and 2 messages for it)
	// while the client is away, and the client re-sends its
	// unacknowledged QoS 1 and 2 messages after a reconnection. A
	// Subscriber that must not lose messages needs it; so does a Publisher
	// whose messages must survive a reconnection.
	PersistentSession bool
	// KeepAlive is the MQTT keep-alive; 0 means 30 s.
	KeepAlive time.Duration
	// ConnectTimeout bounds each connection attempt; 0 means 10 s.
	ConnectTimeout time.Duration
	// MaxReconnectInterval caps the back-off between reconnection attempts
	// (1 s, doubling); 0 means 30 s.
	MaxReconnectInterval time.Duration
	// Will is registered with the broker, which publishes it when the
	// connection is lost without a DISCONNECT (the Publisher's status
	// "Error", §7.3.5.7.7).
	Will *Message
	// Unclaimed bounds the messages kept for a Subscription not made yet:
	// a persistent session's broker sends what it kept right after the
	// connection, before the program subscribes again; they wait, in
	// order, for the first Subscription whose filter matches them. 0 means
	// 1024, -1 none; past it, and for payloads over 1 MiB, they are
	// dropped and counted (Client.Unclaimed).
	Unclaimed int
	// OnConnectionLost, if set, is called (in a goroutine of its own) when
	// the connection drops; the client then reconnects by itself.
	OnConnectionLost func(error)
	// OnConnect, if set, is called after each successful connection,
	// the first one and every reconnection.
	OnConnect func()
	// OnError, if set, receives the errors no call returns: a
	// subscription the client could not renew after a reconnection.
	OnError func(error)
}

// Message is one MQTT message: its topic, payload and flags.
type Message struct {
	Topic   string
	Payload []byte
	QoS     QoS
	// Retained: published with RETAIN, or received from the broker's
	// retained store (a subscription's first message on that topic).
	Retained bool
	// Duplicate: the DUP flag, a QoS 1 or 2 message sent again.
	Duplicate bool
}

// Client is a connection to an MQTT broker (MQTT 3.1.1 through
// github.com/eclipse/paho.mqtt.golang) that reconnects by itself. It is safe
// for concurrent use.
type Client struct {
	pc     paho.Client
	broker string

	mu               sync.Mutex
	subs             []*Subscription
	closed           bool
	unclaimed        []Message // messages no Subscription matched yet
	maxUnclaimed     int
	unclaimedDropped uint64

	connects atomic.Uint64 // successful connections
	lost     atomic.Uint64 // connections lost
	onError  func(error)
	// persistent: the session outlives the connection (CleanSession
	// false), so the client re-sends its unacknowledged messages
	persistent bool
}

// Dial connects to the broker and returns the Client once the broker has
// accepted the connection. A refusal (bad credentials, a certificate the
// client does not trust, a broker that is not there) is returned as an
// error; once connected, the Client reconnects by itself until Close. ctx
// bounds the first connection.
func Dial(ctx context.Context, o Options) (*Client, error) {
	if o.Broker == "" {
		return nil, errors.New("mqtt: Options.Broker is empty")
	}
	id := o.ClientID
	if id == "" {
		if o.PersistentSession {
			return nil, errors.New("mqtt: a persistent session needs a ClientID")
		}
		var r [8]byte
		rand.Read(r[:])
		id = "uabin-" + hex.EncodeToString(r[:])
	}
	if o.Will != nil {
		if err := CheckTopic(o.Will.Topic); err != nil {
			return nil, fmt.Errorf("mqtt: Will: %w", err)
		}
	}
	if o.Will != nil && o.Will.QoS > ExactlyOnce {
		return nil, fmt.Errorf("mqtt: Will: QoS %d does not exist", o.Will.QoS)
	}
	c := &Client{broker: o.Broker, maxUnclaimed: o.Unclaimed, onError: o.OnError, persistent: o.PersistentSession}
	if o.Unclaimed == 0 {
		c.maxUnclaimed = 1024
	}
	po := paho.NewClientOptions().
		AddBroker(o.Broker).
		SetClientID(id).
		SetProtocolVersion(4). // MQTT 3.1.1, no silent fall-back to 3.1
		SetCleanSession(!o.PersistentSession).
		SetKeepAlive(orDefault(o.KeepAlive, 30*time.Second)).
		SetConnectTimeout(orDefault(o.ConnectTimeout, 10*time.Second)).
		SetMaxReconnectInterval(orDefault(o.MaxReconnectInterval, 30*time.Second)).
		SetAutoReconnect(true).
		SetConnectRetry(false).
		SetOrderMatters(true).
		SetResumeSubs(true).
		SetDefaultPublishHandler(func(_ paho.Client, m paho.Message) { c.dispatch(m) }).
		SetConnectionLostHandler(func(_ paho.Client, err error) {
			c.lost.Add(1)
			if o.OnConnectionLost != nil {
				o.OnConnectionLost(err)
			}
		}).
		SetOnConnectHandler(func(paho.Client) {
			if c.connects.Add(1) > 1 {
				c.resubscribe()
			}
			if o.OnConnect != nil {
				o.OnConnect()
			}
		})
	if o.Username != "" {
		po.SetUsername(o.Username).SetPassword(o.Password)
	}
	if o.TLS != nil {
		po.SetTLSConfig(o.TLS)
	}
	if w := o.Will; w != nil {
		po.SetBinaryWill(w.Topic, w.Payload, byte(w.QoS), w.Retained)
	}
	c.pc = paho.NewClient(po)
	if err := wait(ctx, c.pc.Connect()); err != nil {
		c.pc.Disconnect(0)
		return nil, c.connectError(err)
	}
	return c, nil
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// connectError makes the first connection's error say what happened.
func (c *Client) connectError(err error) error {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("mqtt: connecting to %s: %w", c.broker, err)
	case errors.Is(err, packets.ErrorRefusedBadUsernameOrPassword), errors.Is(err, packets.ErrorRefusedNotAuthorised):
		return fmt.Errorf("%w (broker %s: %w)", ErrCredentials, c.broker, err)
	case errors.Is(err, packets.ErrorRefusedBadProtocolVersion), errors.Is(err, packets.ErrorRefusedIDRejected),
		errors.Is(err, packets.ErrorRefusedServerUnavailable):
		return fmt.Errorf("%w (broker %s: %w)", ErrRefused, c.broker, err)
	}
	return fmt.Errorf("mqtt: connecting to %s: %w", c.broker, err)
}

// wait waits for a paho token or the end of ctx.
func wait(ctx context.Context, t paho.Token) error {
	select {
	case <-t.Done():
		return t.Error()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Connected reports whether the connection is up now (it may drop at any
// moment; the Client reconnects by itself).
func (c *Client) Connected() bool { return c.pc.IsConnectionOpen() }

// Reconnections returns how many times the connection was lost and how many
// connections succeeded, the first included.
func (c *Client) Reconnections() (lost, connects uint64) {
	return c.lost.Load(), c.connects.Load()
}

// Publish sends payload to topic with qos, retained if retain. It returns
// when the message is delivered as far as its QoS promises: QoS 0 when it is
// written to the connection, QoS 1 when the broker acknowledged it (PUBACK),
// QoS 2 when the handshake is complete (PUBCOMP); or when ctx ends, with
// ctx.Err() (a QoS 1 or 2 message is then still kept and sent). While the
// connection is down, QoS 1 and 2 messages are kept in the client's memory
// and sent after the reconnection (Publish then returns once they have been
// sent again; the client keeps them until acknowledged), and QoS 0 messages
// are refused with ErrDisconnected. With a persistent session, a QoS 1 or 2
// message whose connection fails while it is written is kept and sent
// again too: Publish waits for the reconnection and returns nil; with a
// clean session the client forgets it and Publish returns the error. payload is copied: the caller may reuse
// it at once.
func (c *Client) Publish(ctx context.Context, topic string, payload []byte, qos QoS, retain bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t, err := c.publish(topic, payload, qos, retain)
	if err != nil {
		return err
	}
	err = wait(ctx, t)
	if c.interrupted(err, qos) {
		err = c.awaitConnection(ctx)
	}
	return c.published(topic, err)
}

// interrupted reports whether err is the connection failing under a QoS 1
// or 2 message of a persistent session: the client keeps the message and
// sends it again after the reconnection, so it is not an error of the
// message (with a clean session the client forgets it: an error).
func (c *Client) interrupted(err error, qos QoS) bool {
	var ne net.Error
	return err != nil && qos != AtMostOnce && c.persistent && errors.As(err, &ne)
}

// awaitConnection waits until the connection is up again, ctx ends or the
// Client is closed.
func (c *Client) awaitConnection(ctx context.Context) error {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !c.pc.IsConnectionOpen() {
		if c.isClosed() {
			return ErrClosed
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
	return nil
}

// publish checks and hands a message to paho, returning its token.
func (c *Client) publish(topic string, payload []byte, qos QoS, retain bool) (paho.Token, error) {
	if err := CheckTopic(topic); err != nil {
		return nil, err
	}
	if qos > ExactlyOnce {
		return nil, fmt.Errorf("mqtt: QoS %d does not exist", qos)
	}
	if c.isClosed() {
		return nil, ErrClosed
	}
	if qos == AtMostOnce && !c.pc.IsConnectionOpen() {
		return nil, ErrDisconnected
	}
	p := make([]byte, len(payload))
	copy(p, payload)
	return c.pc.Publish(topic, byte(qos), retain, p), nil
}

// published turns the outcome of a publish token into Publish's error.
func (c *Client) published(topic string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.Is(err, paho.ErrNotConnected):
		if c.isClosed() {
			return ErrClosed
		}
		return ErrDisconnected
	}
	return fmt.Errorf("mqtt: publishing to %s: %w", topic, err)
}

func (c *Client) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// Close ends the subscriptions and disconnects, waiting up to linger for
// the messages being sent (a clean DISCONNECT: the broker then does not
// publish the Will). Messages still unacknowledged after linger are dropped
// with the client. Close is idempotent.
func (c *Client) Close(linger time.Duration) error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	subs := c.subs
	c.subs = nil
	c.mu.Unlock()
	for _, s := range subs {
		s.stop()
	}
	c.pc.Disconnect(uint(linger.Milliseconds()))
	return nil
}
