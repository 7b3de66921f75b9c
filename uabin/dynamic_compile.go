package uabin

// The front end of run-time structures: a registered StructureDefinition
// becomes a dynType, its fields resolved to Go types and its values laid
// out in one block of memory by reflect.StructOf. The builder then plans
// the block like a Go struct (dynamic_plan.go), so that masks, unions,
// arrays and limits have one implementation, and a decoded structure costs
// one allocation plus what its values need.

import (
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"

	"github.com/uabin/uabin/types"
)

// dynType is a compiled structure definition: its fields with their Go
// types, resolved, and the layout of the block of memory that holds a
// value. Its codecs are made from it by the builder, one per fast-path set
// (dynamic_plan.go).
type dynType struct {
	def     *dynDef
	name    string
	union   bool       // Union or UnionWithSubtypedValues: UInt32 switch, one field
	masked  bool       // StructureWithOptionalFields: UInt32 mask first
	fields  []dynField // in definition order
	layout  *goType    // the block: the Dynamic header, the mask or switch word, the field values
	maskOff uintptr    // offset in the block of the mask (masked) or switch (union) word

	building bool   // on the compiler's stack
	top      *codec // the codec of the Go type Dynamic for values of this type (messages, bodies)
	plans    dynPlans
}

// dynField is one field of a dynType.
type dynField struct {
	name   string       // field name, for paths and accessors
	off    uintptr      // offset of the value in the block
	goT    reflect.Type // Go type of the value in the block
	sub    *dynType     // nested run-time structure (*Dynamic, []*Dynamic, Matrix of them), or nil
	enum   *dynEnum     // enumeration names, for int32 and []int32 fields
	bits   *dynEnum     // option set of an integer type: bit names by bit number, or nil
	goEnum bool         // a namespace-0 enumeration of a Go type of package types (String gives the names)
	bit    int8         // optional field: its mask bit; else -1
	array  bool         // ValueRank 1
	rank   int          // ValueRank of a matrix, else 0
	elemT  reflect.Type // a matrix of Go values: the element type
}

var (
	typeDynPtr   = reflect.TypeFor[*Dynamic]()
	typeDynSlice = reflect.TypeFor[[]*Dynamic]()
	typeMatrix   = reflect.TypeFor[Matrix]()
)

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
var codeGenDefs = func() map[uint32]*dynDef {
	m := make(map[uint32]*dynDef, len(types.CodeGeneratorStructures))
	for _, cs := range types.CodeGeneratorStructures {
		def := cs.Definition
		m[cs.DataTypeID] = &dynDef{name: cs.Name, dataType: types.NewNumericNodeID(0, cs.DataTypeID), st: &def}
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
	building map[*dynDef]*dynType
	stack    []dynFrame
	made     []*dynType
	key      string
}

// dynFrame is a type on the compiler's stack and whether the field that
// led to it is mandatory and scalar (a cycle made only of such fields would
// make every value infinite).
type dynFrame struct {
	t      *dynType
	strict bool
}

// compiled returns the compiled type of d for the namespace table uris,
// compiling it (and everything it reaches) on first use.
func (s *dynState) compiled(d *dynDef, uris []string) (*dynType, *DefinitionError) {
	k := dynKey{def: d}
	if len(s.byDTURI) > 0 || s.tables {
		k.uris = strings.Join(uris, "\x00")
	} else if l := d.last.Load(); l != nil && l.st == s {
		return l.t, nil // the common case: no hashing
	}
	if v, ok := s.cache.Load(k); ok {
		if t, ok := v.(*dynType); ok {
			return t, nil
		}
		return nil, v.(*DefinitionError)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.cache.Load(k); ok {
		if t, ok := v.(*dynType); ok {
			return t, nil
		}
		return nil, v.(*DefinitionError)
	}
	c := &dynCompiler{st: s, uris: uris, building: map[*dynDef]*dynType{}, key: k.uris}
	t, err := c.typ(d, d.name, false)
	if err != nil {
		s.cache.Store(k, err)
		return nil, err
	}
	for _, m := range c.made {
		m.building = false
		s.cache.Store(dynKey{def: m.def, uris: k.uris}, m)
	}
	if k.uris == "" {
		d.last.Store(&dynLast{st: s, t: t})
	}
	return t, nil
}

// typ returns the compiled type of d, from the cache, the current build or
// compiled now. path is where d was met; strict tells whether the field
// leading here is a mandatory scalar of a non-union structure.
func (c *dynCompiler) typ(d *dynDef, path string, strict bool) (*dynType, *DefinitionError) {
	// A cached error of d is not reused: it was found from d, and the
	// same fault met from here may be another (a cycle is reported at the
	// type met again). Compiling d again gives the error a compilation
	// from here finds, whatever was compiled first; failures are rare.
	if v, ok := c.st.cache.Load(dynKey{def: d, uris: c.key}); ok {
		if t, ok := v.(*dynType); ok {
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
	t := &dynType{def: d, name: d.name, building: true}
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
// counts is the builder's business, as for Go structs.)
func (c *dynCompiler) cycle(t *dynType, strict bool, path string) *DefinitionError {
	all := strict
	for i := len(c.stack) - 1; i >= 0; i-- {
		f := c.stack[i]
		if f.t == t {
			break
		}
		all = all && f.strict
	}
	if all {
		return defErr(t.name, path, ErrUnsupported, "the structure contains itself through mandatory fields only: its values would be infinite")
	}
	return nil
}

// fill compiles the fields of t and lays out its block.
func (c *dynCompiler) fill(t *dynType, path string) *DefinitionError {
	def := t.def.st
	switch def.StructureType {
	case types.StructureTypeUnion, types.StructureTypeUnionWithSubtypedValues:
		t.union = true
	case types.StructureTypeStructureWithOptionalFields:
		t.masked = true
	}
	subtyped := def.StructureType == types.StructureTypeStructureWithSubtypedValues ||
		def.StructureType == types.StructureTypeUnionWithSubtypedValues
	sfs := make([]reflect.StructField, 0, len(def.Fields)+2)
	sfs = append(sfs,
		reflect.StructField{Name: "H", Type: typeDynamic},               // the value's header
		reflect.StructField{Name: "M", Type: reflect.TypeFor[uint32]()}) // the mask or switch
	t.fields = make([]dynField, len(def.Fields))
	bit := int8(0)
	for i, sf := range def.Fields {
		f := &t.fields[i]
		f.name, f.bit, f.array = sf.Name, -1, sf.ValueRank == 1
		if sf.ValueRank >= 2 {
			f.rank = int(sf.ValueRank)
		}
		fpath := joinField(path, sf.Name)
		optional := sf.IsOptional && t.masked
		if optional {
			f.bit = bit
			bit++
		}
		allowSub := sf.IsOptional && subtyped
		strict := !t.union && !optional && !f.array && f.rank == 0
		if f.rank > 0 {
			f.array = true // resolve the element type as for an array
		}
		if err := c.field(f, t.def.table, sf.DataType, allowSub, strict, fpath); err != nil {
			return err
		}
		if f.rank > 0 {
			f.array = false
			if f.sub == nil {
				f.elemT = f.goT.Elem()
			}
			f.goT = typeMatrix
		}
		sfs = append(sfs, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: f.goT})
	}
	layout := reflect.StructOf(sfs)
	t.layout = newGoType(layout)
	t.maskOff = layout.Field(1).Offset
	for i := range t.fields {
		t.fields[i].off = layout.Field(i + 2).Offset
	}
	t.top = &codec{typ: typeDynamic, g: newGoType(typeDynamic), append: appendDynamic, consume: consumeDynamic,
		isZero: zeroDynamic, dyn: t, size: typeDynamic.Size(), hint: new(atomic.Int32)}
	return nil
}

// field resolves the DataType of one field.
func (c *dynCompiler) field(f *dynField, table []string, dt types.NodeID, allowSub, strict bool, path string) *DefinitionError {
	var d *dynDef
	if table == nil {
		d = c.st.resolve(dt, c.uris)
	} else {
		// The definition's ids are indexes of its own table: by URI.
		ns := int(dt.Namespace())
		if ns >= len(table) {
			return defErr(c.stack[len(c.stack)-1].t.name, path, ErrInvalid, "DataType %v: namespace index %d is not in the definition's namespace table of %d", dt, ns, len(table))
		}
		if dt, d = dt.WithNamespace(0), c.st.resolveURI(dt.WithNamespace(0), table[ns], c.uris); d == nil && table[ns] != uaNamespace {
			return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnknownType, "DataType nsu=%s;%v is not registered", table[ns], dt)
		}
	}
	if d == nil && dt.Namespace() == 0 && dt.Type() == types.IDTypeNumeric {
		d = codeGenDefs[dt.IntID()] // Node, ObjectNode, ..., DecimalDataType
	}
	if d != nil {
		switch {
		case d.enum != nil && d.simple == 0:
			if allowSub {
				return c.goField(f, typeVariant, path)
			}
			f.enum = d.enum
			return c.goField(f, reflect.TypeFor[int32](), path)
		case d.simple != 0:
			if err := c.simpleField(f, d.simple, nil, allowSub, path); err != nil {
				return err
			}
			if !allowSub {
				f.bits = d.enum
			}
			return nil
		case allowSub:
			return c.goField(f, typeExtObject, path)
		}
		sub, err := c.typ(d, path, strict)
		if err != nil {
			return err
		}
		f.sub, f.goT = sub, typeDynPtr
		if f.array {
			f.goT = typeDynSlice
		}
		return nil
	}
	if dt.Namespace() != 0 || dt.Type() != types.IDTypeNumeric {
		return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnknownType,
			"DataType %v is not registered (register structures with RegisterStructure, enumerations with RegisterEnum, simple subtypes of built-in types with RegisterSimpleType, option sets with RegisterOptionSet)", dt)
	}
	id := dt.IntID()
	if ti, ok := types.SimpleTypeInfoByID(id); ok {
		f.goEnum = ti.Enumeration && ti.Type != nil && !allowSub
		return c.simpleField(f, ti.BuiltIn, ti.Type, allowSub, path)
	}
	ti, ok := stdByDataType[id]
	switch {
	case !ok:
		return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnknownType, "DataType %v is not registered, and namespace 0 has no such DataType (types.SimpleTypes, types.StandardTypes)", dt)
	case ti.Abstract || ti.Type == nil || allowSub:
		return c.goField(f, typeExtObject, path)
	}
	return c.goField(f, ti.Type, path)
}

// simpleField makes f a field of a DataType encoded as the built-in type
// bt: with the Go type goT if it is not nil (an enumeration or option set
// of package types), else bt's. A field that allows subtypes holds a
// Variant (an ExtensionObject for subtypes of Structure).
func (c *dynCompiler) simpleField(f *dynField, bt types.BuiltinType, goT reflect.Type, allowSub bool, path string) *DefinitionError {
	switch {
	case allowSub && bt == types.TypeExtensionObject:
		return c.goField(f, typeExtObject, path)
	case allowSub:
		return c.goField(f, typeVariant, path)
	case goT != nil:
		return c.goField(f, goT, path)
	}
	return c.goField(f, builtinGo[bt], path)
}

// goField makes f a field whose value is a Go value of type t (or []t).
func (c *dynCompiler) goField(f *dynField, t reflect.Type, _ string) *DefinitionError {
	if f.array {
		t = reflect.SliceOf(t)
	}
	f.goT = t
	return nil
}
