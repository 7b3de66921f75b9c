package uabin_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// exampleRequest is a ReadRequest of one node, ns=0;i=2259 (Server_ServerStatus_State), Value attribute.
func exampleRequest() *types.ReadRequest {
	return &types.ReadRequest{
		RequestHeader: types.RequestHeader{RequestHandle: 7},
		NodesToRead:   []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2259), AttributeID: 13}},
	}
}

func ExampleMarshalMessage() {
	b, err := uabin.MarshalMessage(exampleRequest())
	if err != nil {
		panic(err)
	}
	fmt.Printf("type id % x, %d bytes in all\n", b[:4], len(b))
	// Output: type id 01 00 77 02, 67 bytes in all
}

func ExampleAppendMessage() {
	buf := make([]byte, 0, 128) // reused: AppendMessage does not allocate
	buf, err := uabin.AppendMessage(buf[:0], &types.CloseSessionRequest{DeleteSubscriptions: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", buf[:4])
	// Output: 01 00 d9 01
}

func ExampleUnmarshalMessage() {
	b, _ := uabin.MarshalMessage(exampleRequest())

	// Into a value of the expected type: the type id is checked and the
	// value (and the capacity of its slices) is reused.
	var req types.ReadRequest
	if err := uabin.UnmarshalMessage(b, &req); err != nil {
		panic(err)
	}
	fmt.Println(req.RequestHeader.RequestHandle, req.NodesToRead[0].NodeID)

	// A message of another type is an ErrUnknownType that names both.
	var resp types.ReadResponse
	err := uabin.UnmarshalMessage(b, &resp)
	fmt.Println(errors.Is(err, uabin.ErrUnknownType))
	fmt.Println(err)
	// Output:
	// 7 i=2259
	// true
	// uabin: decoding at offset 0: unknown type: the message type id i=631 is that of types.ReadRequest, not of types.ReadResponse
}

func ExampleUnmarshalMessage_any() {
	b, _ := uabin.MarshalMessage(exampleRequest())

	// Into a *any: a new value of the type registered for the type id.
	var v any
	if err := uabin.UnmarshalMessage(b, &v); err != nil {
		panic(err)
	}
	switch m := v.(type) {
	case *types.ReadRequest:
		fmt.Println("ReadRequest of", len(m.NodesToRead), "node")
	case *types.WriteRequest:
		fmt.Println("WriteRequest")
	}
	// Output: ReadRequest of 1 node
}

func ExampleDecodeMessage() {
	one, _ := uabin.MarshalMessage(&types.CloseSessionRequest{DeleteSubscriptions: true})
	two, _ := uabin.MarshalMessage(exampleRequest())
	in := append(one, two...) // two messages in a row

	var v any
	for len(in) > 0 {
		n, err := uabin.DecodeMessage(in, &v)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%T, %d bytes\n", v, n)
		in = in[n:]
	}
	// Output:
	// *types.CloseSessionRequest, 34 bytes
	// *types.ReadRequest, 67 bytes
}

func ExampleEncoder() {
	var stream bytes.Buffer
	enc := uabin.NewEncoder(&stream)
	if err := enc.Encode(int32(1)); err != nil { // a bare value
		panic(err)
	}
	if err := enc.EncodeMessage(&types.CloseSessionRequest{DeleteSubscriptions: true}); err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", stream.Bytes()[:8])
	fmt.Println(stream.Len(), "bytes")
	// Output:
	// 01 00 00 00 01 00 d9 01
	// 38 bytes
}

func ExampleDecoder() {
	var stream bytes.Buffer
	enc := uabin.NewEncoder(&stream)
	for i := uint32(1); i <= 2; i++ {
		req := exampleRequest()
		req.RequestHeader.RequestHandle = i
		_ = enc.EncodeMessage(req)
	}
	stream.Truncate(stream.Len() - 3) // the second message is cut short; offsets count from the stream's start

	dec := uabin.NewDecoder(&stream)
	var req types.ReadRequest // reused for every message
	for {
		err := dec.DecodeMessage(&req)
		if err == io.EOF {
			break // a clean end, between messages
		}
		if err != nil {
			fmt.Println(errors.Is(err, uabin.ErrTruncated), err)
			break
		}
		fmt.Println("request", req.RequestHeader.RequestHandle)
	}
	// Output:
	// request 1
	// true uabin: decoding ReadRequest.NodesToRead at offset 112: truncated input: array length 1 needs at least 16 bytes, 15 left
}
