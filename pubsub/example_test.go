package pubsub_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

// pumpMessage is a NetworkMessage of publisher 2234, writer group 100, with
// one key frame of DataSetWriter 62541: two fields as Variants.
func pumpMessage() pubsub.NetworkMessage {
	return pubsub.NetworkMessage{
		Content:       pubsub.ContentPublisherID | pubsub.ContentGroupHeader | pubsub.ContentWriterGroupID | pubsub.ContentPayloadHeader,
		PublisherID:   pubsub.UInt16ID(2234),
		WriterGroupID: 100,
		Messages: []pubsub.DataSetMessage{{WriterID: 62541, Fields: []pubsub.Field{
			{Value: types.DataValue{Value: types.VariantFromInt32(-42)}},
			{Value: types.DataValue{Value: types.VariantFromString("hi")}},
		}}},
	}
}

// An Encoder writes a NetworkMessage in the UADP form of Part 14.
func ExampleEncoder_Marshal() {
	enc, err := pubsub.NewEncoder(pubsub.Config{})
	if err != nil {
		panic(err)
	}
	m := pumpMessage()
	b, err := enc.Marshal(&m)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", b)
	// Output:
	// f1 01 ba 08 01 64 00 01 4d f4 01 02 00 06 d6 ff ff ff 0c 02 00 00 00 68 69
}

// A Decoder reads a NetworkMessage into a value it can reuse for the next.
func ExampleDecoder_Decode() {
	b := []byte{0xf1, 0x01, 0xba, 0x08, 0x01, 0x64, 0x00, 0x01, 0x4d, 0xf4, 0x01, 0x02, 0x00,
		0x06, 0xd6, 0xff, 0xff, 0xff, 0x0c, 0x02, 0x00, 0x00, 0x00, 0x68, 0x69}
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	if err != nil {
		panic(err)
	}
	var m pubsub.NetworkMessage
	if err := dec.Decode(b, &m); err != nil {
		panic(err)
	}
	fmt.Println("publisher", m.PublisherID.Num, "group", m.WriterGroupID)
	for _, d := range m.Messages {
		fmt.Println("writer", d.WriterID, d.Type, d.Encoding)
		for i, f := range d.Fields {
			fmt.Println(" ", i, f.Value.Value)
		}
	}
	// A message cut short says where.
	fmt.Println(dec.Decode(b[:20], &m))
	// Output:
	// publisher 2234 group 100
	// writer 62541 KeyFrame Variant
	//   0 Int32(-42)
	//   1 String("hi")
	// pubsub: decoding NetworkMessage.Messages[0].Fields[1] at offset 19: truncated input: need 4 bytes, 1 left
}

// A RawData layout, built from the DataSetMetaData both ends share, writes
// the fields without type information, each at a fixed offset when its
// size is fixed (a String with MaxStringLength, an array with
// ArrayDimensions): here 2 + 12 + 4 + 24 bytes, the Double array padded to
// its 3 elements.
func ExampleNewLayout() {
	meta := types.DataSetMetaDataType{Name: "pump", Fields: []types.FieldMetaData{
		{Name: "speed", BuiltInType: uint8(types.TypeUInt16), ValueRank: -1},
		{Name: "state", BuiltInType: uint8(types.TypeString), ValueRank: -1, MaxStringLength: 8},
		{Name: "temps", BuiltInType: uint8(types.TypeDouble), ValueRank: 1, ArrayDimensions: []uint32{3}},
	}}
	layout, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println("fixed size", layout.FixedSize(), "offsets", layout.FieldOffset(0), layout.FieldOffset(1), layout.FieldOffset(2))

	cfg := pubsub.Config{Writers: []pubsub.Writer{{ID: 7, Layout: layout}}}
	enc, _ := pubsub.NewEncoder(cfg)
	d := pubsub.DataSetMessage{WriterID: 7, Encoding: pubsub.EncodingRawData, Fields: []pubsub.Field{
		{Value: types.DataValue{Value: types.VariantFromUint16(1500)}},
		{Value: types.DataValue{Value: types.VariantFromString("run")}},
		{Value: types.DataValue{Value: types.MustVariant([]float64{20.5, 21})}},
	}}
	b, err := enc.AppendDataSetMessage(nil, &d)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", b)

	dec, _ := pubsub.NewDecoder(cfg)
	var back pubsub.DataSetMessage
	if err := dec.DecodeDataSetMessage(b, 7, &back); err != nil {
		panic(err)
	}
	for i, f := range back.Fields {
		fmt.Println(meta.Fields[i].Name, f.Value.Value)
	}
	// Output:
	// fixed size 42 offsets 0 2 14
	// 03 dc 05 03 00 00 00 72 75 6e 00 00 00 00 00 02 00 00 00 00 00 00 00 00 80 34 40 00 00 00 00 00 00 35 40 00 00 00 00 00 00 00 00
	// speed UInt16(1500)
	// state String("run")
	// temps Double[2] [20.5, 21]
}

// fixedNonce is the Rand of the security example, so that its output is
// the same on every run; a program leaves Security.Rand nil (crypto/rand).
type fixedNonce struct{}

func (fixedNonce) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = 0xaa
	}
	return len(b), nil
}

// With Config.Security, an Encoder signs and encrypts every message with
// the KeyRing's current key, and a Decoder with the same keys verifies
// and decrypts it, refusing a message changed on the way. An Encoder
// without Config.Security writes no SecurityHeader, whatever the message
// value holds.
func ExampleSecurity() {
	keyData := make([]byte, 32+16+4) // SigningKey, EncryptingKey, KeyNonce from a Security Key Service
	for i := range keyData {
		keyData[i] = byte(i)
	}
	key, err := pubsub.KeyFromKeyData(pubsub.PolicyAes128CTR, 1, keyData)
	if err != nil {
		panic(err)
	}
	ring := pubsub.NewKeyRing(pubsub.PolicyAes128CTR, 0)
	if err := ring.Rotate(key); err != nil {
		panic(err)
	}
	cfg := pubsub.Config{Security: &pubsub.Security{Mode: pubsub.SecuritySignAndEncrypt, Keys: ring, Rand: fixedNonce{}}}
	enc, _ := pubsub.NewEncoder(cfg)
	m := pumpMessage()
	b, err := enc.Marshal(&m)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(b), "bytes, token", m.Security.TokenID, "nonce", fmt.Sprintf("% x", m.Security.MessageNonce()),
		"signed", m.Security.Signed, "encrypted", m.Security.Encrypted, "payload in clear:", bytes.Contains(b, []byte("hi")))

	dec, _ := pubsub.NewDecoder(cfg)
	var back pubsub.NetworkMessage
	fmt.Println(dec.Decode(b, &back), back.Messages[0].Fields[1].Value.Value)

	b[len(b)-40] ^= 1 // a bit changed on the way
	dec2, _ := pubsub.NewDecoder(cfg)
	err = dec2.Decode(b, &back)
	fmt.Println(errors.Is(err, pubsub.ErrSecurity), err)

	plain, _ := pubsub.NewEncoder(pubsub.Config{})
	u, _ := plain.Marshal(&m)
	fmt.Println(len(u), "bytes, SecurityHeader", m.Security.Enabled)
	// Output:
	// 71 bytes, token 1 nonce aa aa aa aa 01 00 00 00 signed true encrypted true payload in clear: false
	// <nil> String("hi")
	// true pubsub: decoding NetworkMessage.Security at offset 39: security checks failed: signature does not match
	// 25 bytes, SecurityHeader false
}

// A DataSetMessage too large for one datagram goes in chunks (Part 14
// §7.2.4.4.4); a Reassembler puts them together and the Decoder decodes
// the DataSetMessage. A Publisher and a Subscriber do both on their own.
func ExampleEncoder_AppendChunks() {
	enc, _ := pubsub.NewEncoder(pubsub.Config{})
	m := pumpMessage()
	m.Messages[0].Fields[1].Value.Value = types.VariantFromString(string(bytes.Repeat([]byte("x"), 100)))
	chunks, err := enc.AppendChunks(nil, &m, 60)
	if err != nil {
		panic(err)
	}
	dec, _ := pubsub.NewDecoder(pubsub.Config{})
	r := pubsub.NewReassembler(pubsub.Limits{})
	for _, c := range chunks {
		var nm pubsub.NetworkMessage
		if err := dec.Decode(c, &nm); err != nil {
			panic(err)
		}
		payload, done, err := r.Add(nm.PublisherID, &nm.Chunk)
		if err != nil {
			panic(err)
		}
		fmt.Println(len(c), "bytes: chunk at", nm.Chunk.Offset, "of", nm.Chunk.TotalSize, "done", done)
		if done {
			var d pubsub.DataSetMessage
			if err := dec.DecodeDataSetMessage(payload, nm.Chunk.WriterID, &d); err != nil {
				panic(err)
			}
			s := d.Fields[1].Value.Value.Str()
			fmt.Println("writer", d.WriterID, "fields", len(d.Fields), "string of", len(s), "bytes")
		}
	}
	// Output:
	// 60 bytes: chunk at 0 of 113 done false
	// 60 bytes: chunk at 36 of 113 done false
	// 60 bytes: chunk at 72 of 113 done false
	// 29 bytes: chunk at 108 of 113 done true
	// writer 62541 fields 2 string of 100 bytes
}

// A Publisher and a Subscriber over UDP on the loopback interface: the
// Subscriber verifies, decodes and filters what arrives and hands each
// DataSetMessage to its Handler.
func ExampleSubscriber_Run() {
	rx, err := pubsub.ListenUDP("127.0.0.1:0", pubsub.UDPOptions{})
	if err != nil {
		panic(err)
	}
	tx, err := pubsub.DialUDP(rx.LocalAddr().String(), pubsub.UDPOptions{})
	if err != nil {
		panic(err)
	}
	pub, _ := pubsub.NewPublisher(tx, pubsub.Config{})
	defer pub.Close()
	sub, _ := pubsub.NewSubscriber(rx, pubsub.Config{}, pubsub.Filter{WriterGroupID: 100})
	defer sub.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m := pumpMessage()
	if err := pub.Publish(ctx, &m); err != nil { // the socket keeps it until Run reads
		panic(err)
	}
	stop := errors.New("one is enough")
	err = sub.Run(ctx, func(m *pubsub.NetworkMessage, d *pubsub.DataSetMessage) error {
		fmt.Println("from", m.PublisherID.Num, "writer", d.WriterID, d.Fields[0].Value.Value, d.Fields[1].Value.Value)
		return stop
	})
	fmt.Println(err == stop)
	// Output:
	// from 2234 writer 62541 Int32(-42) String("hi")
	// true
}
