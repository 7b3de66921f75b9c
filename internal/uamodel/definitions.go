package uamodel

// Run-time definitions (docs/dynamic.md): a server's structures,
// enumerations, simple subtypes and option sets, registered from their
// definitions. This file holds the registration side; compile.go makes
// them into models and value layouts.

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// DefinitionError reports a run-time definition that cannot be used: at
// registration (a hostile or unsupported definition) or when it is
// compiled on first use (a missing reference, a structure that contains
// itself with no optional or array break). Err wraps wire.ErrUnsupported,
// wire.ErrInvalid or wire.ErrUnknownType. Package uabin names it
// uabin.DefinitionError.
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

// A Def is one registered definition: a structure, an enumeration, a
// simple subtype or an option set.
type Def struct {
	Name     string
	DataType types.NodeID // namespace 0 when DTURI is set
	DTURI    string
	Entry    *Entry // the binary encoding id's entry; nil without an encoding id
	st       *types.StructureDefinition
	enum     *Enum             // an enumeration's values; an option set's bits (with simple set)
	simple   types.BuiltinType // a simple subtype or integer option set: the built-in type it is encoded as
	table    []string          // the namespace table of the field DataType ids, or nil: the call's

	// last is the type most recently compiled for the definition, with
	// the registry state it was compiled in: found without hashing while
	// that state is current and has no URI registrations.
	last atomic.Pointer[dynLast]
}

// IsStructure reports whether d is a structure definition.
func (d *Def) IsStructure() bool { return d.st != nil }

// dynLast is a compiled type and the state it belongs to.
type dynLast struct {
	st *dynState
	t  *DynType
}

// Enum is a registered enumeration (value names by value) or an option
// set (bit names by bit number).
type Enum struct {
	Name   string
	Names  map[int32]string
	Values []int32 // in definition order
}

// dynState is the part of a registry snapshot that holds run-time
// definitions. Its maps are immutable; its compile cache belongs to the
// snapshot, so a new registration (a new snapshot) starts from an empty
// cache and no compiled type ever sees a definition registered after it.
type dynState struct {
	byDT    map[types.NodeID]*Def            // by DataType id, registered by namespace index
	byDTURI map[string]map[types.NodeID]*Def // registered by namespace URI; ids with namespace 0
	tables  bool                             // a definition has a namespace table of its own
	vals    *ValueTypes

	mu    sync.Mutex // serialises compiling
	cache sync.Map   // dynKey → *DynType or *DefinitionError
}

// dynKey keys the compile cache: the definition and, when URI
// registrations exist, the namespace table used to resolve references.
type dynKey struct {
	def  *Def
	uris string
}

func (s *dynState) fork(vals *ValueTypes) *dynState {
	n := &dynState{byDT: map[types.NodeID]*Def{}, byDTURI: map[string]map[types.NodeID]*Def{}, vals: vals}
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

// RegisterStructure registers the run-time definition of a structure (see
// uabin.Registry.RegisterStructure).
func (r *Registry) RegisterStructure(encodingID, dataTypeID types.ExpandedNodeID, name string, def types.StructureDefinition) error {
	if encodingID.NodeID.IsNull() && encodingID.NamespaceURI == "" {
		encodingID.NodeID = def.DefaultEncodingID
	}
	return r.addStructure(encodingID, dataTypeID, name, def, nil)
}

// addStructure checks and registers a structure definition whose field
// DataTypes are namespace indexes of table (nil: of each call's table).
func (r *Registry) addStructure(encodingID, dataTypeID types.ExpandedNodeID, name string, def types.StructureDefinition, table []string) error {
	if err := checkStructure(name, &def); err != nil {
		return err
	}
	if encodingID.ServerIndex != 0 || dataTypeID.ServerIndex != 0 {
		return defErr(name, "", wire.ErrInvalid, "an id has a server index")
	}
	if dataTypeID.NodeID.IsNull() {
		return defErr(name, "", wire.ErrInvalid, "the DataType id is null")
	}
	d := &Def{Name: name, st: cloneStructure(def), table: table}
	d.DataType, d.DTURI = splitID(dataTypeID)
	if !encodingID.NodeID.IsNull() {
		r.defEntry(d, encodingID)
	}
	return r.addDefinition(d)
}

// defEntry gives d the entry of its binary encoding id.
func (r *Registry) defEntry(d *Def, encodingID types.ExpandedNodeID) {
	d.Entry = &Entry{Go: r.vals.Dynamic, Def: d}
	d.Entry.IDs.Binary, d.Entry.URI = splitID(encodingID)
	if d.DTURI == d.Entry.URI {
		d.Entry.IDs.DataType = d.DataType
	}
}

// RegisterEnum registers the run-time definition of an enumeration (see
// uabin.Registry.RegisterEnum).
func (r *Registry) RegisterEnum(dataTypeID types.ExpandedNodeID, name string, def types.EnumDefinition) error {
	if name == "" {
		return defErr("?", "", wire.ErrUnsupported, "an enumeration needs a name")
	}
	if dataTypeID.ServerIndex != 0 || dataTypeID.NodeID.IsNull() {
		return defErr(name, "", wire.ErrInvalid, "the DataType id is null or has a server index")
	}
	if len(def.Fields) > maxDynFields {
		return defErr(name, "", wire.ErrUnsupported, "%d values, more than %d", len(def.Fields), maxDynFields)
	}
	e, err := enumOf(name, def, "value", -1<<31, 1<<31-1, "does not fit in an Int32")
	if err != nil {
		return err
	}
	d := &Def{Name: name, enum: e}
	d.DataType, d.DTURI = splitID(dataTypeID)
	return r.addDefinition(d)
}

// RegisterStructureIn registers a structure whose NodeIds are namespace
// indexes of its own namespace table (see
// uabin.Registry.RegisterStructureIn).
func (r *Registry) RegisterStructureIn(namespaceURIs []string, encodingID, dataTypeID types.ExpandedNodeID, name string, def types.StructureDefinition) error {
	if len(namespaceURIs) == 0 || namespaceURIs[0] != UANamespace {
		return defErr(cmpName(name), "", wire.ErrInvalid, "the namespace table must start with %s", UANamespace)
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
	return r.addStructure(encodingID, dataTypeID, name, def, append([]string(nil), namespaceURIs...))
}

// withURI returns x with its namespace index replaced by its URI in
// table (namespace 0 stays an index).
func withURI(x types.ExpandedNodeID, table []string, name string) (types.ExpandedNodeID, error) {
	if x.NamespaceURI != "" || x.NodeID.IsNull() || x.NodeID.Namespace() == 0 {
		return x, nil
	}
	ns := int(x.NodeID.Namespace())
	if ns >= len(table) {
		return x, defErr(name, "", wire.ErrInvalid, "id %v: namespace index %d is not in the namespace table of %d", x.NodeID, ns, len(table))
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
		return defErr("?", "", wire.ErrUnsupported, "a structure needs a name")
	}
	if len(def.Fields) > maxDynFields {
		return defErr(name, "", wire.ErrUnsupported, "%d fields, more than %d", len(def.Fields), maxDynFields)
	}
	st := def.StructureType
	switch st {
	case types.StructureTypeStructure, types.StructureTypeStructureWithOptionalFields,
		types.StructureTypeUnion, types.StructureTypeStructureWithSubtypedValues,
		types.StructureTypeUnionWithSubtypedValues:
	default:
		return defErr(name, "", wire.ErrUnsupported, "unknown StructureType %d", int32(st))
	}
	seen := make(map[string]bool, len(def.Fields))
	optionals := 0
	for _, f := range def.Fields {
		if f.Name == "" {
			return defErr(name, "", wire.ErrUnsupported, "a field has no name")
		}
		if seen[f.Name] {
			return defErr(name, f.Name, wire.ErrUnsupported, "field name used twice")
		}
		seen[f.Name] = true
		switch {
		case f.ValueRank == -1 || f.ValueRank == 1:
		case f.ValueRank >= 2 && f.ValueRank <= maxMatrixRank:
		default:
			return defErr(name, f.Name, wire.ErrUnsupported, "ValueRank %d (supported: -1 scalar, 1 array, 2..%d matrix; the open ranks 0, -2 and -3 do not say how the field is encoded)", f.ValueRank, maxMatrixRank)
		}
		if len(f.ArrayDimensions) > 0 && len(f.ArrayDimensions) != int(max(f.ValueRank, 1)) {
			return defErr(name, f.Name, wire.ErrUnsupported, "%d ArrayDimensions for ValueRank %d", len(f.ArrayDimensions), f.ValueRank)
		}
		if f.DataType.IsNull() {
			return defErr(name, f.Name, wire.ErrUnsupported, "the field has no DataType")
		}
		if f.IsOptional {
			switch st {
			case types.StructureTypeStructureWithOptionalFields:
				optionals++
				if optionals > 32 {
					return defErr(name, f.Name, wire.ErrUnsupported, "more than 32 optional fields")
				}
			case types.StructureTypeStructureWithSubtypedValues, types.StructureTypeUnionWithSubtypedValues:
				// IsOptional means AllowSubTypes here (Part 3 §8.48).
			default:
				return defErr(name, f.Name, wire.ErrUnsupported, "an optional field in a %v", st)
			}
		}
	}
	return nil
}

// addDefinition publishes d in a new snapshot.
func (r *Registry) addDefinition(d *Def) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.snap.Load()
	if od := old.dyn.lookupDef(d.DataType, d.DTURI); od != nil {
		return defErr(d.Name, "", ErrDuplicateID, "DataType id %v is already registered for %s", d.DataType, od.Name)
	}
	// A Go type registered with this DataType id (outside namespace 0,
	// whose standard types a definition may describe again).
	if e := old.dataTypeEntry(d.DataType, d.DTURI); e != nil && (d.DTURI != "" || d.DataType.Namespace() != 0) {
		return defErr(d.Name, "", ErrDuplicateID, "DataType id %v is already registered for %v", d.DataType, e.Go)
	}
	n := *old
	s := &n
	s.dyn = old.dyn.fork(&r.vals)
	s.dyn.tables = s.dyn.tables || d.table != nil
	if d.DTURI == "" {
		s.dyn.byDT[d.DataType] = d
	} else {
		m := make(map[types.NodeID]*Def, len(s.dyn.byDTURI[d.DTURI])+1)
		for k, v := range s.dyn.byDTURI[d.DTURI] {
			m[k] = v
		}
		m[d.DataType] = d
		s.dyn.byDTURI[d.DTURI] = m
	}
	if e := d.Entry; e != nil {
		if old.has(e) {
			return defErr(d.Name, "", ErrDuplicateID, "encoding id %v is already registered for %v", e.IDs.Binary, old.lookupEntry(e))
		}
		s = s.withEntry(e)
	}
	r.snap.Store(s)
	return nil
}

// lookupDef returns the definition registered for a DataType id given as
// registered (namespace 0 with a URI), or nil.
func (s *dynState) lookupDef(id types.NodeID, uri string) *Def {
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
func (s *dynState) resolve(id types.NodeID, uris []string) *Def {
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

// UANamespace is the URI of namespace 0.
const UANamespace = "http://opcfoundation.org/UA/"

// resolveURI returns the definition for a DataType id given by namespace
// URI (id with namespace 0): registered by URI, or by the index of uri in
// the call's namespace table uris; nil if there is none.
func (s *dynState) resolveURI(id types.NodeID, uri string, uris []string) *Def {
	if s == nil {
		return nil
	}
	if d := s.byDTURI[uri][id]; d != nil {
		return d
	}
	if uri == UANamespace {
		return s.byDT[id]
	}
	for i, u := range uris {
		if u == uri && i <= 0xffff {
			return s.byDT[id.WithNamespace(uint16(i))]
		}
	}
	return nil
}

// NoDynamic says what is wrong with a Dynamic that has no type.
const NoDynamic = "the Dynamic has no type (make one with NewDynamic or by decoding)"

// ErrNoDynamic is returned by Dynamic methods on a value with no type.
var ErrNoDynamic = fmt.Errorf("%w: %s", wire.ErrInvalid, NoDynamic)

// optionSetID is the namespace-0 structure OptionSet (i=12755), the
// supertype of option sets in the structure form.
var optionSetID = types.NewNumericNodeID(0, 12755)

// RegisterSimpleType registers a simple subtype of a built-in type (see
// uabin.Registry.RegisterSimpleType).
func (r *Registry) RegisterSimpleType(dataTypeID types.ExpandedNodeID, name string, builtIn types.BuiltinType) error {
	d, err := simpleDef(dataTypeID, name, builtIn)
	if err != nil {
		return err
	}
	return r.addDefinition(d)
}

func simpleDef(dataTypeID types.ExpandedNodeID, name string, builtIn types.BuiltinType) (*Def, error) {
	if name == "" {
		return nil, defErr("?", "", wire.ErrUnsupported, "a DataType needs a name")
	}
	if dataTypeID.ServerIndex != 0 || dataTypeID.NodeID.IsNull() {
		return nil, defErr(name, "", wire.ErrInvalid, "the DataType id is null or has a server index")
	}
	if builtIn < types.TypeBoolean || builtIn > types.TypeDiagnosticInfo {
		return nil, defErr(name, "", wire.ErrUnsupported, "built-in type %d (want 1..25)", uint8(builtIn))
	}
	d := &Def{Name: name, simple: builtIn}
	d.DataType, d.DTURI = splitID(dataTypeID)
	return d, nil
}

// RegisterOptionSet registers an option set (see
// uabin.Registry.RegisterOptionSet).
func (r *Registry) RegisterOptionSet(encodingID, dataTypeID types.ExpandedNodeID, name string, base types.BuiltinType, def types.EnumDefinition) error {
	width := 0
	switch base {
	case types.TypeByte:
		width = 8
	case types.TypeUInt16:
		width = 16
	case types.TypeUInt32:
		width = 32
	case types.TypeUInt64:
		width = 64
	case types.TypeExtensionObject:
		return r.RegisterStructure(encodingID, dataTypeID, name, types.StructureDefinition{
			BaseDataType: optionSetID,
			Fields: []types.StructureField{
				{Name: "Value", DataType: types.NewNumericNodeID(0, uint32(types.TypeByteString)), ValueRank: -1},
				{Name: "ValidBits", DataType: types.NewNumericNodeID(0, uint32(types.TypeByteString)), ValueRank: -1},
			},
		})
	default:
		return defErr(cmpName(name), "", wire.ErrUnsupported, "an option set of %v (want Byte, UInt16, UInt32, UInt64 or ExtensionObject)", base)
	}
	d, err := simpleDef(dataTypeID, name, base)
	if err != nil {
		return err
	}
	if len(def.Fields) > width {
		return defErr(name, "", wire.ErrUnsupported, "%d bits, more than the %d of %v", len(def.Fields), width, base)
	}
	bits, err := enumOf(name, def, "bit", 0, int64(width)-1, fmt.Sprintf("is not a bit of %v", base))
	if err != nil {
		return err
	}
	d.enum = bits
	return r.addDefinition(d)
}

// enumOf returns the names of an enumeration's values or an option set's
// bits (what, "value" or "bit"), each in [lo, hi] and given once; a field
// without a name takes its display name.
func enumOf(name string, def types.EnumDefinition, what string, lo, hi int64, outside string) (*Enum, error) {
	e := &Enum{Name: name, Names: make(map[int32]string, len(def.Fields))}
	for _, f := range def.Fields {
		if f.Value < lo || f.Value > hi {
			return nil, defErr(name, f.Name, wire.ErrUnsupported, "%s %d %s", what, f.Value, outside)
		}
		v := int32(f.Value)
		if _, dup := e.Names[v]; dup {
			return nil, defErr(name, f.Name, wire.ErrUnsupported, "%s %d is defined twice", what, v)
		}
		n := f.Name
		if n == "" {
			n = f.DisplayName.Text
		}
		e.Names[v] = n
		e.Values = append(e.Values, v)
	}
	return e, nil
}

func cmpName(name string) string {
	if name == "" {
		return "?"
	}
	return name
}
