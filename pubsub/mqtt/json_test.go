package mqtt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

// jsonMessage is a ua-data NetworkMessage of the Publisher "pump-7" with two
// DataSetMessages (writers 1 and 2) in the Compact encoding.
func jsonMessage(seq uint32) *pubsub.JSONNetworkMessage {
	dc := pubsub.JSONWriterID | pubsub.JSONSequenceNumber | pubsub.JSONCompact
	m := &pubsub.JSONNetworkMessage{
		Content:     pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader | pubsub.JSONNetworkPublisherID | pubsub.JSONNetworkWriterGroupName,
		MessageID:   fmt.Sprintf("pump-7-%d", seq),
		PublisherID: pubsub.StringID("pump-7"), WriterGroupName: "Line1",
	}
	for w := range uint16(2) {
		m.Messages = append(m.Messages, pubsub.JSONDataSetMessage{Content: dc, WriterID: w + 1, SequenceNumber: seq,
			Fields: []pubsub.JSONField{
				{Name: "Speed", Value: types.DataValue{Value: types.VariantFromFloat64(float64(seq) + 0.5)}},
				{Name: "Running", Value: types.DataValue{Value: types.VariantFromBool(seq%2 == 0)}},
			}})
	}
	return m
}

// TestBrokerJSON: a JSON Publisher with the Will of Part 14 publishes its
// status and metadata (retained) and ua-data NetworkMessages; a
// JSONSubscriber on the whole tree of that Publisher decodes them, the
// retained ones included; when the publisher's connection is cut, the Will
// (Status Error) arrives.
func TestBrokerJSON(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	px := startProxy(t, b.addr())
	ctx := testContext(t, 30*time.Second)
	tree := Tree{Encoding: JSON}
	pid := pubsub.StringID("pump-7")
	will, err := Will(tree, pid)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"MessageId":"will-pump-7","MessageType":"ua-status","PublisherId":"pump-7","IsCyclic":false,"Status":3}`; string(will.Payload) != want {
		t.Errorf("Will payload\n got %s\nwant %s", will.Payload, want)
	}
	c := dial(t, ctx, Options{Broker: px.url(), ClientID: "pump-7", Will: will})
	p, err := NewJSONPublisher(c, AtLeastOnce, pubsub.JSONConfig{})
	if err != nil {
		t.Fatal(err)
	}
	statusTopic, _ := tree.Status(pid)
	metaTopic, _ := tree.MetaData(pid, "Line1", "Writer1")
	dataTopic, _ := tree.Data(pid, "Line1", "")
	if err := p.PublishStatus(ctx, statusTopic, &pubsub.JSONStatusMessage{MessageID: "s1", PublisherID: pid, Status: types.PubSubStateOperational}); err != nil {
		t.Fatal(err)
	}
	meta := pubsub.JSONMetaDataMessage{MessageID: "md1", PublisherID: pid, WriterID: 1, WriterGroupName: "Line1", WriterName: "Writer1",
		MetaData: types.DataSetMetaDataType{Name: "Pump", Fields: []types.FieldMetaData{{Name: "Speed", BuiltInType: 11}, {Name: "Running", BuiltInType: 1}}}}
	if err := p.PublishMetaData(ctx, metaTopic, &meta); err != nil {
		t.Fatal(err)
	}

	connTopic, _ := tree.Connection(pid)
	appTopic, _ := tree.Application(pid)
	endsTopic, _ := tree.Endpoints(pid)
	if err := p.PublishConnection(ctx, connTopic, &pubsub.JSONConnectionMessage{MessageID: "c1", PublisherID: pid,
		Connection: types.PubSubConnectionDataType{Name: "conn1"}}); err != nil {
		t.Fatal(err)
	}
	if err := p.PublishApplication(ctx, appTopic, &pubsub.JSONApplicationMessage{MessageID: "a1", PublisherID: pid,
		Description: types.ApplicationDescription{ApplicationURI: "urn:pump-7"}}); err != nil {
		t.Fatal(err)
	}
	if err := p.PublishEndpoints(ctx, endsTopic, &pubsub.JSONEndpointsMessage{MessageID: "e1", PublisherID: pid,
		Endpoints: []types.EndpointDescription{{EndpointURL: "opc.tcp://pump-7:4840"}}}); err != nil {
		t.Fatal(err)
	}

	watch := dial(t, ctx, Options{Broker: b.url()})
	filter := "opcua/json/+/" + pid.Text() + "/#"
	sub, err := watch.Subscribe(ctx, filter, AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewJSONSubscriber(sub, pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
	if err != nil {
		t.Fatal(err)
	}
	var statuses []types.PubSubState
	var metas []string
	s.OnStatus = func(topic string, m *pubsub.JSONStatusMessage) {
		if topic != statusTopic || m.PublisherID.Text() != "pump-7" {
			t.Errorf("status on %s: %+v", topic, m)
		}
		statuses = append(statuses, m.Status)
	}
	s.OnMetaData = func(topic string, m *pubsub.JSONMetaDataMessage) {
		metas = append(metas, topic+" "+m.MetaData.Name+" "+m.WriterName)
	}
	var discovered []string
	s.OnConnection = func(topic string, m *pubsub.JSONConnectionMessage) {
		discovered = append(discovered, topic+" "+m.Connection.Name)
	}
	s.OnApplication = func(topic string, m *pubsub.JSONApplicationMessage) {
		discovered = append(discovered, topic+" "+m.Description.ApplicationURI)
	}
	s.OnEndpoints = func(topic string, m *pubsub.JSONEndpointsMessage) {
		discovered = append(discovered, topic+" "+m.Endpoints[0].EndpointURL)
	}
	s.OnError = func(err error) { t.Errorf("subscriber: %v", err) }

	const n = 10
	go func() {
		for i := range uint32(n) {
			if err := p.Publish(ctx, dataTopic, jsonMessage(i)); err != nil {
				t.Error(err)
			}
		}
	}()
	errDone := errors.New("done")
	got := 0
	err = s.Run(ctx, func(topic string, m *pubsub.JSONNetworkMessage) error {
		if topic != dataTopic || len(m.Messages) != 2 || m.WriterGroupName != "Line1" {
			t.Fatalf("data on %s: %+v", topic, m)
		}
		for _, d := range m.Messages {
			if d.SequenceNumber != uint32(got) || d.Fields[0].Name != "Speed" || d.Fields[0].Value.Value.Value() != float64(got)+0.5 {
				t.Errorf("message %d: %+v", got, d)
			}
		}
		got++
		if got == n {
			return errDone
		}
		return nil
	})
	if !errors.Is(err, errDone) {
		t.Fatalf("Run: %v after %d", err, got)
	}
	if len(statuses) != 1 || statuses[0] != types.PubSubStateOperational {
		t.Errorf("statuses %v, want the retained Operational", statuses)
	}
	if want := metaTopic + " Pump Writer1"; len(metas) != 1 || metas[0] != want {
		t.Errorf("metadata %q, want %q", metas, want)
	}

	slices.Sort(discovered)
	if want := []string{appTopic + " urn:pump-7", connTopic + " conn1", endsTopic + " opc.tcp://pump-7:4840"}; !slices.Equal(discovered, want) {
		t.Errorf("discovery messages %q, want %q", discovered, want)
	}

	// the connection is lost: the broker publishes the Will
	px.cut()
	wait, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	s.OnStatus = func(topic string, m *pubsub.JSONStatusMessage) {
		statuses = append(statuses, m.Status)
		t.Logf("after the cut: %s %+v", topic, m)
		cancel()
	}
	s.Run(wait, func(string, *pubsub.JSONNetworkMessage) error { return nil })
	if len(statuses) != 2 || statuses[1] != types.PubSubStateError {
		t.Errorf("statuses %v, want the Will's Error after Operational", statuses)
	}
}

// TestBrokerJSONErrors: a message that is not a JSON NetworkMessage, and a
// discovery message no callback takes, are reported and skipped.
func TestBrokerJSONErrors(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 20*time.Second)
	c := dial(t, ctx, Options{Broker: b.url()})
	sub, err := c.Subscribe(ctx, "j/#", AtLeastOnce, Queue{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewJSONSubscriber(sub, pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
	var errs []string
	s.OnError = func(err error) { errs = append(errs, err.Error()) }
	for _, m := range []string{`not json`, `{"MessageId":"x","MessageType":"ua-status","PublisherId":"p","IsCyclic":false,"Status":1}`, `{"MessageId":"x","MessageType":"ua-data","Messages":[{"Payload":{"a":{"UaType":6,"Value":1}}}]}`} {
		if err := c.Publish(ctx, "j/x", []byte(m), AtLeastOnce, false); err != nil {
			t.Fatal(err)
		}
	}
	errDone := errors.New("done")
	err = s.Run(ctx, func(topic string, m *pubsub.JSONNetworkMessage) error {
		if m.Messages[0].Fields[0].Name != "a" {
			t.Errorf("%+v", m)
		}
		return errDone
	})
	if !errors.Is(err, errDone) || len(errs) != 2 || !strings.Contains(errs[0], "on j/x") || !strings.Contains(errs[1], "ua-status: no callback") {
		t.Errorf("Run: %v; errors %q", err, errs)
	}
}

func TestWillTopic(t *testing.T) {
	w, err := Will(Tree{Prefix: "site1"}, pubsub.UInt16ID(7))
	if err != nil || w.Topic != "site1/json/status/7" || !w.Retained || w.QoS != AtLeastOnce {
		t.Errorf("%+v, %v", w, err)
	}
	if _, err := Will(Tree{}, pubsub.StringID("a/b")); !errors.Is(err, ErrTopic) {
		t.Errorf("PublisherId a/b: %v, want ErrTopic", err)
	}
}
