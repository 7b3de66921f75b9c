// Package perflog holds the benchmarks behind the optimisation log of
// docs/performance.md. run.sh (next to this file) builds them against two
// revisions of the repository, extracted with git archive, and compares the
// results with benchstat. The file uses only API that every revision since
// the engine's service messages (f2ff558) has: Options{DisableFastPaths},
// Append, AppendMessage, Marshal, Unmarshal and the generated types.
package perflog

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

const (
	t0Ticks int64 = 133_486_382_451_234_567 // T0 of the workloads
	tickMs  int64 = 10_000
	tickSec int64 = 10_000_000
)

// readRequest is W4 with n nodes.
func readRequest(n int) *types.ReadRequest {
	tok := make([]byte, 16)
	for i := range tok {
		tok[i] = byte(i)
	}
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, tok),
			Timestamp:           types.DateTime(t0Ticks),
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		TimestampsToReturn: types.TimestampsToReturnBoth,
		NodesToRead:        make([]types.ReadValueID, n),
	}
	for i := range req.NodesToRead {
		req.NodesToRead[i] = types.ReadValueID{
			NodeID:      types.NewStringNodeID(2, fmt.Sprintf("Demo.Static.Scalar.Double.%d", i)),
			AttributeID: 13,
		}
	}
	return req
}

// readResponse is W5 with n values.
func readResponse(n int) *types.ReadResponse {
	resp := &types.ReadResponse{
		ResponseHeader: types.ResponseHeader{Timestamp: types.DateTime(t0Ticks), RequestHandle: 42},
		Results:        make([]types.DataValue, n),
	}
	for i := range resp.Results {
		var v types.Variant
		switch i % 5 {
		case 0:
			v.SetBits(types.TypeDouble, math.Float64bits(float64(i)*1.5))
		case 1:
			v.SetBits(types.TypeInt32, uint64(int64(i)))
		case 2:
			v.SetBits(types.TypeBoolean, uint64(1-i%2))
		case 3:
			v.SetString(types.TypeString, fmt.Sprintf("value-%d", i))
		case 4:
			v.SetBits(types.TypeDateTime, uint64(t0Ticks+int64(i)*tickSec))
		}
		ts := types.DateTime(t0Ticks + int64(i)*tickMs)
		resp.Results[i] = types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts}
	}
	return resp
}

// dataValue is W3.
func dataValue() *types.DataValue {
	var v types.Variant
	v.SetBits(types.TypeDouble, math.Float64bits(42.5))
	return &types.DataValue{Value: v, Status: 0x40000000, SourceTimestamp: types.DateTime(t0Ticks),
		SourcePicoseconds: 10, ServerTimestamp: types.DateTime(t0Ticks + tickMs), ServerPicoseconds: 20}
}

var modes = []struct {
	name string
	opts uabin.Options
}{{"fast", uabin.Options{}}, {"plans", uabin.Options{DisableFastPaths: true}}}

// BenchmarkLog runs, for W4 ReadRequest[50] and W5 ReadResponse[100] as
// service messages and for the W3 DataValue alone, in both modes:
// encode (Append into a reused buffer), marshal (a new buffer per call) and
// decode (Unmarshal into a reused value). The bytes of both modes and the
// decoded values are checked before timing.
func BenchmarkLog(b *testing.B) {
	for _, w := range []struct {
		name    string
		v       any
		message bool
	}{
		{"W4ReadRequest50", readRequest(50), true},
		{"W5ReadResponse100", readResponse(100), true},
		{"W3DataValue", dataValue(), false},
	} {
		var first []byte
		for _, m := range modes {
			opts := m.opts
			appendV := func(dst []byte) ([]byte, error) {
				if w.message {
					return opts.AppendMessage(dst, w.v)
				}
				return opts.Append(dst, w.v)
			}
			wire, err := appendV(nil)
			if err != nil {
				b.Fatal(err)
			}
			if first == nil {
				first = wire
			} else if !bytes.Equal(first, wire) {
				b.Fatalf("%s: fast paths and plans write different bytes", w.name)
			}
			body := wire
			if w.message {
				body = wire[4:] // the FourByte type id
			}
			got := reflect.New(reflect.TypeOf(w.v).Elem()).Interface()
			if err := opts.Unmarshal(body, got); err != nil {
				b.Fatal(err)
			}
			if !reflect.DeepEqual(got, w.v) {
				b.Fatalf("%s %s: the decoded value differs", w.name, m.name)
			}
			b.Run(w.name+"/encode/"+m.name, func(b *testing.B) {
				buf := make([]byte, 0, len(wire))
				b.SetBytes(int64(len(wire)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					buf, _ = appendV(buf[:0])
				}
			})
			b.Run(w.name+"/marshal/"+m.name, func(b *testing.B) {
				b.SetBytes(int64(len(wire)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					_, _ = appendV(nil)
				}
			})
			b.Run(w.name+"/decode/"+m.name, func(b *testing.B) {
				b.SetBytes(int64(len(wire)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if err := opts.Unmarshal(body, got); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkServe is a server's share of one Read through the general API,
// the message types taking turns as they do in a server: UnmarshalMessage
// of a ReadRequest[1] into a reused value, then AppendMessage of a
// ReadResponse[10] into a reused buffer (log entry 36).
func BenchmarkServe(b *testing.B) {
	for _, m := range modes {
		opts := m.opts
		reqWire, err := opts.MarshalMessage(readRequest(1))
		if err != nil {
			b.Fatal(err)
		}
		resp := readResponse(10)
		want, err := opts.MarshalMessage(resp)
		if err != nil {
			b.Fatal(err)
		}
		var req types.ReadRequest
		if err := opts.UnmarshalMessage(reqWire, &req); err != nil {
			b.Fatal(err)
		}
		if !reflect.DeepEqual(&req, readRequest(1)) {
			b.Fatalf("%s: the decoded request differs", m.name)
		}
		b.Run("ReadRequest1+ReadResponse10/"+m.name, func(b *testing.B) {
			buf := make([]byte, 0, len(want))
			b.SetBytes(int64(len(reqWire) + len(want)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := opts.UnmarshalMessage(reqWire, &req); err != nil {
					b.Fatal(err)
				}
				if buf, err = opts.AppendMessage(buf[:0], resp); err != nil {
					b.Fatal(err)
				}
			}
			if !bytes.Equal(buf, want) {
				b.Fatalf("%s: the response bytes differ", m.name)
			}
		})
	}
}

// BenchmarkText runs the text forms of the types package (21ce81b): parsing
// a Guid, and the String of a Guid, a NodeId and an ExpandedNodeId.
func BenchmarkText(b *testing.B) {
	const guidText = "72962B91-FA75-4AE6-8D28-B404DC7DAF63"
	g, err := types.ParseGUID(guidText)
	if err != nil {
		b.Fatal(err)
	}
	if s := g.String(); s != guidText {
		b.Fatalf("Guid String %q, want %q", s, guidText)
	}
	n := types.NewStringNodeID(2, "Demo.Static.Scalar.Double.0")
	x := types.ExpandedNodeID{NodeID: n, NamespaceURI: "http://example.org/UA/"}
	b.Run("ParseGUID", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := types.ParseGUID(guidText); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("GUIDString", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = g.String()
		}
	})
	b.Run("NodeIDString", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = n.String()
		}
	})
	b.Run("ExpandedNodeIDString", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = x.String()
		}
	})
}
