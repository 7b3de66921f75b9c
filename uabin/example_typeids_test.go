package uabin_test

import (
	"fmt"
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// PumpState is a structure of the information model urn:pumps (ns=2 on
// this server): DataType ns=2;i=3010, Default Binary encoding ns=2;i=5010,
// Default JSON encoding ns=2;i=5011.
type PumpState struct {
	Running bool    `ua:"Boolean"`
	Speed   float64 `ua:"Double"`
}

// RegisterTypeIDs registers a Go type with all the ids of its DataType:
// binary ExtensionObjects carry the binary encoding id (the bytes are the
// same as with RegisterType), OPC UA JSON names the structure by its
// DataType id (package uajson's UaTypeId). Registry.TypeIDs gives them
// back.
func ExampleRegisterTypeIDs() {
	r := uabin.NewRegistry()
	err := uabin.RegisterTypeIDs[PumpState](r, uabin.TypeIDs{
		DataType: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 3010)},
		Binary:   types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5010)},
		JSON:     types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5011)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	eo := types.NewExtensionObject(&PumpState{Running: true, Speed: 2})
	b, err := uabin.Options{Types: r}.Marshal(&eo)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", b)
	ids, _ := r.TypeIDs(reflect.TypeFor[PumpState]())
	fmt.Println(ids.DataType, ids.Binary, ids.JSON)
	// Output:
	// 01 02 92 13 01 09 00 00 00 01 00 00 00 00 00 00 00 40
	// ns=2;i=3010 ns=2;i=5010 ns=2;i=5011
}
