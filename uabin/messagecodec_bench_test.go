package uabin_test

import (
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// BenchmarkMessageCodec compares MessageCodec with the message functions
// (AppendMessage, UnmarshalMessage into a reused *T) on W4 ReadRequest[1]
// and [50] and W5 ReadResponse[10], as sub-benchmarks
// <message>/<dir>/api=Message and api=MessageCodec (benchstat -col /api).
func BenchmarkMessageCodec(b *testing.B) {
	req := func(n int) types.ReadRequest {
		r := types.ReadRequest{RequestHeader: types.RequestHeader{RequestHandle: 1, TimeoutHint: 10000}, MaxAge: 0, TimestampsToReturn: types.TimestampsToReturnBoth}
		for i := 0; i < n; i++ {
			r.NodesToRead = append(r.NodesToRead, types.ReadValueID{NodeID: types.NewStringNodeID(2, "Demo.Static.Scalar.Double"), AttributeID: 13})
		}
		return r
	}
	resp := func(n int) types.ReadResponse {
		var r types.ReadResponse
		r.ResponseHeader.RequestHandle = 1
		for i := 0; i < n; i++ {
			r.Results = append(r.Results, types.DataValue{Value: types.MustVariant(float64(i)), SourceTimestamp: 1, ServerTimestamp: 2})
		}
		return r
	}
	benchMessagePair(b, "ReadRequest[1]", req(1))
	benchMessagePair(b, "ReadRequest[50]", req(50))
	benchMessagePair(b, "ReadResponse[10]", resp(10))
}

func benchMessagePair[T any](b *testing.B, name string, v T) {
	k, err := uabin.NewMessageCodec[T](uabin.Options{})
	if err != nil {
		b.Fatal(err)
	}
	enc, err := uabin.MarshalMessage(&v)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(enc))
	var got T
	b.Run(name+"/encode/api=Message", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf, _ = uabin.AppendMessage(buf[:0], &v)
		}
	})
	b.Run(name+"/encode/api=MessageCodec", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf, _ = k.Append(buf[:0], &v)
		}
	})
	b.Run(name+"/decode/api=Message", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := uabin.UnmarshalMessage(enc, &got); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/decode/api=MessageCodec", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := k.Unmarshal(enc, &got); err != nil {
				b.Fatal(err)
			}
		}
	})
}
