package jsonenc

// This file is the only one in the package that imports unsafe (style
// practice 3). The codecs work on values through the small vocabulary
// below: a pointer to a Go value of the type the codec in hand knows, typed
// views of it, and slice headers. Structure plans will add field offsets
// to it.

import (
	"reflect"
	"unsafe"
)

// ptr points to a Go value whose type the codec in hand knows.
type ptr = unsafe.Pointer

// as views the value at p as a *T; T must be the Go type of that value.
func as[T any](p ptr) *T { return (*T)(p) }

// at returns p advanced by off bytes (an element position in an array).
func at(p ptr, off uintptr) ptr { return unsafe.Add(p, off) }

// sliceHeader is the memory layout of every Go slice.
type sliceHeader struct {
	data ptr
	len  int
	cap  int
}

// sliceOf views the slice variable at p.
func sliceOf(p ptr) *sliceHeader { return (*sliceHeader)(p) }

// eface is the memory layout of an interface value of type any.
type eface struct {
	typ  ptr
	data ptr
}

// ifaceData returns the data word of v: a pointer to the value, or for a
// value stored directly in the interface word (pointerShaped types), the
// value itself.
func ifaceData(v any) ptr { return (*eface)(unsafe.Pointer(&v)).data }

// pointerShaped reports whether values of t are stored directly in an
// interface's data word: pointers, maps, channels, funcs, unsafe pointers,
// and structs and arrays of length one whose only field or element is
// pointer-shaped (the rule of the Go runtime's kindDirectIface).
func pointerShaped(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Struct:
		return t.NumField() == 1 && pointerShaped(t.Field(0).Type)
	case reflect.Array:
		return t.Len() == 1 && pointerShaped(t.Elem())
	}
	return false
}

// bytesString views b as a string without copying, for parsing numbers
// with strconv; the string must not outlive the call.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// newValue allocates a zero value of t and returns a pointer to it.
func newValue(t reflect.Type) ptr { return reflect.New(t).UnsafePointer() }

// makeSlice sets the slice of type t at p to a new zeroed slice of length
// and capacity n.
func makeSlice(t reflect.Type, p ptr, n int) {
	reflect.NewAt(t, p).Elem().Set(reflect.MakeSlice(t, n, n))
}

// growSlice returns the slice header at p with room for one more element
// of size elem, reallocating (with the usual doubling) when it is full; t
// is the slice type.
func growSlice(t reflect.Type, p ptr) {
	v := reflect.NewAt(t, p).Elem()
	v.Grow(1)
}
