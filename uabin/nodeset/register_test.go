package nodeset_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// tinyNodeSet is a companion file that needs namespace 0: a UInt16
// subtype, a Byte option set, a structure with fields of them, of a
// namespace-0 simple type and structure, and a subtype of a namespace-0
// structure with fields (Range: Namespace0 reads its fields from the Go
// type).
const tinyNodeSet = `<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd">
  <NamespaceUris><Uri>urn:tiny</Uri></NamespaceUris>
  <Models><Model ModelUri="urn:tiny" Version="1.0"><RequiredModel ModelUri="http://opcfoundation.org/UA/" Version="1.05.00" /></Model></Models>
  <Aliases><Alias Alias="HasSubtype">i=45</Alias><Alias Alias="HasEncoding">i=38</Alias></Aliases>
  <UADataType NodeId="ns=1;i=1" BrowseName="1:Year">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=5</Reference></References>
  </UADataType>
  <UADataType NodeId="ns=1;i=2" BrowseName="1:Flags">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=3</Reference></References>
    <Definition Name="1:Flags" IsOptionSet="true"><Field Name="Ready" Value="0" /><Field Name="Busy" Value="3" /></Definition>
  </UADataType>
  <UADataType NodeId="ns=1;i=3" BrowseName="1:Reading">
    <References>
      <Reference ReferenceType="HasSubtype" IsForward="false">i=22</Reference>
      <Reference ReferenceType="HasEncoding">ns=1;i=5003</Reference>
    </References>
    <Definition Name="1:Reading">
      <Field Name="Name" DataType="i=31918" />
      <Field Name="Year" DataType="ns=1;i=1" />
      <Field Name="State" DataType="ns=1;i=2" />
      <Field Name="Access" DataType="i=15031" />
      <Field Name="Unit" DataType="i=887" />
    </Definition>
  </UADataType>
  <UAObject NodeId="ns=1;i=5003" BrowseName="Default Binary" />
  <UADataType NodeId="ns=1;i=4" BrowseName="1:WideRange">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=884</Reference></References>
    <Definition Name="1:WideRange"><Field Name="Step" DataType="i=11" /></Definition>
  </UADataType>
</UANodeSet>`

// TestRegisterWithNamespace0 loads the tiny file with namespace 0 from
// package types, registers it, and checks the bytes of a value encoded
// with a session table in which the file's namespace has another index.
func TestRegisterWithNamespace0(t *testing.T) {
	f, err := nodeset.Parse("Tiny.NodeSet2.xml", []byte(tinyNodeSet))
	if err != nil {
		t.Fatal(err)
	}
	set, err := nodeset.NewSet(nodeset.Namespace0(), f)
	if err != nil {
		t.Fatal(err)
	}
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		t.Fatal(err)
	}
	wide := set.DataType(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 4), NamespaceURI: "urn:tiny"})
	def, err := set.StructureDefinition(wide, []string{nodeset.UANamespace, "urn:tiny"})
	if err != nil {
		t.Fatal(err)
	}
	var fields []string
	for _, f := range def.Fields {
		fields = append(fields, fmt.Sprintf("%s %v %d", f.Name, f.DataType, f.ValueRank))
	}
	if got, want := strings.Join(fields, ", "), "Low i=11 -1, High i=11 -1, Step i=11 -1"; got != want || def.BaseDataType != types.NewNumericNodeID(0, 884) {
		t.Errorf("WideRange: fields %s, base %v; want %s, base i=884 (Range)", got, def.BaseDataType, want)
	}
	session := []string{nodeset.UANamespace, "urn:other", "urn:tiny"}
	enc := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 5003), NamespaceURI: "urn:tiny"}
	x, err := uabin.NewDynamic(r, enc, session)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{"Name": "r", "Year": uint16(2024), "State": uint8(9), "Access": types.AccessLevelType(1)} {
		if err := x.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	o := uabin.Options{Types: r, NamespaceURIs: session}
	b, err := o.Marshal(types.NewExtensionObject(x))
	if err != nil {
		t.Fatal(err)
	}
	// TypeId ns=2;i=5003 (four-byte form), binary, length 19; String "r",
	// UInt16 2024, Byte 9, Byte 1, EUInformation zero (null String, Int32 0,
	// two empty LocalizedTexts).
	want := []byte{0x01, 0x02, 0x8b, 0x13, 0x01, 19, 0, 0, 0,
		1, 0, 0, 0, 'r', 0xe8, 0x07, 9, 1, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0}
	if string(b) != string(want) {
		t.Errorf("got  % x\nwant % x", b, want)
	}
	if got, want := x.String(), `Reading{Name: "r", Year: 2024, State: Ready|Busy, Access: CurrentRead, Unit: EUInformation{`; len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("String: %s", got)
	}
}
