package uamodel

// The values of run-time structures. A value is one block of memory laid
// out by compile.go: a Dynamic header, the mask or switch word, the field
// values. Package uabin's Dynamic is a struct of one Dynamic field, so a
// *uabin.Dynamic points to a block's header, and ValueTypes tells this
// package (and the encodings) the Go types of uabin's values. This is the
// one file of the package that imports unsafe.

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/uabin/uabin/uabin/wire"
)

// Dynamic is the header of a run-time structure's value: its compiled type
// (nil for the zero value, which has none) and the block holding the
// value (whose first bytes are this header, or a copy of it).
type Dynamic struct {
	T *DynType
	P unsafe.Pointer
}

var typeHeader = reflect.TypeFor[Dynamic]()

// IsDynamic reports whether t is the Go type of run-time structures'
// values: a struct with one field, of type Dynamic (uabin.Dynamic).
func IsDynamic(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.NumField() == 1 && t.Field(0).Type == typeHeader
}

// ValueTypes are the Go types of the values of run-time structures,
// defined by package uabin.
type ValueTypes struct {
	// Dynamic is uabin.Dynamic, a struct with one field of type Dynamic.
	Dynamic reflect.Type
	// Matrix is uabin.Matrix: struct { Dims []int32; Values any }.
	Matrix reflect.Type

	dynPtr, dynSlice reflect.Type // *Dynamic, []*Dynamic
}

// Ptr returns the pointer type of the Dynamic type.
func (vt *ValueTypes) Ptr() reflect.Type { return vt.dynPtr }

// check panics unless the types have the layouts this package and the
// encodings rely on, and fills in the derived types.
func (vt *ValueTypes) check() {
	if !IsDynamic(vt.Dynamic) {
		panic(fmt.Sprintf("uamodel: %v is not a struct of one Dynamic", vt.Dynamic))
	}
	m := vt.Matrix
	if m.Kind() != reflect.Struct || m.NumField() != 2 || m.Field(0).Type != reflect.TypeFor[[]int32]() ||
		m.Field(1).Type != reflect.TypeFor[any]() || m.Size() != reflect.TypeFor[Matrix]().Size() {
		panic(fmt.Sprintf("uamodel: %v is not struct { Dims []int32; Values any }", m))
	}
	vt.dynPtr, vt.dynSlice = reflect.PointerTo(vt.Dynamic), reflect.SliceOf(reflect.PointerTo(vt.Dynamic))
}

// Matrix is the layout of uabin.Matrix.
type Matrix struct {
	Dims   []int32
	Values any
}

// NewValue returns a new zero value of t, a pointer of the Dynamic type
// of t.Vals (*uabin.Dynamic) to its header in a new block.
func NewValue(t *DynType) any {
	p := reflect.New(t.Layout).UnsafePointer()
	x := (*Dynamic)(p)
	x.T, x.P = t, p
	return reflect.NewAt(t.Vals.Dynamic, p).Interface()
}

// Header returns the header a *uabin.Dynamic (v, of type vt.Ptr()) points
// to, or nil for a nil pointer.
func Header(v any) *Dynamic {
	return (*Dynamic)(reflect.ValueOf(v).UnsafePointer())
}

// word returns the mask of a structure with optional fields (bit i: the
// i-th optional field is present) or the switch of a union (1-based, 0:
// none), which the block holds before the fields.
func (x *Dynamic) word() *uint32 { return (*uint32)(unsafe.Add(x.P, x.T.MaskOff)) }

// value returns the variable of field i.
func (x *Dynamic) value(i int) reflect.Value {
	f := &x.T.Fields[i]
	return reflect.NewAt(f.Go, unsafe.Add(x.P, f.Off)).Elem()
}

// Name returns the name of the structure, or "" for a value with no type.
func (x *Dynamic) Name() string {
	if x == nil || x.T == nil {
		return ""
	}
	return x.T.Name
}

// Has reports whether field i is present.
func (x *Dynamic) Has(i int) bool {
	if x == nil || x.T == nil || i < 0 || i >= len(x.T.Fields) {
		return false
	}
	f := &x.T.Fields[i]
	switch {
	case x.T.Union:
		return *x.word() == uint32(i+1)
	case f.Bit >= 0:
		return *x.word()&(1<<uint(f.Bit)) != 0
	}
	return true
}

// Field returns a copy of the value of field i and whether it is present.
func (x *Dynamic) Field(i int) (any, bool) {
	if !x.Has(i) {
		return nil, false
	}
	return x.value(i).Interface(), true
}

// Index returns the index of the field with the given name, or -1.
func (x *Dynamic) Index(name string) int {
	if x == nil || x.T == nil {
		return -1
	}
	for i := range x.T.Fields {
		if x.T.Fields[i].Name == name {
			return i
		}
	}
	return -1
}

// Switch returns the selected field of a union, 1-based (0: none).
func (x *Dynamic) Switch() int {
	if x == nil || x.T == nil || !x.T.Union {
		return 0
	}
	return int(*x.word())
}

// Set sets the named field to v (see uabin.Dynamic.Set).
func (x *Dynamic) Set(name string, v any) error {
	if x == nil || x.T == nil {
		return ErrNoDynamic
	}
	i := x.Index(name)
	if i < 0 {
		return wire.Errorf(wire.ErrInvalid, "%s has no field %q", x.T.Name, name)
	}
	f := &x.T.Fields[i]
	dst := x.value(i)
	switch {
	case v == nil:
		switch f.Go.Kind() {
		case reflect.Slice, reflect.Pointer:
			dst.SetZero()
		default:
			return wire.Errorf(wire.ErrInvalid, "%s.%s cannot be nil", x.T.Name, name)
		}
	case reflect.TypeOf(v) == f.Go:
		dst.Set(reflect.ValueOf(v))
	default:
		return wire.Errorf(wire.ErrInvalid, "%s.%s needs a %v, got %T", x.T.Name, name, f.Go, v)
	}
	vals := x.T.Vals
	switch t := reflect.TypeOf(v); {
	case t == vals.dynPtr:
		if nv := Header(v); nv != nil && (nv.T == nil || nv.T.Def != f.Sub.Def) {
			dst.SetZero()
			return wire.Errorf(wire.ErrInvalid, "%s.%s needs a %s, got a %s", x.T.Name, name, f.Sub.Name, nv.Name())
		}
	case t == vals.dynSlice:
		s := reflect.ValueOf(v)
		for j := 0; j < s.Len(); j++ {
			if e := Header(s.Index(j).Interface()); e != nil && (e.T == nil || e.T.Def != f.Sub.Def) {
				dst.SetZero()
				return wire.Errorf(wire.ErrInvalid, "%s.%s needs %s elements, got a %s", x.T.Name, name, f.Sub.Name, e.Name())
			}
		}
	}
	switch {
	case x.T.Union:
		if w := *x.word(); w != 0 && w != uint32(i+1) {
			x.value(int(w - 1)).SetZero()
		}
		*x.word() = uint32(i + 1)
	case f.Bit >= 0:
		*x.word() |= 1 << uint(f.Bit)
	}
	return nil
}

// Clear makes the named optional field absent (and zero), or clears the
// selection of a union if name is its selected field.
func (x *Dynamic) Clear(name string) error {
	i := x.Index(name)
	if i < 0 {
		return wire.Errorf(wire.ErrInvalid, "%s has no field %q", x.Name(), name)
	}
	f := &x.T.Fields[i]
	switch {
	case x.T.Union:
		if *x.word() == uint32(i+1) {
			*x.word() = 0
		}
	case f.Bit >= 0:
		*x.word() &^= 1 << uint(f.Bit)
	default:
		return wire.Errorf(wire.ErrInvalid, "%s.%s is not optional", x.T.Name, name)
	}
	x.value(i).SetZero()
	return nil
}
