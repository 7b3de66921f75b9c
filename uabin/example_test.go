package uabin_test

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// ReadValueID is a user struct: fields are written in order, no tags needed.
type ReadValueID struct {
	NodeID       types.NodeID
	AttributeID  uint32
	IndexRange   string
	DataEncoding types.QualifiedName
}

func ExampleMarshal() {
	v := ReadValueID{NodeID: types.NewNumericNodeID(2, 1234), AttributeID: 13}
	b, err := uabin.Marshal(&v)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", b)
	// Output: 01 02 d2 04 0d 00 00 00 ff ff ff ff 00 00 ff ff ff ff
}

func ExampleUnmarshal() {
	b := []byte{0x01, 0x02, 0xd2, 0x04, 0x0d, 0, 0, 0, 0x02, 0, 0, 0, '1', ':', 0, 0, 0xff, 0xff, 0xff, 0xff}
	var v ReadValueID
	if err := uabin.Unmarshal(b, &v); err != nil {
		panic(err)
	}
	fmt.Println(v.NodeID, v.AttributeID, v.IndexRange)
	// Output: ns=2;i=1234 13 1:
}

func ExampleAppend() {
	buf := make([]byte, 0, 64) // reused: Append does not allocate
	for _, id := range []uint32{85, 70000} {
		var err error
		v := ReadValueID{NodeID: types.NewNumericNodeID(0, id), AttributeID: 13}
		buf, err = uabin.Append(buf[:0], &v)
		if err != nil {
			panic(err)
		}
		fmt.Printf("% x\n", buf)
	}
	// Output:
	// 00 55 0d 00 00 00 ff ff ff ff 00 00 ff ff ff ff
	// 02 00 00 70 11 01 00 0d 00 00 00 ff ff ff ff 00 00 ff ff ff ff
}

func ExampleOptions() {
	o := uabin.Options{Limits: uabin.Limits{MaxArrayLength: 2}, EmptyStrings: true}
	var a []int32
	err := o.Unmarshal([]byte{3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0}, &a)
	fmt.Println(errors.Is(err, uabin.ErrLimitExceeded))
	fmt.Println(err)
	b, _ := o.Marshal("")
	fmt.Printf("% x\n", b)
	// Output:
	// true
	// uabin: decoding at offset 0: limit exceeded: array length 3 above the limit 2
	// 00 00 00 00
}

// A structure with optional fields (Part 6 §5.2.7): a UInt32 mask with bit
// i for the i-th optional field, then the fields that are present.
type Range struct {
	Low  float64
	High *float64 `ua:"optional"`
	Unit string   `ua:"optional"`
}

func Example_optionalFields() {
	high := 100.0
	b, _ := uabin.Marshal(&Range{Low: 1, High: &high})
	fmt.Printf("% x\n", b)
	b, _ = uabin.Marshal(&Range{Low: 1, Unit: "m"})
	fmt.Printf("% x\n", b)
	// Output:
	// 01 00 00 00 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 59 40
	// 02 00 00 00 00 00 00 00 00 00 f0 3f 01 00 00 00 6d
}

// A union (Part 6 §5.2.8): the UInt32 switch, then the selected field.
type Value struct {
	Switch uint32 `ua:"switch"`
	Int    int32
	Text   string
}

func Example_union() {
	b, _ := uabin.Marshal(&Value{Switch: 2, Text: "on"})
	fmt.Printf("% x\n", b)
	var v Value
	_ = uabin.Unmarshal([]byte{1, 0, 0, 0, 7, 0, 0, 0}, &v)
	fmt.Println(v.Switch, v.Int)
	// Output:
	// 02 00 00 00 02 00 00 00 6f 6e
	// 1 7
}
