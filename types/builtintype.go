package types

import (
	"reflect"
	"strconv"
	"strings"
)

// BuiltinType is the id of one of the 25 OPC UA built-in types (Part 6
// §5.1.2 Table 1), as used in the low 6 bits of a Variant's encoding mask.
type BuiltinType uint8

// Built-in type ids.
const (
	TypeNull            BuiltinType = 0
	TypeBoolean         BuiltinType = 1
	TypeSByte           BuiltinType = 2
	TypeByte            BuiltinType = 3
	TypeInt16           BuiltinType = 4
	TypeUInt16          BuiltinType = 5
	TypeInt32           BuiltinType = 6
	TypeUInt32          BuiltinType = 7
	TypeInt64           BuiltinType = 8
	TypeUInt64          BuiltinType = 9
	TypeFloat           BuiltinType = 10
	TypeDouble          BuiltinType = 11
	TypeString          BuiltinType = 12
	TypeDateTime        BuiltinType = 13
	TypeGUID            BuiltinType = 14
	TypeByteString      BuiltinType = 15
	TypeXmlElement      BuiltinType = 16 //nolint:revive // OPC UA name
	TypeNodeID          BuiltinType = 17
	TypeExpandedNodeID  BuiltinType = 18
	TypeStatusCode      BuiltinType = 19
	TypeQualifiedName   BuiltinType = 20
	TypeLocalizedText   BuiltinType = 21
	TypeExtensionObject BuiltinType = 22
	TypeDataValue       BuiltinType = 23
	TypeVariant         BuiltinType = 24
	TypeDiagnosticInfo  BuiltinType = 25
)

// builtins is the table of the built-in types, by id: the OPC UA name and
// the Go type that holds a value (as a nil pointer to it, so that the table
// is static data). It is the one list of the 25 names in the module: the
// struct tag grammar, uabin/bsd, the run-time definitions and cmd/uabingen
// read it through String, ParseBuiltinType and GoType.
var builtins = [...]struct {
	name string
	ptr  any // (*T)(nil) for the Go type T; nil for Null
}{
	TypeNull:            {"Null", nil},
	TypeBoolean:         {"Boolean", (*bool)(nil)},
	TypeSByte:           {"SByte", (*int8)(nil)},
	TypeByte:            {"Byte", (*uint8)(nil)},
	TypeInt16:           {"Int16", (*int16)(nil)},
	TypeUInt16:          {"UInt16", (*uint16)(nil)},
	TypeInt32:           {"Int32", (*int32)(nil)},
	TypeUInt32:          {"UInt32", (*uint32)(nil)},
	TypeInt64:           {"Int64", (*int64)(nil)},
	TypeUInt64:          {"UInt64", (*uint64)(nil)},
	TypeFloat:           {"Float", (*float32)(nil)},
	TypeDouble:          {"Double", (*float64)(nil)},
	TypeString:          {"String", (*string)(nil)},
	TypeDateTime:        {"DateTime", (*DateTime)(nil)},
	TypeGUID:            {"Guid", (*GUID)(nil)},
	TypeByteString:      {"ByteString", (*[]byte)(nil)},
	TypeXmlElement:      {"XmlElement", (*XmlElement)(nil)},
	TypeNodeID:          {"NodeId", (*NodeID)(nil)},
	TypeExpandedNodeID:  {"ExpandedNodeId", (*ExpandedNodeID)(nil)},
	TypeStatusCode:      {"StatusCode", (*StatusCode)(nil)},
	TypeQualifiedName:   {"QualifiedName", (*QualifiedName)(nil)},
	TypeLocalizedText:   {"LocalizedText", (*LocalizedText)(nil)},
	TypeExtensionObject: {"ExtensionObject", (*ExtensionObject)(nil)},
	TypeDataValue:       {"DataValue", (*DataValue)(nil)},
	TypeVariant:         {"Variant", (*Variant)(nil)},
	TypeDiagnosticInfo:  {"DiagnosticInfo", (*DiagnosticInfo)(nil)},
}

// String returns the OPC UA name of the type ("Double", "NodeId", "Guid",
// "Null" for 0), or "BuiltinType(30)" for an id that names no built-in type.
func (t BuiltinType) String() string {
	if int(t) < len(builtins) {
		return builtins[t].name
	}
	return "BuiltinType(" + strconv.Itoa(int(t)) + ")"
}

// GoType returns the Go type of a value of the built-in type t in this
// module, the type a struct field of t has by default (docs/types.md): bool,
// int8, ..., float64, string, DateTime, GUID, []byte (ByteString),
// XmlElement, NodeID, ExpandedNodeID, StatusCode, QualifiedName,
// LocalizedText, ExtensionObject, DataValue, Variant, DiagnosticInfo. It
// returns nil for Null and for an id above 25.
func (t BuiltinType) GoType() reflect.Type {
	if t == TypeNull || int(t) >= len(builtins) {
		return nil
	}
	return reflect.TypeOf(builtins[t].ptr).Elem()
}

// IsValid reports whether t is one of the 26 ids 0 (Null) to 25
// (DiagnosticInfo).
func (t BuiltinType) IsValid() bool { return t <= TypeDiagnosticInfo }

// ParseBuiltinType returns the built-in type named name, an OPC UA name as
// returned by BuiltinType.String ("Double", "NodeId", "Null", ...). The
// match is exact first, then ASCII case-insensitive ("nodeid"). An unknown
// name is a *ParseError.
func ParseBuiltinType(name string) (BuiltinType, error) {
	for t, b := range builtins {
		if b.name == name {
			return BuiltinType(t), nil
		}
	}
	for t, b := range builtins {
		if strings.EqualFold(b.name, name) {
			return BuiltinType(t), nil
		}
	}
	return 0, &ParseError{Type: "BuiltinType", Input: name, Msg: "not the name of a built-in type"}
}

// ParseError is the error of the Parse functions of this package
// (ParseNodeID, ParseGUID, ParseBuiltinType, ...): the text is not a valid
// value of the type. Its message reads
// `types: invalid NodeId "ns=x;i=1": namespace index "x" is not a UInt16`.
type ParseError struct {
	// Type is the OPC UA name of the type being parsed, e.g. "NodeId".
	Type string
	// Input is the text that was given.
	Input string
	// Msg says what is wrong with it.
	Msg string
}

// maxQuotedInput bounds how much of the input an error message repeats.
const maxQuotedInput = 120

// Error implements error.
func (e *ParseError) Error() string {
	in := e.Input
	if len(in) > maxQuotedInput {
		in = in[:maxQuotedInput] + "..."
	}
	return "types: invalid " + e.Type + " " + strconv.Quote(in) + ": " + e.Msg
}
