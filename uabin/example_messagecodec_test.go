package uabin_test

import (
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// A MessageCodec writes and reads one message type in a loop, with its
// type id looked up once.
func ExampleMessageCodec() {
	k, err := uabin.NewMessageCodec[types.ReadRequest](uabin.Options{})
	if err != nil {
		panic(err)
	}
	req := types.ReadRequest{NodesToRead: []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2259), AttributeID: 13}}}
	b, err := k.Marshal(&req)
	if err != nil {
		panic(err)
	}
	fmt.Printf("type id % x, %d bytes\n", b[:4], len(b))
	var got types.ReadRequest
	if err := k.Unmarshal(b, &got); err != nil {
		panic(err)
	}
	fmt.Println(got.NodesToRead[0].NodeID, got.NodesToRead[0].AttributeID)
	// Output:
	// type id 01 00 77 02, 67 bytes
	// i=2259 13
}
