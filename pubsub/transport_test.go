package pubsub_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
)

// TestUDPLoopback: a Publisher and a Subscriber on 127.0.0.1, with the
// filter dropping another writer group; Close ends Run with ErrClosed and a
// cancelled context ends it with the context's error.
func TestUDPLoopback(t *testing.T) {
	rx, err := pubsub.ListenUDP("127.0.0.1:0", pubsub.UDPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tx, err := pubsub.DialUDP(fmt.Sprintf("127.0.0.1:%d", rx.LocalAddr().Port), pubsub.UDPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ring := testRing(t, pubsub.PolicyAes128CTR, 9)
	cfg := pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySign, Keys: ring}}
	pub, err := pubsub.NewPublisher(tx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	sub, err := pubsub.NewSubscriber(rx, cfg, pubsub.Filter{WriterGroupID: 100})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	got := make(chan int32, 10)
	done := make(chan error, 1)
	go func() {
		done <- sub.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
			v, _ := d.Fields[0].Value.Value.Int32()
			got <- v
			return nil
		})
	}()
	other := pumpMessage()
	other.WriterGroupID = 101
	m := pumpMessage()
	for i := 0; i < 50; i++ { // a few datagrams may go before Run reads
		pub.Publish(ctx, &other)
		if err := pub.Publish(ctx, &m); err != nil {
			t.Fatal(err)
		}
		select {
		case v := <-got:
			if v != -42 {
				t.Fatalf("got %d", v)
			}
			i = 50
		case <-time.After(20 * time.Millisecond):
		}
	}
	sub.Close()
	if err := <-done; !errors.Is(err, pubsub.ErrClosed) {
		t.Fatalf("Run after Close: %v", err)
	}
	if err := pub.Publish(ctx, &m); err != nil {
		t.Fatalf("publish to a closed receiver: %v", err)
	}
	pub.Close()
	if err := pub.Publish(ctx, &m); !errors.Is(err, pubsub.ErrClosed) {
		t.Fatalf("publish after Close: %v", err)
	}

	rx2, _ := pubsub.ListenUDP("127.0.0.1:0", pubsub.UDPOptions{})
	defer rx2.Close()
	sub2, _ := pubsub.NewSubscriber(rx2, pubsub.Config{}, pubsub.Filter{})
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel2() }()
	if err := sub2.Run(ctx2, func(*pubsub.NetworkMessage, *pubsub.DataSetMessage) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel: %v", err)
	}
}
