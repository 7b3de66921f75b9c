package uabin

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Dynamic is a value of a structure known only from its run-time definition
// (Registry.RegisterStructure): the definition's name and its fields, in
// order, each with a name and a typed value. Decoding an ExtensionObject
// (in a Variant, a DataValue, a message, ...) whose encoding id has a
// registered definition gives a *Dynamic in ExtensionObject.Value, and
// encoding an ExtensionObject whose Value is a *Dynamic writes it back
// with its encoding id.
//
// Field values have the Go types of docs/types.md: bool, int8 ... float64,
// string, types.DateTime, types.GUID, []byte, types.NodeID, ...,
// types.Variant for BaseDataType and other abstract types,
// types.ExtensionObject for Structure, abstract structures and fields that
// allow subtypes; registered enumerations are int32 (their names are shown
// by String, AsMap and MarshalJSON); namespace-0 enumerations and option
// sets are the Go types of package types (types.NodeClass,
// types.AccessLevelType); simple subtypes of built-in types and registered
// option sets on an integer are their built-in's Go type (uint16 for a
// UInt16 subtype); standard structures of namespace 0 are their generated
// Go types (types.Range, ...); nested run-time structures are *Dynamic;
// arrays (ValueRank 1) are slices of these, matrices (ValueRank ≥ 2)
// Matrix values. An optional field is absent or
// present; a union has at most one field, the selected one.
//
// The zero Dynamic has no type: make values with NewDynamic or by decoding.
// A Dynamic is not safe for concurrent modification.
type Dynamic struct {
	h uamodel.Dynamic // the compiled type and the block holding the value (internal/uamodel)
}

// header returns x's header, nil for a nil x.
func (x *Dynamic) header() *uamodel.Dynamic {
	if x == nil {
		return nil
	}
	return &x.h
}

// NewDynamic returns a new value, every field zero (optional fields absent,
// a union with no field selected), of the structure registered in r (nil:
// DefaultRegistry) under the binary encoding id or DataType id. A URI id is
// resolved with namespaceURIs, which is also the namespace table of the
// DataType ids in the definitions. Missing references are reported here as
// a *DefinitionError wrapping ErrUnknownType.
func NewDynamic(r *Registry, id types.ExpandedNodeID, namespaceURIs []string) (*Dynamic, error) {
	s := r.model().Load()
	d := s.Structure(id, namespaceURIs)
	if d == nil {
		return nil, &DefinitionError{Type: id.String(), Err: wire.Errorf(ErrUnknownType, "no structure definition is registered for %v", id)}
	}
	t, err := s.Compiled(d, namespaceURIs)
	if err != nil {
		return nil, err
	}
	return uamodel.NewValue(t).(*Dynamic), nil
}

// Name returns the name of the structure, or "" for a zero Dynamic.
func (x *Dynamic) Name() string { return x.header().Name() }

// DataTypeID returns the DataType id the structure was registered under
// (with its namespace URI for URI registrations).
func (x *Dynamic) DataTypeID() types.ExpandedNodeID {
	if x == nil || x.h.T == nil {
		return types.ExpandedNodeID{}
	}
	return types.ExpandedNodeID{NodeID: x.h.T.Def.DataType, NamespaceURI: x.h.T.Def.DTURI}
}

// IsUnion reports whether the structure is a union.
func (x *Dynamic) IsUnion() bool { return x != nil && x.h.T != nil && x.h.T.Union }

// NumField returns the number of fields of the definition.
func (x *Dynamic) NumField() int {
	if x == nil || x.h.T == nil {
		return 0
	}
	return len(x.h.T.Fields)
}

// FieldName returns the name of field i (0-based, definition order); it
// panics if i is not in [0, NumField()).
func (x *Dynamic) FieldName(i int) string { return x.h.T.Fields[i].Name }

// Field returns a copy of the value of field i (0-based, definition order)
// and whether it is present: false for an absent optional field and for the
// fields of a union that are not selected (the value is then nil).
func (x *Dynamic) Field(i int) (any, bool) { return x.header().Field(i) }

// Has reports whether field i is present.
func (x *Dynamic) Has(i int) bool { return x.header().Has(i) }

// Index returns the index of the field with the given name, or -1.
func (x *Dynamic) Index(name string) int { return x.header().Index(name) }

// Get returns the value of the named field and whether it is present.
func (x *Dynamic) Get(name string) (any, bool) { return x.Field(x.Index(name)) }

// Switch returns the selected field of a union, 1-based (0: none).
func (x *Dynamic) Switch() int { return x.header().Switch() }

// Set sets the named field to v, which must have the field's Go type (see
// Dynamic; an untyped constant must be converted, int32(5)); nil is
// accepted for slices, byte strings and nested structures. It makes an
// optional field present and selects a union's field.
func (x *Dynamic) Set(name string, v any) error { return x.header().Set(name, v) }

// Clear makes the named optional field absent (and zero), or clears the
// selection of a union if name is its selected field.
func (x *Dynamic) Clear(name string) error { return x.header().Clear(name) }

// EnumName returns the name of the value of an enumeration field (for an
// array field, of its element i... use AsMap), or "" if the field is not an
// enumeration, is absent, or the value has no name.
func (x *Dynamic) EnumName(name string) string {
	i := x.Index(name)
	if i < 0 || !x.Has(i) {
		return ""
	}
	f := &x.h.T.Fields[i]
	v, _ := x.Field(i)
	if f.GoEnum && !f.Array {
		if s, ok := goEnumJSON(v).(string); ok {
			return s[:strings.LastIndexByte(s, '_')]
		}
		return ""
	}
	if f.Enum == nil || f.Array {
		return ""
	}
	return f.Enum.Names[v.(int32)]
}

// Definitions returns the names of the run-time definitions registered in r
// (nil: DefaultRegistry), sorted.
func (r *Registry) Definitions() []string {
	names := r.model().Load().Definitions()
	sort.Strings(names)
	return names
}

// goEnumJSON returns the OPC UA JSON form ("Variable_2") of a value of a
// namespace-0 enumeration of package types, or of each element of an array
// of them; the number if String has no name for it.
func goEnumJSON(v any) any {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice {
		if rv.IsNil() {
			return nil
		}
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = goEnumJSON(rv.Index(i).Interface())
		}
		return out
	}
	s, ok := v.(fmt.Stringer)
	if !ok || !rv.CanInt() {
		return v
	}
	name, n := s.String(), strconv.FormatInt(rv.Int(), 10)
	if name == "" || strings.HasSuffix(name, "("+n+")") {
		return rv.Int()
	}
	return name + "_" + n
}

// holdsDynamic reports whether an element of v holds a *Dynamic.
func holdsDynamic(v []types.ExtensionObject) bool {
	for _, e := range v {
		if _, ok := e.Value.(*Dynamic); ok {
			return true
		}
	}
	return false
}

// variantDynamic returns the *Dynamic in a Variant holding one
// ExtensionObject, or nil.
func variantDynamic(v types.Variant) *Dynamic {
	if eo, ok := v.ExtensionObject(); ok {
		d, _ := eo.Value.(*Dynamic)
		return d
	}
	return nil
}
