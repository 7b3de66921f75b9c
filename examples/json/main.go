// Command json shows OPC UA JSON (Part 6 v1.05 §5.4, package uajson) on
// values decoded from OPC UA Binary: a ReadResponse service message and a
// structure of a companion specification (OPC UA Machinery Result's
// ResultDataType, with the Go types cmd/uabingen generated for it, in
// examples/companion). Each is printed in the Compact and the Verbose
// form, decoded back from both, and encoded in binary again: the bytes are
// the ones it started from.
//
// Run it with no arguments: go run ./examples/json
package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	"github.com/uabin/uabin/examples/companion/machineryresult"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// readResponse is a ReadResponse service message in OPC UA Binary (its
// encoding id i=634, then the structure): three results, a Double and a
// String with timestamps, and a BadNodeIdUnknown.
const readResponse = "01007a0207975b58283dda012a0000000000000000ffffffff000000030000000d0b000000000080354007975b58283dda0107975b58283dda010d0c0700000072756e6e696e6707975b58283dda0107975b58283dda010200003480ffffffff"

// resultData is a ResultDataType in an ExtensionObject as a node-opcua
// server sends it (test/companion's vector, as in examples/companion): its
// ResultMetaData field holds a ResultMetaDataType in an ExtensionObject.
const resultData = "01019013012e00000001018d130117000000000000000f00000074657874203133204772c3bcc39f650200000006380000000639000000"

// session is the namespace table of the connection: Machinery Result is
// namespace 1.
var session = []string{"http://opcfoundation.org/UA/", machineryresult.NamespaceURI}

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "json:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	// 1. A service message: uabin decodes it, uajson writes it.
	b, err := hex.DecodeString(readResponse)
	if err != nil {
		return err
	}
	var resp types.ReadResponse
	if err := uabin.UnmarshalMessage(b, &resp); err != nil {
		return err
	}
	if err := show(w, "ReadResponse", &resp, b, uabin.Options{}, uajson.Options{},
		func() any { return new(types.ReadResponse) },
		func(o uabin.Options, v any) ([]byte, error) { return o.MarshalMessage(v) }); err != nil {
		return err
	}

	// 2. A companion structure, in an ExtensionObject: the generated types
	// registered for binary are the ones JSON finds its body types in.
	reg := uabin.NewRegistry()
	if err := machineryresult.Register(reg); err != nil {
		return err
	}
	bo := uabin.Options{Types: reg, NamespaceURIs: session}
	b, err = hex.DecodeString(resultData)
	if err != nil {
		return err
	}
	var eo types.ExtensionObject
	if err := bo.Unmarshal(b, &eo); err != nil {
		return err
	}
	jo := uajson.Options{Types: reg, NamespaceURIs: session}
	return show(w, "ResultDataType (Machinery Result)", &eo, b, bo, jo,
		func() any { return new(types.ExtensionObject) },
		func(o uabin.Options, v any) ([]byte, error) { return o.Marshal(v) })
}

// show prints v (decoded from the binary bytes bin) in the Compact and the
// Verbose form, indented, and checks that both decode to a value whose
// binary encoding is bin.
func show(w io.Writer, title string, v any, bin []byte, bo uabin.Options, jo uajson.Options,
	newValue func() any, marshal func(uabin.Options, any) ([]byte, error)) error {
	fmt.Fprintf(w, "== %s: %d bytes of OPC UA Binary\n", title, len(bin))
	for _, enc := range []uajson.Encoding{uajson.Compact, uajson.Verbose} {
		o := jo
		o.Encoding, o.Indent = enc, "  "
		text, err := o.Marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "-- %s, %d bytes:\n%s\n", enc, len(text), text)
		back := newValue()
		if err := o.Unmarshal(text, back); err != nil {
			return err
		}
		again, err := marshal(bo, back)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "-- decoded from %s and encoded in binary: the same bytes: %v\n", enc, bytes.Equal(again, bin))
	}
	return nil
}
