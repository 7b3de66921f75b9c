// Command pubsub-mqtt publishes OPC UA PubSub NetworkMessages through an
// MQTT broker and subscribes to them, in one process: JSON NetworkMessages
// with the Publisher's status and DataSetMetaData (retained, as Part 14
// says) and UADP NetworkMessages, on the topic tree of Part 14 v1.05
// §7.3.5.7, then a clean shutdown that sets the status to Disabled.
//
//	go run -C examples/pubsub-mqtt .                       # starts a mosquitto of its own when it finds one
//	go run -C examples/pubsub-mqtt . -broker tcp://host:1883
//
// Without -broker it starts mosquitto (from PATH or /usr/sbin; Debian:
// apt-get install mosquitto) on 127.0.0.1 with a free port and a
// configuration in a temporary directory, and stops it at the end; without
// mosquitto it connects to tcp://127.0.0.1:1883.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/pubsub/mqtt"
	"github.com/uabin/uabin/types"
)

func main() {
	broker := flag.String("broker", "", "MQTT broker URL (default: a mosquitto started here, else tcp://127.0.0.1:1883)")
	n := flag.Int("n", 3, "NetworkMessages to send in each encoding")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if *broker == "" {
		url, stop, err := startMosquitto()
		if err != nil {
			log.Fatal(err)
		}
		defer stop()
		*broker = url
	}
	if err := run(ctx, *broker, *n); err != nil {
		log.Fatal(err)
	}
}

var pid = pubsub.StringID("pump-7")

func run(ctx context.Context, broker string, n int) error {
	jsonTree, uadpTree := mqtt.Tree{Encoding: mqtt.JSON}, mqtt.Tree{Encoding: mqtt.UADP}

	// The publisher registers the Will of §7.3.5.7.7: its status Error,
	// published by the broker if the connection is lost.
	will, err := mqtt.Will(jsonTree, pid)
	if err != nil {
		return err
	}
	pubc, err := mqtt.Dial(ctx, mqtt.Options{Broker: broker, ClientID: "uabin-example-pump-7", Will: will})
	if err != nil {
		return err
	}
	defer pubc.Close(time.Second)
	fmt.Printf("publisher %s connected to %s, Will on %s (Status Error, retained)\n", pid, broker, will.Topic)
	jp, err := mqtt.NewJSONPublisher(pubc, mqtt.AtLeastOnce, pubsub.JSONConfig{})
	if err != nil {
		return err
	}
	statusTopic, _ := jsonTree.Status(pid)
	metaTopic, _ := jsonTree.MetaData(pid, "Line1", "Writer1")
	jsonData, _ := jsonTree.Data(pid, "Line1", "")
	uadpData, _ := uadpTree.Data(pid, "Line1", "")
	if err := jp.PublishStatus(ctx, statusTopic, &pubsub.JSONStatusMessage{MessageID: "s1", PublisherID: pid, Status: types.PubSubStateOperational}); err != nil {
		return err
	}
	if err := jp.PublishMetaData(ctx, metaTopic, &pubsub.JSONMetaDataMessage{MessageID: "md1", PublisherID: pid, WriterID: 1,
		WriterGroupName: "Line1", WriterName: "Writer1", MetaData: metaData()}); err != nil {
		return err
	}
	fmt.Printf("-> %s and %s (retained)\n", statusTopic, metaTopic)

	// The subscriber connects later: the retained status and metadata
	// reach it all the same.
	subc, err := mqtt.Dial(ctx, mqtt.Options{Broker: broker})
	if err != nil {
		return err
	}
	defer subc.Close(time.Second)
	jsub, err := subc.Subscribe(ctx, "opcua/json/+/"+pid.Text()+"/#", mqtt.AtLeastOnce, mqtt.Queue{Size: 100})
	if err != nil {
		return err
	}
	usub, err := subc.Subscribe(ctx, uadpData, mqtt.AtLeastOnce, mqtt.Queue{Size: 100})
	if err != nil {
		return err
	}

	// JSON: ua-data NetworkMessages through JSONPublisher and JSONSubscriber.
	for i := range n {
		m := jsonMessage(uint32(i))
		if err := jp.Publish(ctx, jsonData, m); err != nil {
			return err
		}
		if i == 0 {
			text, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
			b, _ := text.Append(nil, m)
			fmt.Printf("-> %s %s\n", jsonData, b)
		}
	}
	js, err := mqtt.NewJSONSubscriber(jsub, pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
	if err != nil {
		return err
	}
	js.OnError = func(err error) { fmt.Println("<- error:", err) }
	js.OnStatus = func(topic string, m *pubsub.JSONStatusMessage) {
		fmt.Printf("<- %s: status %v\n", topic, m.Status)
	}
	js.OnMetaData = func(topic string, m *pubsub.JSONMetaDataMessage) {
		var fields []string
		for _, f := range m.MetaData.Fields {
			fields = append(fields, f.Name+" "+types.BuiltinType(f.BuiltInType).String())
		}
		fmt.Printf("<- %s: DataSet %q of writer %d: %s\n", topic, m.MetaData.Name, m.WriterID, strings.Join(fields, ", "))
	}
	got := 0
	errEnough := errors.New("enough")
	err = js.Run(ctx, func(topic string, m *pubsub.JSONNetworkMessage) error {
		for _, d := range m.Messages {
			fmt.Printf("<- %s: JSON writer %d seq %d %s\n", topic, d.WriterID, d.SequenceNumber, jsonFields(d.Fields))
		}
		if got++; got == n {
			return errEnough
		}
		return nil
	})
	if !errors.Is(err, errEnough) {
		return err
	}

	// UADP: pubsub's Publisher and Subscriber, with an MQTT Sender and
	// Subscription as their Transport.
	snd, err := pubc.Sender(uadpData, mqtt.SendOptions{QoS: mqtt.AtLeastOnce})
	if err != nil {
		return err
	}
	up, err := pubsub.NewPublisher(snd, pubsub.Config{})
	if err != nil {
		return err
	}
	for i := range n {
		m := uadpMessage(uint16(i))
		if err := up.Publish(ctx, &m); err != nil {
			return err
		}
	}
	fmt.Printf("-> %s: %d UADP NetworkMessages\n", uadpData, n)
	us, err := pubsub.NewSubscriber(usub, pubsub.Config{}, pubsub.Filter{})
	if err != nil {
		return err
	}
	got = 0
	err = us.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
		fmt.Printf("<- %s: UADP Publisher %v WriterGroup %d writer %d seq %d Speed=%v Running=%v\n", uadpData, m.PublisherID, m.WriterGroupID, d.WriterID,
			d.SequenceNumber, d.Fields[0].Value.Value.Value(), d.Fields[1].Value.Value.Value())
		if got++; got == n {
			return errEnough
		}
		return nil
	})
	if !errors.Is(err, errEnough) {
		return err
	}

	// A clean shutdown: status Disabled, then DISCONNECT (no Will).
	if err := jp.PublishStatus(ctx, statusTopic, &pubsub.JSONStatusMessage{MessageID: "s2", PublisherID: pid, Status: types.PubSubStateDisabled}); err != nil {
		return err
	}
	pubc.Close(time.Second)
	fmt.Printf("-> %s: status Disabled; publisher disconnected\n", statusTopic)
	return nil
}

func metaData() types.DataSetMetaDataType {
	return types.DataSetMetaDataType{Name: "Pump", Fields: []types.FieldMetaData{
		{Name: "Speed", BuiltInType: uint8(types.TypeDouble)}, {Name: "Running", BuiltInType: uint8(types.TypeBoolean)}}}
}

func jsonMessage(seq uint32) *pubsub.JSONNetworkMessage {
	return &pubsub.JSONNetworkMessage{
		Content:   pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader | pubsub.JSONNetworkPublisherID | pubsub.JSONNetworkWriterGroupName,
		MessageID: fmt.Sprintf("pump-7-%d", seq), PublisherID: pid, WriterGroupName: "Line1",
		Messages: []pubsub.JSONDataSetMessage{{
			Content:  pubsub.JSONWriterID | pubsub.JSONSequenceNumber | pubsub.JSONCompact,
			WriterID: 1, SequenceNumber: seq, Fields: []pubsub.JSONField{
				{Name: "Speed", Value: types.DataValue{Value: types.VariantFromFloat64(1450 + float64(seq))}},
				{Name: "Running", Value: types.DataValue{Value: types.VariantFromBool(true)}},
			}}},
	}
}

func jsonFields(fs []pubsub.JSONField) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s=%v", f.Name, f.Value.Value.Value()))
	}
	return strings.Join(parts, " ")
}

func uadpMessage(seq uint16) pubsub.NetworkMessage {
	return pubsub.NetworkMessage{
		Content:     pubsub.ContentPublisherID | pubsub.ContentGroupHeader | pubsub.ContentWriterGroupID | pubsub.ContentPayloadHeader,
		PublisherID: pid, WriterGroupID: 1,
		Messages: []pubsub.DataSetMessage{{WriterID: 1, Content: pubsub.DataSetSequenceNumber, SequenceNumber: seq,
			Fields: []pubsub.Field{
				{Value: types.DataValue{Value: types.VariantFromFloat64(1450 + float64(seq))}},
				{Value: types.DataValue{Value: types.VariantFromBool(true)}},
			}}},
	}
}

// startMosquitto starts mosquitto on 127.0.0.1 with a free port and returns
// its URL and a function that stops it; without mosquitto it returns the
// default local broker.
func startMosquitto() (string, func(), error) {
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		if _, err2 := os.Stat("/usr/sbin/mosquitto"); err2 != nil {
			fmt.Println("no mosquitto found (Debian: apt-get install mosquitto): using tcp://127.0.0.1:1883")
			return "tcp://127.0.0.1:1883", func() {}, nil
		}
		bin = "/usr/sbin/mosquitto"
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := l.Addr().String()
	l.Close()
	dir, err := os.MkdirTemp("", "uabin-mosquitto-")
	if err != nil {
		return "", nil, err
	}
	conf := fmt.Sprintf("listener %s %s\nallow_anonymous true\n", addr[strings.LastIndexByte(addr, ':')+1:], "127.0.0.1")
	if u, err := user.Current(); err == nil {
		conf += "user " + u.Username + "\n" // stay who we are (root would switch to the user mosquitto)
	}
	path := filepath.Join(dir, "mosquitto.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		return "", nil, err
	}
	cmd := exec.Command(bin, "-c", path)
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		os.RemoveAll(dir)
	}
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Since(start) > 5*time.Second {
			stop()
			return "", nil, fmt.Errorf("mosquitto did not start on %s", addr)
		}
	}
	fmt.Printf("started %s on %s (stopped at the end)\n", bin, addr)
	return "tcp://" + addr, stop, nil
}
