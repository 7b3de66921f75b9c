package mqtt

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
)

// heapWatch samples the heap in use every 50 ms until stop and returns the
// largest sample.
func heapWatch() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); <-finished; return peak.Load() }
}

const mib = 1 << 20

// TestLoadBrokerRestart sends 10,000 UADP NetworkMessages at QoS 1 through
// mosquitto and stops the broker in the middle, then starts it again. Both
// clients hold persistent sessions with fixed client ids and the broker
// persists them, so the messages it had queued survive; the publisher
// re-sends what the broker had not acknowledged. Every message must reach
// the application once after Dedup, with the heap bounded.
//
// Three ways of stopping, with the application stalled across the stop so
// that the broker holds a backlog for it:
//   - SIGTERM: mosquitto saves its sessions as it stops; every message must
//     arrive.
//   - SIGKILL, the broker saving after every change (autosave_on_changes):
//     mosquitto acknowledges a message before the save that holds it, so a
//     kill can lose the last message or few it acknowledged; the run
//     reports the loss and fails above 10.
//   - SIGKILL, the broker saving only when it stops: the backlog it had
//     acknowledged is lost, as MQTT allows a broker without durable storage
//     to; the run fails if nothing is lost (the test would be blind).
//
// Nothing may arrive twice past Dedup in any of them.
func TestLoadBrokerRestart(t *testing.T) {
	for _, kill := range []struct {
		name     string
		sig      syscall.Signal
		save     bool          // the broker saves after every change
		maxLoss  int           // -1: must lose some
		patience time.Duration // wait for the last messages
	}{
		{"SIGTERM", syscall.SIGTERM, false, 0, 60 * time.Second},
		{"SIGKILL, saving every change", syscall.SIGKILL, true, 10, 5 * time.Second},
		{"SIGKILL, saving on stop only", syscall.SIGKILL, false, -1, 3 * time.Second},
	} {
		t.Run(kill.name, func(t *testing.T) {
			r := runRestart(t, kill.sig, kill.save, 10000, kill.patience)
			lost := r.sent - r.delivered
			t.Logf("| broker stopped with %s | %d sent | %d delivered | %d duplicates removed | %d dropped | %d lost | %v | heap peak %.1f MiB | reconnections pub %d, sub %d |",
				kill.name, r.sent, r.delivered, r.dups, r.dropped, lost, r.elapsed.Round(time.Millisecond), float64(r.heap)/mib, r.pubLost, r.subLost)
			switch {
			case r.dropped != 0:
				t.Errorf("%d dropped by the queue", r.dropped)
			case kill.maxLoss >= 0 && lost > kill.maxLoss:
				t.Errorf("%d of %d lost (first missing %v), at most %d allowed", lost, r.sent, r.missing, kill.maxLoss)
			case kill.maxLoss < 0 && lost == 0:
				t.Errorf("a broker killed without saving lost nothing: the test did not see the loss")
			}
			if r.heap > 64*mib {
				t.Errorf("heap peak %.1f MiB", float64(r.heap)/mib)
			}
			if r.pubLost == 0 || r.subLost == 0 {
				t.Errorf("the clients did not see the broker go (lost: pub %d, sub %d)", r.pubLost, r.subLost)
			}
		})
	}
}

type restartResult struct {
	sent, delivered, dups, dropped int
	missing                        []int // the first missing sequence numbers
	pubLost, subLost               uint64
	elapsed                        time.Duration
	heap                           uint64
}

// runRestart runs the load with a broker stop at the half and waits up to
// patience for the last messages.
func runRestart(t *testing.T, sig syscall.Signal, save bool, n int, patience time.Duration) restartResult {
	b := startBroker(t, brokerConfig{Persistence: true, SaveEveryChange: save})
	ctx := testContext(t, 5*time.Minute)
	o := Options{Broker: b.url(), PersistentSession: true, MaxReconnectInterval: time.Second}
	o.ClientID = "load-sub"
	subc := dial(t, ctx, o)
	o.ClientID = "load-pub"
	pubc := dial(t, ctx, o)
	topic, _ := Tree{}.Data(pubsub.UInt16ID(2234), "Group100", "")
	sub, err := subc.Subscribe(ctx, topic, AtLeastOnce, Queue{Size: 256, Block: true})
	if err != nil {
		t.Fatal(err)
	}
	snd, _ := pubc.Sender(topic, SendOptions{QoS: AtLeastOnce})
	p, err := pubsub.NewPublisher(snd, pubsub.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := pubsub.NewSubscriber(sub, pubsub.Config{}, pubsub.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	s.OnError = func(err error) { t.Errorf("subscriber: %v", err) }
	stopHeap := heapWatch()
	start := time.Now()

	var d Dedup
	delivered := 0
	got := make([]bool, n)
	errDone := errors.New("all delivered")
	runDone := make(chan error, 1)
	go func() {
		runDone <- s.Run(ctx, func(m *pubsub.NetworkMessage, dm *pubsub.DataSetMessage) error {
			if !d.New(m.PublisherID, dm.WriterID, dm.SequenceNumber) {
				return nil
			}
			if got[dm.SequenceNumber] {
				return fmt.Errorf("sequence number %d delivered twice past Dedup", dm.SequenceNumber)
			}
			got[dm.SequenceNumber] = true
			if int(dm.SequenceNumber) == n/2-1000 {
				// the application stalls across the broker's stop, so
				// that the broker holds a backlog for it when it goes
				time.Sleep(1500 * time.Millisecond)
			}
			delivered++
			if delivered == n {
				return errDone
			}
			return nil
		})
	}()
	var restart sync.WaitGroup
	for i := range n {
		if i == n/2 {
			restart.Add(1)
			go func() {
				defer restart.Done()
				b.stop(sig)
				time.Sleep(300 * time.Millisecond)
				b.start()
			}()
		}
		m := uadpMessage(uint16(i))
		if err := p.Publish(ctx, &m); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	restart.Wait()
	wait, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	select {
	case err := <-runDone:
		if !errors.Is(err, errDone) {
			t.Errorf("Run: %v", err)
		}
	case <-wait.Done():
		sub.Close()
		<-runDone
	}
	var missing []int
	for i, ok := range got {
		if !ok && len(missing) < 10 {
			missing = append(missing, i)
		}
	}
	r := restartResult{sent: n, delivered: delivered, missing: missing, dups: int(d.Duplicates()), dropped: int(sub.Stats().Dropped),
		elapsed: time.Since(start), heap: stopHeap()}
	r.pubLost, _ = pubc.Reconnections()
	r.subLost, _ = subc.Reconnections()
	return r
}

// TestLoadSlowSubscriber: a subscriber slower than the publisher. With a
// dropping queue every message is either delivered or counted as dropped and
// the queue never holds more than its size; with Queue.Block every message
// is delivered, the broker holding what the client does not take.
func TestLoadSlowSubscriber(t *testing.T) {
	b := startBroker(t, brokerConfig{})
	ctx := testContext(t, 2*time.Minute)
	for _, c := range []struct {
		name  string
		qos   QoS
		queue Queue
		n     int
	}{
		{"drop", AtMostOnce, Queue{Size: 100}, 5000},
		{"block", AtLeastOnce, Queue{Size: 10, Block: true}, 2000},
	} {
		t.Run(c.name, func(t *testing.T) {
			subc := dial(t, ctx, Options{Broker: b.url()})
			pubc := dial(t, ctx, Options{Broker: b.url()})
			topic := "slow/" + c.name
			sub, err := subc.Subscribe(ctx, topic, c.qos, c.queue)
			if err != nil {
				t.Fatal(err)
			}
			stopHeap := heapWatch()
			start := time.Now()
			var maxQueued atomic.Int64
			delivered := 0
			var last time.Time
			consumed := make(chan struct{})
			idle := 2 * time.Second
			go func() {
				defer close(consumed)
				for {
					next, cancel := context.WithTimeout(ctx, idle)
					_, err := sub.Next(next)
					cancel()
					if err != nil {
						return
					}
					delivered++
					last = time.Now()
					if q := int64(sub.Stats().Queued); q > maxQueued.Load() {
						maxQueued.Store(q)
					}
					if delivered == c.n {
						return
					}
					time.Sleep(500 * time.Microsecond) // the slow application
				}
			}()
			payload := make([]byte, 100)
			for i := range c.n {
				if err := pubc.Publish(ctx, topic, payload, c.qos, false); err != nil {
					t.Fatalf("message %d: %v", i, err)
				}
			}
			published := time.Since(start)
			<-consumed
			st := sub.Stats()
			t.Logf("| %s | QoS %d | queue %d | %d sent in %v | %d delivered in %v | %d dropped | queue peak %d | heap peak %.1f MiB |",
				c.name, c.qos, c.queue.Size, c.n, published.Round(time.Millisecond), delivered,
				last.Sub(start).Round(time.Millisecond), st.Dropped, maxQueued.Load(), float64(stopHeap())/mib)
			if maxQueued.Load() > int64(c.queue.Size) {
				t.Errorf("queue held %d, size %d", maxQueued.Load(), c.queue.Size)
			}
			if c.queue.Block {
				if delivered != c.n || st.Dropped != 0 {
					t.Errorf("backpressure: %d of %d delivered, %d dropped", delivered, c.n, st.Dropped)
				}
				return
			}
			if st.Dropped == 0 {
				t.Errorf("no message dropped: the subscriber was not slower than the publisher")
			}
			if delivered+int(st.Dropped) != c.n || st.Received != uint64(delivered) {
				t.Errorf("%d delivered + %d dropped != %d sent (received %d)", delivered, st.Dropped, c.n, st.Received)
			}
		})
	}
}
