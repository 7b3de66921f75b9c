package mqtt

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
)

// BenchmarkEndToEnd measures UADP NetworkMessages per second from a
// pubsub.Publisher through mosquitto on 127.0.0.1 to a pubsub.Subscriber's
// handler, at QoS 0 and QoS 1, each Publish waiting for its message (at QoS
// 1 for the PUBACK) or with a window of 64 messages on their way, and the
// CPU time per message of this process (both clients) and of the broker.
//
//	UABIN_MOSQUITTO=/usr/sbin/mosquitto go test -run '^$' -bench EndToEnd -benchtime 20000x -count 5
func BenchmarkEndToEnd(b *testing.B) {
	for _, c := range []struct {
		qos    QoS
		window int
	}{{AtMostOnce, 0}, {AtLeastOnce, 0}, {AtMostOnce, 64}, {AtLeastOnce, 64}} {
		name := "QoS" + strconv.Itoa(int(c.qos))
		if c.window > 0 {
			name += "-window" + strconv.Itoa(c.window)
		}
		b.Run(name, func(b *testing.B) { benchEndToEnd(b, c.qos, c.window) })
	}
}

func benchEndToEnd(b *testing.B, qos QoS, window int) {
	br := startBroker(b, brokerConfig{})
	ctx := testContext(b, 10*time.Minute)
	subc := dial(b, ctx, Options{Broker: br.url()})
	pubc := dial(b, ctx, Options{Broker: br.url()})
	sub, err := subc.Subscribe(ctx, "speed", qos, Queue{Size: 1 << 16})
	if err != nil {
		b.Fatal(err)
	}
	snd, _ := pubc.Sender("speed", SendOptions{QoS: qos, Window: window})
	p, _ := pubsub.NewPublisher(snd, pubsub.Config{})
	s, _ := pubsub.NewSubscriber(sub, pubsub.Config{}, pubsub.Filter{})
	m := uadpMessage(0)
	n := b.N
	got := 0
	errDone := errors.New("done")
	done := make(chan error, 1)
	cpu0, broker0 := cpuTime(), processCPU(br.cmd.Process.Pid)
	b.ResetTimer()
	go func() {
		done <- s.Run(ctx, func(*pubsub.NetworkMessage, *pubsub.DataSetMessage) error {
			got++
			if got == n {
				return errDone
			}
			return nil
		})
	}()
	for i := range n {
		m.Messages[0].SequenceNumber = uint16(i)
		if err := p.Publish(ctx, &m); err != nil {
			b.Fatal(err)
		}
	}
	if err := snd.Flush(ctx); err != nil {
		b.Fatal(err)
	}
	// QoS 0 may lose messages: stop 2 s after the last one arrived
	wait := time.NewTimer(2 * time.Second)
	select {
	case <-done:
	case <-wait.C:
		sub.Close()
		<-done
	}
	b.StopTimer()
	elapsed := b.Elapsed()
	cpu, broker := cpuTime()-cpu0, processCPU(br.cmd.Process.Pid)-broker0
	b.ReportMetric(float64(got)/elapsed.Seconds(), "msg/s")
	b.ReportMetric(float64(n-got), "lost")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "client-CPU-µs/msg")
	b.ReportMetric(float64(broker.Microseconds())/float64(n), "broker-CPU-µs/msg")
}

// cpuTime is the user and system CPU time of this process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPU is the user and system CPU time of process pid, from
// /proc/pid/stat (Linux; 0 elsewhere).
func processCPU(pid int) time.Duration {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ is 100 on Linux
}
