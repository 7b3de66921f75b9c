package nodeset_test

import (
	"bytes"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/nodeset"
	"github.com/uabin/uabin/uaxml"
)

// FuzzValues reads any text as the <Value> of a UAVariable: Parse, NewSet
// and Values never panic, and a value that decodes writes its XML and
// binary encoding, and goes XML -> value -> XML to the same text.
func FuzzValues(f *testing.F) {
	for _, s := range []string{
		`<Int32>5</Int32>`, `<ListOfLocalizedText><LocalizedText><Text>a</Text></LocalizedText></ListOfLocalizedText>`,
		`<uax:String xmlns:uax="http://opcfoundation.org/UA/2008/02/Types.xsd" />`,
		`<ListOfExtensionObject><ExtensionObject><TypeId><Identifier>i=297</Identifier></TypeId><Body><Argument><Name>x</Name>` +
			`<DataType><Identifier>ns=1;i=5</Identifier></DataType><ValueRank>-1</ValueRank></Argument></Body></ExtensionObject></ListOfExtensionObject>`,
		`<ExtensionObject><TypeId><Identifier>i=7616</Identifier></TypeId><Body><EnumValueType><Value>1</Value>` +
			`<DisplayName><Text>On</Text></DisplayName></EnumValueType></Body></ExtensionObject>`,
		`<Matrix><Dimensions><Int32>1</Int32><Int32>2</Int32></Dimensions><Elements><Byte>1</Byte><Byte>2</Byte></Elements></Matrix>`,
		`<QualifiedName><NamespaceIndex>1</NamespaceIndex><Name>q</Name></QualifiedName>`, `<ByteString>AAE=</ByteString>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		data := []byte(`<UANodeSet><NamespaceUris><Uri>urn:a</Uri></NamespaceUris><UAVariable NodeId="ns=1;i=1" BrowseName="1:V"><Value>`)
		data = append(append(data, in...), `</Value></UAVariable></UANodeSet>`...)
		ns, err := nodeset.Parse("fuzz.xml", data)
		if err != nil {
			return
		}
		set, err := nodeset.NewSet(ns)
		if err != nil {
			return
		}
		vals, err := set.Values()
		if err != nil {
			return
		}
		r, _ := set.Registry()
		for _, v := range vals {
			o := uaxml.Options{NamespaceURIs: ns.NamespaceURIs, Types: r}
			t1, err := o.Marshal(&v.Variant)
			if err != nil {
				t.Fatalf("a value read does not write: %v", err)
			}
			var back types.Variant
			if err := o.Unmarshal(t1, &back); err != nil {
				t.Fatalf("the text written does not read back: %v\n%s", err, t1)
			}
			if t2, err := o.Marshal(&back); err != nil || !bytes.Equal(t1, t2) {
				t.Fatalf("not stable (%v)\n%s\n%s", err, t1, t2)
			}
			if _, err := set.BinaryValue(v, nil); err != nil {
				t.Fatalf("binary: %v", err)
			}
		}
	})
}
