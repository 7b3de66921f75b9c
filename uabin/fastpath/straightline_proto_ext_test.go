package fastpath_test

import (
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
)

func protoRequest(n int) types.ReadRequest {
	req := types.ReadRequest{RequestHeader: types.RequestHeader{AuthenticationToken: types.NewNumericNodeID(1, 424242), Timestamp: 133000000000000000, RequestHandle: 42, TimeoutHint: 10000}, TimestampsToReturn: types.TimestampsToReturnBoth}
	for i := 0; i < n; i++ {
		req.NodesToRead = append(req.NodesToRead, types.ReadValueID{NodeID: types.NewStringNodeID(2, "Machine.Line1.Temperature"), AttributeID: 13})
	}
	return req
}

func BenchmarkProto(b *testing.B) {
	set := fastpath.NewSet()
	if err := fastpath.Register(set, fastpath.ProtoFuncs()); err != nil {
		b.Fatal(err)
	}
	if err := fastpath.Verify(set, protoRequest(0), protoRequest(1), protoRequest(3)); err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1, 50} {
		req := protoRequest(n)
		name := map[int]string{1: "n=1", 50: "n=50"}[n]
		for _, mode := range []struct {
			name string
			o    uabin.Options
		}{{"plan", uabin.Options{}}, {"straight", uabin.Options{FastPaths: set}}} {
			k, err := uabin.NewCodec[types.ReadRequest](mode.o)
			if err != nil {
				b.Fatal(err)
			}
			buf, err := k.Marshal(&req)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/encode/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				out := make([]byte, 0, len(buf))
				for i := 0; i < b.N; i++ {
					out, _ = k.Append(out[:0], &req)
				}
			})
			var got types.ReadRequest
			b.Run(name+"/decode/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if err := k.Unmarshal(buf, &got); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
