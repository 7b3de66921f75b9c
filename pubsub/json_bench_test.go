package pubsub

import (
	"strconv"
	"testing"

	"github.com/uabin/uabin/types"
)

// The JSON workloads of issue 35 (docs/benchmarks.md): a NetworkMessage of
// 10 DataSetMessages of 10 fields, and a key frame of 100 fields, with the
// NetworkMessage and DataSetMessage headers, Variant fields of four types.
// test/interop/pubsubjson/c/o6jsonbench.c builds the same messages for
// open62541.

// jsonBenchMessage returns the workload of msgs DataSetMessages of n fields
// each.
func jsonBenchMessage(msgs, n int) *JSONNetworkMessage {
	m := &JSONNetworkMessage{
		Content:     JSONNetworkHeader | JSONDataSetHeader | JSONNetworkPublisherID,
		MessageID:   "5c1b0e3a-1f6e-4c1b-9d7a-000000000001",
		PublisherID: UInt16ID(2234),
	}
	for i := 0; i < msgs; i++ {
		d := JSONDataSetMessage{
			Content:        JSONWriterID | JSONSequenceNumber | JSONTimestamp | JSONMessageType | JSONCompact,
			WriterID:       uint16(100 + i),
			SequenceNumber: uint32(1000 + i),
			Timestamp:      133500000000000000 + types.DateTime(i),
		}
		for k := 0; k < n; k++ {
			var v types.Variant
			switch k % 4 {
			case 0:
				v = types.VariantFromFloat64(20.5 + float64(k))
			case 1:
				v = types.VariantFromInt32(int32(-1000 * k))
			case 2:
				v = types.VariantFromBool(k%3 == 0)
			case 3:
				v = types.MustVariant("state-" + strconv.Itoa(k))
			}
			d.Fields = append(d.Fields, JSONField{Name: "Field" + strconv.Itoa(k), Value: types.DataValue{Value: v}})
		}
		m.Messages = append(m.Messages, d)
	}
	return m
}

var jsonBenchCases = []struct {
	name      string
	msgs, nfs int
}{{"10x10", 10, 10}, {"KeyFrame100", 1, 100}}

func BenchmarkJSONEncode(b *testing.B) {
	for _, c := range jsonBenchCases {
		b.Run(c.name, func(b *testing.B) {
			m := jsonBenchMessage(c.msgs, c.nfs)
			e, _ := NewJSONEncoder(JSONConfig{})
			buf, err := e.Append(nil, m)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = e.Append(buf[:0], m)
			}
		})
	}
}

func BenchmarkJSONDecode(b *testing.B) {
	for _, c := range jsonBenchCases {
		b.Run(c.name, func(b *testing.B) {
			e, _ := NewJSONEncoder(JSONConfig{})
			buf, err := e.Append(nil, jsonBenchMessage(c.msgs, c.nfs))
			if err != nil {
				b.Fatal(err)
			}
			d, _ := NewJSONDecoder(JSONConfig{Network: JSONNetworkHeader | JSONDataSetHeader})
			var m JSONNetworkMessage
			if err := d.Decode(buf, &m); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			for b.Loop() {
				_ = d.Decode(buf, &m)
			}
		})
	}
}

// TestJSONZeroAlloc checks that encoding into a reused buffer and decoding
// into a reused message allocate nothing, for both workloads and for a
// message with every DataSetMessage header field and DataValue fields.
func TestJSONZeroAlloc(t *testing.T) {
	all := jsonMsg(JSONDataSetHeader|JSONSingleMessage, JSONCompact|JSONWriterID|JSONMetaDataVersion|JSONSequenceNumber|JSONTimestamp|
		JSONStatus|JSONMessageType|JSONWriterName|JSONPublisherID|JSONWriterGroupName|JSONMinorVersion)
	all.Messages[0].Encoding = EncodingDataValue
	all.Messages[0].Fields[0].Value.Status = 0x40920000
	e, _ := NewJSONEncoder(JSONConfig{})
	buf, err := e.Append(nil, all)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { buf, _ = e.Append(buf[:0], all) }); n != 0 {
		t.Errorf("all header fields: encoding allocates %v times", n)
	}
	d, _ := NewJSONDecoder(JSONConfig{Network: JSONDataSetHeader | JSONSingleMessage})
	var out JSONNetworkMessage
	if err := d.Decode(buf, &out); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { _ = d.Decode(buf, &out) }); n != 0 {
		t.Errorf("all header fields: decoding allocates %v times", n)
	}

	for _, c := range jsonBenchCases {
		m := jsonBenchMessage(c.msgs, c.nfs)
		e, _ := NewJSONEncoder(JSONConfig{})
		buf, err := e.Append(nil, m)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(20, func() { buf, _ = e.Append(buf[:0], m) }); n != 0 {
			t.Errorf("%s: encoding allocates %v times", c.name, n)
		}
		d, _ := NewJSONDecoder(JSONConfig{Network: JSONNetworkHeader | JSONDataSetHeader})
		var out JSONNetworkMessage
		if err := d.Decode(buf, &out); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(20, func() { _ = d.Decode(buf, &out) }); n != 0 {
			t.Errorf("%s: decoding allocates %v times", c.name, n)
		}
	}
}
