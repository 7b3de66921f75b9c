package nodeset_test

import (
	"fmt"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// A companion file, loaded with namespace 0 from package types, registered
// in one call; a value sent by a server whose namespace table gives the
// file's namespace index 2 decodes into a *uabin.Dynamic.
func ExampleSet_Register() {
	const file = `<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd">
  <NamespaceUris><Uri>urn:plant</Uri></NamespaceUris>
  <Models><Model ModelUri="urn:plant" Version="1.0"><RequiredModel ModelUri="http://opcfoundation.org/UA/" Version="1.04" /></Model></Models>
  <Aliases><Alias Alias="HasSubtype">i=45</Alias><Alias Alias="HasEncoding">i=38</Alias></Aliases>
  <UADataType NodeId="ns=1;i=1" BrowseName="1:Year">
    <References><Reference ReferenceType="HasSubtype" IsForward="false">i=5</Reference></References>
  </UADataType>
  <UADataType NodeId="ns=1;i=2" BrowseName="1:Batch">
    <References>
      <Reference ReferenceType="HasSubtype" IsForward="false">i=22</Reference>
      <Reference ReferenceType="HasEncoding">ns=1;i=5002</Reference>
    </References>
    <Definition Name="1:Batch">
      <Field Name="Name" DataType="i=31918" />
      <Field Name="Year" DataType="ns=1;i=1" />
      <Field Name="Note" DataType="i=12" IsOptional="true" />
    </Definition>
  </UADataType>
  <UAObject NodeId="ns=1;i=5002" BrowseName="Default Binary" />
</UANodeSet>`
	f, err := nodeset.Parse("Plant.NodeSet2.xml", []byte(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := nodeset.NewSet(nodeset.Namespace0(), f)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		fmt.Println(err)
		return
	}
	// TypeId ns=2;i=5002, a body: mask 0, "B7", UInt16 2024.
	b := []byte{0x01, 0x02, 0x8a, 0x13, 0x01, 12, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 'B', '7', 0xe8, 0x07}
	o := uabin.Options{Types: r, NamespaceURIs: []string{nodeset.UANamespace, "urn:server", "urn:plant"}}
	var eo types.ExtensionObject
	if err := o.Unmarshal(b, &eo); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(eo.Value)
	fmt.Println(strings.Join(r.Definitions(), ", "))
	// Output:
	// Batch{Name: "B7", Year: 2024}
	// Batch, Year
}
