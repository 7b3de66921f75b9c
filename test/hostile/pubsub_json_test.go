package hostile_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

const jsonBoth = pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader

// Hostile JSON NetworkMessages: each is refused with the error kind, at the
// offset and under the path the table gives, without allocating more than
// the input allows.
var pubsubJSONCases = []struct {
	name   string
	layout pubsub.JSONNetworkContent
	in     string
	kind   error
	offset int    // -1: not checked
	path   string // "-": not checked
}{
	{"dataset-message-count-bomb", jsonBoth, `{"MessageType":"ua-data","Messages":[` + strings.Repeat(`{},`, 255) + `{}]}`, wire.ErrLimitExceeded, 36, "NetworkMessage.Messages"},
	{"field-count-bomb", 0, `[{` + strings.Repeat(`"a":null,`, 0) + fieldBomb(4097) + `}]`, wire.ErrLimitExceeded, 1, "NetworkMessage[0].Payload"},
	{"variant-nesting-bomb", 0, `[{"x":` + strings.Repeat(`{"UaType":24,"Value":[`, 200) + `{"UaType":6,"Value":1}` + strings.Repeat(`]}`, 200) + `}]`, wire.ErrLimitExceeded, -1, "-"},
	{"raw-array-nesting-bomb", 0, `[{"x":1,"y":` + strings.Repeat(`[`, 100000) + strings.Repeat(`]`, 100000) + `}]`, wire.ErrLimitExceeded, -1, "-"},
	{"unknown-member-nesting-bomb", jsonBoth, `{"X":` + strings.Repeat(`{"a":`, 5000) + `1` + strings.Repeat(`}`, 5000) + `}`, wire.ErrLimitExceeded, -1, "-"},
	{"huge-message-id", jsonBoth, `{"MessageId":"` + strings.Repeat("x", 70000) + `"}`, wire.ErrLimitExceeded, 0, "NetworkMessage"},
	{"huge-field-name", 0, `[{"` + strings.Repeat("n", 60000) + `":null}]`, wire.ErrLimitExceeded, -1, "-"},
	{"messages-twice", jsonBoth, `{"MessageType":"ua-data","Messages":[],"Messages":[]}`, wire.ErrInvalid, 39, "NetworkMessage"},
	{"field-name-twice", 0, `[{"a":null,"b":null,"a":null}]`, wire.ErrInvalid, 20, "NetworkMessage[0].Payload"},
	{"field-name-twice-large", 0, `[{` + fieldBomb(40) + `,"f7":null}]`, wire.ErrInvalid, -1, "NetworkMessage[0].Payload"},
	{"unknown-member-twice", jsonBoth, `{"MessageType":"ua-data","Z":1,"Z":2,"Messages":[]}`, wire.ErrInvalid, 31, "NetworkMessage"},
	{"metadata-as-data", jsonBoth, `{"MessageType":"ua-metadata","Messages":[]}`, wire.ErrInvalid, 15, "NetworkMessage.MessageType"},
	{"no-message-type", jsonBoth, `{"Messages":[]}`, wire.ErrInvalid, 0, "NetworkMessage"},
	{"no-messages", jsonBoth, `{"MessageType":"ua-data"}`, wire.ErrInvalid, 0, "NetworkMessage"},
	{"publisher-id-number", jsonBoth, `{"MessageType":"ua-data","PublisherId":12,"Messages":[]}`, wire.ErrInvalid, 39, "NetworkMessage.PublisherId"},
	{"writer-id-out-of-range", jsonBoth, `{"MessageType":"ua-data","Messages":[{"DataSetWriterId":65536}]}`, wire.ErrInvalid, 56, "NetworkMessage.Messages[0].DataSetWriterId"},
	{"sequence-number-negative", jsonBoth, `{"MessageType":"ua-data","Messages":[{"SequenceNumber":-1}]}`, wire.ErrInvalid, 55, "NetworkMessage.Messages[0].SequenceNumber"},
	{"sequence-number-fraction", jsonBoth, `{"MessageType":"ua-data","Messages":[{"SequenceNumber":1.5}]}`, wire.ErrInvalid, 55, "NetworkMessage.Messages[0].SequenceNumber"},
	{"unknown-dataset-message-type", jsonBoth, `{"MessageType":"ua-data","Messages":[{"MessageType":"ua-action","Payload":{}}]}`, wire.ErrInvalid, 52, "NetworkMessage.Messages[0].MessageType"},
	{"keepalive-with-payload", jsonBoth, `{"MessageType":"ua-data","Messages":[{"MessageType":"ua-keepalive","Payload":{}}]}`, wire.ErrInvalid, 77, "NetworkMessage.Messages[0]"},
	{"keyframe-without-payload", jsonBoth, `{"MessageType":"ua-data","Messages":[{"MessageType":"ua-keyframe"}]}`, wire.ErrInvalid, 37, "NetworkMessage.Messages[0]"},
	{"payload-not-object", jsonBoth, `{"MessageType":"ua-data","Messages":[{"Payload":[1,2]}]}`, wire.ErrInvalid, 48, "NetworkMessage.Messages[0].Payload"},
	{"truncated", jsonBoth, `{"MessageType":"ua-data","Messages":[{"Payload":{"a":{"UaType":6,"Val`, wire.ErrTruncated, -1, "-"},
	{"trailing-data", jsonBoth, `{"MessageType":"ua-data","Messages":[]} {}`, wire.ErrInvalid, 40, "NetworkMessage"},
	{"name-not-utf8", 0, "[{\"a\xff\":null}]", wire.ErrInvalid, 4, "NetworkMessage[0].Payload"},
	{"lone-surrogate", 0, `[{"a\ud800":null}]`, wire.ErrInvalid, -1, "-"},
	{"single-not-object", jsonBoth | pubsub.JSONSingleMessage, `{"MessageType":"ua-data","Messages":[]}`, wire.ErrInvalid, 36, "NetworkMessage.Messages[0]"},
	{"variant-type-out-of-range", 0, `[{"a":{"UaType":99,"Value":1}}]`, wire.ErrInvalid, 16, "NetworkMessage[0].Payload.Fields[0].UaType"},
}

// fieldBomb returns n members "f0":null,"f1":null,...
func fieldBomb(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"f` + itoa(i) + `":null`)
	}
	return b.String()
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func TestPubSubJSONHostile(t *testing.T) {
	for _, c := range pubsubJSONCases {
		t.Run(c.name, func(t *testing.T) {
			dec, err := pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: c.layout, Limits: pubsub.Limits{MaxMessageSize: 1 << 20}})
			if err != nil {
				t.Fatal(err)
			}
			switch c.name {
			case "huge-message-id": // the default MaxMessageSize, 65535
				dec, _ = pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: c.layout})
			case "huge-field-name":
				dec, _ = pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: c.layout, Limits: pubsub.Limits{MaxMessageSize: 1 << 20, Values: wire.Limits{MaxStringLength: 4096}}})
			}
			b := []byte(c.in)
			var m pubsub.JSONNetworkMessage
			err = dec.Decode(b, &m)
			if !errors.Is(err, c.kind) {
				t.Fatalf("error %v, want %v", err, c.kind)
			}
			var de *wire.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T is not a *wire.DecodeError", err)
			}
			if c.offset >= 0 && de.Offset != c.offset {
				t.Fatalf("offset %d, want %d (%v)", de.Offset, c.offset, err)
			}
			if c.path != "-" && de.Path != c.path {
				t.Fatalf("path %q, want %q (%v)", de.Path, c.path, err)
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			for range 10 {
				_ = dec.Decode(b, &m)
			}
			runtime.ReadMemStats(&ms)
			if per := (ms.TotalAlloc - before) / 10; per > uint64(heapPerByte*len(b)+heapConst) {
				t.Fatalf("%d bytes allocated per decode of %d input bytes", per, len(b))
			}
		})
	}
}

// TestPubSubJSONTopicNames: names holding MQTT topic characters ('/', '+',
// '#') or JSON syntax are data to the JSON codec: they are written escaped,
// read back unchanged, and never change the structure of the message; a
// transport that builds topics from them refuses them with
// pubsub.CheckTopicLevel.
func TestPubSubJSONTopicNames(t *testing.T) {
	hostile := []string{"a/b", "+", "#", "plant/#", "x/+/y", `","Messages":[],"x":"`, "\u0000", "/"}
	injects := func(name string) bool { return strings.ContainsAny(name, "/+#\x00") }
	enc, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
	dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: jsonBoth})
	for _, name := range hostile {
		m := pubsub.JSONNetworkMessage{
			Content:   jsonBoth | pubsub.JSONNetworkPublisherID | pubsub.JSONNetworkWriterGroupName,
			MessageID: "1", PublisherID: pubsub.StringID(name), WriterGroupName: name,
			Messages: []pubsub.JSONDataSetMessage{{Content: pubsub.JSONCompact | pubsub.JSONWriterName, WriterName: name,
				Fields: []pubsub.JSONField{{Name: name, Value: types.DataValue{Value: types.VariantFromInt32(1)}}}}},
		}
		b, err := enc.Append(nil, &m)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		var got pubsub.JSONNetworkMessage
		if err := dec.Decode(b, &got); err != nil {
			t.Fatalf("%q: %s: %v", name, b, err)
		}
		if got.PublisherID.Str != name || got.WriterGroupName != name || len(got.Messages) != 1 ||
			got.Messages[0].WriterName != name || len(got.Messages[0].Fields) != 1 || got.Messages[0].Fields[0].Name != name {
			t.Fatalf("%q: read back as %+v", name, got)
		}
		if err := pubsub.CheckTopicLevel(name); injects(name) && !errors.Is(err, wire.ErrInvalid) || !injects(name) && err != nil {
			t.Fatalf("CheckTopicLevel(%q) = %v", name, err)
		}
	}
	for _, ok := range []string{"publisher-1", "urn:acme:line 3", "Größe"} {
		if err := pubsub.CheckTopicLevel(ok); err != nil {
			t.Fatalf("CheckTopicLevel(%q) = %v", ok, err)
		}
	}
}
