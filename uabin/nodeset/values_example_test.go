package nodeset_test

import (
	"fmt"

	"github.com/uabin/uabin/uabin/nodeset"
)

// The values of a NodeSet2 file: an enumeration's EnumStrings and a
// method's InputArguments, decoded into Variants, with their binary
// encoding for a server's namespace table.
func ExampleSet_Values() {
	const file = `<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd">
  <NamespaceUris><Uri>urn:acme</Uri></NamespaceUris>
  <Aliases><Alias Alias="LocalizedText">i=21</Alias><Alias Alias="Argument">i=296</Alias></Aliases>
  <UAVariable NodeId="ns=1;i=6001" BrowseName="EnumStrings" DataType="LocalizedText" ValueRank="1">
    <Value>
      <ListOfLocalizedText xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">
        <LocalizedText><Text>Off</Text></LocalizedText>
        <LocalizedText><Text>Auto</Text></LocalizedText>
      </ListOfLocalizedText>
    </Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=6002" BrowseName="InputArguments" DataType="Argument" ValueRank="1">
    <Value>
      <ListOfExtensionObject xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">
        <ExtensionObject>
          <TypeId><Identifier>i=297</Identifier></TypeId>
          <Body><Argument><Name>Speed</Name><DataType><Identifier>ns=1;i=3001</Identifier></DataType><ValueRank>-1</ValueRank></Argument></Body>
        </ExtensionObject>
      </ListOfExtensionObject>
    </Value>
  </UAVariable>
</UANodeSet>`
	ns, err := nodeset.Parse("acme.xml", []byte(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := nodeset.NewSet(nodeset.Namespace0(), ns)
	if err != nil {
		fmt.Println(err)
		return
	}
	values, err := set.Values()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range values {
		fmt.Printf("%s line %d %v (%s): %v\n", v.File, v.Line, v.NodeID, v.BrowseNameText, v.Variant)
	}
	server := []string{nodeset.UANamespace, "urn:other", "urn:acme"}
	x, err := set.DecodeValue(values[1], server)
	fmt.Println(x, err)
	b, err := set.BinaryValue(values[1], server)
	fmt.Printf("% x %v\n", b, err)
	// Output:
	// acme.xml line 5 nsu=urn:acme;i=6001 (EnumStrings): LocalizedText[2] ["Off", "Auto"]
	// acme.xml line 13 nsu=urn:acme;i=6002 (InputArguments): ExtensionObject[1] [ExtensionObject{*types.Argument{Name:Speed DataType:ns=1;i=3001 ValueRank:-1 ArrayDimensions:[] Description:}}]
	// ExtensionObject[1] [ExtensionObject{*types.Argument{Name:Speed DataType:ns=2;i=3001 ValueRank:-1 ArrayDimensions:[] Description:}}] <nil>
	// 96 01 00 00 00 01 00 2a 01 01 16 00 00 00 05 00 00 00 53 70 65 65 64 01 02 b9 0b ff ff ff ff ff ff ff ff 00 <nil>
}
