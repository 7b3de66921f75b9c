// Package mqtt carries OPC UA PubSub NetworkMessages over an MQTT broker
// (Part 14 v1.05 §7.3.5): UADP NetworkMessages through package pubsub's
// Publisher and Subscriber, JSON NetworkMessages and any other payload
// through Client.Publish and Subscription.Next.
//
//	c, err := mqtt.Dial(ctx, mqtt.Options{Broker: "tcp://127.0.0.1:1883", ClientID: "pump-7", PersistentSession: true})
//	topic, err := mqtt.Tree{}.Data(pubsub.UInt16ID(7), "Group1", "")  // opcua/uadp/data/7/Group1
//	snd, err := c.Sender(topic, mqtt.SendOptions{QoS: mqtt.AtLeastOnce})
//	pub, err := pubsub.NewPublisher(snd, cfg)                          // UADP over MQTT
//	sub, err := c.Subscribe(ctx, topic, mqtt.AtLeastOnce, mqtt.Queue{Size: 1000})
//	s, err := pubsub.NewSubscriber(sub, cfg, pubsub.Filter{})
//
// It is a Go module of its own (github.com/uabin/uabin/pubsub/mqtt), so that
// programs which do not import it do not depend on the MQTT client,
// github.com/eclipse/paho.mqtt.golang (MQTT 3.1.1, which Part 14 allows).
//
// # Topics
//
// Tree builds the topics of §7.3.5.7 under a configurable prefix. Names put
// into topic levels (PublisherId, WriterGroup, DataSetWriter) are checked:
// '/', '+', '#' and NUL are refused (ErrTopic), so a name cannot reach into
// another part of the tree. Data is published not retained, metadata, status
// and the other discovery topics retained (Tree.Retained).
//
// # Delivery
//
// QoS 0 messages are lost when the connection is; QoS 1 and 2 messages are
// kept by the client until the broker acknowledges them and re-sent after a
// reconnection (the client reconnects by itself, with a back-off from 1 s
// up to Options.MaxReconnectInterval). For a Subscriber to receive what was
// published while it was away, or while the broker restarted, it needs
// Options.PersistentSession, a fixed ClientID and a broker that persists
// sessions; QoS 1 then delivers every message at least once, and Dedup
// removes the duplicates by sequence number. A Subscription holds at most
// Queue.Size messages: past that it drops and counts them, or with
// Queue.Block pushes back on the broker.
//
// # Security
//
// TLS (ssl://, mqtts://, wss:// brokers, Options.TLS) authenticates the
// broker and encrypts the connection; Username and Password authenticate the
// client. JSON NetworkMessages are not signed or encrypted by Part 14: over
// MQTT their protection is the TLS connection and the broker's access
// control. UADP NetworkMessages may in addition carry pubsub's message
// security (pubsub.Config.Security), end to end through the broker.
package mqtt

import "github.com/uabin/uabin/pubsub"

var (
	_ pubsub.Transport = (*Subscription)(nil)
	_ pubsub.Transport = (*Sender)(nil)
)
