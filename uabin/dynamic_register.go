package uabin

// Run-time definitions (docs/dynamic.md): a server's structures,
// enumerations, simple subtypes and option sets, registered from their
// definitions in a Registry; values of them are Dynamic (dynamic.go). The
// definitions and their compilation are internal/uamodel's, shared by
// every encoding.

import (
	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
)

// DefinitionError reports a run-time definition that cannot be used: at
// registration (a hostile or unsupported definition) or when it is compiled
// on first use (a missing reference, a structure that contains itself with
// no optional or array break). Its fields are Type, the name of the
// definition at fault; Path, the field path from the structure being
// compiled, such as "Outer.Inner.Values", or "" for the definition as a
// whole; and Err, the cause, which wraps ErrUnsupported, ErrInvalid or
// ErrUnknownType. Decoding and encoding errors that it causes have it as
// their cause (errors.As finds it). It is defined in internal/uamodel,
// where definitions are compiled for every encoding.
type DefinitionError = uamodel.DefinitionError

// RegisterStructure registers the run-time definition of a structure: its
// DataType id (which other definitions use to refer to it), its binary
// encoding id (under which its values travel in ExtensionObjects and as
// messages; a null encodingID means the definition's DefaultEncodingID, and
// if that is null too the structure is only used inline by others), its
// name and its StructureDefinition. Values of it then
// decode into *Dynamic and *Dynamic values encode back (docs/dynamic.md).
//
// Ids may be given by namespace index or by namespace URI (resolved with
// Options.NamespaceURIs on every call, like RegisterType); the DataType ids
// in the definition's fields are namespace indexes of that table. A nil r
// means DefaultRegistry. References to other definitions are resolved when
// a value is first decoded or created, so definitions may be registered in
// any order.
//
// RegisterStructure rejects, with a *DefinitionError wrapping
// ErrUnsupported, definitions this package cannot encode: an unknown
// StructureType, more than 32 optional fields, a ValueRank other than -1
// (scalar), 1 (array) or 2..32 (matrix), more than 4096 fields, empty or duplicate
// field names, optional fields outside StructureWithOptionalFields. A
// duplicate id wraps ErrDuplicateID.
func (r *Registry) RegisterStructure(encodingID, dataTypeID types.ExpandedNodeID, name string, def types.StructureDefinition) error {
	return r.model().RegisterStructure(encodingID, dataTypeID, name, def)
}

// RegisterEnum registers the run-time definition of an enumeration under
// its DataType id, so that structure definitions can use it: its values are
// Int32 on the wire and decode as int32, with their names shown by String,
// AsMap and MarshalJSON. A nil r means DefaultRegistry. Values outside the
// Int32 range and duplicate values are rejected (ErrUnsupported).
func (r *Registry) RegisterEnum(dataTypeID types.ExpandedNodeID, name string, def types.EnumDefinition) error {
	return r.model().RegisterEnum(dataTypeID, name, def)
}

// RegisterStructureIn is RegisterStructure for a definition whose NodeIds
// are namespace indexes of its own namespace table, namespaceURIs (the
// table of the NodeSet2 file or the server it was read from), rather than
// of each call's Options.NamespaceURIs: its field DataTypes, and
// encodingID, dataTypeID and DefaultEncodingID when they have a namespace
// index, are taken as namespace URIs, so that the definition works with
// any table a session has. Every definition its fields refer to must then
// be registered by namespace URI (or be of namespace 0).
func (r *Registry) RegisterStructureIn(namespaceURIs []string, encodingID, dataTypeID types.ExpandedNodeID, name string, def types.StructureDefinition) error {
	return r.model().RegisterStructureIn(namespaceURIs, encodingID, dataTypeID, name, def)
}

// RegisterSimpleType registers a DataType that is a subtype of the
// built-in type builtIn with no fields of its own (Part 3 §8.1, a
// "simple DataType": BACnetYear, a UInt16; a string with a restricted
// syntax), so that structure definitions can have fields of it: such a
// field is encoded as builtIn and holds builtIn's Go value (docs/types.md;
// a Variant for BaseDataType, an ExtensionObject for Structure). A client
// learns a DataType's built-in type by following its inverse HasSubtype
// references up to one of the DataTypes i=1..25.
//
// dataTypeID may be given by namespace index or by namespace URI, as for
// RegisterStructure. A nil r means DefaultRegistry. A builtIn outside
// Boolean..DiagnosticInfo wraps ErrUnsupported, a duplicate DataType id
// ErrDuplicateID.
func (r *Registry) RegisterSimpleType(dataTypeID types.ExpandedNodeID, name string, builtIn types.BuiltinType) error {
	return r.model().RegisterSimpleType(dataTypeID, name, builtIn)
}

// RegisterOptionSet registers an option set (a DataType whose
// Definition has IsOptionSet; Part 3 §8.40, Part 6 §5.2.2.17), in one of
// its two forms, chosen by base:
//
//   - an unsigned integer type, Byte, UInt16, UInt32 or UInt64 (the
//     OptionSet is a subtype of it, like DI's UpdateBehavior, a UInt32, or
//     Machinery Jobs' OutputInfoType, a Byte): a field of it is encoded
//     as that integer (1, 2, 4 or 8 bytes) and holds uint8, uint16, uint32
//     or uint64; String shows the names of the bits that are set;
//   - ExtensionObject (the OptionSet is a subtype of the structure
//     OptionSet, i=12755): it is registered as a structure of two
//     ByteString fields, Value and ValidBits, with the binary encoding id
//     encodingID (which may be null if its values never travel in an
//     ExtensionObject of their own); a field of it holds a *Dynamic.
//
// def names the bits: each field's Value is a bit number (0 for the
// lowest bit), as in the DataType's EnumDefinition. encodingID is used by
// the structure form only. Ids may be given by namespace index or URI, as
// for RegisterStructure. A nil r means DefaultRegistry. Another base, or a
// bit number beyond the base's width, wraps ErrUnsupported.
func (r *Registry) RegisterOptionSet(encodingID, dataTypeID types.ExpandedNodeID, name string, base types.BuiltinType, def types.EnumDefinition) error {
	return r.model().RegisterOptionSet(encodingID, dataTypeID, name, base, def)
}
