package uaxml_test

import (
	"fmt"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uaxml"
)

func ExampleMarshal() {
	v := types.MustVariant([]types.LocalizedText{types.NewLocalizedText("en", "Off"), types.NewLocalizedText("en", "Auto")})
	b, err := uaxml.Marshal(&v)
	fmt.Println(string(b), err)
	req := types.ReadValueID{NodeID: types.NewStringNodeID(2, "Pump"), AttributeID: 13}
	b, err = uaxml.Marshal(&req)
	fmt.Println(string(b), err)
	// Output:
	// <Variant xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd"><Value><ListOfLocalizedText><LocalizedText><Locale>en</Locale><Text>Off</Text></LocalizedText><LocalizedText><Locale>en</Locale><Text>Auto</Text></LocalizedText></ListOfLocalizedText></Value></Variant> <nil>
	// <ReadValueId xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd"><NodeId><Identifier>ns=2;s=Pump</Identifier></NodeId><AttributeId>13</AttributeId><DataEncoding><NamespaceIndex>0</NamespaceIndex></DataEncoding></ReadValueId> <nil>
}

// A Variant as NodeSet2 files write them (the uax: prefix and the white
// space are as in the files): an ExtensionObject whose Body is an
// EUInformation, the standard structure its TypeId (i=888, its XML
// encoding) names. Decoded, the ExtensionObject holds a
// *types.EUInformation and the TypeID binary decoding gives it, its binary
// encoding id (i=889).
func ExampleUnmarshal() {
	in := `<Variant><Value>
  <uax:ExtensionObject xmlns:uax="http://opcfoundation.org/UA/2008/02/Types.xsd">
    <uax:TypeId><uax:Identifier>i=888</uax:Identifier></uax:TypeId>
    <uax:Body>
      <uax:EUInformation>
        <uax:NamespaceUri>http://www.opcfoundation.org/UA/units/un/cefact</uax:NamespaceUri>
        <uax:UnitId>4408652</uax:UnitId>
        <uax:DisplayName><uax:Locale>en</uax:Locale><uax:Text>°C</uax:Text></uax:DisplayName>
      </uax:EUInformation>
    </uax:Body>
  </uax:ExtensionObject>
</Value></Variant>`
	var v types.Variant
	if err := uaxml.Unmarshal([]byte(in), &v); err != nil {
		fmt.Println(err)
		return
	}
	eo, _ := v.ExtensionObject()
	eu := eo.Value.(*types.EUInformation)
	fmt.Println(eo.TypeID, eu.UnitID, eu.DisplayName)
	// Output:
	// i=889 4408652 [en] °C
}

// Options.NamespaceURIs maps the namespace URIs of NodeIds to the indexes
// of a namespace table.
func ExampleOptions() {
	o := uaxml.Options{NamespaceURIs: []string{"http://opcfoundation.org/UA/", "urn:acme"}}
	var id types.NodeID
	err := o.Unmarshal([]byte(`<NodeId><Identifier>nsu=urn:acme;s=Pump</Identifier></NodeId>`), &id)
	fmt.Println(id, err)
	// Output:
	// ns=1;s=Pump <nil>
}
