package uajson_test

import (
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

func ExampleMarshal() {
	dv := types.DataValue{
		Value:           types.MustVariant(42.5),
		Status:          0x40000000, // Uncertain
		SourceTimestamp: 133486382451234567,
	}
	b, err := uajson.Marshal(&dv)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: {"UaType":11,"Value":42.5,"Status":{"Code":1073741824},"SourceTimestamp":"2024-01-02T03:04:05.1234567Z"}
}

func ExampleUnmarshal() {
	var v types.Variant
	if err := uajson.Unmarshal([]byte(`{"UaType":6,"Value":[1,2,3,4,5,6],"Dimensions":[2,3]}`), &v); err != nil {
		panic(err)
	}
	fmt.Println(v.Type(), v.Dimensions(), v.Raw())
	// The deprecated Reversible form of v1.04 is read without being told.
	var n types.NodeID
	if err := uajson.Unmarshal([]byte(`{"IdType":1,"Id":"Pump","Namespace":2}`), &n); err != nil {
		panic(err)
	}
	fmt.Println(n)
	// Output:
	// Int32 [2 3] [1 2 3 4 5 6]
	// ns=2;s=Pump
}

func ExampleOptions() {
	id := types.NewStringNodeID(2, "Pump.Speed")
	status := types.StatusCode(0x80340000)
	for _, enc := range []uajson.Encoding{uajson.Compact, uajson.Verbose, uajson.Reversible} {
		o := uajson.Options{Encoding: enc, NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:a", "http://acme.org/"}}
		a, _ := o.Marshal(id)
		b, _ := o.Marshal(status)
		fmt.Printf("%-10s %s %s\n", enc, a, b)
	}
	// Output:
	// Compact    "nsu=http://acme.org/;s=Pump.Speed" {"Code":2150891520}
	// Verbose    "nsu=http://acme.org/;s=Pump.Speed" {"Code":2150891520,"Symbol":"BadNodeIdUnknown"}
	// Reversible {"IdType":1,"Id":"Pump.Speed","Namespace":2} 2150891520
}

func ExampleOptions_indent() {
	o := uajson.Options{Indent: "  "}
	b, _ := o.Marshal(types.NewLocalizedText("en", "Pump"))
	fmt.Println(string(b))
	// Output:
	// {
	//   "Locale": "en",
	//   "Text": "Pump"
	// }
}

func ExampleAppend() {
	buf := make([]byte, 0, 256)
	for _, v := range []float64{1.5, 2.25} {
		var err error
		buf, err = uajson.Append(buf[:0], types.MustVariant(v)) // reuses buf
		if err != nil {
			panic(err)
		}
		fmt.Println(string(buf))
	}
	// Output:
	// {"UaType":11,"Value":1.5}
	// {"UaType":11,"Value":2.25}
}

// A structure in the two forms of v1.05: Compact leaves out the fields
// that are NULL or hold their default value, Verbose writes them; the
// member names are the OPC UA field names, enumerations are numbers in
// Compact and "Name_Value" in Verbose.
func ExampleMarshal_structure() {
	req := types.ReadRequest{
		TimestampsToReturn: types.TimestampsToReturnServer,
		NodesToRead:        []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2259), AttributeID: 13}},
	}
	compact, _ := uajson.Marshal(&req)
	fmt.Println(string(compact))
	verbose, _ := uajson.Options{Encoding: uajson.Verbose}.Marshal(&req.NodesToRead[0])
	fmt.Println(string(verbose))
	mode, _ := uajson.Options{Encoding: uajson.Verbose}.Marshal(req.TimestampsToReturn)
	fmt.Println(string(mode))
	// Output:
	// {"RequestHeader":{},"TimestampsToReturn":1,"NodesToRead":[{"NodeId":"i=2259","AttributeId":13}]}
	// {"NodeId":"i=2259","AttributeId":13,"IndexRange":null,"DataEncoding":null}
	// "Server_1"
}

// Service messages carry their type as UaTypeId (the DataType NodeId):
// UnmarshalMessage decodes into the expected type or, into a *any, into
// whatever type the registry has for it.
func ExampleUnmarshalMessage() {
	msg, err := uajson.MarshalMessage(&types.ReadRequest{MaxAge: 100})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(msg))
	var v any
	if err := uajson.UnmarshalMessage(msg, &v); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%T %v\n", v, v.(*types.ReadRequest).MaxAge)
	// Output:
	// {"UaTypeId":"i=629","RequestHeader":{},"MaxAge":100}
	// *types.ReadRequest 100
}

// A value decoded from OPC UA Binary goes to JSON and back to the same
// bytes: here an ExtensionObject holding an Argument, registered in the
// default registry.
func ExampleUnmarshal_extensionObject() {
	arg := types.NewExtensionObject(&types.Argument{Name: "speed", DataType: types.NewNumericNodeID(0, 11), ValueRank: -1})
	bin, _ := uabin.Marshal(&arg)
	var eo types.ExtensionObject
	_ = uabin.Unmarshal(bin, &eo)
	text, _ := uajson.Marshal(&eo)
	fmt.Println(string(text))
	var back types.ExtensionObject
	if err := uajson.Unmarshal(text, &back); err != nil {
		fmt.Println(err)
		return
	}
	again, _ := uabin.Marshal(&back)
	fmt.Printf("%T, the same bytes: %v\n", back.Value, string(again) == string(bin))
	// Output:
	// {"UaTypeId":"i=296","Name":"speed","DataType":"i=11","ValueRank":-1}
	// *types.Argument, the same bytes: true
}

// A Go type registered with its DataType id (uabin.RegisterTypeIDs, as the
// Register functions of uabingen's packages do) is named by it in
// UaTypeId (Part 6 §5.4.2.16); one registered with its binary encoding id
// alone (uabin.RegisterType) is named by that id, which uajson reads back
// but other stacks may not know.
func ExampleMarshal_registeredType() {
	type Valve struct {
		Open bool `ua:"Boolean"`
	}
	type Lamp struct {
		On bool `ua:"Boolean"`
	}
	r := uabin.NewRegistry()
	id := func(i uint32) types.ExpandedNodeID { return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, i)} }
	if err := uabin.RegisterTypeIDs[Valve](r, uabin.TypeIDs{DataType: id(3020), Binary: id(5020)}); err != nil {
		fmt.Println(err)
		return
	}
	if err := uabin.RegisterType[Lamp](r, id(5021)); err != nil {
		fmt.Println(err)
		return
	}
	o := uajson.Options{Types: r}
	for _, v := range []any{&Valve{Open: true}, &Lamp{On: true}} {
		eo := types.NewExtensionObject(v)
		text, err := o.Marshal(&eo)
		if err != nil {
			fmt.Println(err)
			return
		}
		var back types.ExtensionObject
		if err := o.Unmarshal(text, &back); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s -> %T, TypeID %v\n", text, back.Value, back.TypeID)
	}
	// Output:
	// {"UaTypeId":"ns=2;i=3020","Open":true} -> *uajson_test.Valve, TypeID ns=2;i=5020
	// {"UaTypeId":"ns=2;i=5021","On":true} -> *uajson_test.Lamp, TypeID ns=2;i=5021
}
