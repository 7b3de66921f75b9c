// Command pubsub publishes UADP NetworkMessages and subscribes to them on
// loopback, in one process: a Publisher sends five signed and encrypted
// (PubSub-Aes256-CTR) NetworkMessages with a RawData DataSet and a Variant
// DataSet, and one DataSetMessage too large for one datagram, sent in
// chunks; a Subscriber verifies, decrypts, reassembles, decodes and prints
// what arrives.
//
//	go run ./examples/pubsub [-group 239.0.0.1:4840]
//
// The traffic stays on the loopback interface: multicast to the group on
// "lo" when the interface allows it (Linux needs `ip link set lo multicast
// on`), else unicast to 127.0.0.1 on the group's port, as the program says.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"strings"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

func main() {
	group := flag.String("group", "239.0.0.1:4840", "multicast group (kept on the loopback interface)")
	flag.Parse()
	if err := run(*group); err != nil {
		log.Fatal(err)
	}
}

// transports opens the receiving and sending ends: multicast on lo, or
// unicast on 127.0.0.1 when lo does not do multicast.
func transports(group string) (*pubsub.UDP, *pubsub.UDP, string, error) {
	host, port, err := net.SplitHostPort(group)
	if err != nil {
		return nil, nil, "", err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsMulticast() {
		return nil, nil, "", fmt.Errorf("%s is not a multicast group", host)
	}
	lo := loopback()
	if lo != nil && lo.Flags&net.FlagMulticast != 0 {
		rx, err := pubsub.ListenUDP(group, pubsub.UDPOptions{Interface: lo.Name})
		if err == nil {
			tx, err := pubsub.DialUDP(group, pubsub.UDPOptions{Interface: lo.Name, TTL: 1})
			if err == nil {
				return rx, tx, "multicast " + group + " on " + lo.Name, nil
			}
			rx.Close()
		}
	}
	addr := net.JoinHostPort("127.0.0.1", port)
	rx, err := pubsub.ListenUDP(addr, pubsub.UDPOptions{})
	if err != nil {
		return nil, nil, "", err
	}
	tx, err := pubsub.DialUDP(addr, pubsub.UDPOptions{})
	if err != nil {
		rx.Close()
		return nil, nil, "", err
	}
	return rx, tx, "unicast " + addr + " (the loopback interface has no multicast here)", nil
}

func loopback() *net.Interface {
	ifs, _ := net.Interfaces()
	for i := range ifs {
		if ifs[i].Flags&net.FlagLoopback != 0 {
			return &ifs[i]
		}
	}
	return nil
}

func run(group string) error {
	// The DataSet of writer 1, sent as RawData: its metadata lays it out.
	meta := types.DataSetMetaDataType{Name: "Drive", Fields: []types.FieldMetaData{
		{Name: "Speed", BuiltInType: uint8(types.TypeDouble), ValueRank: -1},
		{Name: "Running", BuiltInType: uint8(types.TypeBoolean), ValueRank: -1},
		{Name: "Mode", BuiltInType: uint8(types.TypeString), ValueRank: -1, MaxStringLength: 8},
	}}
	layout, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	if err != nil {
		return err
	}
	keys := pubsub.NewKeyRing(pubsub.PolicyAes256CTR, 0)
	key, err := pubsub.KeyFromKeyData(pubsub.PolicyAes256CTR, 1, bytes.Repeat([]byte{0x5a}, 32+32+4))
	if err != nil {
		return err
	}
	if err := keys.Rotate(key); err != nil {
		return err
	}
	cfg := pubsub.Config{
		Writers:  []pubsub.Writer{{ID: 1, Layout: layout}, {ID: 2}},
		Security: &pubsub.Security{Mode: pubsub.SecuritySignAndEncrypt, Keys: keys},
		Limits:   pubsub.Limits{MaxMessageSize: 1400}, // chunk what does not fit a datagram of 1400 bytes
	}
	rx, tx, how, err := transports(group)
	if err != nil {
		return err
	}
	fmt.Println("pubsub example:", how)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	pubID := pubsub.UInt16ID(2234)
	sub, err := pubsub.NewSubscriber(rx, cfg, pubsub.Filter{PublisherID: &pubID, WriterGroupID: 100})
	if err != nil {
		return err
	}
	sub.OnError = func(err error) { fmt.Println("dropped:", err) }
	done := make(chan error, 1)
	want := 11 // 5 x 2 DataSetMessages and the chunked one
	go func() {
		n := 0
		done <- sub.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
			var fs []string
			for _, f := range d.Fields {
				s := f.Value.Value.String()
				if len(s) > 40 {
					s = s[:40] + "..."
				}
				fs = append(fs, s)
			}
			chunked := ""
			if m.IsChunk {
				chunked = " (reassembled from chunks)"
			}
			fmt.Printf("  received writer %d seq %d, %v, %s, token %d%s: %s\n", d.WriterID, d.SequenceNumber, d.Encoding,
				securityOf(m), m.Security.TokenID, chunked, strings.Join(fs, ", "))
			if n++; n == want {
				return errStop
			}
			return nil
		})
	}()

	pub, err := pubsub.NewPublisher(tx, cfg)
	if err != nil {
		return err
	}
	defer pub.Close()
	for seq := uint16(1); seq <= 5; seq++ {
		m := pubsub.NetworkMessage{
			Content: pubsub.ContentPublisherID | pubsub.ContentGroupHeader | pubsub.ContentWriterGroupID |
				pubsub.ContentSequenceNumber | pubsub.ContentPayloadHeader | pubsub.ContentTimestamp,
			PublisherID: pubID, WriterGroupID: 100, SequenceNumber: seq, Timestamp: types.Now(),
			Messages: []pubsub.DataSetMessage{
				{WriterID: 1, Encoding: pubsub.EncodingRawData, Content: pubsub.DataSetSequenceNumber, SequenceNumber: seq, Fields: []pubsub.Field{
					{Value: types.DataValue{Value: types.VariantFromFloat64(1450 + float64(seq))}},
					{Value: types.DataValue{Value: types.VariantFromBool(seq%2 == 1)}},
					{Value: types.DataValue{Value: types.VariantFromString("auto")}},
				}},
				{WriterID: 2, Encoding: pubsub.EncodingVariant, Content: pubsub.DataSetSequenceNumber, SequenceNumber: seq, Fields: []pubsub.Field{
					{Value: types.DataValue{Value: types.VariantFromInt32(int32(seq) * 10)}},
					{Value: types.DataValue{Value: types.VariantFromString(fmt.Sprintf("sample %d", seq))}},
				}},
			},
		}
		fmt.Printf("publishing NetworkMessage %d\n", seq)
		if err := pub.Publish(ctx, &m); err != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
	big := pubsub.NetworkMessage{
		Content:     pubsub.ContentPublisherID | pubsub.ContentGroupHeader | pubsub.ContentWriterGroupID | pubsub.ContentPayloadHeader,
		PublisherID: pubID, WriterGroupID: 100,
		Messages: []pubsub.DataSetMessage{{WriterID: 2, Content: pubsub.DataSetSequenceNumber, SequenceNumber: 6, Fields: []pubsub.Field{
			{Value: types.DataValue{Value: types.VariantFromString(strings.Repeat("large ", 1000))}},
		}}},
	}
	fmt.Println("publishing a 6000-byte DataSetMessage in chunks of at most 1400 bytes")
	if err := pub.Publish(ctx, &big); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, errStop) {
		return fmt.Errorf("subscriber: %w", err)
	}
	fmt.Println("all 11 DataSetMessages arrived")
	return nil
}

var errStop = errors.New("stop")

func securityOf(m *pubsub.NetworkMessage) string {
	switch {
	case m.Security.Encrypted:
		return "signed+encrypted"
	case m.Security.Signed:
		return "signed"
	}
	return "plain"
}

func init() { log.SetFlags(0); log.SetOutput(os.Stderr) }
