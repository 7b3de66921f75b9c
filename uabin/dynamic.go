package uabin

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/uabin/uabin/types"
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
// types.ExtensionObject for Structure and for fields that allow subtypes;
// enumerations are int32 (their names are shown by String, AsMap and
// MarshalJSON); standard structures of namespace 0 are their generated Go
// types (types.Range, ...); nested run-time structures are *Dynamic;
// arrays (ValueRank 1) are slices of these. An optional field is absent or
// present; a union has at most one field, the selected one.
//
// The zero Dynamic has no type: make values with NewDynamic or by decoding.
// A Dynamic is not safe for concurrent modification.
type Dynamic struct {
	t    *dynType
	bits uint32  // optional fields: presence mask; unions: the switch (1-based, 0: none)
	p    pointer // the block holding the field values (t.layout)
}

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
		return x.bits == uint32(i+1)
	case f.bit >= 0:
		return x.bits&(1<<uint(f.bit)) != 0
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
	return int(x.bits)
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
		return fmt.Errorf("uabin: %s has no field %q: %w", x.t.name, name, ErrInvalid)
	}
	f := &x.t.fields[i]
	dst := reflect.NewAt(f.goT, x.p.at(f.off).raw()).Elem()
	switch {
	case v == nil:
		switch f.goT.Kind() {
		case reflect.Slice, reflect.Pointer:
			dst.SetZero()
		default:
			return fmt.Errorf("uabin: %s.%s cannot be nil: %w", x.t.name, name, ErrInvalid)
		}
	case reflect.TypeOf(v) == f.goT:
		dst.Set(reflect.ValueOf(v))
	default:
		return fmt.Errorf("uabin: %s.%s needs a %v, got %T: %w", x.t.name, name, f.goT, v, ErrInvalid)
	}
	if nv, ok := v.(*Dynamic); ok && nv != nil && (nv.t == nil || nv.t.def != f.sub.def) {
		dst.SetZero()
		return fmt.Errorf("uabin: %s.%s needs a %s, got a %s: %w", x.t.name, name, f.sub.name, nv.Name(), ErrInvalid)
	}
	if nv, ok := v.([]*Dynamic); ok {
		for _, e := range nv {
			if e != nil && (e.t == nil || e.t.def != f.sub.def) {
				dst.SetZero()
				return fmt.Errorf("uabin: %s.%s needs %s elements, got a %s: %w", x.t.name, name, f.sub.name, e.Name(), ErrInvalid)
			}
		}
	}
	switch {
	case x.t.union:
		if x.bits != 0 && x.bits != uint32(i+1) {
			g := &x.t.fields[x.bits-1]
			reflect.NewAt(g.goT, x.p.at(g.off).raw()).Elem().SetZero()
		}
		x.bits = uint32(i + 1)
	case f.bit >= 0:
		x.bits |= 1 << uint(f.bit)
	}
	return nil
}

// Clear makes the named optional field absent (and zero), or clears the
// selection of a union if name is its selected field.
func (x *Dynamic) Clear(name string) error {
	i := x.Index(name)
	if i < 0 {
		return fmt.Errorf("uabin: %s has no field %q: %w", x.Name(), name, ErrInvalid)
	}
	f := &x.t.fields[i]
	switch {
	case x.t.union:
		if x.bits == uint32(i+1) {
			x.bits = 0
		}
	case f.bit >= 0:
		x.bits &^= 1 << uint(f.bit)
	default:
		return fmt.Errorf("uabin: %s.%s is not optional: %w", x.t.name, name, ErrInvalid)
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
	if f.enum == nil || f.array {
		return ""
	}
	return f.enum.names[*as[int32](x.p.at(f.off))]
}

// AsMap returns the value as a map from field names to JSON-friendly
// values: present fields only (a union: its selected field); nested
// structures as maps, arrays as []any; enumerations as "Name_Value" (the
// OPC UA JSON form, or the number if it has no name); NodeId, ExpandedNodeId,
// Guid, StatusCode, QualifiedName and DateTime as their text form; NaN and
// infinities as "NaN", "Infinity", "-Infinity"; byte strings as []byte
// (base64 in JSON); other values as they are. Nesting deeper than 64
// levels (a value made to contain itself with Set) is cut off.
func (x *Dynamic) AsMap() map[string]any { return x.asMap(0) }

func (x *Dynamic) asMap(depth int) map[string]any {
	if x == nil || x.t == nil {
		return nil
	}
	if depth > maxTextDepth {
		return map[string]any{"...": "..."}
	}
	m := make(map[string]any, len(x.t.fields))
	for i := range x.t.fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		m[x.t.fields[i].name] = jsonValue(v, x.t.fields[i].enum, depth)
	}
	return m
}

// jsonValue returns the JSON-friendly form of a field value met depth
// levels down.
func jsonValue(v any, enum *dynEnum, depth int) any {
	switch v := v.(type) {
	case *Dynamic:
		return v.asMap(depth + 1)
	case []*Dynamic:
		if v == nil {
			return nil
		}
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = e.asMap(depth + 1)
		}
		return out
	case int32:
		if enum != nil {
			return enumText(enum, v)
		}
		return v
	case []int32:
		if enum != nil && v != nil {
			out := make([]any, len(v))
			for i, e := range v {
				out[i] = enumText(enum, e)
			}
			return out
		}
		return v
	case types.NodeID, types.ExpandedNodeID, types.GUID, types.StatusCode, types.QualifiedName, types.DateTime:
		return v.(fmt.Stringer).String()
	case float32:
		return jsonFloat(float64(v))
	case float64:
		return jsonFloat(v)
	case []float32:
		return jsonFloats(v)
	case []float64:
		return jsonFloats(v)
	}
	return v
}

// jsonFloat returns a float, or for NaN and infinities their OPC UA JSON
// strings ("NaN", "Infinity", "-Infinity"), which JSON numbers cannot hold.
func jsonFloat(f float64) any {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return f
}

func jsonFloats[T float32 | float64](v []T) any {
	if v == nil {
		return nil
	}
	out := make([]any, len(v))
	for i, f := range v {
		out[i] = jsonFloat(float64(f))
	}
	return out
}

func enumText(e *dynEnum, v int32) any {
	if n, ok := e.names[v]; ok {
		return n + "_" + strconv.Itoa(int(v))
	}
	return v
}

// MarshalJSON implements json.Marshaler: the JSON form of AsMap with the
// fields in definition order. A value with no JSON form (a NaN inside a
// Variant) is written as its text form, and nesting deeper than 64 levels
// (a value made to contain itself with Set) as "..."; MarshalJSON does not
// fail.
func (x *Dynamic) MarshalJSON() ([]byte, error) { return x.appendJSON(nil, 0), nil }

func (x *Dynamic) appendJSON(b []byte, depth int) []byte {
	if x == nil || x.t == nil {
		return append(b, "null"...)
	}
	if depth > maxTextDepth {
		return append(b, `"..."`...)
	}
	b = append(b, '{')
	first := true
	for i := range x.t.fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		k, _ := json.Marshal(x.t.fields[i].name)
		b = append(b, k...)
		b = append(b, ':')
		switch v := v.(type) {
		case *Dynamic:
			b = v.appendJSON(b, depth+1)
		case []*Dynamic:
			if v == nil {
				b = append(b, "null"...)
				break
			}
			b = append(b, '[')
			for j, e := range v {
				if j > 0 {
					b = append(b, ',')
				}
				b = e.appendJSON(b, depth+1)
			}
			b = append(b, ']')
		default:
			val, err := json.Marshal(jsonValue(v, x.t.fields[i].enum, depth))
			if err != nil {
				// A value whose Go type has no JSON form for what it
				// holds (such as a NaN inside a Variant): its text form.
				val, _ = json.Marshal(fmt.Sprint(v))
			}
			b = append(b, val...)
		}
	}
	return append(b, '}')
}

// String returns the value as text: Name{Field: value, ...}, present
// fields only, enumerations as Name(value).
func (x *Dynamic) String() string {
	var sb strings.Builder
	x.appendText(&sb, 0)
	return sb.String()
}

// maxTextDepth bounds how deep String descends into nested values.
const maxTextDepth = 64

func (x *Dynamic) appendText(sb *strings.Builder, depth int) {
	if x == nil || x.t == nil {
		sb.WriteString("<nil>")
		return
	}
	sb.WriteString(x.t.name)
	if depth > maxTextDepth {
		sb.WriteString("{...}")
		return
	}
	sb.WriteByte('{')
	first := true
	for i := range x.t.fields {
		v, ok := x.Field(i)
		if !ok {
			continue
		}
		if !first {
			sb.WriteString(", ")
		}
		first = false
		f := &x.t.fields[i]
		sb.WriteString(f.name)
		sb.WriteString(": ")
		appendDynText(sb, v, f.enum, depth+1)
	}
	sb.WriteByte('}')
}

func appendDynText(sb *strings.Builder, v any, enum *dynEnum, depth int) {
	switch v := v.(type) {
	case *Dynamic:
		v.appendText(sb, depth)
	case []*Dynamic:
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(", ")
			}
			e.appendText(sb, depth)
		}
		sb.WriteByte(']')
	case int32:
		if enum != nil {
			if n, ok := enum.names[v]; ok {
				fmt.Fprintf(sb, "%s(%d)", n, v)
				return
			}
		}
		fmt.Fprint(sb, v)
	case []int32:
		if enum == nil {
			fmt.Fprint(sb, v)
			return
		}
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteString(" ")
			}
			appendDynText(sb, e, enum, depth)
		}
		sb.WriteByte(']')
	case string:
		sb.WriteString(strconv.Quote(v))
	default:
		fmt.Fprint(sb, v)
	}
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
