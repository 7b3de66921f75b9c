package mqtt

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

func testContext(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func dial(t testing.TB, ctx context.Context, o Options) *Client {
	t.Helper()
	c, err := Dial(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(time.Second) })
	return c
}

// TestBrokerQoS publishes at QoS 0, 1 and 2 through mosquitto and receives
// each message once, with its topic, payload and QoS.
func TestBrokerQoS(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	sub := dial(t, ctx, Options{Broker: b.url()})
	pub := dial(t, ctx, Options{Broker: b.url()})
	topic, _ := Tree{Encoding: JSON}.Data(pubsub.UInt16ID(1), "G", "W")
	for qos := AtMostOnce; qos <= ExactlyOnce; qos++ {
		s, err := sub.Subscribe(ctx, topic, qos, Queue{})
		if err != nil {
			t.Fatal(err)
		}
		if s.GrantedQoS() != qos {
			t.Errorf("granted QoS %d, asked %d", s.GrantedQoS(), qos)
		}
		payload := fmt.Appendf(nil, `{"qos":%d}`, qos)
		if err := pub.Publish(ctx, topic, payload, qos, false); err != nil {
			t.Fatal(err)
		}
		m, err := s.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Topic != topic || string(m.Payload) != string(payload) || m.QoS != qos || m.Retained {
			t.Errorf("QoS %d: got %+v", qos, m)
		}
		s.Close()
	}
}

// TestBrokerUADP sends UADP NetworkMessages with pubsub's Publisher over a
// Sender and reads them with pubsub's Subscriber from a Subscription.
func TestBrokerUADP(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.url()})
	tree := Tree{Prefix: "plant/opcua"}
	topic, err := tree.Data(pubsub.UInt16ID(2234), "Group100", "")
	if err != nil {
		t.Fatal(err)
	}
	filter, _ := tree.Filter("data", "2234")
	sub, err := c.Subscribe(ctx, filter, AtLeastOnce, Queue{Size: 16})
	if err != nil {
		t.Fatal(err)
	}
	snd, err := c.Sender(topic, SendOptions{QoS: AtLeastOnce})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pubsub.NewPublisher(snd, pubsub.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := pubsub.NewSubscriber(sub, pubsub.Config{}, pubsub.Filter{WriterGroupID: 100})
	if err != nil {
		t.Fatal(err)
	}
	const n = 20
	go func() {
		for i := range n {
			m := uadpMessage(uint16(i))
			if err := p.Publish(ctx, &m); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	got := 0
	errDone := errors.New("done")
	err = s.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
		if m.PublisherID != pubsub.UInt16ID(2234) || d.WriterID != 62541 || d.SequenceNumber != uint16(got) ||
			d.Fields[0].Value.Value.Value() != int32(got) || d.Fields[1].Value.Value.Value() != "hi" {
			t.Errorf("message %d: %v %+v", got, m, d)
		}
		got++
		if got == n {
			return errDone
		}
		return nil
	})
	if !errors.Is(err, errDone) {
		t.Fatalf("Run: %v after %d messages", err, got)
	}
	p.Close()
	if err := snd.Send(ctx, []byte{1}); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after the Publisher's Close: %v, want ErrClosed", err)
	}
	if !c.Connected() {
		t.Error("closing the Publisher closed the Client")
	}
}

// TestBrokerUADPHostile: what arrives on a UADP topic and is not a
// NetworkMessage (garbage, a cut message, one longer than a datagram) is
// reported to the Subscriber's OnError and skipped; the next good message
// is delivered.
func TestBrokerUADPHostile(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.url()})
	sub, err := c.Subscribe(ctx, "u", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := pubsub.NewSubscriber(sub, pubsub.Config{}, pubsub.Filter{})
	var errs []error
	s.OnError = func(err error) { errs = append(errs, err) }
	enc, _ := pubsub.NewEncoder(pubsub.Config{})
	m := uadpMessage(7)
	good, err := enc.Marshal(&m)
	if err != nil {
		t.Fatal(err)
	}
	huge := append(append([]byte(nil), good...), make([]byte, 70000)...)
	for _, p := range [][]byte{[]byte("not UADP"), good[:len(good)-3], huge, good} {
		if err := c.Publish(ctx, "u", p, AtLeastOnce, false); err != nil {
			t.Fatal(err)
		}
	}
	errDone := errors.New("done")
	err = s.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
		if d.SequenceNumber != 7 {
			t.Errorf("%+v", d)
		}
		return errDone
	})
	if !errors.Is(err, errDone) || len(errs) != 3 || sub.Stats().Cut != 1 {
		t.Fatalf("Run: %v; errors %v; stats %+v", err, errs, sub.Stats())
	}
	for _, e := range errs {
		t.Log(e)
	}
}

// uadpMessage is a small NetworkMessage: PublisherId UInt16 2234,
// WriterGroupId 100, writer 62541 with a sequence number and two fields.
func uadpMessage(seq uint16) pubsub.NetworkMessage {
	return pubsub.NetworkMessage{
		Content:       pubsub.ContentPublisherID | pubsub.ContentGroupHeader | pubsub.ContentWriterGroupID | pubsub.ContentPayloadHeader,
		PublisherID:   pubsub.UInt16ID(2234),
		WriterGroupID: 100,
		Messages: []pubsub.DataSetMessage{{
			WriterID: 62541, Content: pubsub.DataSetSequenceNumber, SequenceNumber: seq,
			Fields: []pubsub.Field{
				{Value: types.DataValue{Value: types.VariantFromInt32(int32(seq))}},
				{Value: types.DataValue{Value: types.VariantFromString("hi")}},
			}}},
	}
}

// TestBrokerRetainedAndWill: metadata published retained reaches a
// subscriber that comes later; the Will on the status topic is published,
// retained, when the publisher's connection is cut, and not when it closes
// cleanly.
func TestBrokerRetainedAndWill(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	px := startProxy(t, b.addr())
	ctx := testContext(t, 30*time.Second)
	tree := Tree{Encoding: JSON}
	pid := pubsub.StringID("pump-7")
	status, _ := tree.Status(pid)
	meta, _ := tree.MetaData(pid, "G", "W")
	offline := []byte(`{"MessageType":"ua-status","PublisherId":"pump-7","IsCyclic":false,"Status":3}`)
	pub := dial(t, ctx, Options{Broker: px.url(), ClientID: "pump-7",
		Will: &Message{Topic: status, Payload: offline, QoS: AtLeastOnce, Retained: true}})
	if err := pub.Publish(ctx, meta, []byte(`{"MessageType":"ua-metadata"}`), AtLeastOnce, tree.Retained("metadata")); err != nil {
		t.Fatal(err)
	}
	if err := pub.Publish(ctx, status, []byte(`{"MessageType":"ua-status","Status":1}`), AtLeastOnce, tree.Retained("status")); err != nil {
		t.Fatal(err)
	}
	late := dial(t, ctx, Options{Broker: b.url()})
	all, _ := tree.Filter("metadata")
	s, err := late.Subscribe(ctx, all, AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Next(ctx)
	if err != nil || !m.Retained || m.Topic != meta {
		t.Fatalf("retained metadata: %+v, %v", m, err)
	}
	st, err := late.Subscribe(ctx, status, AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := st.Next(ctx); err != nil || !m.Retained || !strings.Contains(string(m.Payload), `"Status":1`) {
		t.Fatalf("retained status: %+v, %v", m, err)
	}
	px.cut() // the publisher's connection is lost without DISCONNECT
	m, err = st.Next(ctx)
	if err != nil || string(m.Payload) != string(offline) {
		t.Fatalf("Will: %+v, %v", m, err)
	}
	// and it is retained: a new subscriber sees the publisher offline
	again, err := dial(t, ctx, Options{Broker: b.url()}).Subscribe(ctx, status, AtMostOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := again.Next(ctx); err != nil || !m.Retained || string(m.Payload) != string(offline) {
		t.Fatalf("retained Will: %+v, %v", m, err)
	}
}

// TestBrokerCleanCloseNoWill: Close sends DISCONNECT, so the Will is not
// published.
func TestBrokerCleanCloseNoWill(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	watch := dial(t, ctx, Options{Broker: b.url()})
	s, err := watch.Subscribe(ctx, "opcua/json/status/#", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Dial(ctx, Options{Broker: b.url(), Will: &Message{Topic: "opcua/json/status/x", Payload: []byte("offline"), QoS: AtLeastOnce}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Publish(ctx, "opcua/json/status/x", []byte("online"), AtLeastOnce, false); err != nil {
		t.Fatal(err)
	}
	c.Close(time.Second)
	if m, err := s.Next(ctx); err != nil || string(m.Payload) != "online" {
		t.Fatalf("%+v, %v", m, err)
	}
	short, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	if m, err := s.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("after a clean Close: %q, %v; want no Will", m.Payload, err)
	}
	if err := c.Publish(ctx, "a", nil, AtLeastOnce, false); !errors.Is(err, ErrClosed) {
		t.Errorf("Publish after Close: %v, want ErrClosed", err)
	}
}

// TestBrokerCredentials: a broker with a password file accepts the right
// user name and password and refuses a wrong password, an unknown user and
// an anonymous client with ErrCredentials.
func TestBrokerCredentials(t *testing.T) {
	b := startBroker(t, brokerConfig{Users: map[string]string{"scada": "s3cret"}})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.url(), Username: "scada", Password: "s3cret"})
	if err := c.Publish(ctx, "t", []byte("x"), AtLeastOnce, false); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{
		{Broker: b.url(), Username: "scada", Password: "wrong"},
		{Broker: b.url(), Username: "nobody", Password: "s3cret"},
		{Broker: b.url()},
	} {
		start := time.Now()
		_, err := Dial(ctx, o)
		if !errors.Is(err, ErrCredentials) || !errors.Is(err, ErrRefused) {
			t.Errorf("user %q password %q: %v, want ErrCredentials", o.Username, o.Password, err)
		} else {
			t.Logf("user %q: %v (after %v)", o.Username, err, time.Since(start).Round(time.Millisecond))
		}
	}
}

// TestBrokerTLS: a TLS listener with a certificate made for the test: the
// client that trusts its CA connects (with a user name and password); one
// that trusts another CA is refused with the x509 error, and so is one that
// connects to a plain listener with TLS.
func TestBrokerTLS(t *testing.T) {
	dir := t.TempDir()
	pki := newPKI(t, dir, "broker")
	b := startBroker(t, brokerConfig{TLS: pki, Users: map[string]string{"scada": "s3cret"}})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.tlsURL(), TLS: &tls.Config{RootCAs: pki.pool}, Username: "scada", Password: "s3cret"})
	s, err := c.Subscribe(ctx, "secure/#", ExactlyOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Publish(ctx, "secure/x", []byte("over TLS"), ExactlyOnce, false); err != nil {
		t.Fatal(err)
	}
	if m, err := s.Next(ctx); err != nil || string(m.Payload) != "over TLS" {
		t.Fatalf("%+v, %v", m, err)
	}

	other := newPKI(t, dir, "other")
	_, err = Dial(ctx, Options{Broker: b.tlsURL(), TLS: &tls.Config{RootCAs: other.pool}, Username: "scada", Password: "s3cret"})
	var unknown x509.UnknownAuthorityError
	if !errors.As(err, &unknown) {
		t.Errorf("untrusted broker certificate: %v, want an x509.UnknownAuthorityError", err)
	} else {
		t.Logf("untrusted certificate: %v", err)
	}
	_, err = Dial(ctx, Options{Broker: b.tlsURL(), TLS: &tls.Config{RootCAs: pki.pool, ServerName: "broker.example"}, Username: "scada", Password: "s3cret"})
	var host x509.HostnameError
	if !errors.As(err, &host) {
		t.Errorf("certificate for another name: %v, want an x509.HostnameError", err)
	}
	short, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if _, err := Dial(short, Options{Broker: "ssl://" + b.addr(), TLS: &tls.Config{RootCAs: pki.pool}}); err == nil {
		t.Error("TLS to a plain listener connected")
	} else {
		t.Logf("TLS to a plain listener: %v", err)
	}
}

// TestBrokerTLSClientCert: a listener that requires client certificates
// accepts the client with one signed by its CA and refuses the client
// without.
func TestBrokerTLSClientCert(t *testing.T) {
	pki := newPKI(t, t.TempDir(), "mutual")
	b := startBroker(t, brokerConfig{TLS: pki, ClientCerts: true})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.tlsURL(), TLS: &tls.Config{RootCAs: pki.pool, Certificates: []tls.Certificate{pki.client}}})
	if err := c.Publish(ctx, "m", []byte("x"), AtLeastOnce, false); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	// TLS 1.2: the broker refuses during the handshake, with an alert
	_, err := Dial(short, Options{Broker: b.tlsURL(), TLS: &tls.Config{RootCAs: pki.pool, MaxVersion: tls.VersionTLS12}})
	if err == nil || !strings.Contains(err.Error(), "tls: handshake failure") {
		t.Errorf("without a client certificate, TLS 1.2: %v", err)
	}
	t.Logf("without a client certificate, TLS 1.2: %v", err)
	// TLS 1.3: the client's handshake ends before the broker checks, so
	// the refusal comes as the alert or as a reset connection
	_, err = Dial(short, Options{Broker: b.tlsURL(), TLS: &tls.Config{RootCAs: pki.pool}})
	if err == nil {
		t.Error("connected without a client certificate")
	}
	t.Logf("without a client certificate, TLS 1.3: %v", err)
}

// TestBrokerReconnect: the connection is cut twice; the Client reconnects
// by itself, renews its subscription and QoS 1 messages published while it
// was down arrive.
func TestBrokerReconnect(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	px := startProxy(t, b.addr())
	ctx := testContext(t, 60*time.Second)
	pub := dial(t, ctx, Options{Broker: px.url(), ClientID: "pub-r", PersistentSession: true})
	sub := dial(t, ctx, Options{Broker: px.url(), ClientID: "sub-r", PersistentSession: true, MaxReconnectInterval: 2 * time.Second,
		OnError: func(err error) { t.Errorf("subscriber: %v", err) }})
	s, err := sub.Subscribe(ctx, "r/#", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	var d Dedup
	seen := 0
	for round := range 3 {
		for i := range 10 {
			seq := uint16(round*10 + i)
			if err := pub.Publish(ctx, "r/x", []byte{byte(seq)}, AtLeastOnce, false); err != nil {
				t.Fatal(err)
			}
		}
		for seen < (round+1)*10 {
			m, err := s.Next(ctx)
			if err != nil {
				t.Fatalf("round %d, after %d messages: %v", round, seen, err)
			}
			if d.New(pubsub.ByteID(0), 0, uint16(m.Payload[0])) {
				if int(m.Payload[0]) != seen {
					t.Fatalf("message %d arrived as %d", seen, m.Payload[0])
				}
				seen++
			}
		}
		px.cut()
	}
	lost, connects := sub.Reconnections()
	t.Logf("subscriber: %d connections lost, %d connections, %d duplicates removed", lost, connects, d.Duplicates())
	if lost < 2 || connects < 3 {
		t.Errorf("lost %d, connects %d: want the cuts seen and reconnected", lost, connects)
	}
}

// TestBrokerDown: while the broker cannot be reached, QoS 0 messages are
// refused with ErrDisconnected and a QoS 1 Publish waits until its context
// ends.
func TestBrokerDown(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	px := startProxy(t, b.addr())
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: px.url()})
	px.l.Close()
	px.cut()
	deadline := time.Now().Add(5 * time.Second)
	for c.Connected() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if err := c.Publish(ctx, "d", []byte{0}, AtMostOnce, false); !errors.Is(err, ErrDisconnected) {
		t.Errorf("QoS 0 while down: %v, want ErrDisconnected", err)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if err := c.Publish(short, "d", []byte{1}, AtLeastOnce, false); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("QoS 1 while down: %v, want the context's deadline", err)
	}
}

// TestBrokerSubscribeContext: Subscribe and Next end with the context;
// Close ends a blocked Next with ErrClosed.
func TestBrokerSubscribeContext(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.url()})
	s, err := c.Subscribe(ctx, "x/+", AtMostOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() { _, err := s.Next(ctx); done <- err }()
	time.Sleep(50 * time.Millisecond)
	s.Close()
	if err := <-done; !errors.Is(err, ErrClosed) || !errors.Is(err, pubsub.ErrClosed) {
		t.Errorf("Next after Close: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.Subscribe(cancelled, "y", AtMostOnce, Queue{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Subscribe with a cancelled context: %v", err)
	}
	if err := c.Publish(cancelled, "y", nil, AtLeastOnce, false); !errors.Is(err, context.Canceled) {
		t.Errorf("Publish with a cancelled context: %v", err)
	}
	if _, err := c.Subscribe(ctx, "a/#/b", AtMostOnce, Queue{}); !errors.Is(err, ErrTopic) {
		t.Errorf("Subscribe to an invalid filter: %v", err)
	}
	if err := c.Publish(ctx, "a/+", nil, AtMostOnce, false); !errors.Is(err, ErrTopic) {
		t.Errorf("Publish to a wildcard topic: %v", err)
	}
	// a broker that is not there: a clear error within the context
	short, cancel2 := context.WithTimeout(ctx, 2*time.Second)
	defer cancel2()
	if _, err := Dial(short, Options{Broker: fmt.Sprintf("tcp://127.0.0.1:%d", freePort(t))}); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("no broker: %v", err)
	}
}

// TestBrokerSenderWindow: a Sender with a window of 8 sends 1,000 QoS 1
// messages, all arriving in order; while the broker cannot be reached, Send
// waits once the window is full and Flush waits for its context.
func TestBrokerSenderWindow(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	px := startProxy(t, b.addr())
	ctx := testContext(t, 30*time.Second)
	sub := dial(t, ctx, Options{Broker: b.url()})
	s, err := sub.Subscribe(ctx, "w", AtLeastOnce, Queue{Size: 2000})
	if err != nil {
		t.Fatal(err)
	}
	c := dial(t, ctx, Options{Broker: px.url()})
	snd, err := c.Sender("w", SendOptions{QoS: AtLeastOnce, Window: 8})
	if err != nil {
		t.Fatal(err)
	}
	const n = 1000
	for i := range n {
		if err := snd.Send(ctx, []byte(fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	if err := snd.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		m, err := s.Next(ctx)
		if err != nil || string(m.Payload) != fmt.Sprint(i) {
			t.Fatalf("message %d: %q, %v", i, m.Payload, err)
		}
	}
	px.l.Close()
	px.cut()
	for c.Connected() {
		time.Sleep(5 * time.Millisecond)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	var sendErr error
	for i := 0; i < 20 && sendErr == nil; i++ {
		sendErr = snd.Send(short, []byte("queued"))
	}
	if !errors.Is(sendErr, context.DeadlineExceeded) {
		t.Errorf("Send with a full window and no broker: %v, want the context's deadline", sendErr)
	}
	if err := snd.Flush(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Flush without broker: %v", err)
	}
	snd.Close()
	if err := snd.Send(ctx, nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after Close: %v", err)
	}
}

// TestBrokerACL: what the broker's access control denies is not an error
// at the client with MQTT 3.1.1: a PUBLISH has no refusal (it is
// acknowledged and dropped), and mosquitto 2.0 grants a subscription it
// denies; in both cases nothing is delivered. Access control must be
// checked at the broker's configuration, not inferred from the client.
func TestBrokerACL(t *testing.T) {
	b := startBroker(t, brokerConfig{Users: map[string]string{"scada": "s3cret", "admin": "adm1n"},
		ACL: "user scada\ntopic readwrite opcua/#\ntopic read secret/#\nuser admin\ntopic readwrite #\n"})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.url(), Username: "scada", Password: "s3cret"})
	admin := dial(t, ctx, Options{Broker: b.url(), Username: "admin", Password: "adm1n"})
	denied, err := c.Subscribe(ctx, "other/#", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatalf("subscription the ACL denies: %v", err)
	}
	secret, err := c.Subscribe(ctx, "secret/#", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Publish(ctx, "secret/x", []byte("denied"), AtLeastOnce, false); err != nil {
		t.Fatalf("a denied publish is acknowledged all the same: %v", err)
	}
	if err := admin.Publish(ctx, "other/x", []byte("not for scada"), AtLeastOnce, false); err != nil {
		t.Fatal(err)
	}
	if err := admin.Publish(ctx, "secret/y", []byte("for scada"), AtLeastOnce, false); err != nil {
		t.Fatal(err)
	}
	if m, err := secret.Next(ctx); err != nil || string(m.Payload) != "for scada" {
		t.Fatalf("allowed message: %q, %v (the denied publish must not come first)", m.Payload, err)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if m, err := denied.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("denied subscription delivered %q, %v", m.Payload, err)
	}
}

// TestBrokerPersistentSubscriber: a subscriber with a persistent session
// goes away (a clean DISCONNECT keeps the session); 50 QoS 1 messages are
// published meanwhile; the subscriber comes back with the same ClientID, the
// broker sends them at once, before the program subscribes again, and the
// new Subscription receives them all, in order.
func TestBrokerPersistentSubscriber(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	o := Options{Broker: b.url(), ClientID: "historian", PersistentSession: true}
	first, err := Dial(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Subscribe(ctx, "p/#", AtLeastOnce, Queue{}); err != nil {
		t.Fatal(err)
	}
	first.Close(time.Second)
	pub := dial(t, ctx, Options{Broker: b.url()})
	const n = 50
	for i := range n {
		if err := pub.Publish(ctx, "p/x", []byte{byte(i)}, AtLeastOnce, false); err != nil {
			t.Fatal(err)
		}
	}
	o.Unclaimed = 40 // fewer than sent: the rest is dropped and counted
	again := dial(t, ctx, o)
	deadline := time.Now().Add(5 * time.Second)
	for w, d := again.Unclaimed(); w+int(d) < n && time.Now().Before(deadline); w, d = again.Unclaimed() {
		time.Sleep(10 * time.Millisecond)
	}
	if w, d := again.Unclaimed(); w != 40 || d != 10 {
		t.Fatalf("unclaimed: %d waiting, %d dropped; want 40 and 10", w, d)
	}
	s, err := again.Subscribe(ctx, "p/+", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		m, err := s.Next(ctx)
		if err != nil || m.Payload[0] != byte(i) {
			t.Fatalf("message %d: %v, %v", i, m.Payload, err)
		}
	}
	if w, _ := again.Unclaimed(); w != 0 {
		t.Errorf("%d still unclaimed", w)
	}
}
