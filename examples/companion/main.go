// Command companion decodes a structure of a companion specification,
// OPC UA Machinery Result's ResultDataType, twice: with Go types generated
// from its NodeSet2 file by cmd/uabingen (package machineryresult, made by
// the go:generate line below and committed), and at run time from the
// NodeSet2 file itself, loaded into a uabin.Registry with one call
// (nodeset.Set.Register), with no generated code. The bytes are what a
// node-opcua server sends for such a value (a vector of test/companion);
// both ways decode them and encode them back to the same bytes.
//
// Run it from the repository root: go run ./examples/companion
//
// The run-time part reads Opc.Ua.Machinery.Result.NodeSet2.xml and
// namespace 0 (Opc.Ua.NodeSet2.Services.xml) from ../shared/nodesets and
// ../shared/schema relative to the repository root (flags -nodesets and
// -schema); without them it says so and prints the generated part only.
package main

//go:generate go run ../../cmd/uabingen -o machineryresult -package machineryresult ../../../shared/nodesets/Opc.Ua.Machinery.Result.NodeSet2.xml ../../../shared/schema/Opc.Ua.NodeSet2.Services.xml

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

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

func main() {
	nodesets := flag.String("nodesets", filepath.Join("..", "shared", "nodesets"), "directory of Opc.Ua.Machinery.Result.NodeSet2.xml")
	schema := flag.String("schema", filepath.Join("..", "shared", "schema"), "directory of Opc.Ua.NodeSet2.Services.xml (namespace 0)")
	flag.Parse()
	if err := run(os.Stdout, *nodesets, *schema); err != nil {
		fmt.Fprintln(os.Stderr, "companion:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, nodesetDir, schemaDir string) error {
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
	fmt.Fprintf(w, "generated: %T with ResultContent %v\n", res, res.ResultContent)
	fmt.Fprintf(w, "generated: ResultMetaData is a %T with ResultID %q\n", meta, meta.ResultID)
	again, err := o.Marshal(&eo)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "generated: re-encoded to the same bytes: %v\n", bytes.Equal(again, b))

	// 2. Run time: the NodeSet2 file, no generated code.
	set, err := nodeset.Load(filepath.Join(schemaDir, "Opc.Ua.NodeSet2.Services.xml"),
		filepath.Join(nodesetDir, "Opc.Ua.Machinery.Result.NodeSet2.xml"))
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(w, "run time: skipped, the NodeSet2 files are not there (%v)\n", err)
		return nil
	}
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
