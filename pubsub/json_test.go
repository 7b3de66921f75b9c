package pubsub

import (
	"bufio"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uajson"
)

var updateJSON = flag.Bool("update-json", false, "rewrite testdata/json-golden.txt from the encoder")

const jsonGoldenFile = "testdata/json-golden.txt"

// jsonCase is one exact-text case: a message, the text the Encoder writes
// for it (in testdata/json-golden.txt, by name), and the Decoder
// configuration that reads the text back to the same text.
type jsonCase struct {
	name string
	m    *JSONNetworkMessage
	// writers configures the Decoder (FieldEncoding bits, RawData).
	writers []JSONWriter
	// lossy says why the decoded message does not give the same text
	// again ("" when it does).
	lossy string
	// typed: RawData fields decode into values (the writer's MetaData).
	typed bool
}

var (
	jsonTime  = types.DateTime(133500000000000000) // 2024-01-17T21:20:00Z
	jsonClass = types.GUID{Data1: 0x72962B91, Data2: 0xFA75, Data3: 0x4AE6, Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}}
)

// jsonFields returns the two Variant fields of the cases.
func jsonFields() []JSONField {
	return []JSONField{
		{Name: "Temperature", Value: types.DataValue{Value: types.VariantFromFloat64(21.5)}},
		{Name: "Running", Value: types.DataValue{Value: types.VariantFromBool(true)}},
	}
}

// jsonMsg returns a NetworkMessage with both headers and one key frame
// DataSetMessage with content dc and the fields of jsonFields.
func jsonMsg(nc JSONNetworkContent, dc JSONDataSetContent) *JSONNetworkMessage {
	return &JSONNetworkMessage{
		Content: nc, MessageID: "m1", PublisherID: UInt16ID(2234), WriterGroupName: "Group1", DataSetClassID: jsonClass,
		Messages: []JSONDataSetMessage{{
			Content: dc, WriterID: 7, WriterName: "Writer7", PublisherID: StringID("urn:pub"), WriterGroupName: "Group1",
			SequenceNumber: 4294967295, MetaDataVersion: types.ConfigurationVersionDataType{MajorVersion: 1700000000, MinorVersion: 1700000001},
			MinorVersion: 1700000001, Timestamp: jsonTime, Status: types.StatusCode(0x80350000), Fields: jsonFields(),
		}},
	}
}

const hdrs = JSONNetworkHeader | JSONDataSetHeader

func jsonCases() []jsonCase {
	var cs []jsonCase
	add := func(name string, m *JSONNetworkMessage) *jsonCase {
		cs = append(cs, jsonCase{name: name, m: m})
		return &cs[len(cs)-1]
	}
	// JsonNetworkMessageContentMask: each bit, and the layouts.
	add("network/headers", jsonMsg(hdrs, JSONCompact))
	for _, p := range []PublisherID{ByteID(7), UInt16ID(2234), UInt32ID(4000000000), UInt64ID(18446744073709551615), StringID("urn:acme:publisher")} {
		add("network/publisher-id-"+strings.ToLower(p.Type.String()), jsonMsg(hdrs|JSONNetworkPublisherID, JSONCompact)).m.PublisherID = p
	}
	add("network/writer-group-name", jsonMsg(hdrs|JSONNetworkWriterGroupName, JSONCompact))
	add("network/dataset-class-id", jsonMsg(hdrs|JSONNetworkDataSetClassID, JSONCompact))
	add("network/single", jsonMsg(hdrs|JSONSingleMessage|JSONNetworkPublisherID, JSONCompact|JSONWriterID))
	add("network/no-network-header", jsonMsg(JSONDataSetHeader, JSONCompact|JSONWriterID))
	add("network/no-network-header-single", jsonMsg(JSONDataSetHeader|JSONSingleMessage, JSONCompact|JSONWriterID))
	add("network/no-dataset-header", jsonMsg(JSONNetworkHeader, JSONCompact))
	add("network/no-headers", jsonMsg(0, JSONCompact))
	add("network/no-headers-single", jsonMsg(JSONSingleMessage, JSONCompact))
	two := jsonMsg(hdrs, JSONCompact|JSONWriterID)
	two.Messages = append(two.Messages, two.Messages[0])
	two.Messages[1].WriterID = 8
	add("network/two-messages", two)
	empty := jsonMsg(hdrs, JSONCompact)
	empty.Messages = []JSONDataSetMessage{}
	add("network/no-messages", empty)

	// JsonDataSetMessageContentMask: each header bit.
	for _, b := range []struct {
		name string
		bit  JSONDataSetContent
		nc   JSONNetworkContent
	}{
		{"writer-id", JSONWriterID, hdrs},
		{"metadata-version", JSONMetaDataVersion, hdrs},
		{"sequence-number", JSONSequenceNumber, hdrs},
		{"timestamp", JSONTimestamp, hdrs},
		{"status", JSONStatus, hdrs},
		{"message-type", JSONMessageType, hdrs},
		{"writer-name", JSONWriterName, hdrs},
		{"publisher-id", JSONPublisherID, JSONDataSetHeader},
		{"writer-group-name", JSONWriterGroupName, hdrs},
		{"minor-version", JSONMinorVersion, hdrs},
	} {
		add("dataset/"+b.name, jsonMsg(b.nc, JSONCompact|b.bit))
	}
	all := JSONCompact | JSONWriterID | JSONMetaDataVersion | JSONSequenceNumber | JSONTimestamp | JSONStatus |
		JSONMessageType | JSONWriterName | JSONPublisherID | JSONWriterGroupName | JSONMinorVersion
	add("dataset/all", jsonMsg(JSONDataSetHeader|JSONSingleMessage, all))
	good := jsonMsg(hdrs, JSONCompact|JSONStatus)
	good.Messages[0].Status = 0
	add("dataset/status-good", good)
	for _, t := range []DataSetMessageType{DeltaFrame, Event, KeepAlive} {
		m := jsonMsg(hdrs, JSONCompact|JSONWriterID|JSONMessageType)
		m.Messages[0].Type = t
		if t == KeepAlive {
			m.Messages[0].Fields = nil
		}
		if t == DeltaFrame {
			m.Messages[0].Fields = m.Messages[0].Fields[1:]
		}
		add("dataset/type-"+strings.ToLower(t.String()), m)
	}
	ka := jsonMsg(hdrs, JSONCompact|JSONWriterID)
	ka.Messages[0].Type, ka.Messages[0].Fields = KeepAlive, nil
	add("dataset/keepalive-without-message-type", ka)
	nofields := jsonMsg(hdrs, JSONCompact)
	nofields.Messages[0].Fields = []JSONField{}
	add("dataset/empty-payload", nofields)

	// Field encodings and forms.
	dv := func(enc FieldEncoding, dc JSONDataSetContent) *JSONNetworkMessage {
		m := jsonMsg(hdrs, dc|JSONStatus)
		d := &m.Messages[0]
		d.Encoding = enc
		d.Fields[0].Value.Status = types.StatusCode(0x40920000)
		d.Fields[0].Value.SourceTimestamp = jsonTime
		d.Fields[0].Value.SourcePicoseconds = 10
		d.Fields[1].Value.ServerTimestamp = jsonTime + 1
		d.Fields[1].Value.ServerPicoseconds = 20
		d.Fields = append(d.Fields, JSONField{Name: "Node", Value: types.DataValue{Value: types.MustVariant(types.NewNumericNodeID(1, 42))}},
			JSONField{Name: "Levels", Value: types.DataValue{Value: types.MustVariant([]int32{1, -2, 3})}})
		return m
	}
	add("encoding/variant", dv(EncodingVariant, JSONCompact))
	add("encoding/datavalue", dv(EncodingDataValue, JSONCompact))
	add("encoding/rawdata", dv(EncodingRawData, JSONCompact)).writers = []JSONWriter{{ID: 7, Content: JSONCompact, RawData: true}}
	c := add("encoding/rawdata-metadata", dv(EncodingRawData, JSONCompact))
	c.writers = []JSONWriter{{Content: JSONCompact, RawData: true, MetaData: &types.DataSetMetaDataType{Fields: []types.FieldMetaData{
		{Name: "Temperature", BuiltInType: uint8(types.TypeDouble), ValueRank: -1},
		{Name: "Running", BuiltInType: uint8(types.TypeBoolean), ValueRank: -1},
		{Name: "Node", BuiltInType: uint8(types.TypeNodeID), ValueRank: -1},
		{Name: "Levels", BuiltInType: uint8(types.TypeInt32), ValueRank: 1},
	}}}}
	c.typed = true
	c = add("form/verbose", dv(EncodingDataValue, JSONFieldEncoding2))
	c.writers = []JSONWriter{{Content: JSONFieldEncoding2}}
	c = add("form/reversible", dv(EncodingDataValue, JSONFieldEncoding1))
	c.writers = []JSONWriter{{Content: JSONFieldEncoding1}}
	c = add("form/nonreversible", dv(EncodingVariant, 0))
	c.writers = []JSONWriter{{Content: 0}}
	c.lossy = "the deprecated NonReversible form drops the types: it reads back as RawData"

	raw := jsonMsg(hdrs, JSONCompact|JSONWriterID)
	raw.Messages[0].Encoding = EncodingRawData
	raw.Messages[0].Fields = []JSONField{{Name: "Doc", Raw: []byte(`{"a":[1,2,{"b":null}]}`)}, {Name: "N", Raw: []byte(`-1.5e3`)}}
	add("encoding/rawdata-text", raw)

	// Members Part 14 does not define: kept and written back.
	ext := jsonMsg(hdrs, JSONCompact|JSONWriterID)
	ext.Extra = []byte(`"Vendor":{"x":[1,2]},"Zone":"A"`)
	ext.Messages[0].Extra = []byte(`"Quality":"good"`)
	add("network/extra-members", ext)
	kaExt := jsonMsg(hdrs, 0)
	kaExt.Messages[0].Type, kaExt.Messages[0].Fields, kaExt.Messages[0].Extra = KeepAlive, nil, []byte(`"Note":null`)
	add("dataset/extra-members-only", kaExt)

	// Names with JSON escapes, MQTT topic characters and non-ASCII text:
	// data, written escaped, never part of the JSON structure.
	names := jsonMsg(hdrs|JSONNetworkPublisherID|JSONNetworkWriterGroupName, JSONCompact|JSONWriterName)
	names.PublisherID = StringID(`a/b+#"\`)
	names.WriterGroupName = "plant/line+1/#"
	names.Messages[0].WriterName = "w\u0000\n\u2028"
	names.Messages[0].Fields[0].Name = `"}],"x":{"`
	names.Messages[0].Fields[1].Name = "Größe/温度"
	add("names/escaped", names)
	return cs
}

// readJSONGolden reads the golden file: lines "name<TAB>text".
func readJSONGolden(t *testing.T) map[string]string {
	f, err := os.Open(jsonGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		name, text, ok := strings.Cut(s.Text(), "\t")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		out[name] = text
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeJSONGolden(t *testing.T, names []string, texts map[string]string) {
	var b strings.Builder
	b.WriteString("# The JSON text pubsub.JSONEncoder writes for each case of json_test.go (jsonCases, jsonDiscoveryCases):\n")
	b.WriteString("# name<TAB>text. Regenerate with: go test ./pubsub -run 'TestJSONGolden' -update-json\n")
	for _, n := range names {
		b.WriteString(n + "\t" + texts[n] + "\n")
	}
	if err := os.WriteFile(jsonGoldenFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// layout returns the Decoder configuration bits of a message's layout.
func layout(c JSONNetworkContent) JSONNetworkContent {
	return c & (JSONNetworkHeader | JSONDataSetHeader | JSONSingleMessage)
}

// TestJSONGolden: every case encodes to its golden text, which decodes and
// encodes again to the same text (unless the case says why not), and the
// decoded fields hold the values encoded.
func TestJSONGolden(t *testing.T) {
	var golden map[string]string
	if !*updateJSON {
		golden = readJSONGolden(t)
	}
	texts := map[string]string{}
	var order []string
	enc, _ := NewJSONEncoder(JSONConfig{})
	for _, c := range jsonCases() {
		b, err := enc.Append(nil, c.m)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		texts[c.name] = string(b)
		order = append(order, c.name)
		if !*updateJSON && golden[c.name] != string(b) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, b, golden[c.name])
		}
		dec, _ := NewJSONDecoder(JSONConfig{Network: layout(c.m.Content), Writers: c.writers})
		var m JSONNetworkMessage
		if err := dec.Decode(b, &m); err != nil {
			t.Errorf("%s: decoding %s: %v", c.name, b, err)
			continue
		}
		again, err := enc.Append(nil, &m)
		if err != nil {
			t.Errorf("%s: re-encoding: %v", c.name, err)
			continue
		}
		if c.lossy == "" && string(again) != string(b) {
			t.Errorf("%s: decoded and encoded again:\n got %s\nwant %s", c.name, again, b)
		}
		if c.lossy != "" {
			continue
		}
		for i := range c.m.Messages {
			want, got := &c.m.Messages[i], &m.Messages[i]
			wantFields := want.Fields
			if want.Encoding == EncodingVariant || c.typed { // the Variant and RawData encodings carry Value.Value only
				wantFields = nil
				for _, f := range want.Fields {
					wantFields = append(wantFields, JSONField{Name: f.Name, Value: types.DataValue{Value: f.Value.Value}})
				}
			}
			if diff := cmp.Diff(wantFields, got.Fields, cmpopts.EquateEmpty(), cmp.AllowUnexported(types.Variant{})); diff != "" && (want.Encoding != EncodingRawData || c.typed) {
				t.Errorf("%s: Messages[%d].Fields (-want +got):\n%s", c.name, i, diff)
			}
		}
	}
	for _, c := range jsonDiscoveryCases() {
		b, err := c.enc(enc)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		texts[c.name] = string(b)
		order = append(order, c.name)
		if !*updateJSON && golden[c.name] != string(b) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, b, golden[c.name])
		}
		again, err := c.roundTrip(b)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		} else if string(again) != string(b) {
			t.Errorf("%s: decoded and encoded again:\n got %s\nwant %s", c.name, again, b)
		}
	}
	if *updateJSON {
		writeJSONGolden(t, order, texts)
	}
}

// TestJSONEncodeRefused: messages the mapping has no form for are refused
// with ErrInvalid and the path of the value, and the buffer comes back as
// it was.
func TestJSONEncodeRefused(t *testing.T) {
	cases := []struct {
		name string
		m    func() *JSONNetworkMessage
		path string
	}{
		{"reply-to", func() *JSONNetworkMessage { return jsonMsg(hdrs|JSONNetworkReplyTo, JSONCompact) }, "NetworkMessage"},
		{"single-with-two", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs|JSONSingleMessage, JSONCompact)
			m.Messages = append(m.Messages, m.Messages[0])
			return m
		}, "NetworkMessage.Messages"},
		{"publisher-id-without-header", func() *JSONNetworkMessage { return jsonMsg(JSONNetworkPublisherID, JSONCompact) }, "NetworkMessage"},
		{"dataset-publisher-id-with-network-header", func() *JSONNetworkMessage { return jsonMsg(hdrs, JSONCompact|JSONPublisherID) }, "NetworkMessage.Messages[0].PublisherID"},
		{"writer-group-name-twice", func() *JSONNetworkMessage {
			return jsonMsg(hdrs|JSONNetworkWriterGroupName, JSONCompact|JSONWriterGroupName)
		}, "NetworkMessage.Messages[0].WriterGroupName"},
		{"delta-frame-without-message-type", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Type = DeltaFrame
			return m
		}, "NetworkMessage.Messages[0].Type"},
		{"keepalive-without-dataset-header", func() *JSONNetworkMessage {
			m := jsonMsg(JSONNetworkHeader, JSONCompact)
			m.Messages[0].Type, m.Messages[0].Fields = KeepAlive, nil
			return m
		}, "NetworkMessage.Messages[0].Type"},
		{"keepalive-with-fields", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact|JSONMessageType)
			m.Messages[0].Type = KeepAlive
			return m
		}, "NetworkMessage.Messages[0].Fields"},
		{"reserved-type", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact|JSONMessageType)
			m.Messages[0].Type = 5
			return m
		}, "NetworkMessage.Messages[0].Type"},
		{"duplicate-field-name", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Fields[1].Name = m.Messages[0].Fields[0].Name
			return m
		}, "NetworkMessage.Messages[0].Fields[1]"},
		{"duplicate-field-name-large", func() *JSONNetworkMessage {
			m := jsonBenchMessage(1, 40)
			m.Messages[0].Fields[39].Name = m.Messages[0].Fields[3].Name
			return m
		}, "NetworkMessage.Messages[0].Fields[39]"},
		{"field-name-not-utf8", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Fields[1].Name = "a\xff"
			return m
		}, "NetworkMessage.Messages[0].Fields[1]"},
		{"message-id-not-utf8", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.MessageID = "\xc0"
			return m
		}, "NetworkMessage.MessageId"},
		{"raw-not-one-value", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Encoding = EncodingRawData
			m.Messages[0].Fields[0].Raw = []byte(`1,"x":2`)
			return m
		}, "NetworkMessage.Messages[0].Fields[0].Raw"},
		{"extra-defined-member", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Extra = []byte(`"Zone":1,"Messages":[]`)
			return m
		}, "NetworkMessage.Extra"},
		{"extra-not-members", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Extra = []byte(`1,2`)
			return m
		}, "NetworkMessage.Messages[0].Extra"},
		{"extra-name-twice", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Extra = []byte(`"a":1,"a":2`)
			return m
		}, "NetworkMessage.Messages[0].Extra"},
		{"extra-without-network-header", func() *JSONNetworkMessage {
			m := jsonMsg(JSONDataSetHeader, JSONCompact)
			m.Extra = []byte(`"a":1`)
			return m
		}, "NetworkMessage.Extra"},
		{"extra-without-dataset-header", func() *JSONNetworkMessage {
			m := jsonMsg(JSONNetworkHeader, JSONCompact)
			m.Messages[0].Extra = []byte(`"a":1`)
			return m
		}, "NetworkMessage.Messages[0].Extra"},
		{"reserved-field-encoding", func() *JSONNetworkMessage {
			m := jsonMsg(hdrs, JSONCompact)
			m.Messages[0].Encoding = 3
			return m
		}, "NetworkMessage.Messages[0].Fields[0]"},
	}
	enc, _ := NewJSONEncoder(JSONConfig{})
	for _, c := range cases {
		buf := []byte("prefix")
		out, err := enc.Append(buf, c.m())
		if !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("%s: error %v, want ErrInvalid", c.name, err)
			continue
		}
		var ee *wire.EncodeError
		if !errors.As(err, &ee) || ee.Path != c.path {
			t.Errorf("%s: error %v, want path %q", c.name, err, c.path)
		}
		if string(out) != "prefix" {
			t.Errorf("%s: buffer %q after the error", c.name, out)
		}
	}
}

// TestJSONGoldenFilesListed: the golden file has no case the tests lost.
func TestJSONGoldenFilesListed(t *testing.T) {
	golden := readJSONGolden(t)
	known := map[string]bool{}
	for _, c := range jsonCases() {
		known[c.name] = true
	}
	for _, c := range jsonDiscoveryCases() {
		known[c.name] = true
	}
	for n := range golden {
		if !known[n] {
			t.Errorf("%s in %s has no case", n, filepath.Base(jsonGoldenFile))
		}
	}
}

// TestJSONPayloadBeforeWriterID: a DataSetMessage whose Payload comes
// before its DataSetWriterId is read with the JSONWriter of that id (here a
// RawData writer with metadata), not the one at its position.
func TestJSONPayloadBeforeWriterID(t *testing.T) {
	text := `[{"Payload":{"n":5,"s":"x"},"DataSetWriterId":9},{"DataSetWriterId":3,"Payload":{"n":{"UaType":6,"Value":5}}}]`
	dec, _ := NewJSONDecoder(JSONConfig{Network: JSONDataSetHeader, Writers: []JSONWriter{
		{ID: 3, Content: JSONCompact},
		{ID: 9, Content: JSONFieldEncoding2, RawData: true, MetaData: &types.DataSetMetaDataType{Fields: []types.FieldMetaData{{Name: "n", BuiltInType: uint8(types.TypeInt32), ValueRank: -1}}}},
	}})
	var m JSONNetworkMessage
	if err := dec.Decode([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	d0, d1 := &m.Messages[0], &m.Messages[1]
	if d0.WriterID != 9 || d0.Encoding != EncodingRawData || d0.Content.Form() != uajson.Verbose ||
		!d0.Fields[0].Value.Value.Equal(types.VariantFromInt32(5)) || string(d0.Fields[1].Raw) != `"x"` {
		t.Fatalf("first message: %+v", d0)
	}
	if d1.WriterID != 3 || d1.Encoding != EncodingVariant || !d1.Fields[0].Value.Value.Equal(types.VariantFromInt32(5)) {
		t.Fatalf("second message: %+v", d1)
	}
}
