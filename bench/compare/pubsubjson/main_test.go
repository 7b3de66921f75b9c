package main

import (
	"os"
	"strings"
	"testing"

	"github.com/uabin/uabin/pubsub"
)

// TestWorkloads: the workloads encode to the text whose start c/o6nmjson.c
// writes too, decode back, and cost no allocation into reused values; with
// UABIN_O6_PUBSUBJSON_BIN set (test/interop/pubsubjson/run.sh builds it),
// open62541 writes the same text.
func TestWorkloads(t *testing.T) {
	enc, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
	dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
	for _, w := range workloads {
		m := message(w)
		b, err := enc.Append(nil, m)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), `{"MessageId":"5c1b0e3a-1f6e-4c1b-9d7a-000000000001","MessageType":"ua-data","PublisherId":"2234","Messages":[{"DataSetWriterId":100,"SequenceNumber":1000,"Timestamp":"2024-01-17T21:20:00Z","MessageType":"ua-keyframe","Payload":{"Field0":{"UaType":11,"Value":20.5}`) {
			t.Fatalf("%s: %s", w.name, b)
		}
		var into pubsub.JSONNetworkMessage
		if err := dec.Decode(b, &into); err != nil || len(into.Messages) != w.msgs || len(into.Messages[0].Fields) != w.nfs {
			t.Fatalf("%s: decoded %d messages: %v", w.name, len(into.Messages), err)
		}
		if r := measure(0, func() { b, _ = enc.Append(b[:0], m) }); r.allocs != 0 {
			t.Errorf("%s: encoding allocates %d times", w.name, r.allocs)
		}
		if r := measure(0, func() { _ = dec.Decode(b, &into) }); r.allocs != 0 {
			t.Errorf("%s: decoding allocates %d times", w.name, r.allocs)
		}
	}
	if bin := os.Getenv("UABIN_O6_PUBSUBJSON_BIN"); bin != "" {
		if err := verify(bin); err != nil {
			t.Fatal(err)
		}
	}
}
