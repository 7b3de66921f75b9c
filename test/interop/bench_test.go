package interop

import (
	"context"
	"testing"
	"time"

	"github.com/uabin/uabin/examples/client/uaclient"
)

// benchClient connects for a benchmark (no inspection, so that the numbers
// are the client's).
func benchClient(b *testing.B, s securitySetting, bufsize uint32) *uaclient.Client {
	b.Helper()
	ep := endpoint(b)
	cfg := uaclient.Config{Policy: s.policy, Mode: s.mode, ReceiveBufferSize: bufsize, Timeout: 30 * time.Second}
	if !s.policy.IsNone() {
		id, err := clientIdentity()
		if err != nil {
			b.Fatal(err)
		}
		cfg.Certificate, cfg.PrivateKey = id.cert, id.key
	}
	c, err := uaclient.Dial(context.Background(), ep, cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// BenchmarkRead is one Read round trip of one Double, client and node-opcua
// server together.
func BenchmarkRead(b *testing.B) {
	for _, s := range settings {
		b.Run(s.name, func(b *testing.B) {
			c := benchClient(b, s, 0)
			n := node("ns=1;s=Scalar.Double")
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.ReadValues(context.Background(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadLarge reads the 20,000 Doubles in 8 KiB chunks.
func BenchmarkReadLarge(b *testing.B) {
	for _, s := range settings {
		b.Run(s.name, func(b *testing.B) {
			c := benchClient(b, s, 8192)
			n := node("ns=1;s=LargeDoubleArray")
			b.ReportAllocs()
			b.SetBytes(largeLength * 8)
			for b.Loop() {
				dvs, err := c.ReadValues(context.Background(), n)
				if err != nil || dvs[0].Value.Len() != largeLength {
					b.Fatal(err)
				}
			}
		})
	}
}
