package types

import (
	"fmt"
	"reflect"
	"strconv"
)

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
// writes them back unchanged. A body length of -1, which some servers send
// for an empty body, decodes to an empty raw Body that is written back as
// -1 (wire.NullBody in package uabin/wire; docs/types.md).
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

// String returns "None", "Binary" or "XML" ("ExtensionObjectEncoding(5)"
// for other values).
func (e ExtensionObjectEncoding) String() string {
	switch e {
	case ExtensionObjectEmpty:
		return "None"
	case ExtensionObjectBinary:
		return "Binary"
	case ExtensionObjectXML:
		return "XML"
	}
	return "ExtensionObjectEncoding(" + strconv.Itoa(int(e)) + ")"
}

// NewExtensionObject returns an ExtensionObject holding v, which is
// encoded as a binary body with the encoding id registered for v's type
// (for the standard structures, a pointer such as *ReadValueID or a value;
// see the encoder's registry). Encoding is set to ExtensionObjectBinary;
// TypeID is left null, since the encoder takes it from the registry.
func NewExtensionObject(v any) ExtensionObject {
	return ExtensionObject{Encoding: ExtensionObjectBinary, Value: v}
}

// IsNull reports whether e is the null ExtensionObject (encoded as
// 00 00 00): no Value, no Body, Encoding 0 and a null TypeID.
func (e ExtensionObject) IsNull() bool {
	return e.Value == nil && e.Body == nil && e.Encoding == ExtensionObjectEmpty && e.TypeID.IsNull()
}

// String returns a short description of e:
//
//	ExtensionObject{*types.Argument{Name:Speed ...}}    a decoded or set Value
//	ExtensionObject{TypeID: ns=2;i=5001, Binary, 12 bytes}  a raw body
//	ExtensionObject{TypeID: i=297}                         no body
//	ExtensionObject{}                                      null
//
// A Value is printed with fmt's %+v after its Go type.
func (e ExtensionObject) String() string { return string(e.appendText(nil, 0)) }

// appendText appends the String form of e; depth counts the nesting.
func (e ExtensionObject) appendText(b []byte, depth int) []byte {
	b = append(b, "ExtensionObject{"...)
	switch {
	case depth > maxTextDepth:
		b = append(b, "..."...)
	case e.Value != nil:
		rv := reflect.ValueOf(e.Value)
		if rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Struct {
			b = fmt.Appendf(b, "%T%+v", e.Value, rv.Elem().Interface())
		} else {
			b = fmt.Appendf(b, "%T(%+v)", e.Value, e.Value)
		}
	case e.Body != nil || e.Encoding != ExtensionObjectEmpty:
		b = append(b, "TypeID: "...)
		b = e.TypeID.appendText(b)
		enc := e.Encoding
		if enc == ExtensionObjectEmpty {
			enc = ExtensionObjectBinary // how the encoder writes it
		}
		b = append(b, ", "...)
		b = append(b, enc.String()...)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(len(e.Body)), 10)
		b = append(b, " bytes"...)
	case !e.TypeID.IsNull():
		b = append(b, "TypeID: "...)
		b = e.TypeID.appendText(b)
	}
	return append(b, '}')
}

// Equal reports whether e and o are encoded alike, by the rules of
// Variant.Equal: two with a Value compare their Values deeply (a pointer
// and the value it points to being the same), ignoring TypeID, Encoding and
// Body; two without compare TypeID and body.
func (e ExtensionObject) Equal(o ExtensionObject) bool { return extensionObjectEqual(e, o, 0) }
