package main

import (
	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

// The PubSub workloads (a key frame of 100 RawData fields, of 100 Variant fields, a NetworkMessage of 10 DataSetMessages), built exactly as o6pubsub_bench.c builds
// them with open62541 (the bytes are compared before anything is timed).
type workload struct {
	name string // as o6pubsub_bench prints it
	cfg  pubsub.Config
	msg  pubsub.NetworkMessage
}

const nFields = 100

func fieldValue(i int) types.Variant {
	switch i % 4 {
	case 0:
		return types.VariantFromInt32(int32(i*1000 - 7))
	case 1:
		return types.VariantFromFloat64(float64(i) + 0.25)
	case 2:
		return types.VariantFromUint16(uint16(i * 3))
	}
	return types.VariantFromBool((i/4)%2 == 1)
}

func fieldMeta(i int) types.FieldMetaData {
	bt := []types.BuiltinType{types.TypeInt32, types.TypeDouble, types.TypeUInt16, types.TypeBoolean}[i%4]
	return types.FieldMetaData{BuiltInType: uint8(bt), DataType: types.NewNumericNodeID(0, uint32(bt)), ValueRank: -1}
}

func fields(from, to int) []pubsub.Field {
	var f []pubsub.Field
	for i := from; i < to; i++ {
		f = append(f, pubsub.Field{Value: types.DataValue{Value: fieldValue(i)}})
	}
	return f
}

func header() pubsub.NetworkMessage {
	return pubsub.NetworkMessage{
		Content: pubsub.ContentPublisherID | pubsub.ContentGroupHeader | pubsub.ContentWriterGroupID |
			pubsub.ContentSequenceNumber | pubsub.ContentPayloadHeader,
		PublisherID:    pubsub.UInt16ID(2234),
		WriterGroupID:  100,
		SequenceNumber: 7,
	}
}

func workloads() ([]workload, error) {
	var meta types.DataSetMetaDataType
	for i := 0; i < nFields; i++ {
		meta.Fields = append(meta.Fields, fieldMeta(i))
	}
	layout, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
	if err != nil {
		return nil, err
	}
	p1 := header()
	p1.Messages = []pubsub.DataSetMessage{{WriterID: 1, Encoding: pubsub.EncodingRawData, Fields: fields(0, nFields)}}
	p2 := header()
	p2.Messages = []pubsub.DataSetMessage{{WriterID: 1, Encoding: pubsub.EncodingVariant, Fields: fields(0, nFields)}}
	p3 := header()
	p3.Content |= pubsub.ContentTimestamp
	p3.Timestamp = 134000000000000000
	for m := 0; m < 10; m++ {
		p3.Messages = append(p3.Messages, pubsub.DataSetMessage{WriterID: uint16(m + 1), Content: pubsub.DataSetSequenceNumber,
			SequenceNumber: uint16(m + 1), Fields: fields(m*10, m*10+10)})
	}
	return []workload{
		{"P1.RawData100", pubsub.Config{Writers: []pubsub.Writer{{ID: 1, Layout: layout}}}, p1},
		{"P2.Variant100", pubsub.Config{}, p2},
		{"P3.Messages10", pubsub.Config{}, p3},
	}, nil
}
