package nodeset_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// flatHeader starts a generated NodeSet2 file: one namespace, one model,
// the usual aliases.
const flatHeader = `<?xml version="1.0" encoding="utf-8"?>
<UANodeSet xmlns="http://opcfoundation.org/UA/2011/03/UANodeSet.xsd">
  <NamespaceUris>
    <Uri>urn:flat</Uri>
  </NamespaceUris>
  <Models>
    <Model ModelUri="urn:flat" Version="1.0.0" PublicationDate="2024-01-01T00:00:00Z">
      <RequiredModel ModelUri="http://opcfoundation.org/UA/" Version="1.05.00" />
    </Model>
  </Models>
  <Aliases>
    <Alias Alias="Boolean">i=1</Alias>
    <Alias Alias="Int32">i=6</Alias>
    <Alias Alias="Double">i=11</Alias>
    <Alias Alias="String">i=12</Alias>
    <Alias Alias="HasEncoding">i=38</Alias>
    <Alias Alias="HasSubtype">i=45</Alias>
    <Alias Alias="HasProperty">i=46</Alias>
    <Alias Alias="HasComponent">i=47</Alias>
    <Alias Alias="HasTypeDefinition">i=40</Alias>
    <Alias Alias="HasModellingRule">i=37</Alias>
  </Aliases>
`

// flatUnit is one unit of a generated flat file, in the proportions of
// Opc.Ua.NodeSet2.Services.xml (per DataType about three Objects and seven
// Variables): a structure DataType with six fields, its three encoding
// Objects, two instance Objects and seven Variables with values. %[1]d is
// the unit number, which keeps NodeIds unique.
const flatUnit = `  <UADataType NodeId="ns=1;i=%[1]d00" BrowseName="1:Point%[1]d">
    <DisplayName>Point%[1]d</DisplayName>
    <Description>A point in a plane, with a label and quality flags.</Description>
    <Category>Flat Model Types</Category>
    <Documentation>https://example.org/flat/docs/Point%[1]d</Documentation>
    <References>
      <Reference ReferenceType="HasSubtype" IsForward="false">i=22</Reference>
      <Reference ReferenceType="HasEncoding">ns=1;i=%[1]d01</Reference>
      <Reference ReferenceType="HasEncoding">ns=1;i=%[1]d02</Reference>
      <Reference ReferenceType="HasEncoding">ns=1;i=%[1]d03</Reference>
    </References>
    <Definition Name="1:Point%[1]d">
      <Field Name="X" DataType="Double"><Description>The X coordinate.</Description></Field>
      <Field Name="Y" DataType="Double"><Description>The Y coordinate.</Description></Field>
      <Field Name="Label" DataType="String" MaxStringLength="64" />
      <Field Name="Weights" DataType="Double" ValueRank="1" ArrayDimensions="0" />
      <Field Name="Valid" DataType="Boolean" />
      <Field Name="Count" DataType="Int32" IsOptional="true" />
    </Definition>
  </UADataType>
  <UAObject NodeId="ns=1;i=%[1]d01" BrowseName="Default Binary" SymbolicName="DefaultBinary">
    <DisplayName>Default Binary</DisplayName>
    <References>
      <Reference ReferenceType="HasEncoding" IsForward="false">ns=1;i=%[1]d00</Reference>
      <Reference ReferenceType="HasDescription">ns=1;i=%[1]d04</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=76</Reference>
    </References>
  </UAObject>
  <UAObject NodeId="ns=1;i=%[1]d02" BrowseName="Default XML" SymbolicName="DefaultXml">
    <DisplayName>Default XML</DisplayName>
    <References>
      <Reference ReferenceType="HasEncoding" IsForward="false">ns=1;i=%[1]d00</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=76</Reference>
    </References>
  </UAObject>
  <UAObject NodeId="ns=1;i=%[1]d03" BrowseName="Default JSON" SymbolicName="DefaultJson">
    <DisplayName>Default JSON</DisplayName>
    <References>
      <Reference ReferenceType="HasEncoding" IsForward="false">ns=1;i=%[1]d00</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=76</Reference>
    </References>
  </UAObject>
  <UAObject NodeId="ns=1;i=%[1]d05" BrowseName="1:Station%[1]d" ParentNodeId="i=85">
    <DisplayName>Station%[1]d</DisplayName>
    <Description>A station of the flat plant.</Description>
    <References>
      <Reference ReferenceType="Organizes" IsForward="false">i=85</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=58</Reference>
      <Reference ReferenceType="HasComponent">ns=1;i=%[1]d06</Reference>
      <Reference ReferenceType="HasComponent">ns=1;i=%[1]d07</Reference>
      <Reference ReferenceType="HasProperty">ns=1;i=%[1]d08</Reference>
    </References>
  </UAObject>
  <UAObject NodeId="ns=1;i=%[1]d06" BrowseName="1:Axis" ParentNodeId="ns=1;i=%[1]d05">
    <DisplayName>Axis</DisplayName>
    <References>
      <Reference ReferenceType="HasComponent" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=58</Reference>
      <Reference ReferenceType="HasModellingRule">i=78</Reference>
    </References>
  </UAObject>
  <UAVariable NodeId="ns=1;i=%[1]d07" BrowseName="1:Position" ParentNodeId="ns=1;i=%[1]d05" DataType="ns=1;i=%[1]d00">
    <DisplayName>Position</DisplayName>
    <References>
      <Reference ReferenceType="HasComponent" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=63</Reference>
      <Reference ReferenceType="HasModellingRule">i=78</Reference>
    </References>
    <Value>
      <ExtensionObject xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">
        <TypeId><Identifier>ns=1;i=%[1]d02</Identifier></TypeId>
        <Body><Point><X>1.5</X><Y>-2.25</Y><Label>origin</Label><Valid>true</Valid></Point></Body>
      </ExtensionObject>
    </Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=%[1]d08" BrowseName="1:SerialNumber" ParentNodeId="ns=1;i=%[1]d05" DataType="String">
    <DisplayName>SerialNumber</DisplayName>
    <References>
      <Reference ReferenceType="HasProperty" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=68</Reference>
    </References>
    <Value><String xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">SN-%[1]d</String></Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=%[1]d09" BrowseName="1:Speed" ParentNodeId="ns=1;i=%[1]d05" DataType="Double" AccessLevel="3">
    <DisplayName>Speed</DisplayName>
    <Description>The speed of the axis in mm/s.</Description>
    <References>
      <Reference ReferenceType="HasComponent" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=2365</Reference>
      <Reference ReferenceType="HasProperty">ns=1;i=%[1]d10</Reference>
    </References>
    <Value><Double xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">0</Double></Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=%[1]d10" BrowseName="EURange" ParentNodeId="ns=1;i=%[1]d09" DataType="i=884">
    <DisplayName>EURange</DisplayName>
    <References>
      <Reference ReferenceType="HasProperty" IsForward="false">ns=1;i=%[1]d09</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=68</Reference>
    </References>
    <Value>
      <ExtensionObject xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">
        <TypeId><Identifier>i=885</Identifier></TypeId>
        <Body><Range><Low>0</Low><High>1000</High></Range></Body>
      </ExtensionObject>
    </Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=%[1]d11" BrowseName="1:Tags" ParentNodeId="ns=1;i=%[1]d05" DataType="String" ValueRank="1" ArrayDimensions="0">
    <DisplayName>Tags</DisplayName>
    <References>
      <Reference ReferenceType="HasProperty" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=68</Reference>
    </References>
    <Value><ListOfString xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd"><String>a</String><String>b</String><String>c</String></ListOfString></Value>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=%[1]d12" BrowseName="1:Enabled" ParentNodeId="ns=1;i=%[1]d05" DataType="Boolean">
    <DisplayName>Enabled</DisplayName>
    <References>
      <Reference ReferenceType="HasProperty" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=68</Reference>
    </References>
  </UAVariable>
  <UAVariable NodeId="ns=1;i=%[1]d13" BrowseName="1:Mode" ParentNodeId="ns=1;i=%[1]d05" DataType="Int32">
    <DisplayName>Mode</DisplayName>
    <References>
      <Reference ReferenceType="HasProperty" IsForward="false">ns=1;i=%[1]d05</Reference>
      <Reference ReferenceType="HasTypeDefinition">i=68</Reference>
    </References>
    <Value><Int32 xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd">1</Int32></Value>
  </UAVariable>
`

// flatShapes are the shapes of generated files: "mixed" repeats flatUnit,
// "datatypes" only its DataType (the most the reader keeps per byte),
// "objects" only its Objects (kept as far as their BrowseName) and
// "variables" only its Variables (skipped).
var flatShapes = []string{"mixed", "datatypes", "objects", "variables"}

// flatNodeSet returns a generated NodeSet2 file of the given shape and at
// least size bytes: flatHeader, then units made from flatUnit, then the
// end tag. NodeIds are the unit number followed by two digits, all
// distinct, so the file parses and loads (with namespace 0).
func flatNodeSet(shape string, size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 4*len(flatUnit))
	if _, err := b.ReadFrom(newFlatReader(shape, size)); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// flatReader produces the file of flatNodeSet unit by unit, so that a
// reader of it never has the whole file in memory.
type flatReader struct {
	unit string
	size int    // bytes still to make before the end tag
	i    int    // units made
	buf  []byte // made and not yet read
	done bool   // the end tag is in buf
}

func newFlatReader(shape string, size int) *flatReader {
	r := &flatReader{unit: flatShape(shape), size: size}
	r.buf = append(r.buf, flatHeader...)
	r.size -= len(flatHeader)
	return r
}

func (r *flatReader) Read(p []byte) (int, error) {
	for len(r.buf) < min(len(p), 64<<10) && !r.done {
		if r.size > 0 {
			r.i++
			n := len(r.buf)
			r.buf = fmt.Appendf(r.buf, r.unit, r.i)
			r.size -= len(r.buf) - n
		} else {
			r.buf = append(r.buf, "</UANodeSet>\n"...)
			r.done = true
		}
	}
	if len(r.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.buf)
	r.buf = r.buf[:copy(r.buf, r.buf[n:])]
	return n, nil
}

// flatShape returns the unit of a shape: flatUnit, or only its nodes of
// one kind.
func flatShape(shape string) string {
	var keep string
	switch shape {
	case "mixed":
		return flatUnit
	case "datatypes":
		keep = "<UADataType"
	case "objects":
		keep = "<UAObject"
	case "variables":
		keep = "<UAVariable"
	default:
		panic("flatNodeSet: unknown shape " + shape)
	}
	var sb strings.Builder
	in := false
	for _, line := range strings.SplitAfter(flatUnit, "\n") {
		if strings.HasPrefix(line, "  <UA") {
			in = strings.HasPrefix(line, "  "+keep+" ")
		}
		if in {
			sb.WriteString(line)
		}
	}
	return sb.String()
}
