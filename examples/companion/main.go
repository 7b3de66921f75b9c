// Command companion decodes a structure of a companion specification,
// OPC UA Machinery Result's ResultDataType, twice: with Go types generated
// from its NodeSet2 file by cmd/uabingen (package machineryresult, made by
// the go:generate line below and committed), and at run time from the
// NodeSet2 file itself, loaded into a uabin.Registry with one call
// (nodeset.Set.Register), with no generated code. The bytes are what a
// node-opcua server sends for such a value (a vector of test/companion);
// both ways decode them and encode them back to the same bytes.
//
// Run it with no arguments: go run ./examples/companion
//
// Opc.Ua.Machinery.Result.NodeSet2.xml is a copy, unchanged, of the OPC
// Foundation's file (github.com/OPCFoundation/UA-Nodeset, commit
// a2d4ae8b337ff9f014878fc88f9b6acda0ff3674, under the OPC Foundation MIT
// License 1.00 at its top), embedded in the program. Namespace 0 comes
// from package types (nodeset.Namespace0), at run time as for the
// generator, so nothing else is read.
package main

//go:generate go run ../../cmd/uabingen -o machineryresult -package machineryresult Opc.Ua.Machinery.Result.NodeSet2.xml

import (
	"bytes"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/uabin/uabin/examples/companion/machineryresult"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// vector is a ResultDataType as node-opcua encodes it in an ExtensionObject
// (test/companion/testdata/Opc.Ua.Machinery.Result.NodeSet2.json, "filled"):
// its ResultMetaData field, which allows subtypes, is an ExtensionObject
// holding a ResultMetaDataType; ResultContent is an array of two Variants.
const vector = "01019013012e00000001018d130117000000000000000f00000074657874203133204772c3bcc39f650200000006380000000639000000"

// session is the server's namespace table: the index of the Machinery
// Result namespace in the TypeIds above is 1. Both registries work with any
// table, as they register their ids by namespace URI.
var session = []string{"http://opcfoundation.org/UA/", machineryresult.NamespaceURI}

// machineryResult is the NodeSet2 file of Machinery Result.
//
//go:embed Opc.Ua.Machinery.Result.NodeSet2.xml
var machineryResult []byte

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "companion:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	b, err := hex.DecodeString(vector)
	if err != nil {
		return err
	}

	// 1. Generated code: Register registers the generated types under their
	// encoding ids by namespace URI.
	gen := uabin.NewRegistry()
	if err := machineryresult.Register(gen); err != nil {
		return err
	}
	o := uabin.Options{Types: gen, NamespaceURIs: session}
	var eo types.ExtensionObject
	if err := o.Unmarshal(b, &eo); err != nil {
		return err
	}
	res, ok := eo.Value.(*machineryresult.ResultDataType)
	if !ok {
		return fmt.Errorf("decoded a %T", eo.Value)
	}
	meta, _ := res.ResultMetaData.Value.(*machineryresult.ResultMetaDataType)
	content := make([]any, len(res.ResultContent))
	for i, v := range res.ResultContent {
		content[i] = v.Value()
	}
	fmt.Fprintf(w, "generated: %T with ResultContent %v\n", res, content)
	fmt.Fprintf(w, "generated: ResultMetaData is a %T with ResultID %q\n", meta, meta.ResultID)
	again, err := o.Marshal(&eo)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "generated: re-encoded to the same bytes: %v\n", bytes.Equal(again, b))

	// 2. Run time: the NodeSet2 file, no generated code; namespace 0 from
	// package types.
	f, err := nodeset.Parse("Opc.Ua.Machinery.Result.NodeSet2.xml", machineryResult)
	if err != nil {
		return err
	}
	set, err := nodeset.NewSet(nodeset.Namespace0(), f)
	if err != nil {
		return err
	}
	dyn := uabin.NewRegistry()
	if err := set.Register(dyn); err != nil {
		return err
	}
	o = uabin.Options{Types: dyn, NamespaceURIs: session}
	var deo types.ExtensionObject
	if err := o.Unmarshal(b, &deo); err != nil {
		return err
	}
	d, ok := deo.Value.(*uabin.Dynamic)
	if !ok {
		return fmt.Errorf("decoded a %T", deo.Value)
	}
	fmt.Fprintf(w, "run time: %v\n", d)
	j, err := json.Marshal(d)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "run time: JSON %s\n", j)
	v, _ := d.Get("ResultMetaData")
	inner := v.(types.ExtensionObject).Value.(*uabin.Dynamic)
	id, _ := inner.Get("ResultId")
	fmt.Fprintf(w, "run time: ResultMetaData is a %s with ResultId %q, as generated: %v\n", inner.Name(), id, id == meta.ResultID)
	again, err = o.Marshal(&deo)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "run time: re-encoded to the same bytes: %v\n", bytes.Equal(again, b))
	return nil
}
