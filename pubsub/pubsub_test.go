package pubsub_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"testing"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

func unhex(t testing.TB, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type zeroRand struct{}

func (zeroRand) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = 0xaa
	}
	return len(b), nil
}

func testRing(t testing.TB, p *pubsub.Policy, token uint32) *pubsub.KeyRing {
	data := make([]byte, p.SigningKeyLen+p.EncryptingKeyLen+p.KeyNonceLen)
	for i := range data {
		data[i] = byte(i + int(token))
	}
	k, err := pubsub.KeyFromKeyData(p, token, data)
	if err != nil {
		t.Fatal(err)
	}
	r := pubsub.NewKeyRing(p, 0)
	if err := r.Rotate(k); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestExactBytes pins the wire form of a small message header by header.
func TestExactBytes(t *testing.T) {
	m := pumpMessage()
	enc, _ := pubsub.NewEncoder(pubsub.Config{})
	got, err := enc.Marshal(&m)
	if err != nil {
		t.Fatal(err)
	}
	want := unhex(t, ""+
		"f1"+ // UADPVersion 1, PublisherId, GroupHeader, PayloadHeader, ExtendedFlags1
		"01"+ // ExtendedFlags1: PublisherId UInt16
		"ba08"+ // PublisherId 2234
		"01"+"6400"+ // GroupFlags WriterGroupId, 100
		"01"+"4df4"+ // Count 1, DataSetWriterId 62541
		"01"+ // DataSetFlags1: valid, Variant
		"0200"+ // FieldCount 2
		"06d6ffffff"+ // Int32 -42
		"0c020000006869") // String "hi"
	if !bytes.Equal(got, want) {
		t.Fatalf("got  %x\nwant %x", got, want)
	}
}

func TestSecurityRoundTrip(t *testing.T) {
	for _, p := range []*pubsub.Policy{pubsub.PolicyAes128CTR, pubsub.PolicyAes256CTR} {
		for _, mode := range []pubsub.SecurityMode{pubsub.SecuritySign, pubsub.SecuritySignAndEncrypt} {
			ring := testRing(t, p, 5)
			cfg := pubsub.Config{Security: &pubsub.Security{Mode: mode, Keys: ring, Rand: zeroRand{}}}
			enc, _ := pubsub.NewEncoder(cfg)
			dec, _ := pubsub.NewDecoder(cfg)
			m := pumpMessage()
			m.SecurityFooter = []byte{9, 9}
			b, err := enc.Marshal(&m)
			if err != nil {
				t.Fatal(err)
			}
			// the SecurityHeader: flags, token 5, nonce aa aa aa aa 01 00 00 00
			flags := "05"
			if mode == pubsub.SecuritySignAndEncrypt {
				flags = "07"
			}
			if b[1] != 0x11 || !bytes.Contains(b, unhex(t, flags+"0500000008aaaaaaaa010000000200")) {
				t.Fatalf("%s/%d: header %s", p.URI, mode, hex.EncodeToString(b))
			}
			if mode == pubsub.SecuritySignAndEncrypt && bytes.Contains(b, []byte("hi")) {
				t.Fatal("payload not encrypted")
			}
			var back pubsub.NetworkMessage
			if err := dec.Decode(b, &back); err != nil {
				t.Fatalf("%s/%d: %v", p.URI, mode, err)
			}
			if !back.Messages[0].Fields[1].Value.Value.Equal(types.VariantFromString("hi")) || !bytes.Equal(back.SecurityFooter, []byte{9, 9}) {
				t.Fatalf("decoded %+v", back.Messages[0])
			}
			// replay of the same bytes
			if err := dec.Decode(b, &back); !errors.Is(err, pubsub.ErrReplay) {
				t.Fatalf("replay: %v", err)
			}
			// every single-bit change is refused before decoding
			for i := 0; i < len(b); i++ {
				c := append([]byte(nil), b...)
				c[i] ^= 0x10
				d2, _ := pubsub.NewDecoder(cfg)
				if err := d2.Decode(c, &back); err == nil {
					t.Fatalf("byte %d flipped: accepted", i)
				}
			}
			// a signature of the wrong length
			d3, _ := pubsub.NewDecoder(cfg)
			if err := d3.Decode(b[:len(b)-1], &back); !errors.Is(err, pubsub.ErrSecurity) {
				t.Fatalf("short signature: %v", err)
			}
			// an unsigned message where signing is required
			plain, _ := pubsub.NewEncoder(pubsub.Config{})
			m.SecurityFooter = nil // only a secured message carries one
			u, err := plain.Marshal(&m)
			if err != nil {
				t.Fatal(err)
			}
			if err := d3.Decode(u, &back); !errors.Is(err, pubsub.ErrSecurity) {
				t.Fatalf("unsigned: %v", err)
			}
		}
	}
}

func TestKeyRotation(t *testing.T) {
	p := pubsub.PolicyAes128CTR
	ring := testRing(t, p, 1)
	cfg := pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySignAndEncrypt, Keys: ring}}
	enc, _ := pubsub.NewEncoder(cfg)
	dec, _ := pubsub.NewDecoder(cfg)
	m := pumpMessage()
	old, _ := enc.Marshal(&m)
	k2, _ := pubsub.KeyFromKeyData(p, 2, bytes.Repeat([]byte{7}, 52))
	if err := ring.Rotate(k2); err != nil {
		t.Fatal(err)
	}
	m2 := pumpMessage()
	b, _ := enc.Marshal(&m2)
	if m2.Security.TokenID != 2 || m2.Security.Nonce[4] != 1 {
		t.Fatalf("after rotation: token %d, nonce %x", m2.Security.TokenID, m2.Security.MessageNonce())
	}
	var back pubsub.NetworkMessage
	if err := dec.Decode(b, &back); err != nil {
		t.Fatal(err)
	}
	if err := dec.Decode(old, &back); err != nil {
		t.Fatalf("previous key still in the ring: %v", err)
	}
	ring.Remove(1)
	if err := dec.Decode(old, &back); !errors.Is(err, pubsub.ErrSecurity) {
		t.Fatalf("removed key: %v", err)
	}
}

func TestChunks(t *testing.T) {
	cfg := pubsub.Config{}
	enc, _ := pubsub.NewEncoder(cfg)
	dec, _ := pubsub.NewDecoder(cfg)
	m := pumpMessage()
	m.Messages[0].Fields[1].Value.Value = types.VariantFromString(string(bytes.Repeat([]byte("x"), 1000)))
	m.Messages[0].Content = pubsub.DataSetSequenceNumber
	m.Messages[0].SequenceNumber = 77
	chunks, err := enc.AppendChunks(nil, &m, 200)
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) < 5 {
		t.Fatalf("%d chunks", len(chunks))
	}
	r := pubsub.NewReassembler(pubsub.Limits{})
	var whole []byte
	for i := len(chunks) - 1; i >= 0; i-- { // out of order
		if len(chunks[i]) > 200 {
			t.Fatalf("chunk of %d bytes", len(chunks[i]))
		}
		var cm pubsub.NetworkMessage
		if err := dec.Decode(chunks[i], &cm); err != nil || !cm.IsChunk || cm.Chunk.MessageSequenceNumber != 77 {
			t.Fatalf("chunk %d: %v %+v", i, err, cm.Chunk)
		}
		p, done, err := r.Add(cm.PublisherID, &cm.Chunk)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			whole = p
		}
	}
	var d pubsub.DataSetMessage
	if err := dec.DecodeDataSetMessage(whole, 62541, &d); err != nil || d.Fields[1].Value.Value.Str() != m.Messages[0].Fields[1].Value.Value.Str() {
		t.Fatalf("reassembled: %v", err)
	}
	// overlapping chunks are refused
	r2 := pubsub.NewReassembler(pubsub.Limits{})
	r2.Add(pubsub.ByteID(1), &pubsub.Chunk{TotalSize: 10, Offset: 0, Data: make([]byte, 6)})
	if _, _, err := r2.Add(pubsub.ByteID(1), &pubsub.Chunk{TotalSize: 10, Offset: 4, Data: make([]byte, 6)}); !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("overlap: %v", err)
	}
	if _, _, err := r2.Add(pubsub.ByteID(1), &pubsub.Chunk{TotalSize: 1 << 30, Data: []byte{1}}); !errors.Is(err, wire.ErrLimitExceeded) {
		t.Fatalf("huge TotalSize: %v", err)
	}
}

// TestDiscoveryBytes: probe and announcement bytes worked out from Part 14
// §7.2.4.6 (open62541 has no discovery messages to compare with).
func TestDiscoveryBytes(t *testing.T) {
	enc, _ := pubsub.NewEncoder(pubsub.Config{})
	dec, _ := pubsub.NewDecoder(pubsub.Config{})
	probe := pubsub.NetworkMessage{Content: pubsub.ContentPublisherID, PublisherID: pubsub.UInt16ID(7), Type: pubsub.DiscoveryProbe,
		Probe: &pubsub.Probe{Type: pubsub.ProbePublisherInformation, Information: pubsub.InfoDataSetMetaData, WriterIDs: []uint16{1, 2}}}
	b, err := enc.Marshal(&probe)
	if err != nil {
		t.Fatal(err)
	}
	// UADPFlags 91 (PublisherId, ExtendedFlags1), ExtendedFlags1 81 (UInt16,
	// ExtendedFlags2), ExtendedFlags2 04 (type 001 probe), PublisherId 7,
	// ProbeType 1, InformationType 2, DataSetWriterIds [1, 2]
	if want := "918104070001020200000001000200"; hex.EncodeToString(b) != want {
		t.Fatalf("probe %x, want %s", b, want)
	}
	var back pubsub.NetworkMessage
	if err := dec.Decode(b, &back); err != nil || back.Probe.Information != pubsub.InfoDataSetMetaData || len(back.Probe.WriterIDs) != 2 {
		t.Fatalf("probe back: %v %+v", err, back.Probe)
	}
	ann := pubsub.NetworkMessage{Content: pubsub.ContentPublisherID, PublisherID: pubsub.UInt16ID(7), Type: pubsub.DiscoveryAnnouncement,
		Announcement: &pubsub.Announcement{Type: pubsub.AnnounceDataSetMetaData, SequenceNumber: 3, WriterID: 9,
			MetaData: types.DataSetMetaDataType{Name: "d"}, Status: 0}}
	b, err = enc.Marshal(&ann)
	if err != nil {
		t.Fatal(err)
	}
	// ... ExtendedFlags2 08 (type 010 announcement), AnnouncementType 2,
	// SequenceNumber 3, DataSetWriterId 9, then the DataSetMetaDataType
	// (4 null arrays, Name "d", ...) and the StatusCode.
	if !bytes.HasPrefix(b, unhex(t, "91810807000203000900ffffffffffffffffffffffffffffffff0100000064")) {
		t.Fatalf("announcement %x", b)
	}
	if err := dec.Decode(b, &back); err != nil || back.Announcement.MetaData.Name != "d" || back.Announcement.WriterID != 9 {
		t.Fatalf("announcement back: %v", err)
	}
}

func TestRawLayoutOffsets(t *testing.T) {
	meta := types.DataSetMetaDataType{Fields: []types.FieldMetaData{
		{Name: "a", BuiltInType: uint8(types.TypeUInt16), ValueRank: -1},
		{Name: "s", BuiltInType: uint8(types.TypeString), ValueRank: -1, MaxStringLength: 8},
		{Name: "v", BuiltInType: uint8(types.TypeDouble), ValueRank: 1, ArrayDimensions: []uint32{3}},
	}}
	l, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if l.FixedSize() != 2+12+4+24 || l.FieldOffset(2) != 14 {
		t.Fatalf("fixed %d, offset %d", l.FixedSize(), l.FieldOffset(2))
	}
	cfg := pubsub.Config{Writers: []pubsub.Writer{{ID: 1, Layout: l}}}
	enc, _ := pubsub.NewEncoder(cfg)
	d := pubsub.DataSetMessage{WriterID: 1, Encoding: pubsub.EncodingRawData, Fields: []pubsub.Field{
		{Value: types.DataValue{Value: types.VariantFromUint16(5)}},
		{Value: types.DataValue{Value: types.VariantFromString("ab")}},
		{Value: types.DataValue{Value: types.MustVariant([]float64{1.5})}},
	}}
	b, err := enc.AppendDataSetMessage(nil, &d)
	if err != nil {
		t.Fatal(err)
	}
	want := "03" + "0500" + "020000006162000000000000" + "01000000" + "000000000000f83f" + "00000000000000000000000000000000"
	if hex.EncodeToString(b) != want {
		t.Fatalf("raw %x\nwant %s", b, want)
	}
	dec, _ := pubsub.NewDecoder(cfg)
	var back pubsub.DataSetMessage
	if err := dec.DecodeDataSetMessage(b, 1, &back); err != nil || back.Fields[1].Value.Value.Str() != "ab" || back.Fields[2].Value.Value.Len() != 1 {
		t.Fatalf("back: %v %+v", err, back.Fields)
	}
}

// TestPeriodicFixedOffsets: the periodic fixed layout of Part 14 A.2.1 has
// its fields at the same offsets in every message.
func TestPeriodicFixedOffsets(t *testing.T) {
	meta := types.DataSetMetaDataType{Fields: []types.FieldMetaData{
		{Name: "a", BuiltInType: uint8(types.TypeInt32), ValueRank: -1},
		{Name: "b", BuiltInType: uint8(types.TypeDouble), ValueRank: -1},
	}}
	l, _ := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	enc, _ := pubsub.NewEncoder(pubsub.Config{Writers: []pubsub.Writer{{ID: 1, Layout: l}}})
	m := pubsub.NetworkMessage{Content: pubsub.PeriodicFixedNetworkContent, PublisherID: pubsub.UInt16ID(1), WriterGroupID: 2,
		Messages: []pubsub.DataSetMessage{{WriterID: 1, Encoding: pubsub.EncodingRawData, Content: pubsub.PeriodicFixedDataSetContent,
			Fields: []pubsub.Field{{Value: types.DataValue{Value: types.VariantFromInt32(1)}}, {Value: types.DataValue{Value: types.VariantFromFloat64(2)}}}}}}
	o, err := enc.Offsets(&m)
	if err != nil {
		t.Fatal(err)
	}
	// 0 flags, 1 ExtendedFlags1, 2 PublisherId, 4 GroupFlags, 5
	// WriterGroupId, 7 GroupVersion, 11 NetworkMessageNumber, 13
	// SequenceNumber, 15 DataSetFlags1, 16 DataSetMessageSequenceNumber, 18
	// Status, 20 and 24 the fields.
	if o.GroupVersion != 7 || o.NetworkMessageNumber != 11 || o.SequenceNumber != 13 || o.Payload != 15 || o.Timestamp != -1 ||
		len(o.Messages) != 1 || o.Messages[0].Start != 15 || o.Messages[0].SequenceNumber != 16 ||
		len(o.Messages[0].Fields) != 2 || o.Messages[0].Fields[0] != 20 || o.Messages[0].Fields[1] != 24 {
		t.Fatalf("offsets %+v", o)
	}
	b, _ := enc.Marshal(&m)
	if len(b) != 32 || b[24+7] != 0x40 {
		t.Fatalf("%x", b)
	}
}

// TestRawNumericRoundTrip: every numeric built-in as a RawData field and as
// a Variant field, negative values sign-extended, NaN written canonically.
func TestRawNumericRoundTrip(t *testing.T) {
	vals := []types.Variant{
		types.VariantFromBool(true), types.VariantFromInt8(-2), types.VariantFromUint8(250), types.VariantFromInt16(-7),
		types.VariantFromUint16(65000), types.VariantFromInt32(-42), types.VariantFromUint32(4000000000), types.VariantFromInt64(-5),
		types.VariantFromUint64(1 << 63), types.VariantFromFloat32(-1.5), types.VariantFromFloat64(2.25),
		types.VariantFromDateTime(133500000000000000), types.VariantFromStatusCode(0x80340000),
	}
	var meta types.DataSetMetaDataType
	var fields []pubsub.Field
	for _, v := range vals {
		meta.Fields = append(meta.Fields, types.FieldMetaData{BuiltInType: uint8(v.Type()), ValueRank: -1})
		fields = append(fields, pubsub.Field{Value: types.DataValue{Value: v}})
	}
	l, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := pubsub.Config{Writers: []pubsub.Writer{{ID: 1, Layout: l}}}
	enc, _ := pubsub.NewEncoder(cfg)
	dec, _ := pubsub.NewDecoder(cfg)
	for _, e := range []pubsub.FieldEncoding{pubsub.EncodingRawData, pubsub.EncodingVariant} {
		m := pubsub.NetworkMessage{Messages: []pubsub.DataSetMessage{{WriterID: 1, Encoding: e, Fields: fields}}}
		b, err := enc.Marshal(&m)
		if err != nil {
			t.Fatal(err)
		}
		var back pubsub.NetworkMessage
		if err := dec.Decode(b, &back); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if got := back.Messages[0].Fields[i].Value.Value; !got.Equal(v) {
				t.Errorf("%v field %d: %v, want %v", e, i, got, v)
			}
		}
	}
	nan := pubsub.NetworkMessage{Messages: []pubsub.DataSetMessage{{Fields: []pubsub.Field{
		{Value: types.DataValue{Value: types.VariantFromFloat64(math.Float64frombits(0x7ff0000000000001))}}}}}}
	b, _ := enc.Marshal(&nan)
	if want := "0101" + "0100" + "0b000000000000f8ff"; hex.EncodeToString(b) != want {
		t.Fatalf("NaN %x, want %s", b, want)
	}
}

// TestChunkBytes: a chunk NetworkMessage (Part 14 §7.2.4.4.4) byte by byte.
func TestChunkBytes(t *testing.T) {
	enc, _ := pubsub.NewEncoder(pubsub.Config{})
	m := pubsub.NetworkMessage{Content: pubsub.ContentPublisherID | pubsub.ContentPayloadHeader, PublisherID: pubsub.ByteID(7),
		IsChunk: true, Chunk: pubsub.Chunk{WriterID: 5, MessageSequenceNumber: 9, Offset: 4, TotalSize: 10, Data: []byte{1, 2}}}
	b, err := enc.Marshal(&m)
	if err != nil {
		t.Fatal(err)
	}
	want := "d1" + // UADPVersion 1 | PublisherId | PayloadHeader | ExtendedFlags1
		"80" + // ExtendedFlags1: PublisherId Byte, ExtendedFlags2
		"01" + // ExtendedFlags2: chunk, DataSetMessage payload
		"07" + // PublisherId 7
		"0500" + // chunk PayloadHeader: DataSetWriterId 5
		"0900" + "04000000" + "0a000000" + // MessageSequenceNumber 9, ChunkOffset 4, TotalSize 10
		"020000000102" // ChunkData
	if hex.EncodeToString(b) != want {
		t.Fatalf("%x\nwant %s", b, want)
	}
	dec, _ := pubsub.NewDecoder(pubsub.Config{})
	var back pubsub.NetworkMessage
	if err := dec.Decode(b, &back); err != nil || !back.IsChunk || back.Chunk.WriterID != 5 || back.Chunk.Offset != 4 || !bytes.Equal(back.Chunk.Data, []byte{1, 2}) {
		t.Fatalf("%v %+v", err, back.Chunk)
	}
}
