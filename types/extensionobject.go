package types

// ExtensionObjectEncoding is the Encoding byte of an ExtensionObject
// (Part 6 §5.2.2.15).
type ExtensionObjectEncoding uint8

// ExtensionObject encodings.
const (
	ExtensionObjectEmpty  ExtensionObjectEncoding = 0x00 // no body
	ExtensionObjectBinary ExtensionObjectEncoding = 0x01 // body is a binary-encoded structure
	ExtensionObjectXML    ExtensionObjectEncoding = 0x02 // body is an XmlElement
)

// ExtensionObject is an OPC UA ExtensionObject (Part 6 §5.2.2.15): a
// structure of any type, identified by the NodeID of its encoding.
//
// Decoding a binary body whose TypeID is registered fills Value with a
// pointer to a new value of the registered Go type (for example
// *ReadValueID) and leaves Body nil. An unregistered TypeID, or an XML
// body, is kept raw: Value is nil, Body holds the body bytes, and encoding
// writes them back unchanged.
//
// Encoding: if Value is non-nil it is encoded as a binary body with the
// encoding id registered for its type (TypeID and Body are ignored); else
// Body is written with TypeID and Encoding (Encoding 0 with a non-nil Body
// means binary); else only TypeID and the byte 0x00 are written. The zero
// value is the null ExtensionObject, 00 00 00 on the wire.
type ExtensionObject struct {
	TypeID   NodeID
	Encoding ExtensionObjectEncoding
	Value    any
	Body     []byte
}
