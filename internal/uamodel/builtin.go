package uamodel

// The named built-ins: the OPC UA built-in types whose Go types are
// structs (docs/types.md). This is the one list of them; a Go type whose
// underlying struct is one of these (type Stamp time.Time, type ID
// types.NodeID) is that built-in too.

import (
	"reflect"
	"time"

	"github.com/uabin/uabin/types"
)

// A NamedBuiltin is a built-in OPC UA type whose Go type is a struct.
type NamedBuiltin struct {
	Go reflect.Type      // the Go type of package types (time.Time for DateTime)
	ID types.BuiltinType // the built-in type
	// Opaque is true for the built-ins whose encoding no struct tags can
	// describe (NodeId, ExpandedNodeId, DateTime as time.Time, Variant,
	// ExtensionObject): each encoding has a codec of its own for them. The
	// others (Guid, QualifiedName, LocalizedText, DataValue,
	// DiagnosticInfo) are structures whose tags describe their binary
	// form.
	Opaque bool
}

// NamedBuiltins lists the built-ins whose Go types are structs, in
// built-in type order.
var NamedBuiltins = []NamedBuiltin{
	{reflect.TypeFor[time.Time](), types.TypeDateTime, true},
	{reflect.TypeFor[types.GUID](), types.TypeGUID, false},
	{reflect.TypeFor[types.NodeID](), types.TypeNodeID, true},
	{reflect.TypeFor[types.ExpandedNodeID](), types.TypeExpandedNodeID, true},
	{reflect.TypeFor[types.QualifiedName](), types.TypeQualifiedName, false},
	{reflect.TypeFor[types.LocalizedText](), types.TypeLocalizedText, false},
	{reflect.TypeFor[types.ExtensionObject](), types.TypeExtensionObject, true},
	{reflect.TypeFor[types.DataValue](), types.TypeDataValue, false},
	{reflect.TypeFor[types.Variant](), types.TypeVariant, true},
	{reflect.TypeFor[types.DiagnosticInfo](), types.TypeDiagnosticInfo, false},
}

// builtinOf returns the named built-in that t is, or is a named type of
// (the same underlying struct), or nil.
func builtinOf(t reflect.Type) *NamedBuiltin {
	if t.Kind() != reflect.Struct {
		return nil
	}
	for i := range NamedBuiltins {
		b := &NamedBuiltins[i]
		if t == b.Go || t.ConvertibleTo(b.Go) && b.Go.ConvertibleTo(t) {
			return b
		}
	}
	return nil
}

// IsNamedBuiltin reports whether t is a named built-in (NodeId, Variant,
// DataValue, ...) or a named type of one: a struct that is not an OPC UA
// structure.
func IsNamedBuiltin(t reflect.Type) bool { return builtinOf(t) != nil }

// isNamedBuiltin reports whether t is exactly the Go type of a named
// built-in (not a named type of one): these have fixed depth rules.
func isNamedBuiltin(t reflect.Type) bool {
	for i := range NamedBuiltins {
		if NamedBuiltins[i].Go == t {
			return true
		}
	}
	return false
}

var (
	typeDateTime  = reflect.TypeFor[types.DateTime]()
	typeDataValue = reflect.TypeFor[types.DataValue]()
	typeDiagInfo  = reflect.TypeFor[types.DiagnosticInfo]()
	typeVariant   = reflect.TypeFor[types.Variant]()
	typeExtObject = reflect.TypeFor[types.ExtensionObject]()
)

// primitive returns the built-in type of a value of the Go type t, and
// whether t is a primitive: bool, a sized integer, a float or a string,
// of any name (types.BuiltinType.GoType: Boolean ... String by kind, and
// DateTime, StatusCode and XmlElement for those types of package types).
func primitive(t reflect.Type) (types.BuiltinType, bool) {
	if bt, ok := primitiveTypes[t]; ok {
		return bt, true
	}
	bt, ok := primitiveKinds[t.Kind()]
	return bt, ok
}

// primitiveKinds are the built-in types Boolean ... String by the kind of
// their Go types (one each), primitiveTypes the built-in types by Go type
// where that is not a struct or slice (DateTime, StatusCode, XmlElement
// among them).
var primitiveKinds, primitiveTypes = func() (map[reflect.Kind]types.BuiltinType, map[reflect.Type]types.BuiltinType) {
	kinds, named := map[reflect.Kind]types.BuiltinType{}, map[reflect.Type]types.BuiltinType{}
	for bt := types.TypeBoolean; bt <= types.TypeDiagnosticInfo; bt++ {
		switch g := bt.GoType(); g.Kind() {
		case reflect.Struct, reflect.Slice:
		default:
			named[g] = bt
			if bt <= types.TypeString {
				kinds[g.Kind()] = bt
			}
		}
	}
	return kinds, named
}()
