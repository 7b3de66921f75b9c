package uabin

// Run-time definitions (docs/dynamic.md): a server's structures and
// enumerations registered from their DataTypeDefinition, decoded into and
// encoded from *Dynamic values. This file holds the registration side; the
// compiler is in dynamic_compile.go, the codec in dynamic_codec.go and the
// value type in dynamic.go.

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/types"
)

// DefinitionError reports a run-time definition that cannot be used: at
// registration (a hostile or unsupported definition) or when it is compiled
// on first use (a missing reference, a structure that contains itself with
// no optional or array break). Err wraps ErrUnsupported, ErrInvalid or
// ErrUnknownType.
type DefinitionError struct {
	// Type is the name of the definition at fault.
	Type string
	// Path is the field path from the structure being compiled, such as
	// "Outer.Inner.Values", or "" for the definition as a whole.
	Path string
	// Err is the cause; it wraps one of the sentinel errors.
	Err error
}

// Error implements error.
func (e *DefinitionError) Error() string {
	s := "uabin: definition " + e.Type
	if e.Path != "" {
		s += " (at " + e.Path + ")"
	}
	return s + ": " + trimUabin(e.Err)
}

// Unwrap returns the cause.
func (e *DefinitionError) Unwrap() error { return e.Err }

func trimUabin(err error) string {
	s := err.Error()
	if len(s) > 7 && s[:7] == "uabin: " {
		return s[7:]
	}
	return s
}

func defErr(typ, path string, kind error, format string, args ...any) *DefinitionError {
	return &DefinitionError{Type: typ, Path: path, Err: fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))}
}

// maxDynFields bounds the number of fields of one definition: a definition
// is data from a server, and each field costs memory in every value.
const maxDynFields = 1 << 12

// maxMatrixRank bounds the ValueRank of matrix fields.
const maxMatrixRank = 32

// dynDef is one registered definition: a structure or an enumeration.
type dynDef struct {
	name     string
	dataType types.NodeID // namespace 0 when dtURI is set
	dtURI    string
	ent      *regEntry // the encoding id's entry; nil without an encoding id
	st       *types.StructureDefinition
	enum     *dynEnum          // an enumeration's values; an option set's bits (with simple set)
	simple   types.BuiltinType // a simple subtype or integer option set: the built-in type it is encoded as
	table    []string          // the namespace table of the field DataType ids, or nil: the call's

	// last is the type most recently compiled for the definition, with
	// the registry state it was compiled in: found without hashing while
	// that state is current and has no URI registrations.
	last atomic.Pointer[dynLast]
}

// dynLast is a compiled type and the state it belongs to.
type dynLast struct {
	st *dynState
	t  *dynType
}

// dynEnum is a registered enumeration: value names by value.
type dynEnum struct {
	name   string
	names  map[int32]string
	values []int32 // in definition order
}

// dynState is the part of a registry snapshot that holds run-time
// definitions. Its maps are immutable; its compile cache belongs to the
// snapshot, so a new registration (a new snapshot) starts from an empty
// cache and no compiled type ever sees a definition registered after it.
type dynState struct {
	byDT    map[types.NodeID]*dynDef            // by DataType id, registered by namespace index
	byDTURI map[string]map[types.NodeID]*dynDef // registered by namespace URI; ids with namespace 0
	tables  bool                                // a definition has a namespace table of its own

	mu    sync.Mutex // serialises compiling
	cache sync.Map   // dynKey → *dynType or *DefinitionError
}

// dynKey keys the compile cache: the definition and, when URI
// registrations exist, the namespace table used to resolve references.
type dynKey struct {
	def  *dynDef
	uris string
}

func (s *dynState) fork() *dynState {
	n := &dynState{byDT: map[types.NodeID]*dynDef{}, byDTURI: map[string]map[types.NodeID]*dynDef{}}
	if s != nil {
		n.tables = s.tables
		for k, v := range s.byDT {
			n.byDT[k] = v
		}
		for k, v := range s.byDTURI {
			n.byDTURI[k] = v
		}
	}
	return n
}

var typeDynamic = reflect.TypeFor[Dynamic]()

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
	if r == nil {
		r = DefaultRegistry
	}
	if err := checkStructure(name, &def); err != nil {
		return err
	}
	if encodingID.ServerIndex != 0 || dataTypeID.ServerIndex != 0 {
		return defErr(name, "", ErrInvalid, "an id has a server index")
	}
	if dataTypeID.NodeID.IsNull() {
		return defErr(name, "", ErrInvalid, "the DataType id is null")
	}
	d := &dynDef{name: name, st: cloneStructure(def)}
	d.dataType, d.dtURI = splitID(dataTypeID)
	if encodingID.NodeID.IsNull() && encodingID.NamespaceURI == "" {
		encodingID.NodeID = def.DefaultEncodingID
	}
	if !encodingID.NodeID.IsNull() {
		d.ent = &regEntry{typ: typeDynamic, g: newGoType(typeDynamic), dyn: d}
		d.ent.id, d.ent.uri = splitID(encodingID)
	}
	return r.addDefinition(d)
}

// RegisterEnum registers the run-time definition of an enumeration under
// its DataType id, so that structure definitions can use it: its values are
// Int32 on the wire and decode as int32, with their names shown by String,
// AsMap and MarshalJSON. A nil r means DefaultRegistry. Values outside the
// Int32 range and duplicate values are rejected (ErrUnsupported).
func (r *Registry) RegisterEnum(dataTypeID types.ExpandedNodeID, name string, def types.EnumDefinition) error {
	if r == nil {
		r = DefaultRegistry
	}
	if name == "" {
		return defErr("?", "", ErrUnsupported, "an enumeration needs a name")
	}
	if dataTypeID.ServerIndex != 0 || dataTypeID.NodeID.IsNull() {
		return defErr(name, "", ErrInvalid, "the DataType id is null or has a server index")
	}
	if len(def.Fields) > maxDynFields {
		return defErr(name, "", ErrUnsupported, "%d values, more than %d", len(def.Fields), maxDynFields)
	}
	e := &dynEnum{name: name, names: make(map[int32]string, len(def.Fields))}
	for _, f := range def.Fields {
		if f.Value < -1<<31 || f.Value > 1<<31-1 {
			return defErr(name, f.Name, ErrUnsupported, "value %d does not fit in an Int32", f.Value)
		}
		v := int32(f.Value)
		if _, dup := e.names[v]; dup {
			return defErr(name, f.Name, ErrUnsupported, "value %d is defined twice", v)
		}
		n := f.Name
		if n == "" {
			n = f.DisplayName.Text
		}
		e.names[v] = n
		e.values = append(e.values, v)
	}
	d := &dynDef{name: name, enum: e}
	d.dataType, d.dtURI = splitID(dataTypeID)
	return r.addDefinition(d)
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
	if r == nil {
		r = DefaultRegistry
	}
	if len(namespaceURIs) == 0 || namespaceURIs[0] != uaNamespace {
		return defErr(cmpName(name), "", ErrInvalid, "the namespace table must start with %s", uaNamespace)
	}
	var err error
	if encodingID.NodeID.IsNull() && encodingID.NamespaceURI == "" {
		encodingID.NodeID = def.DefaultEncodingID
	}
	for _, x := range []*types.ExpandedNodeID{&encodingID, &dataTypeID} {
		if *x, err = withURI(*x, namespaceURIs, name); err != nil {
			return err
		}
	}
	if err := checkStructure(name, &def); err != nil {
		return err
	}
	if encodingID.ServerIndex != 0 || dataTypeID.ServerIndex != 0 {
		return defErr(name, "", ErrInvalid, "an id has a server index")
	}
	if dataTypeID.NodeID.IsNull() {
		return defErr(name, "", ErrInvalid, "the DataType id is null")
	}
	d := &dynDef{name: name, st: cloneStructure(def), table: append([]string(nil), namespaceURIs...)}
	d.dataType, d.dtURI = splitID(dataTypeID)
	if !encodingID.NodeID.IsNull() {
		d.ent = &regEntry{typ: typeDynamic, g: newGoType(typeDynamic), dyn: d}
		d.ent.id, d.ent.uri = splitID(encodingID)
	}
	return r.addDefinition(d)
}

// withURI returns x with its namespace index replaced by its URI in
// table (namespace 0 stays an index).
func withURI(x types.ExpandedNodeID, table []string, name string) (types.ExpandedNodeID, error) {
	if x.NamespaceURI != "" || x.NodeID.IsNull() || x.NodeID.Namespace() == 0 {
		return x, nil
	}
	ns := int(x.NodeID.Namespace())
	if ns >= len(table) {
		return x, defErr(name, "", ErrInvalid, "id %v: namespace index %d is not in the namespace table of %d", x.NodeID, ns, len(table))
	}
	return types.ExpandedNodeID{NodeID: x.NodeID.WithNamespace(0), NamespaceURI: table[ns]}, nil
}

func splitID(x types.ExpandedNodeID) (types.NodeID, string) {
	if x.NamespaceURI != "" {
		return x.NodeID.WithNamespace(0), x.NamespaceURI
	}
	return x.NodeID, ""
}

func cloneStructure(def types.StructureDefinition) *types.StructureDefinition {
	c := def
	c.Fields = append([]types.StructureField(nil), def.Fields...)
	return &c
}

// checkStructure rejects what no value of the definition could encode.
func checkStructure(name string, def *types.StructureDefinition) error {
	if name == "" {
		return defErr("?", "", ErrUnsupported, "a structure needs a name")
	}
	if len(def.Fields) > maxDynFields {
		return defErr(name, "", ErrUnsupported, "%d fields, more than %d", len(def.Fields), maxDynFields)
	}
	st := def.StructureType
	switch st {
	case types.StructureTypeStructure, types.StructureTypeStructureWithOptionalFields,
		types.StructureTypeUnion, types.StructureTypeStructureWithSubtypedValues,
		types.StructureTypeUnionWithSubtypedValues:
	default:
		return defErr(name, "", ErrUnsupported, "unknown StructureType %d", int32(st))
	}
	seen := make(map[string]bool, len(def.Fields))
	optionals := 0
	for _, f := range def.Fields {
		if f.Name == "" {
			return defErr(name, "", ErrUnsupported, "a field has no name")
		}
		if seen[f.Name] {
			return defErr(name, f.Name, ErrUnsupported, "field name used twice")
		}
		seen[f.Name] = true
		switch {
		case f.ValueRank == -1 || f.ValueRank == 1:
		case f.ValueRank >= 2 && f.ValueRank <= maxMatrixRank:
		default:
			return defErr(name, f.Name, ErrUnsupported, "ValueRank %d (supported: -1 scalar, 1 array, 2..%d matrix; the open ranks 0, -2 and -3 do not say how the field is encoded)", f.ValueRank, maxMatrixRank)
		}
		if len(f.ArrayDimensions) > 0 && len(f.ArrayDimensions) != int(max(f.ValueRank, 1)) {
			return defErr(name, f.Name, ErrUnsupported, "%d ArrayDimensions for ValueRank %d", len(f.ArrayDimensions), f.ValueRank)
		}
		if f.DataType.IsNull() {
			return defErr(name, f.Name, ErrUnsupported, "the field has no DataType")
		}
		if f.IsOptional {
			switch st {
			case types.StructureTypeStructureWithOptionalFields:
				optionals++
				if optionals > 32 {
					return defErr(name, f.Name, ErrUnsupported, "more than 32 optional fields")
				}
			case types.StructureTypeStructureWithSubtypedValues, types.StructureTypeUnionWithSubtypedValues:
				// IsOptional means AllowSubTypes here (Part 3 §8.48).
			default:
				return defErr(name, f.Name, ErrUnsupported, "an optional field in a %v", st)
			}
		}
	}
	return nil
}

// addDefinition publishes d in a new snapshot.
func (r *Registry) addDefinition(d *dynDef) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.snap.Load()
	if od := old.dyn.lookupDef(d.dataType, d.dtURI); od != nil {
		return defErr(d.name, "", ErrDuplicateID, "DataType id %v is already registered for %s", d.dataType, od.name)
	}
	s := &regSnapshot{byType: old.byType, byID: old.byID, byNum: old.byNum, byURI: old.byURI, dyn: old.dyn.fork()}
	s.dyn.tables = s.dyn.tables || d.table != nil
	if d.dtURI == "" {
		s.dyn.byDT[d.dataType] = d
	} else {
		m := make(map[types.NodeID]*dynDef, len(s.dyn.byDTURI[d.dtURI])+1)
		for k, v := range s.dyn.byDTURI[d.dtURI] {
			m[k] = v
		}
		m[d.dataType] = d
		s.dyn.byDTURI[d.dtURI] = m
	}
	if e := d.ent; e != nil {
		if old.has(e) {
			return defErr(d.name, "", ErrDuplicateID, "encoding id %v is already registered for %v", e.id, old.lookupEntry(e))
		}
		s = s.withEntry(e)
	}
	r.snap.Store(s)
	return nil
}

// lookupDef returns the definition registered for a DataType id given as
// registered (namespace 0 with a URI), or nil.
func (s *dynState) lookupDef(id types.NodeID, uri string) *dynDef {
	if s == nil {
		return nil
	}
	if uri == "" {
		return s.byDT[id]
	}
	return s.byDTURI[uri][id]
}

// resolve returns the definition for a DataType id met in a field (a
// namespace index of the namespace table uris), or nil.
func (s *dynState) resolve(id types.NodeID, uris []string) *dynDef {
	if s == nil {
		return nil
	}
	if d := s.byDT[id]; d != nil {
		return d
	}
	if len(s.byDTURI) == 0 || int(id.Namespace()) >= len(uris) {
		return nil
	}
	return s.byDTURI[uris[id.Namespace()]][id.WithNamespace(0)]
}

// uaNamespace is the URI of namespace 0.
const uaNamespace = "http://opcfoundation.org/UA/"

// resolveURI returns the definition for a DataType id given by namespace
// URI (id with namespace 0): registered by URI, or by the index of uri in
// the call's namespace table uris; nil if there is none.
func (s *dynState) resolveURI(id types.NodeID, uri string, uris []string) *dynDef {
	if s == nil {
		return nil
	}
	if d := s.byDTURI[uri][id]; d != nil {
		return d
	}
	if uri == uaNamespace {
		return s.byDT[id]
	}
	for i, u := range uris {
		if u == uri && i <= 0xffff {
			return s.byDT[id.WithNamespace(uint16(i))]
		}
	}
	return nil
}

// noDynamic says what is wrong with a Dynamic that has no type.
const noDynamic = "the Dynamic has no type (make one with NewDynamic or by decoding)"

// errNoDynamic is returned by Dynamic methods on a value with no type.
var errNoDynamic = fmt.Errorf("%w: %s", ErrInvalid, noDynamic)
