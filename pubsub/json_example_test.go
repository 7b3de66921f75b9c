package pubsub_test

import (
	"fmt"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

// A JSON NetworkMessage with one key frame, written and read back.
func ExampleJSONEncoder() {
	enc, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
	m := pubsub.JSONNetworkMessage{
		Content:     pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader | pubsub.JSONNetworkPublisherID,
		MessageID:   "32235546-05d9-4fd7-97df-ea3ff3408574",
		PublisherID: pubsub.UInt16ID(2234),
		Messages: []pubsub.JSONDataSetMessage{{
			Content:        pubsub.JSONCompact | pubsub.JSONWriterID | pubsub.JSONSequenceNumber,
			WriterID:       62541,
			SequenceNumber: 7,
			Fields: []pubsub.JSONField{
				{Name: "Temperature", Value: types.DataValue{Value: types.VariantFromFloat64(21.5)}},
				{Name: "Running", Value: types.DataValue{Value: types.VariantFromBool(true)}},
			},
		}},
	}
	b, err := enc.Append(nil, &m)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))

	dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
	var got pubsub.JSONNetworkMessage
	if err := dec.Decode(b, &got); err != nil {
		panic(err)
	}
	d := got.Messages[0]
	fmt.Println(got.PublisherID.Text(), d.WriterID, d.SequenceNumber, d.Fields[0].Name, d.Fields[0].Value.Value)
	// Output:
	// {"MessageId":"32235546-05d9-4fd7-97df-ea3ff3408574","MessageType":"ua-data","PublisherId":"2234","Messages":[{"DataSetWriterId":62541,"SequenceNumber":7,"Payload":{"Temperature":{"UaType":11,"Value":21.5},"Running":{"UaType":1,"Value":true}}}]}
	// 2234 62541 7 Temperature Double(21.5)
}

// The DataSetMetaData of a writer as a "ua-metadata" discovery message, as an
// MQTT publisher sends it retained.
func ExampleJSONEncoder_AppendMetaData() {
	enc, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
	b, _ := enc.AppendMetaData(nil, &pubsub.JSONMetaDataMessage{
		MessageID: "m-1", PublisherID: pubsub.StringID("line-3"), WriterID: 1, WriterGroupName: "Fast", WriterName: "Motor",
		Timestamp: types.DateTime(133500000000000000),
		MetaData: types.DataSetMetaDataType{Name: "Motor", Fields: []types.FieldMetaData{
			{Name: "Speed", BuiltInType: uint8(types.TypeDouble), DataType: types.NewNumericNodeID(0, 11), ValueRank: -1}},
			ConfigurationVersion: types.ConfigurationVersionDataType{MajorVersion: 1700000000, MinorVersion: 1700000000}},
	})
	fmt.Println(string(b))
	dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{})
	kind, _ := dec.MessageType(b)
	fmt.Println(kind)
	// Output:
	// {"MessageId":"m-1","MessageType":"ua-metadata","PublisherId":"line-3","DataSetWriterId":1,"WriterGroupName":"Fast","DataSetWriterName":"Motor","Timestamp":"2024-01-17T21:20:00Z","MetaData":{"Name":"Motor","Fields":[{"Name":"Speed","BuiltInType":11,"DataType":"i=11","ValueRank":-1}],"ConfigurationVersion":{"MajorVersion":1700000000,"MinorVersion":1700000000}}}
	// ua-metadata
}

// A minimal message as cloud consumers like it (Part 14 Annex A.3.2: no
// headers, one DataSetMessage, RawData fields), read with the writer's
// DataSetMetaData: the fields it describes decode into values, the others
// stay JSON text.
func ExampleJSONDecoder_rawData() {
	dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{
		Network: pubsub.JSONSingleMessage,
		Writers: []pubsub.JSONWriter{{RawData: true, Content: pubsub.JSONFieldEncoding2, MetaData: &types.DataSetMetaDataType{
			Fields: []types.FieldMetaData{
				{Name: "Speed", BuiltInType: uint8(types.TypeDouble), ValueRank: -1},
				{Name: "Alarms", BuiltInType: uint8(types.TypeString), ValueRank: 1},
			}}}},
	})
	var m pubsub.JSONNetworkMessage
	if err := dec.Decode([]byte(`{"Speed":1450.5,"Alarms":["overheat"],"Setup":{"Mode":3}}`), &m); err != nil {
		panic(err)
	}
	for _, f := range m.Messages[0].Fields {
		if f.Raw != nil {
			fmt.Printf("%s: %s (JSON)\n", f.Name, f.Raw)
			continue
		}
		fmt.Printf("%s: %v\n", f.Name, f.Value.Value)
	}
	// Output:
	// Speed: Double(1450.5)
	// Alarms: String[1] ["overheat"]
	// Setup: {"Mode":3} (JSON)
}
