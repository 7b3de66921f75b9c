package uabin

// The dynamic compiler: a registered StructureDefinition becomes a dynType,
// a flat list of field records like the engine's struct plans (codec.go).
// Field values live in one block of memory laid out by reflect.StructOf,
// so that built-in fields, arrays, enumerations and standard structures
// are decoded by the engine's own inline ops and codecs (decValue), and a
// decoded structure costs one allocation plus what its values need.

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
)

// dynKind is how a dynamic field is decoded.
type dynKind uint8

const (
	dkEngine      dynKind = iota // a Go type with an engine codec (op or c)
	dkStruct                     // a nested dynamic structure (*Dynamic)
	dkStructArray                // an array of dynamic structures ([]*Dynamic)
	dkMatrix                     // a matrix (Matrix) of engine values or dynamic structures
)

// dynType is a compiled structure definition.
type dynType struct {
	def     *dynDef
	name    string
	union   bool       // Union or UnionWithSubtypedValues: UInt32 switch, one field
	masked  bool       // StructureWithOptionalFields: UInt32 mask first
	owned   uint32     // mask bits owned by optional fields
	fields  []dynField // in definition order
	layout  *goType    // the block of field values (a reflect.StructOf type)
	enter   bool       // can contain itself: counts one nesting level
	minWire int        // fewest bytes a value takes on the wire

	building bool   // on the compiler's stack
	msg      *codec // the top-level codec of the type (messages)
}

// dynField is one field of a dynType.
type dynField struct {
	name  string       // field name, for paths and accessors
	off   uintptr      // offset of the value in the block
	kind  dynKind      // how it is decoded
	op    op           // inline engine op, or opCodec (dkEngine)
	c     *codec       // engine codec without fast paths (dkEngine)
	cf    *codec       // engine codec with fastpath.Default (dkEngine)
	goT   reflect.Type // Go type of the value in the block
	sub   *dynType     // nested dynamic structure (dkStruct, dkStructArray)
	enum  *dynEnum     // enumeration names, for int32 and []int32 fields
	bit   int8         // optional field: its mask bit; else -1
	array bool         // ValueRank 1
	rank  int          // ValueRank of a matrix (dkMatrix), else 0
	mc    *codec       // dkMatrix of engine values: the codec of the slice type of Values
}

// codecFor returns the engine codec of a dkEngine field for the set.
func (f *dynField) codecFor(set *fastpath.Set) *codec {
	switch set {
	case nil:
		return f.c
	case fastpath.Default:
		return f.cf
	}
	c, _ := codecFor(set, f.goT) // built at compile time for nil: cannot fail
	if c == nil {
		return f.c
	}
	return c
}

var (
	typeDynPtr   = reflect.TypeFor[*Dynamic]()
	typeDynSlice = reflect.TypeFor[[]*Dynamic]()
	typeMatrix   = reflect.TypeFor[Matrix]()
)

// builtinGo maps the built-in DataType ids 1..25 to their Go types
// (docs/types.md).
var builtinGo = [...]reflect.Type{
	types.TypeBoolean: reflect.TypeFor[bool](), types.TypeSByte: reflect.TypeFor[int8](),
	types.TypeByte: reflect.TypeFor[uint8](), types.TypeInt16: reflect.TypeFor[int16](),
	types.TypeUInt16: reflect.TypeFor[uint16](), types.TypeInt32: reflect.TypeFor[int32](),
	types.TypeUInt32: reflect.TypeFor[uint32](), types.TypeInt64: reflect.TypeFor[int64](),
	types.TypeUInt64: reflect.TypeFor[uint64](), types.TypeFloat: reflect.TypeFor[float32](),
	types.TypeDouble: reflect.TypeFor[float64](), types.TypeString: reflect.TypeFor[string](),
	types.TypeDateTime: typeDateTime, types.TypeGUID: typeGUID,
	types.TypeByteString: reflect.TypeFor[[]byte](), types.TypeXmlElement: reflect.TypeFor[types.XmlElement](),
	types.TypeNodeID: typeNodeID, types.TypeExpandedNodeID: typeExpandedNodeID,
	types.TypeStatusCode: reflect.TypeFor[types.StatusCode](), types.TypeQualifiedName: typeQualifiedName,
	types.TypeLocalizedText: typeLocalizedText, types.TypeExtensionObject: typeExtObject,
	types.TypeDataValue: typeDataValue, types.TypeVariant: typeVariant,
	types.TypeDiagnosticInfo: typeDiagInfo,
}

// nsZeroAlias maps namespace-0 DataTypes that are subtypes of built-ins (or
// abstract) to the built-in they are encoded as (ids from NodeIds.csv).
var nsZeroAlias = map[uint32]types.BuiltinType{
	24:    types.TypeVariant,    // BaseDataType
	26:    types.TypeVariant,    // Number
	27:    types.TypeVariant,    // Integer
	28:    types.TypeVariant,    // UInteger
	29:    types.TypeInt32,      // Enumeration
	30:    types.TypeByteString, // Image
	288:   types.TypeUInt32,     // IntegerId
	289:   types.TypeUInt32,     // Counter
	290:   types.TypeDouble,     // Duration
	291:   types.TypeString,     // NumericRange
	294:   types.TypeDateTime,   // UtcTime
	295:   types.TypeString,     // LocaleId
	311:   types.TypeByteString, // ApplicationInstanceCertificate
	388:   types.TypeNodeID,     // SessionAuthenticationToken
	2000:  types.TypeByteString, // ImageBMP
	2001:  types.TypeByteString, // ImageGIF
	2002:  types.TypeByteString, // ImageJPG
	2003:  types.TypeByteString, // ImagePNG
	11737: types.TypeUInt64,     // BitFieldMaskDataType
	12877: types.TypeString,     // NormalizedString
	12878: types.TypeString,     // DecimalString
	12879: types.TypeString,     // DurationString
	12880: types.TypeString,     // TimeString
	12881: types.TypeString,     // DateString
	16307: types.TypeByteString, // AudioDataType
	17588: types.TypeUInt32,     // Index
	20998: types.TypeUInt32,     // VersionTime
	23751: types.TypeString,     // UriString
}

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
	if len(s.byDTURI) > 0 {
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
	if v, ok := c.st.cache.Load(dynKey{def: d, uris: c.key}); ok {
		if t, ok := v.(*dynType); ok {
			return t, nil
		}
		e := v.(*DefinitionError)
		return nil, &DefinitionError{Type: e.Type, Path: joinField(path, e.Path), Err: e.Err}
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

// cycle is called when t is met again while it is being compiled: every
// type from t to the top of the stack can contain itself and counts a
// nesting level. If every field on the cycle is a mandatory scalar, no
// value is finite: the definition is rejected.
func (c *dynCompiler) cycle(t *dynType, strict bool, path string) *DefinitionError {
	all := strict
	for i := len(c.stack) - 1; i >= 0; i-- {
		f := c.stack[i]
		f.t.enter = true
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
	sfs := make([]reflect.StructField, 0, len(def.Fields)+1)
	sfs = append(sfs, reflect.StructField{Name: "H", Type: typeDynamic}) // the value's header
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
			t.owned |= 1 << uint(bit)
			bit++
		}
		allowSub := sf.IsOptional && subtyped
		strict := !t.union && !optional && !f.array && f.rank == 0
		if f.rank > 0 {
			f.array = true // resolve the element type as for an array
		}
		if err := c.field(f, sf.DataType, allowSub, strict, fpath); err != nil {
			return err
		}
		if f.rank > 0 {
			f.array = false
			if f.kind == dkEngine {
				f.mc = f.c // the codec of []T
			}
			f.kind, f.goT, f.c, f.cf, f.op = dkMatrix, typeMatrix, nil, nil, opCodec
		}
		sfs = append(sfs, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: f.goT})
	}
	layout := reflect.StructOf(sfs)
	t.layout = newGoType(layout)
	for i := range t.fields {
		t.fields[i].off = layout.Field(i + 1).Offset
	}
	switch {
	case t.union:
		t.minWire = 4
	case t.masked:
		t.minWire = 4
	}
	if !t.union {
		for i := range t.fields {
			f := &t.fields[i]
			if f.bit >= 0 {
				continue
			}
			switch {
			case f.array || f.rank > 0:
				t.minWire += 4
			case f.kind == dkStruct:
				// A nested structure still being compiled has no minWire
				// yet; 0 is a safe lower bound.
				if !f.sub.building {
					t.minWire += f.sub.minWire
				}
			default:
				t.minWire += f.c.minWire
			}
		}
	}
	t.msg = &codec{typ: typeDynamic, g: newGoType(typeDynamic), enc: encDynamicValue, dec: decDynamicValue,
		isZero: zeroDynamic, dyn: t, size: typeDynamic.Size()}
	return nil
}

// field resolves the DataType of one field.
func (c *dynCompiler) field(f *dynField, dt types.NodeID, allowSub, strict bool, path string) *DefinitionError {
	if d := c.st.resolve(dt, c.uris); d != nil {
		switch {
		case d.enum != nil:
			if allowSub {
				return c.engine(f, typeVariant, path)
			}
			f.enum = d.enum
			return c.engine(f, reflect.TypeFor[int32](), path)
		case allowSub:
			return c.engine(f, typeExtObject, path)
		}
		sub, err := c.typ(d, path, strict)
		if err != nil {
			return err
		}
		f.sub, f.kind, f.goT = sub, dkStruct, typeDynPtr
		if f.array {
			f.kind, f.goT = dkStructArray, typeDynSlice
		}
		return nil
	}
	if dt.Namespace() != 0 || dt.Type() != types.IDTypeNumeric {
		return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnknownType, "DataType %v is not registered", dt)
	}
	id := dt.IntID()
	bt := types.BuiltinType(0)
	switch {
	case id >= 1 && id <= 25:
		bt = types.BuiltinType(id)
	case nsZeroAlias[id] != 0:
		bt = nsZeroAlias[id]
	}
	if bt != 0 {
		if allowSub {
			if bt == types.TypeExtensionObject {
				return c.engine(f, typeExtObject, path)
			}
			return c.engine(f, typeVariant, path)
		}
		return c.engine(f, builtinGo[bt], path)
	}
	ti, ok := stdByDataType[id]
	switch {
	case !ok:
		return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnknownType, "DataType %v is not registered (namespace-0 enumerations must be registered with RegisterEnum)", dt)
	case ti.Abstract || ti.Type == nil || allowSub:
		return c.engine(f, typeExtObject, path)
	}
	return c.engine(f, ti.Type, path)
}

// engine makes f a field handled by the engine's codec for t (or []t).
func (c *dynCompiler) engine(f *dynField, t reflect.Type, path string) *DefinitionError {
	if f.array {
		t = reflect.SliceOf(t)
	}
	f.kind, f.goT = dkEngine, t
	var perr *planError
	if f.c, perr = codecFor(nil, t); perr != nil {
		return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnsupported, "%s", perr.msg)
	}
	if f.cf, perr = codecFor(fastpath.Default, t); perr != nil {
		return defErr(c.stack[len(c.stack)-1].t.name, path, ErrUnsupported, "%s", perr.msg)
	}
	f.op = f.c.op
	if f.cf.op != f.op {
		f.op = opCodec
	}
	return nil
}
