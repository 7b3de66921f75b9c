// Command dynamic decodes a vendor structure that no Go code describes: the
// server's DataTypeDefinition (or its bsd dictionary) is registered at run
// time, and values arriving in ExtensionObjects decode into *uabin.Dynamic,
// print as text and JSON, and encode back to the same bytes.
//
// Run it with no arguments: go run ./examples/dynamic
package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/bsd"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "dynamic:", err)
		os.Exit(1)
	}
}

// The ids a server would give: DataTypes ns=2;i=30xx, binary encodings
// ns=2;i=50xx.
func id(i uint32) types.ExpandedNodeID {
	return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, i)}
}

func field(name string, dataType types.NodeID, rank int32, optional bool) types.StructureField {
	return types.StructureField{Name: name, DataType: dataType, ValueRank: rank, IsOptional: optional}
}

// register registers what a client would read from the DataTypeDefinition
// attributes of the server's DataType nodes.
func register(r *uabin.Registry) error {
	ns0 := func(i uint32) types.NodeID { return types.NewNumericNodeID(0, i) }
	// PumpReading refers to types registered after it: order does not matter.
	if err := r.RegisterStructure(id(5001), id(3001), "PumpReading", types.StructureDefinition{
		StructureType: types.StructureTypeStructureWithOptionalFields,
		Fields: []types.StructureField{
			field("Pump", ns0(12), -1, false),           // String
			field("State", id(3003).NodeID, -1, false),  // PumpState enumeration
			field("Flow", id(3002).NodeID, -1, false),   // FlowSample structure
			field("History", id(3002).NodeID, 1, false), // array of FlowSample
			field("Alarm", ns0(21), -1, true),           // optional LocalizedText
			field("Temperature", ns0(11), -1, true),     // optional Double
		},
	}); err != nil {
		return err
	}
	if err := r.RegisterStructure(types.ExpandedNodeID{}, id(3002), "FlowSample", types.StructureDefinition{
		Fields: []types.StructureField{field("Time", ns0(294), -1, false), field("LitresPerMinute", ns0(10), -1, false)},
	}); err != nil {
		return err
	}
	return r.RegisterEnum(id(3003), "PumpState", types.EnumDefinition{Fields: []types.EnumField{
		{Name: "Stopped", Value: 0}, {Name: "Running", Value: 1}, {Name: "Fault", Value: 2}}})
}

// reading is a Variant holding an ExtensionObject with a PumpReading, as a
// Read of the server's variable returns it (Part 6 §5.2.2.15-16, §5.2.7).
const reading = `
16                          Variant: ExtensionObject
01 02 89 13 01 32 00 00 00  TypeId ns=2;i=5001, binary body of 50 bytes
02 00 00 00                 encoding mask: Temperature present, Alarm absent
02 00 00 00 50 37           Pump "P7"
01 00 00 00                 State Running
00 80 3e d5 de b1 9d 01  00 00 48 42   Flow {Time, 50 l/min}
01 00 00 00                 History: 1 sample
00 00 00 00 00 00 00 00  00 00 20 42   {Time 0, 40 l/min}
00 00 00 00 00 80 51 40     Temperature 70
`

func decodeHex(s string) []byte {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		for _, tok := range strings.Fields(line) {
			if len(tok) != 2 || strings.Trim(tok, "0123456789abcdef") != "" {
				break
			}
			out = append(out, tok)
		}
	}
	b, _ := hex.DecodeString(strings.Join(out, ""))
	return b
}

func run(w io.Writer) error {
	r := uabin.NewRegistry()
	if err := register(r); err != nil {
		return err
	}
	o := uabin.Options{Types: r}
	in := decodeHex(reading)

	var v types.Variant
	if err := o.Unmarshal(in, &v); err != nil {
		return err
	}
	d := v.Value().(types.ExtensionObject).Value.(*uabin.Dynamic)
	fmt.Fprintln(w, "decoded:", d)
	fmt.Fprintln(w, "State is", d.EnumName("State"))
	j, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "JSON:\n%s\n", j)

	out, err := o.Marshal(v)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "re-encoded to the same bytes:", bytes.Equal(out, in))

	// Change it: an alarm appears, the temperature is no longer sent.
	if err := d.Set("Alarm", types.LocalizedText{Text: "dry run"}); err != nil {
		return err
	}
	if err := d.Clear("Temperature"); err != nil {
		return err
	}
	if err := d.Set("State", int32(2)); err != nil {
		return err
	}
	out, err = o.Marshal(types.ExtensionObject{Value: d})
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "changed:", d)
	fmt.Fprintf(w, "as an ExtensionObject: % x\n", out)

	// A server that publishes only a bsd dictionary.
	return fromDictionary(w)
}

const dictionary = `<opc:TypeDictionary xmlns:opc="http://opcfoundation.org/BinarySchema/"
  xmlns:ua="http://opcfoundation.org/UA/" xmlns:tns="urn:acme:pumps" TargetNamespace="urn:acme:pumps">
  <opc:StructuredType Name="Command" BaseType="ua:Union">
    <opc:Field Name="SwitchField" TypeName="opc:UInt32" />
    <opc:Field Name="Start" TypeName="opc:Boolean" SwitchField="SwitchField" SwitchValue="1" />
    <opc:Field Name="SetSpeed" TypeName="opc:Float" SwitchField="SwitchField" SwitchValue="2" />
  </opc:StructuredType>
</opc:TypeDictionary>`

func fromDictionary(w io.Writer) error {
	dict, err := bsd.Parse([]byte(dictionary), bsd.Options{DataTypeIDs: map[string]types.NodeID{
		"Command": types.NewNumericNodeID(2, 3010)}})
	if err != nil {
		return err
	}
	r := uabin.NewRegistry()
	if err := dict.Register(r, map[string]types.ExpandedNodeID{"Command": id(5010)}); err != nil {
		return err
	}
	// ns=2;i=5010, binary, 8 bytes: switch 2 (SetSpeed), Float 1500.
	in := decodeHex("01 02 92 13 01 08 00 00 00 02 00 00 00 00 80 bb 44")
	var x types.ExtensionObject
	if err := (uabin.Options{Types: r}).Unmarshal(in, &x); err != nil {
		return err
	}
	j, _ := json.Marshal(x.Value)
	fmt.Fprintln(w, "from the bsd dictionary:", x.Value, string(j))
	return nil
}
