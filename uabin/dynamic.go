package uabin

import (
	"reflect"
	"sort"
	"strings"

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
	t *dynType
	p pointer // the block holding this header, the mask or switch and the field values (t.layout)
}

// newDyn allocates a zero value of t: one block holding the header, the
// mask or switch, and every field value.
func newDyn(t *dynType) *Dynamic {
	p := t.layout.alloc()
	x := as[Dynamic](p)
	x.t, x.p = t, p
	return x
}

// word returns the mask of a structure with optional fields (bit i: the
// i-th optional field is present) or the switch of a union (1-based, 0:
// none), which the block holds before the fields and the plan writes.
func (x *Dynamic) word() *uint32 { return as[uint32](x.p.at(x.t.maskOff)) }

// NewDynamic returns a new value, every field zero (optional fields absent,
// a union with no field selected), of the structure registered in r (nil:
// DefaultRegistry) under the binary encoding id or DataType id. A URI id is
// resolved with namespaceURIs, which is also the namespace table of the
// DataType ids in the definitions. Missing references are reported here as
// a *DefinitionError wrapping ErrUnknownType.
func NewDynamic(r *Registry, id types.ExpandedNodeID, namespaceURIs []string) (*Dynamic, error) {
	if r == nil {
		r = DefaultRegistry
	}
	s := r.snap.Load()
	var d *dynDef
	nid := id.NodeID
	if id.NamespaceURI != "" {
		nid = nid.WithNamespace(0)
		d = s.dyn.lookupDef(nid, id.NamespaceURI)
		if d == nil {
			if m := s.byURI[id.NamespaceURI]; m != nil && m[nid] != nil {
				d = m[nid].dyn
			}
		}
	} else {
		if d = s.dyn.resolve(nid, namespaceURIs); d == nil {
			if e := r.byID(nid, namespaceURIs); e != nil {
				d = e.dyn
			}
		}
	}
	if d == nil || d.st == nil {
		return nil, defErr(id.String(), "", ErrUnknownType, "no structure definition is registered for %v", id)
	}
	t, err := s.dyn.compiled(d, namespaceURIs)
	if err != nil {
		return nil, err
	}
	return newDyn(t), nil
}

// entry returns the registry entry of the value's encoding id, or nil.
func (x *Dynamic) entry() *regEntry {
	if x == nil || x.t == nil {
		return nil
	}
	return x.t.def.ent
}

// Name returns the name of the structure, or "" for a zero Dynamic.
func (x *Dynamic) Name() string {
	if x == nil || x.t == nil {
		return ""
	}
	return x.t.name
}

// DataTypeID returns the DataType id the structure was registered under
// (with its namespace URI for URI registrations).
func (x *Dynamic) DataTypeID() types.ExpandedNodeID {
	if x == nil || x.t == nil {
		return types.ExpandedNodeID{}
	}
	return types.ExpandedNodeID{NodeID: x.t.def.dataType, NamespaceURI: x.t.def.dtURI}
}

// IsUnion reports whether the structure is a union.
func (x *Dynamic) IsUnion() bool { return x != nil && x.t != nil && x.t.union }

// NumField returns the number of fields of the definition.
func (x *Dynamic) NumField() int {
	if x == nil || x.t == nil {
		return 0
	}
	return len(x.t.fields)
}

// FieldName returns the name of field i (0-based, definition order); it
// panics if i is not in [0, NumField()).
func (x *Dynamic) FieldName(i int) string { return x.t.fields[i].name }

// Field returns a copy of the value of field i (0-based, definition order)
// and whether it is present: false for an absent optional field and for the
// fields of a union that are not selected (the value is then nil).
func (x *Dynamic) Field(i int) (any, bool) {
	if !x.Has(i) {
		return nil, false
	}
	f := &x.t.fields[i]
	return reflect.NewAt(f.goT, x.p.at(f.off).raw()).Elem().Interface(), true
}

// Has reports whether field i is present.
func (x *Dynamic) Has(i int) bool {
	if x == nil || x.t == nil || i < 0 || i >= len(x.t.fields) {
		return false
	}
	f := &x.t.fields[i]
	switch {
	case x.t.union:
		return *x.word() == uint32(i+1)
	case f.bit >= 0:
		return *x.word()&(1<<uint(f.bit)) != 0
	}
	return true
}

// Index returns the index of the field with the given name, or -1.
func (x *Dynamic) Index(name string) int {
	if x == nil || x.t == nil {
		return -1
	}
	for i := range x.t.fields {
		if x.t.fields[i].name == name {
			return i
		}
	}
	return -1
}

// Get returns the value of the named field and whether it is present.
func (x *Dynamic) Get(name string) (any, bool) { return x.Field(x.Index(name)) }

// Switch returns the selected field of a union, 1-based (0: none).
func (x *Dynamic) Switch() int {
	if !x.IsUnion() {
		return 0
	}
	return int(*x.word())
}

// Set sets the named field to v, which must have the field's Go type (see
// Dynamic; an untyped constant must be converted, int32(5)); nil is
// accepted for slices, byte strings and nested structures. It makes an
// optional field present and selects a union's field.
func (x *Dynamic) Set(name string, v any) error {
	if x == nil || x.t == nil {
		return errNoDynamic
	}
	i := x.Index(name)
	if i < 0 {
		return wire.Errorf(ErrInvalid, "%s has no field %q", x.t.name, name)
	}
	f := &x.t.fields[i]
	dst := reflect.NewAt(f.goT, x.p.at(f.off).raw()).Elem()
	switch {
	case v == nil:
		switch f.goT.Kind() {
		case reflect.Slice, reflect.Pointer:
			dst.SetZero()
		default:
			return wire.Errorf(ErrInvalid, "%s.%s cannot be nil", x.t.name, name)
		}
	case reflect.TypeOf(v) == f.goT:
		dst.Set(reflect.ValueOf(v))
	default:
		return wire.Errorf(ErrInvalid, "%s.%s needs a %v, got %T", x.t.name, name, f.goT, v)
	}
	if nv, ok := v.(*Dynamic); ok && nv != nil && (nv.t == nil || nv.t.def != f.sub.def) {
		dst.SetZero()
		return wire.Errorf(ErrInvalid, "%s.%s needs a %s, got a %s", x.t.name, name, f.sub.name, nv.Name())
	}
	if nv, ok := v.([]*Dynamic); ok {
		for _, e := range nv {
			if e != nil && (e.t == nil || e.t.def != f.sub.def) {
				dst.SetZero()
				return wire.Errorf(ErrInvalid, "%s.%s needs %s elements, got a %s", x.t.name, name, f.sub.name, e.Name())
			}
		}
	}
	switch {
	case x.t.union:
		if w := *x.word(); w != 0 && w != uint32(i+1) {
			g := &x.t.fields[w-1]
			reflect.NewAt(g.goT, x.p.at(g.off).raw()).Elem().SetZero()
		}
		*x.word() = uint32(i + 1)
	case f.bit >= 0:
		*x.word() |= 1 << uint(f.bit)
	}
	return nil
}

// Clear makes the named optional field absent (and zero), or clears the
// selection of a union if name is its selected field.
func (x *Dynamic) Clear(name string) error {
	i := x.Index(name)
	if i < 0 {
		return wire.Errorf(ErrInvalid, "%s has no field %q", x.Name(), name)
	}
	f := &x.t.fields[i]
	switch {
	case x.t.union:
		if *x.word() == uint32(i+1) {
			*x.word() = 0
		}
	case f.bit >= 0:
		*x.word() &^= 1 << uint(f.bit)
	default:
		return wire.Errorf(ErrInvalid, "%s.%s is not optional", x.t.name, name)
	}
	reflect.NewAt(f.goT, x.p.at(f.off).raw()).Elem().SetZero()
	return nil
}

// EnumName returns the name of the value of an enumeration field (for an
// array field, of its element i... use AsMap), or "" if the field is not an
// enumeration, is absent, or the value has no name.
func (x *Dynamic) EnumName(name string) string {
	i := x.Index(name)
	if i < 0 || !x.Has(i) {
		return ""
	}
	f := &x.t.fields[i]
	if f.goEnum && !f.array {
		v, _ := x.Field(i)
		if s, ok := goEnumJSON(v).(string); ok {
			return s[:strings.LastIndexByte(s, '_')]
		}
		return ""
	}
	if f.enum == nil || f.array {
		return ""
	}
	return f.enum.names[*as[int32](x.p.at(f.off))]
}

// Definitions returns the names of the run-time definitions registered in r
// (nil: DefaultRegistry), sorted.
func (r *Registry) Definitions() []string {
	if r == nil {
		r = DefaultRegistry
	}
	s := r.snap.Load().dyn
	if s == nil {
		return nil
	}
	var names []string
	for _, d := range s.byDT {
		names = append(names, d.name)
	}
	for _, m := range s.byDTURI {
		for _, d := range m {
			names = append(names, d.name)
		}
	}
	sort.Strings(names)
	return names
}
