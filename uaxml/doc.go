// Package uaxml encodes and decodes Go values in the OPC UA XML encoding
// (OPC UA Part 6 §5.3), the encoding of the <Value>s of NodeSet2 files,
// the way package uabin does for OPC UA Binary and uajson for OPC UA JSON:
//
//	b, err := uaxml.Marshal(&v)          // <ReadValueId xmlns="...Types.xsd"><NodeId>...
//	err = uaxml.Unmarshal(b, &v)
//	o := uaxml.Options{NamespaceURIs: table}
//	b, err = o.Marshal(&v)
//
// The Go values are those of package types and of uabin, the same as for
// the other encodings, planned from the same model (internal/uamodel: the
// same ua: tags, field names and presence rules): the 25 built-in types,
// structures (generated, user structs with ua: tags, run-time structures
// as *uabin.Dynamic) with enumerations, optional fields and unions,
// ExtensionObjects and Variants holding registered structures.
// docs/xml.md in the repository has the complete mapping, the limits and
// what is lossless.
//
// # Mapping
//
//	Boolean        <Boolean>true</Boolean>
//	SByte…UInt64   <Int32>-5</Int32> (xs:byte … xs:unsignedLong)
//	Float, Double  <Double>1.5</Double>, INF, -INF, NaN
//	String         <String>Hot水</String>; a null String is left out of a
//	               structure and is <String xsi:nil="true" /> elsewhere
//	DateTime       <DateTime>2024-01-02T03:04:05.1234567Z</DateTime>; MinValue
//	               0001-01-01T00:00:00Z, MaxValue 9999-12-31T23:59:59Z
//	Guid           <Guid><String>72962B91-FA75-4AE6-8D28-B404DC7DAF63</String></Guid>
//	ByteString     <ByteString>AQID</ByteString> (base64)
//	XmlElement     <XmlElement><A>x</A></XmlElement> (the XML as it is)
//	NodeId         <NodeId><Identifier>ns=1;s=Pump</Identifier></NodeId>
//	ExpandedNodeId <ExpandedNodeId><Identifier>nsu=http://x/;i=5</Identifier></ExpandedNodeId>
//	StatusCode     <StatusCode><Code>2147483648</Code></StatusCode>
//	QualifiedName  <QualifiedName><NamespaceIndex>1</NamespaceIndex><Name>x</Name></QualifiedName>
//	LocalizedText  <LocalizedText><Locale>en</Locale><Text>x</Text></LocalizedText>
//	ExtensionObject <ExtensionObject><TypeId><Identifier>i=297</Identifier></TypeId>
//	               <Body><Argument>...</Argument></Body></ExtensionObject>
//	Variant        <Variant><Value><Int32>5</Int32></Value></Variant>,
//	               <Value><ListOfInt32>...</ListOfInt32></Value>,
//	               <Value><Matrix><Dimensions>...</Dimensions><Elements>...</Elements></Matrix></Value>
//	DataValue      <DataValue><Value><Value>...</Value></Value><StatusCode>...</DataValue>
//	arrays         <ListOfInt32><Int32>1</Int32><Int32>2</Int32></ListOfInt32>
//	enumerations   <TimestampsToReturn>Both_2</TimestampsToReturn>
//	structures     one element per field, by its OPC UA name; optional fields
//	               after <EncodingMask>; a union <SwitchField> and the field
//
// # Errors and limits
//
// Decoding errors are *uabin.DecodeError values whose Offset is the byte
// offset of the element at fault and whose Path is its field path; they
// wrap uabin's sentinels (ErrInvalid, ErrLimitExceeded, ErrUnknownType,
// ErrUnsupported). Input is untrusted: a DTD (and with it every entity
// other than XML's five) is refused, and Options bounds the size, the
// elements, their nesting, texts and attributes.
package uaxml
