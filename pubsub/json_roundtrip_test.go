package pubsub

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/uabin/uabin/types"
)

// randomJSONMessage returns a valid JSONNetworkMessage of random layout,
// header fields and fields, and the JSONWriters a Decoder needs for it.
func randomJSONMessage(r *rand.Rand) (*JSONNetworkMessage, []JSONWriter) {
	m := &JSONNetworkMessage{Content: JSONNetworkContent(r.IntN(8)), MessageID: "id-" + strconv.Itoa(r.IntN(1000))}
	if m.Content&JSONNetworkHeader != 0 {
		m.Content |= JSONNetworkContent(r.IntN(8)) << 3 &^ JSONNetworkReplyTo
		m.Content |= JSONNetworkContent(r.IntN(2)) << 6
		m.PublisherID = StringID("pub/" + strconv.Itoa(r.IntN(100)))
		m.WriterGroupName = "g+" + strconv.Itoa(r.IntN(100))
		m.DataSetClassID = types.GUID{Data1: r.Uint32(), Data2: uint16(r.Uint32())}
	}
	n := 1
	if m.Content&JSONSingleMessage == 0 {
		n = r.IntN(4)
	}
	var writers []JSONWriter
	for i := 0; i < n; i++ {
		d := JSONDataSetMessage{Content: JSONDataSetContent(r.IntN(1<<11))&^JSONFieldEncoding1 | JSONCompact, WriterID: uint16(i + 1)}
		d.Content |= JSONWriterID // the Decoder finds the writer by its id
		if m.Content&JSONNetworkHeader != 0 {
			d.Content &^= JSONPublisherID
			if m.Content&JSONNetworkWriterGroupName != 0 {
				d.Content &^= JSONWriterGroupName
			}
		}
		d.WriterName, d.PublisherID, d.WriterGroupName = "w#"+strconv.Itoa(i), StringID("p"+strconv.Itoa(i)), "wg"
		d.SequenceNumber, d.MinorVersion = r.Uint32(), r.Uint32()
		d.MetaDataVersion = types.ConfigurationVersionDataType{MajorVersion: r.Uint32(), MinorVersion: r.Uint32()}
		d.Timestamp = types.DateTime(r.Int64N(3e17) + 1)
		d.Status = types.StatusCode(r.Uint32() &^ 0xFFFF)
		d.Encoding = FieldEncoding([]FieldEncoding{EncodingVariant, EncodingDataValue, EncodingRawData}[r.IntN(3)])
		d.Type = []DataSetMessageType{KeyFrame, DeltaFrame, Event, KeepAlive}[r.IntN(4)]
		if m.Content&JSONDataSetHeader == 0 {
			d.Type = KeyFrame
		} else if d.Type != KeyFrame {
			d.Content |= JSONMessageType
		}
		if d.Type != KeepAlive {
			d.Fields = randomJSONFields(r, d.Encoding)
		}
		if m.Content&JSONDataSetHeader == 0 || d.Type == KeepAlive || len(d.Fields) == 0 {
			d.Encoding = EncodingVariant // nothing tells the Decoder otherwise
		}
		if d.Encoding == EncodingDataValue && !hasDataValueParts(d.Fields) {
			d.Encoding = EncodingVariant
		}
		writers = append(writers, JSONWriter{ID: d.WriterID, Content: JSONCompact, RawData: d.Encoding == EncodingRawData})
		m.Messages = append(m.Messages, d)
	}
	return m, writers
}

func hasDataValueParts(fs []JSONField) bool {
	for _, f := range fs {
		if f.Value.Status != 0 || f.Value.SourceTimestamp != 0 || f.Value.ServerTimestamp != 0 {
			return true
		}
	}
	return false
}

// randomJSONFields returns up to 30 fields with unique names of the field
// encoding enc.
func randomJSONFields(r *rand.Rand, enc FieldEncoding) []JSONField {
	n := r.IntN(30)
	fs := make([]JSONField, n)
	for i := range fs {
		fs[i].Name = []string{"f", "Temp/", "a+b", "#", "ü", `q"`, "x\ty"}[r.IntN(7)] + strconv.Itoa(i)
		var v types.Variant
		switch r.IntN(8) {
		case 0:
			v = types.VariantFromInt32(int32(r.Uint32()))
		case 1:
			v = types.VariantFromFloat64(r.NormFloat64() * 1e6)
		case 2:
			v = types.VariantFromBool(r.IntN(2) == 0)
		case 3:
			v = types.VariantFromString("s" + strconv.Itoa(r.IntN(1e6)))
		case 4:
			v = types.VariantFromUint64(r.Uint64())
		case 5:
			v = types.MustVariant([]int16{int16(r.Uint32()), 2, 3})
		case 6:
			v = types.VariantFromDateTime(types.DateTime(r.Int64N(3e17) + 1))
		case 7:
			v = types.MustVariant(types.NewNumericNodeID(uint16(r.IntN(3)), r.Uint32()))
		}
		fs[i].Value.Value = v
		if enc == EncodingDataValue && r.IntN(2) == 0 {
			fs[i].Value.Status = types.StatusCode(r.Uint32() &^ 0xFFFF)
			fs[i].Value.SourceTimestamp = types.DateTime(r.Int64N(3e17) + 1)
		}
	}
	return fs
}

// TestJSONRoundTrip: random messages encode, decode with the matching
// configuration to the same values (PublisherIds as Strings, RawData fields
// as JSON text), and encode again to the same text.
func TestJSONRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	enc, _ := NewJSONEncoder(JSONConfig{})
	for i := 0; i < 2000; i++ {
		m, writers := randomJSONMessage(r)
		b, err := enc.Append(nil, m)
		if err != nil {
			t.Fatalf("case %d: encoding %+v: %v", i, m, err)
		}
		dec, _ := NewJSONDecoder(JSONConfig{Network: layout(m.Content), Writers: writers})
		var got JSONNetworkMessage
		if err := dec.Decode(b, &got); err != nil {
			t.Fatalf("case %d: decoding %s: %v", i, b, err)
		}
		again, err := enc.Append(nil, &got)
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("case %d: encoded again (%v):\n got %s\nwant %s", i, err, again, b)
		}
		want := normalizeDecoded(m)
		if diff := cmp.Diff(want, &got, cmp.AllowUnexported(types.Variant{}), cmpopts.EquateEmpty(),
			cmpopts.IgnoreFields(JSONField{}, "Raw")); diff != "" {
			t.Fatalf("case %d: %s decoded (-want +got):\n%s", i, b, diff)
		}
	}
}

// normalizeDecoded returns what a Decoder gives for the text of m: the
// header fields that were not written are zero, PublisherIds are Strings,
// Variant fields carry their value only and RawData fields their text.
func normalizeDecoded(m *JSONNetworkMessage) *JSONNetworkMessage {
	out := *m
	if m.Content&JSONNetworkHeader == 0 {
		out.MessageID = ""
	}
	if out.Content&JSONNetworkPublisherID != 0 {
		out.PublisherID = StringID(m.PublisherID.Text())
	} else {
		out.PublisherID = PublisherID{}
	}
	if out.Content&JSONNetworkWriterGroupName == 0 {
		out.WriterGroupName = ""
	}
	if out.Content&JSONNetworkDataSetClassID == 0 {
		out.DataSetClassID = types.GUID{}
	}
	out.Messages = make([]JSONDataSetMessage, len(m.Messages))
	for i, d := range m.Messages {
		if m.Content&JSONDataSetHeader == 0 {
			d = JSONDataSetMessage{Content: JSONCompact, Encoding: d.Encoding, Fields: d.Fields}
		}
		c := d.Content
		keep := func(bit JSONDataSetContent) bool { return c&bit != 0 }
		if !keep(JSONWriterID) {
			d.WriterID = 0
		}
		if !keep(JSONWriterName) {
			d.WriterName = ""
		}
		if keep(JSONPublisherID) {
			d.PublisherID = StringID(d.PublisherID.Text())
		} else {
			d.PublisherID = PublisherID{}
		}
		if !keep(JSONWriterGroupName) {
			d.WriterGroupName = ""
		}
		if !keep(JSONSequenceNumber) {
			d.SequenceNumber = 0
		}
		if !keep(JSONMetaDataVersion) {
			d.MetaDataVersion = types.ConfigurationVersionDataType{}
		}
		if !keep(JSONMinorVersion) {
			d.MinorVersion = 0
		}
		if !keep(JSONTimestamp) {
			d.Timestamp = 0
		}
		if !keep(JSONStatus) {
			d.Status = 0
		}
		fs := make([]JSONField, len(d.Fields))
		for k, f := range d.Fields {
			switch d.Encoding {
			case EncodingVariant:
				fs[k] = JSONField{Name: f.Name, Value: types.DataValue{Value: f.Value.Value}}
			case EncodingRawData:
				fs[k] = JSONField{Name: f.Name}
			default:
				fs[k] = JSONField{Name: f.Name, Value: f.Value}
			}
		}
		d.Fields = fs
		out.Messages[i] = d
	}
	return &out
}

// FuzzJSONDecode: decoding never panics; what decodes encodes again, and
// that text decodes to a message that encodes to the same text.
func FuzzJSONDecode(f *testing.F) {
	enc, _ := NewJSONEncoder(JSONConfig{})
	for _, c := range jsonCases() {
		if b, err := enc.Append(nil, c.m); err == nil {
			f.Add(b, uint8(layout(c.m.Content)))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		m, _ := randomJSONMessage(r)
		if b, err := enc.Append(nil, m); err == nil {
			f.Add(b, uint8(layout(m.Content))|uint8(i%2)<<3)
		}
	}
	f.Add([]byte(`[{"DataSetWriterId":1,"Payload":{"a":5,"b":["x","y"],"c":"2024-01-17T21:20:00Z","d":{"k":[1]}}}]`), uint8(JSONDataSetHeader|8))
	f.Fuzz(func(t *testing.T, b []byte, lay uint8) {
		cfg := JSONConfig{Network: JSONNetworkContent(lay) & 7}
		if lay&8 != 0 { // writers with RawData fields typed by metadata, and the Verbose form
			md := &types.DataSetMetaDataType{Fields: []types.FieldMetaData{
				{Name: "a", BuiltInType: uint8(types.TypeInt32), ValueRank: -1},
				{Name: "b", BuiltInType: uint8(types.TypeString), ValueRank: 1},
				{Name: "c", BuiltInType: uint8(types.TypeDateTime), ValueRank: -1}}}
			cfg.Writers = []JSONWriter{{ID: 1, Content: JSONFieldEncoding2, RawData: true, MetaData: md}, {ID: 2, Content: JSONFieldEncoding1}}
		}
		dec, _ := NewJSONDecoder(cfg)
		var m JSONNetworkMessage
		if err := dec.Decode(b, &m); err != nil {
			return
		}
		enc, _ := NewJSONEncoder(cfg)
		out, err := enc.Append(nil, &m)
		if err != nil {
			t.Fatalf("%q decodes but does not encode: %v", b, err)
		}
		var m2 JSONNetworkMessage
		if err := dec.Decode(out, &m2); err != nil {
			t.Fatalf("re-encoding %s does not decode: %v", out, err)
		}
		out2, err := enc.Append(nil, &m2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("not stable (%v):\n%s\n%s", err, out, out2)
		}
	})
}
