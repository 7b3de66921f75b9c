package uamodel

// Building the model of a Go type: by its kind, its fields and their
// tags. Every tag check is here; a type whose model builds is one every
// encoding can take.

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/uabin/uabin/types"
)

// An Error is a Go type that has no OPC UA meaning, or a bad ua: tag.
type Error struct {
	// Path is the field path where the fault is, such as "Outer.In.X";
	// at the top level it starts with the type's name.
	Path string
	// Msg says what is wrong, naming the Go type at fault.
	Msg string
}

// Error implements error: the message, and the path where there is one.
func (e *Error) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Msg + " (at " + e.Path + ")"
}

var (
	// cache maps a reflect.Type to its *Type or *Error. Models are built
	// under mu and published only when the whole build has succeeded, so
	// no goroutine sees one that is incomplete.
	cache sync.Map
	mu    sync.Mutex
)

// Of returns the model of the Go type t, building it (and the models of
// every type it reaches) on first use. The result is shared and must not
// be changed. A type with no OPC UA meaning, or with a bad tag, gives an
// *Error, also cached.
func Of(t reflect.Type) (*Type, *Error) {
	if v, ok := cache.Load(t); ok {
		return loaded(v)
	}
	mu.Lock()
	defer mu.Unlock()
	if v, ok := cache.Load(t); ok {
		return loaded(v)
	}
	b := &builder{building: map[reflect.Type]*Type{}}
	m, err := b.typ(t, "")
	if err != nil {
		cache.Store(t, err)
		return nil, err
	}
	markEnter(b.made)
	for _, m := range b.made {
		cache.Store(m.Go, m)
	}
	return m, nil
}

// build runs f with a new builder under mu and publishes what it made if
// f succeeds (run-time structures, compile.go).
func build(f func(b *builder) *Error) *Error {
	mu.Lock()
	defer mu.Unlock()
	b := &builder{building: map[reflect.Type]*Type{}}
	if err := f(b); err != nil {
		return err
	}
	markEnter(b.made)
	for _, m := range b.made {
		cache.Store(m.Go, m)
	}
	return nil
}

func loaded(v any) (*Type, *Error) {
	if m, ok := v.(*Type); ok {
		return m, nil
	}
	return nil, v.(*Error)
}

// builder builds the models of one top-level type and of every type it
// reaches. It runs under mu.
type builder struct {
	building map[reflect.Type]*Type // the shared models made in this build
	made     []*Type                // the same, in order, to publish
}

func unsupported(path string, t reflect.Type, format string, args ...any) *Error {
	return &Error{Path: path, Msg: fmt.Sprintf("Go type %v: %s", t, fmt.Sprintf(format, args...))}
}

func joinField(path, name string) string {
	switch {
	case path == "":
		return name
	case name == "":
		return path
	}
	return path + "." + name
}

// typ returns the shared model of t, from the cache, the current build,
// or built now. path is where t was met, for errors.
func (b *builder) typ(t reflect.Type, path string) (*Type, *Error) {
	if v, ok := cache.Load(t); ok {
		m, err := loaded(v)
		if err != nil {
			return nil, &Error{Path: joinField(path, err.Path), Msg: err.Msg}
		}
		return m, nil
	}
	if m, ok := b.building[t]; ok {
		return m, nil // a recursive type: the model is being built further up
	}
	m := &Type{Go: t, Shared: true}
	b.building[t] = m
	b.made = append(b.made, m)
	if err := b.fill(m, path); err != nil {
		return nil, err
	}
	return m, nil
}

// fill builds the model of m.Go by its kind.
func (b *builder) fill(m *Type, path string) *Error {
	t := m.Go
	if nb := builtinOf(t); nb != nil {
		m.Builtin = nb.ID
		if nb.Opaque {
			m.Kind = KindBuiltin
			return nil
		}
	}
	if IsDynamic(t) {
		m.Kind = KindDynamic
		return nil
	}
	if bt, ok := primitive(t); ok {
		m.Kind, m.Builtin = KindPrimitive, bt
		return nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return unsupported(path, t, "platform-sized integers need a wire type in the tag, such as ua:\"Int32\"")
	case reflect.Pointer:
		e, err := b.typ(t.Elem(), path)
		if err != nil {
			return err
		}
		m.Kind, m.Elem = KindPointer, e
		return nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			m.Kind, m.Builtin = KindByteString, types.TypeByteString
			return nil
		}
		e, err := b.typ(t.Elem(), path+"[]")
		if err != nil {
			return err
		}
		m.Kind, m.Elem = KindSlice, e
		return nil
	case reflect.Array:
		e, err := b.typ(t.Elem(), path+"[]")
		if err != nil {
			return err
		}
		m.Kind, m.Elem, m.Len = KindArray, e, t.Len()
		return nil
	case reflect.Struct:
		m.Kind = KindStruct
		return b.fillStruct(m, path)
	}
	return unsupported(path, t, "%v has no OPC UA meaning", t.Kind())
}

// fillStruct builds the model of a Go struct from its fields and their
// tags.
func (b *builder) fillStruct(m *Type, path string) *Error {
	t := m.Go
	specs := make([]Spec, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		fpath := joinField(path, sf.Name)
		if path == "" {
			fpath = joinField(t.Name(), sf.Name)
		}
		ti, err := ParseTag(sf.Tag.Get("ua"))
		if err != nil {
			return &Error{Path: fpath, Msg: fmt.Sprintf("tag ua:%q: %v", sf.Tag.Get("ua"), err)}
		}
		specs = append(specs, Spec{Name: sf.Name, Offset: sf.Offset, Go: sf.Type, Tag: ti, Exported: sf.IsExported()})
	}
	st, err := b.structOf(t, specs, path)
	if err != nil {
		return err
	}
	if len(st.Fields) == 0 && hasUnexported(specs) {
		return unsupported(path, t, "only unexported fields: a value would encode to nothing (export the fields, or tag them ua:\"-\" to say so)")
	}
	st.Enter = t == typeDataValue || t == typeDiagInfo // and, by markEnter, the structures that can contain themselves
	m.Struct = st
	return nil
}

// hasUnexported reports whether a field is skipped only because it is
// not exported.
func hasUnexported(specs []Spec) bool {
	for _, sp := range specs {
		if !sp.Exported && !sp.Tag.Skip {
			return true
		}
	}
	return false
}

// A Spec is a field as structOf receives it: from a Go struct field, or
// from a run-time structure's definition (compile.go).
type Spec struct {
	Name     string       // the field name (Field.GoName)
	OPCName  string       // the OPC UA name, if not the tag's or the Name
	Offset   uintptr      // in the structure
	Go       reflect.Type // the Go type
	Tag      Tag          // its ua: tag
	Exported bool         // only exported fields are encoded, except a blank mask
	Dyn      *DynField    // a run-time structure's field that holds nested structures or a matrix
}

// structOf makes the model of a structure with the given fields; t is
// its Go type, path where it was met ("" at the top level, where field
// paths start with the type's name).
func (b *builder) structOf(t reflect.Type, specs []Spec, path string) (*Struct, *Error) {
	st := &Struct{Name: t.Name()}
	var (
		maskSeen  bool
		maskWide  bool
		masked    bool
		union     bool
		optionals int
		bits      uint32
	)
	for _, sp := range specs {
		fpath := joinField(path, sp.Name)
		if path == "" {
			fpath = joinField(t.Name(), sp.Name)
		}
		ti := sp.Tag
		if ti.Skip || (!ti.Mask && !sp.Exported) {
			continue
		}
		if ti.Zero && !ti.Mask {
			return nil, unsupported(fpath, sp.Go, "the zero option applies to a mask field only")
		}
		f := Field{GoName: sp.Name, Name: sp.Name, Offset: sp.Offset, Go: sp.Go, Tag: ti, Bit: -1, Dyn: sp.Dyn}
		switch {
		case ti.Name != "":
			f.Name = ti.Name
		case sp.OPCName != "":
			f.Name = sp.OPCName
		}
		switch {
		case ti.Mask:
			k := sp.Go.Kind()
			if k != reflect.Uint8 && k != reflect.Uint32 {
				return nil, unsupported(fpath, sp.Go, "a mask field must be a uint8 or uint32")
			}
			if maskSeen || optionals > 0 || union {
				return nil, unsupported(fpath, sp.Go, "a struct can have one encoding mask (mask or optional), not both, and no switch")
			}
			maskSeen, maskWide = true, k == reflect.Uint32
			f.Presence, f.Mask = MaskField, Computed
			if sp.Name != "_" {
				f.Mask = Stored
				if !sp.Exported {
					return nil, unsupported(fpath, sp.Go, "a stored mask field must be exported")
				}
			}
			if ti.Zero {
				if f.Mask != Stored {
					return nil, unsupported(fpath, sp.Go, "the zero option needs a named mask field to keep the bits in")
				}
				f.Mask = Zeros
			}
			f.Type, _ = b.typ(sp.Go, fpath)
			st.Fields = append(st.Fields, f)
			masked = true
			continue
		case ti.Switch:
			if sp.Go.Kind() != reflect.Uint32 {
				return nil, unsupported(fpath, sp.Go, "a switch field must be a uint32")
			}
			if len(st.Fields) > 0 || maskSeen || optionals > 0 {
				return nil, unsupported(fpath, sp.Go, "the switch field must be the first encoded field of a struct with no mask")
			}
			union = true
			f.Presence = SwitchField
		case ti.Optional:
			if maskSeen || union || ti.Bit >= 0 {
				return nil, unsupported(fpath, sp.Go, "optional cannot be combined with mask, bit=N or switch")
			}
			if optionals == 32 {
				return nil, unsupported(fpath, sp.Go, "more than 32 optional fields")
			}
			f.Presence, f.Bit = Optional, optionals
			optionals++
		case ti.Bit >= 0:
			if !maskSeen {
				return nil, unsupported(fpath, sp.Go, "bit=%d needs a mask field before it", ti.Bit)
			}
			if !maskWide && ti.Bit > 7 {
				return nil, unsupported(fpath, sp.Go, "bit=%d does not fit in a Byte mask", ti.Bit)
			}
			if bits&(1<<uint(ti.Bit)) != 0 {
				return nil, unsupported(fpath, sp.Go, "bit=%d is used twice", ti.Bit)
			}
			f.Presence, f.Bit = MaskBit, ti.Bit
		case union:
			f.Presence = Alternative
		}
		if f.Bit >= 0 {
			bits |= 1 << uint(f.Bit)
		}
		if sp.Dyn == nil || sp.Dyn.Sub == nil && sp.Dyn.Rank == 0 {
			var err *Error
			if f.Type, err = b.field(sp.Go, ti, fpath); err != nil {
				return nil, err
			}
		}
		st.Fields = append(st.Fields, f)
	}
	st.Owned = bits
	switch {
	case union:
		st.Encoding = Union
	case optionals > 0:
		st.Encoding = OptionalFields
	case masked:
		st.Encoding = Masked
	}
	return st, nil
}

// field returns the model of a field of Go type t with tag ti: the shared
// model of t, or one made for the tag options (raw, empty, max, the wire
// type of an int).
func (b *builder) field(t reflect.Type, ti Tag, path string) (*Type, *Error) {
	if ti.Wire != 0 {
		if err := checkWire(ti.Wire, t); err != "" {
			return nil, unsupported(path, t, "%s", err)
		}
	}
	if ti.Empty && !hasKind(t, reflect.String) {
		return nil, unsupported(path, t, "the empty option applies to strings only")
	}
	if ti.HasMax && !hasUnsigned(t) {
		return nil, unsupported(path, t, "the max option applies to unsigned integers only")
	}
	if ti.Raw {
		if t.Kind() != reflect.Array {
			return nil, unsupported(path, t, "the raw option applies to Go arrays only")
		}
		e, err := b.leaf(t.Elem(), ti, path+"[]")
		if err != nil {
			return nil, err
		}
		return &Type{Go: t, Kind: KindArray, Elem: e, Len: t.Len(), Raw: true}, nil
	}
	return b.leaf(t, ti, path)
}

// unsignedWire is the wire type of each unsigned Go kind.
var unsignedWire = map[reflect.Kind]types.BuiltinType{
	reflect.Uint8: types.TypeByte, reflect.Uint16: types.TypeUInt16,
	reflect.Uint32: types.TypeUInt32, reflect.Uint64: types.TypeUInt64,
}

func hasKind(t reflect.Type, k reflect.Kind) bool {
	for {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			t = t.Elem()
			continue
		}
		return t.Kind() == k
	}
}

func hasUnsigned(t reflect.Type) bool {
	return hasKind(t, reflect.Uint8) || hasKind(t, reflect.Uint16) || hasKind(t, reflect.Uint32) || hasKind(t, reflect.Uint64)
}

// needsLeaf reports whether tag options change how t is encoded (as
// opposed to only checking it).
func needsLeaf(t reflect.Type, ti Tag) bool {
	if ti.Empty || ti.HasMax {
		return true
	}
	if ti.Wire == 0 {
		return false
	}
	for {
		switch t.Kind() {
		case reflect.Int, reflect.Uint, reflect.Uintptr:
			return true
		case reflect.Slice:
			if t.Elem().Kind() == reflect.Uint8 {
				return ti.Wire == types.TypeByte // an array of Byte, not a ByteString
			}
			t = t.Elem()
		case reflect.Pointer, reflect.Array:
			t = t.Elem()
		default:
			return false
		}
	}
}

// leaf returns the model of t under tag options that apply to the leaves
// (elements and pointees): the integer wire type of int/uint/uintptr,
// `empty` for strings, `max` for unsigned integers, and Byte for []byte.
// These models are not shared (the leaves are never structures, so no
// cycle goes through them).
func (b *builder) leaf(t reflect.Type, ti Tag, path string) (*Type, *Error) {
	if !needsLeaf(t, ti) {
		return b.typ(t, path)
	}
	m := &Type{Go: t}
	switch t.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		m.Kind, m.Builtin, m.Wire = KindIntAs, ti.Wire, ti.Wire
	case reflect.String:
		m.Kind, m.Builtin = KindEmptyString, ti.Wire
		if bt, _ := primitive(t); m.Builtin == 0 {
			m.Builtin = bt
		}
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		bt, _ := primitive(t)
		m.Kind, m.Builtin, m.Wire, m.Max = KindClamped, bt, unsignedWire[t.Kind()], ti.Max
	case reflect.Pointer:
		e, err := b.leaf(t.Elem(), ti, path)
		if err != nil {
			return nil, err
		}
		m.Kind, m.Elem = KindPointer, e
	case reflect.Slice:
		var e *Type
		var err *Error
		if t.Elem().Kind() == reflect.Uint8 {
			e, err = b.typ(t.Elem(), path+"[]") // []byte as an array of Byte
		} else {
			e, err = b.leaf(t.Elem(), ti, path+"[]")
		}
		if err != nil {
			return nil, err
		}
		m.Kind, m.Elem = KindSlice, e
	case reflect.Array:
		e, err := b.leaf(t.Elem(), ti, path+"[]")
		if err != nil {
			return nil, err
		}
		m.Kind, m.Elem, m.Len = KindArray, e, t.Len()
	default:
		return b.typ(t, path)
	}
	return m, nil
}
