package mqtt_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/pubsub/mqtt"
)

// The topics of a Publisher on the default tree, and a name that is refused
// because it would reach into another part of the tree.
func ExampleTree() {
	json := mqtt.Tree{Encoding: mqtt.JSON}
	pub := pubsub.StringID("pump-7")
	data, _ := json.Data(pub, "Line1", "Writer1")
	meta, _ := json.MetaData(pub, "Line1", "Writer1")
	status, _ := json.Status(pub)
	all, _ := json.Filter("data", pub.Text())
	fmt.Println(data)
	fmt.Println(meta, json.Retained("metadata"))
	fmt.Println(status, json.Retained("status"))
	fmt.Println(all)
	_, err := json.Data(pub, "Line1/#", "")
	fmt.Println(errors.Is(err, mqtt.ErrTopic))
	// Output:
	// opcua/json/data/pump-7/Line1/Writer1
	// opcua/json/metadata/pump-7/Line1/Writer1 true
	// opcua/json/status/pump-7 true
	// opcua/json/data/pump-7/#
	// true
}

// Dedup drops the second copy of a message that QoS 1 delivered twice.
func ExampleDedup() {
	var d mqtt.Dedup
	pub := pubsub.UInt16ID(2234)
	for _, seq := range []uint16{1, 2, 2, 3, 1} {
		fmt.Print(d.New(pub, 62541, seq), " ")
	}
	fmt.Println(d.Duplicates())
	// Output: true true false true false 2
}

// UADP NetworkMessages over MQTT: pubsub's Publisher and Subscriber with a
// Sender and a Subscription as their Transport. (Not run: it needs a broker.)
func Example_uadp() {
	ctx := context.Background()
	c, err := mqtt.Dial(ctx, mqtt.Options{Broker: "tcp://127.0.0.1:1883", ClientID: "line1", PersistentSession: true})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close(time.Second)
	topic, _ := mqtt.Tree{}.Data(pubsub.UInt16ID(2234), "Line1", "")
	sub, err := c.Subscribe(ctx, topic, mqtt.AtLeastOnce, mqtt.Queue{Size: 1000})
	if err != nil {
		log.Fatal(err)
	}
	s, _ := pubsub.NewSubscriber(sub, pubsub.Config{}, pubsub.Filter{})
	var dedup mqtt.Dedup
	go s.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
		if dedup.New(m.PublisherID, d.WriterID, d.SequenceNumber) {
			fmt.Println(d.WriterID, d.SequenceNumber, len(d.Fields))
		}
		return nil
	})
	snd, _ := c.Sender(topic, mqtt.SendOptions{QoS: mqtt.AtLeastOnce})
	p, _ := pubsub.NewPublisher(snd, pubsub.Config{})
	m := pubsub.NetworkMessage{Content: pubsub.ContentPublisherID, PublisherID: pubsub.UInt16ID(2234),
		Messages: []pubsub.DataSetMessage{{WriterID: 1, Content: pubsub.DataSetSequenceNumber}}}
	if err := p.Publish(ctx, &m); err != nil {
		log.Fatal(err)
	}
}
