package message_test

import (
	"fmt"

	"github.com/uabin/uabin/bench/compare/message"
)

// A Pipeline sends and receives one message; each stage can be run (and
// timed) on its own.
func ExampleNew() {
	pl, err := message.New(message.ReadRequest(1), message.UabinFast, message.Sign)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := pl.Verify(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("body:", len(pl.Body()), "bytes; chunks:", len(pl.Stream()), "bytes")
	fmt.Printf("chunk header: % x\n", pl.Stream()[:24])
	for _, s := range []message.Stage{message.EncodeFrame, message.ReassembleDecode} {
		fmt.Println(s, pl.Run(s))
	}
	// Output:
	// body: 118 bytes; chunks: 174 bytes
	// chunk header: 4d 53 47 46 ae 00 00 00 07 00 00 00 01 00 00 00 e8 03 00 00 63 00 00 00
	// encode+frame <nil>
	// reassemble+decode <nil>
}
