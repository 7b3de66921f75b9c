package uabin_test

import (
	"encoding/json"
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// A vendor structure known only from the server's DataTypeDefinition:
// register it, decode an ExtensionObject holding one, read it, encode it.
func ExampleRegistry_RegisterStructure() {
	r := uabin.NewRegistry()
	ns2 := func(i uint32) types.ExpandedNodeID { return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, i)} }
	err := r.RegisterStructure(ns2(5001), ns2(3001), "Tank", types.StructureDefinition{
		StructureType: types.StructureTypeStructureWithOptionalFields,
		Fields: []types.StructureField{
			{Name: "Name", DataType: types.NewNumericNodeID(0, 12), ValueRank: -1},                   // String
			{Name: "Levels", DataType: types.NewNumericNodeID(0, 10), ValueRank: 1},                  // Float array
			{Name: "Alarm", DataType: types.NewNumericNodeID(0, 1), ValueRank: -1, IsOptional: true}, // Boolean
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := []byte{
		0x01, 0x02, 0x89, 0x13, // TypeId ns=2;i=5001
		0x01, 0x17, 0, 0, 0, // binary body, 23 bytes
		0x01, 0, 0, 0, // encoding mask: Alarm present
		0x02, 0, 0, 0, 'T', '1', // Name "T1"
		0x02, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, // Levels [1 2]
		0x00, // Alarm false (present)
	}
	o := uabin.Options{Types: r}
	var x types.ExtensionObject
	if err := o.Unmarshal(b, &x); err != nil {
		fmt.Println(err)
		return
	}
	d := x.Value.(*uabin.Dynamic)
	fmt.Println(d)
	levels, _ := d.Get("Levels")
	fmt.Printf("%T %v\n", levels, levels)
	j, _ := json.Marshal(d)
	fmt.Println(string(j))
	out, _ := o.Marshal(x)
	fmt.Println("same bytes:", string(out) == string(b))
	// Output:
	// Tank{Name: "T1", Levels: [1 2], Alarm: false}
	// []float32 [1 2]
	// {"EncodingMask":1,"Name":"T1","Levels":[1,2],"Alarm":false}
	// same bytes: true
}
