package uamodel

// Compiling run-time definitions: a registered StructureDefinition
// becomes a DynType, its fields resolved to Go types, its values laid out
// in one block of memory by reflect.StructOf, and its model (a Struct,
// from the same structOf as a Go struct's), so that every encoding plans a
// run-time structure like a Go struct.

import (
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// A DynType is a compiled structure definition: its fields with their Go
// types, resolved; the layout of the block of memory that holds a value
// (the Dynamic header, a uint32 that is the mask of optional fields or the
// switch of a union, then the field values); and its model.
type DynType struct {
	Def     *Def
	Name    string
	Union   bool       // Union or UnionWithSubtypedValues: UInt32 switch, one field
	Masked  bool       // StructureWithOptionalFields: UInt32 mask first
	Fields  []DynField // in definition order
	Layout  reflect.Type
	MaskOff uintptr // offset in the block of the mask (Masked) or switch (Union) word
	Model   *Struct // the model of the block
	Vals    *ValueTypes

	// Binary holds what the binary engine keeps for this type (its codecs),
	// stored once.
	Binary atomic.Value
	// JSON holds what the JSON encoding (package uajson) keeps for this
	// type (its plan), stored once.
	JSON atomic.Value

	building bool // on the compiler's stack
}

// A DynField is one field of a DynType.
type DynField struct {
	Name   string       // the field name, the OPC UA name
	Off    uintptr      // offset of the value in the block
	Go     reflect.Type // Go type of the value in the block
	Sub    *DynType     // nested run-time structure (*Dynamic, []*Dynamic, Matrix of them), or nil
	Enum   *Enum        // enumeration names, for int32 and []int32 fields
	Bits   *Enum        // option set of an integer type: bit names by bit number, or nil
	GoEnum bool         // a namespace-0 enumeration of a Go type of package types (String gives the names)
	Bit    int8         // optional field: its mask bit; else -1
	Array  bool         // ValueRank 1
	Rank   int          // ValueRank of a matrix, else 0
	ElemGo reflect.Type // a matrix of Go values: the element type
}

// builtinGo maps the built-in DataType ids 1..25 to their Go types
// (types.BuiltinType.GoType, docs/types.md).
var builtinGo = func() (m [types.TypeDiagnosticInfo + 1]reflect.Type) {
	for t := types.TypeBoolean; t <= types.TypeDiagnosticInfo; t++ {
		m[t] = t.GoType()
	}
	return m
}()

// codeGenDefs are the run-time definitions of the namespace-0 structures
// for code generators only (types.CodeGeneratorStructures: Node and its
// subtypes, DecimalDataType), which have no Go type: a field of one of
// their DataTypes decodes as a nested *Dynamic.
var codeGenDefs = func() map[uint32]*Def {
	m := make(map[uint32]*Def, len(types.CodeGeneratorStructures))
	for _, cs := range types.CodeGeneratorStructures {
		def := cs.Definition
		m[cs.DataTypeID] = &Def{Name: cs.Name, DataType: types.NewNumericNodeID(0, cs.DataTypeID), st: &def}
	}
	return m
}()

// stdByDataType indexes types.StandardTypes by DataType id.
var stdByDataType = func() map[uint32]types.TypeInfo {
	m := make(map[uint32]types.TypeInfo, len(types.StandardTypes))
	for _, ti := range types.StandardTypes {
		m[ti.DataTypeID] = ti
	}
	return m
}()

// dynCompiler compiles one definition and every definition it reaches.
type dynCompiler struct {
	st       *dynState
	uris     []string
	building map[*Def]*DynType
	stack    []dynFrame
	made     []*DynType
	key      string
}

// dynFrame is a type on the compiler's stack and whether the field that
// led to it is mandatory and scalar (a cycle made only of such fields would
// make every value infinite).
type dynFrame struct {
	t      *DynType
	strict bool
}

// compiled returns the compiled type of d for the namespace table uris,
// compiling it (and everything it reaches) on first use.
func (s *dynState) compiled(d *Def, uris []string) (*DynType, *DefinitionError) {
	k := dynKey{def: d}
	if len(s.byDTURI) > 0 || s.tables {
		k.uris = strings.Join(uris, "\x00")
	} else if l := d.last.Load(); l != nil && l.st == s {
		return l.t, nil // the common case: no hashing
	}
	if v, ok := s.cache.Load(k); ok {
		if t, ok := v.(*DynType); ok {
			return t, nil
		}
		return nil, v.(*DefinitionError)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.cache.Load(k); ok {
		if t, ok := v.(*DynType); ok {
			return t, nil
		}
		return nil, v.(*DefinitionError)
	}
	c := &dynCompiler{st: s, uris: uris, building: map[*Def]*DynType{}, key: k.uris}
	t, err := c.typ(d, d.Name, false)
	if err == nil {
		err = c.models()
	}
	if err != nil {
		s.cache.Store(k, err)
		return nil, err
	}
	for _, m := range c.made {
		m.building = false
		s.cache.Store(dynKey{def: m.Def, uris: k.uris}, m)
	}
	if k.uris == "" {
		d.last.Store(&dynLast{st: s, t: t})
	}
	return t, nil
}

// typ returns the compiled type of d, from the cache, the current build or
// compiled now. path is where d was met; strict tells whether the field
// leading here is a mandatory scalar of a non-union structure.
func (c *dynCompiler) typ(d *Def, path string, strict bool) (*DynType, *DefinitionError) {
	// A cached error of d is not reused: it was found from d, and the
	// same fault met from here may be another (a cycle is reported at the
	// type met again). Compiling d again gives the error a compilation
	// from here finds, whatever was compiled first; failures are rare.
	if v, ok := c.st.cache.Load(dynKey{def: d, uris: c.key}); ok {
		if t, ok := v.(*DynType); ok {
			return t, nil
		}
	}
	if t, ok := c.building[d]; ok {
		if t.building {
			if err := c.cycle(t, strict, path); err != nil {
				return nil, err
			}
		}
		return t, nil
	}
	t := &DynType{Def: d, Name: d.Name, Vals: c.st.vals, building: true}
	c.building[d] = t
	c.made = append(c.made, t)
	c.stack = append(c.stack, dynFrame{t: t, strict: strict})
	err := c.fill(t, path)
	c.stack = c.stack[:len(c.stack)-1]
	if err != nil {
		return nil, err
	}
	return t, nil
}

// cycle is called when t is met again while it is being compiled. If every
// field on the cycle is a mandatory scalar, no value is finite: the
// definition is rejected. (The nesting level that every type on a cycle
// counts is set by models.)
func (c *dynCompiler) cycle(t *DynType, strict bool, path string) *DefinitionError {
	all := strict
	for i := len(c.stack) - 1; i >= 0; i-- {
		f := c.stack[i]
		if f.t == t {
			break
		}
		all = all && f.strict
	}
	if all {
		return defErr(t.Name, path, wire.ErrUnsupported, "the structure contains itself through mandatory fields only: its values would be infinite")
	}
	return nil
}

// fill compiles the fields of t and lays out its block.
func (c *dynCompiler) fill(t *DynType, path string) *DefinitionError {
	def := t.Def.st
	switch def.StructureType {
	case types.StructureTypeUnion, types.StructureTypeUnionWithSubtypedValues:
		t.Union = true
	case types.StructureTypeStructureWithOptionalFields:
		t.Masked = true
	}
	subtyped := def.StructureType == types.StructureTypeStructureWithSubtypedValues ||
		def.StructureType == types.StructureTypeUnionWithSubtypedValues
	sfs := make([]reflect.StructField, 0, len(def.Fields)+2)
	sfs = append(sfs,
		reflect.StructField{Name: "H", Type: typeHeader},                // the value's header
		reflect.StructField{Name: "M", Type: reflect.TypeFor[uint32]()}) // the mask or switch
	t.Fields = make([]DynField, len(def.Fields))
	bit := int8(0)
	for i, sf := range def.Fields {
		f := &t.Fields[i]
		f.Name, f.Bit, f.Array = sf.Name, -1, sf.ValueRank == 1
		if sf.ValueRank >= 2 {
			f.Rank = int(sf.ValueRank)
		}
		fpath := joinField(path, sf.Name)
		optional := sf.IsOptional && t.Masked
		if optional {
			f.Bit = bit
			bit++
		}
		allowSub := sf.IsOptional && subtyped
		strict := !t.Union && !optional && !f.Array && f.Rank == 0
		if f.Rank > 0 {
			f.Array = true // resolve the element type as for an array
		}
		if err := c.field(f, t.Def.table, sf.DataType, allowSub, strict, fpath); err != nil {
			return err
		}
		if f.Rank > 0 {
			f.Array = false
			if f.Sub == nil {
				f.ElemGo = f.Go.Elem()
			}
			f.Go = c.st.vals.Matrix
		}
		sfs = append(sfs, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: f.Go})
	}
	t.Layout = reflect.StructOf(sfs)
	t.MaskOff = t.Layout.Field(1).Offset
	for i := range t.Fields {
		t.Fields[i].Off = t.Layout.Field(i + 2).Offset
	}
	return nil
}

// field resolves the DataType of one field.
func (c *dynCompiler) field(f *DynField, table []string, dt types.NodeID, allowSub, strict bool, path string) *DefinitionError {
	var d *Def
	if table == nil {
		d = c.st.resolve(dt, c.uris)
	} else {
		// The definition's ids are indexes of its own table: by URI.
		ns := int(dt.Namespace())
		if ns >= len(table) {
			return defErr(c.stack[len(c.stack)-1].t.Name, path, wire.ErrInvalid, "DataType %v: namespace index %d is not in the definition's namespace table of %d", dt, ns, len(table))
		}
		if dt, d = dt.WithNamespace(0), c.st.resolveURI(dt.WithNamespace(0), table[ns], c.uris); d == nil && table[ns] != UANamespace {
			return defErr(c.stack[len(c.stack)-1].t.Name, path, wire.ErrUnknownType, "DataType nsu=%s;%v is not registered", table[ns], dt)
		}
	}
	if d == nil && dt.Namespace() == 0 && dt.Type() == types.IDTypeNumeric {
		d = codeGenDefs[dt.IntID()] // Node, ObjectNode, ..., DecimalDataType
	}
	if d != nil {
		switch {
		case d.enum != nil && d.simple == 0:
			if allowSub {
				return c.goField(f, typeVariant)
			}
			f.Enum = d.enum
			return c.goField(f, reflect.TypeFor[int32]())
		case d.simple != 0:
			if err := c.simpleField(f, d.simple, nil, allowSub); err != nil {
				return err
			}
			if !allowSub {
				f.Bits = d.enum
			}
			return nil
		case allowSub:
			return c.goField(f, typeExtObject)
		}
		sub, err := c.typ(d, path, strict)
		if err != nil {
			return err
		}
		f.Sub, f.Go = sub, c.st.vals.dynPtr
		if f.Array {
			f.Go = c.st.vals.dynSlice
		}
		return nil
	}
	if dt.Namespace() != 0 || dt.Type() != types.IDTypeNumeric {
		return defErr(c.stack[len(c.stack)-1].t.Name, path, wire.ErrUnknownType,
			"DataType %v is not registered (register structures with RegisterStructure, enumerations with RegisterEnum, simple subtypes of built-in types with RegisterSimpleType, option sets with RegisterOptionSet)", dt)
	}
	id := dt.IntID()
	if ti, ok := types.SimpleTypeInfoByID(id); ok {
		f.GoEnum = ti.Enumeration && ti.Type != nil && !allowSub
		return c.simpleField(f, ti.BuiltIn, ti.Type, allowSub)
	}
	ti, ok := stdByDataType[id]
	switch {
	case !ok:
		return defErr(c.stack[len(c.stack)-1].t.Name, path, wire.ErrUnknownType, "DataType %v is not registered, and namespace 0 has no such DataType (types.SimpleTypes, types.StandardTypes)", dt)
	case ti.Abstract || ti.Type == nil || allowSub:
		return c.goField(f, typeExtObject)
	}
	return c.goField(f, ti.Type)
}

// simpleField makes f a field of a DataType encoded as the built-in type
// bt: with the Go type goT if it is not nil (an enumeration or option set
// of package types), else bt's. A field that allows subtypes holds a
// Variant (an ExtensionObject for subtypes of Structure).
func (c *dynCompiler) simpleField(f *DynField, bt types.BuiltinType, goT reflect.Type, allowSub bool) *DefinitionError {
	switch {
	case allowSub && bt == types.TypeExtensionObject:
		return c.goField(f, typeExtObject)
	case allowSub:
		return c.goField(f, typeVariant)
	case goT != nil:
		return c.goField(f, goT)
	}
	return c.goField(f, builtinGo[bt])
}

// goField makes f a field whose value is a Go value of type t (or []t).
func (c *dynCompiler) goField(f *DynField, t reflect.Type) *DefinitionError {
	if f.Array {
		t = reflect.SliceOf(t)
	}
	f.Go = t
	return nil
}

// models makes the models of the types compiled: the block of each,
// planned like a Go struct from field specs (a stored UInt32 mask with
// bit=N for optional fields, a switch for unions), and the nesting level
// of those that can contain themselves.
func (c *dynCompiler) models() *DefinitionError {
	var fail *DefinitionError
	err := build(func(b *builder) *Error {
		for _, t := range c.made {
			specs := make([]Spec, 0, len(t.Fields)+1)
			switch {
			case t.Union:
				specs = append(specs, Spec{Name: "SwitchField", Offset: t.MaskOff, Go: typeUint32, Tag: Tag{Switch: true, Bit: -1}, Exported: true})
			case t.Masked:
				specs = append(specs, Spec{Name: "EncodingMask", Offset: t.MaskOff, Go: typeUint32, Tag: Tag{Mask: true, Bit: -1}, Exported: true})
			}
			for i := range t.Fields {
				f := &t.Fields[i]
				specs = append(specs, Spec{Name: f.Name, Offset: f.Off, Go: f.Go, Tag: Tag{Bit: int(f.Bit)}, Exported: true, Dyn: f})
			}
			st, err := b.structOf(t.Layout, specs, t.Name)
			if err != nil {
				fail = defErr(t.Name, err.Path, wire.ErrUnsupported, "%s", err.Msg)
				return err
			}
			st.Name, t.Model = t.Name, st
		}
		return nil
	})
	if err != nil {
		return fail
	}
	for t := range onCycle(c.made, func(t *DynType) []*DynType {
		var out []*DynType
		for i := range t.Fields {
			if s := t.Fields[i].Sub; s != nil {
				out = append(out, s)
			}
		}
		return out
	}) {
		t.Model.Enter = true
	}
	return nil
}

var typeUint32 = reflect.TypeFor[uint32]()

// Compiled returns the compiled type of the structure definition d (of
// the registry snapshot s) for the namespace table uris.
func (s *Snapshot) Compiled(d *Def, uris []string) (*DynType, error) {
	if s.dyn == nil {
		return nil, wire.Errorf(wire.ErrUnknownType, "definition %s is not in the registry of this call", d.Name)
	}
	t, err := s.dyn.compiled(d, uris)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Structure returns the structure definition registered in s under the
// binary encoding id or DataType id, resolving a URI id (and namespace
// indexes) with uris, or nil.
func (s *Snapshot) Structure(id types.ExpandedNodeID, uris []string) *Def {
	var d *Def
	nid := id.NodeID
	if id.NamespaceURI != "" {
		nid = nid.WithNamespace(0)
		d = s.dyn.lookupDef(nid, id.NamespaceURI)
		if d == nil {
			if e := s.byURIID(id.NamespaceURI, nid); e != nil {
				d = e.Def
			}
		}
	} else {
		if d = s.dyn.resolve(nid, uris); d == nil {
			if e := s.ByID(nid, uris); e != nil {
				d = e.Def
			}
		}
	}
	if d == nil || d.st == nil {
		return nil
	}
	return d
}

// Definitions returns the names of the run-time definitions registered in
// s, in no order.
func (s *Snapshot) Definitions() []string {
	if s.dyn == nil {
		return nil
	}
	var names []string
	for _, d := range s.dyn.byDT {
		names = append(names, d.Name)
	}
	for _, m := range s.dyn.byDTURI {
		for _, d := range m {
			names = append(names, d.Name)
		}
	}
	return names
}
