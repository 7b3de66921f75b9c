package engine

// This file is the only one in the package that imports unsafe or reflect2
// (style practice 3; docs/design.md lists every file of the module that
// imports unsafe). Every other file works with the small vocabulary below:
// a pointer to a Go value, offsets added to it, typed views of it, and a
// handful of allocation helpers for types known only at run time.
// Replacing reflect2 with reflect + unsafe.Add would touch this file only.
// reflect2's map APIs are not used (they broke on recent Go releases).

import (
	"reflect"
	"unsafe"

	"github.com/modern-go/reflect2"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// pointer points to a Go value whose type the codec in hand knows.
type pointer struct{ p unsafe.Pointer }

// isNil reports whether p points nowhere.
func (p pointer) isNil() bool { return p.p == nil }

// at returns p advanced by off bytes (a struct field offset or an element
// position inside an array).
func (p pointer) at(off uintptr) pointer { return pointer{unsafe.Add(p.p, off)} }

// raw returns the unsafe.Pointer, for the type-erased fast-path codecs.
func (p pointer) raw() unsafe.Pointer { return p.p }

// as views the value at p as a *T. T must be the Go type (or a type with
// the same memory layout) of the value p points to.
func as[T any](p pointer) *T { return (*T)(p.p) }

// deref reads the pointer stored at p (p points to a *T).
func (p pointer) deref() pointer { return pointer{*(*unsafe.Pointer)(p.p)} }

// setPtr stores q into the pointer variable at p.
func (p pointer) setPtr(q pointer) { *(*unsafe.Pointer)(p.p) = q.p }

// sliceHeader is the memory layout of every Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// slice views the slice variable at p.
func (p pointer) slice() *sliceHeader { return (*sliceHeader)(p.p) }

// dataPtr points to the first element of the slice.
func (h *sliceHeader) dataPtr() pointer { return pointer{h.data} }

// bytes views n bytes of memory at p as a byte slice (the bulk copies of
// numeric arrays whose memory layout is their wire layout).
func (p pointer) bytes(n int) []byte { return unsafe.Slice((*byte)(p.p), n) }

// floats32 and floats64 view n Floats or Doubles at p (the bulk copies of
// float arrays, whose NaNs are then made canonical).
func (p pointer) floats32(n int) []float32 { return unsafe.Slice((*float32)(p.p), n) }
func (p pointer) floats64(n int) []float64 { return unsafe.Slice((*float64)(p.p), n) }

// ifaceData returns the data word of an interface value: for a pointer or
// a pointer-shaped value the value itself, otherwise a pointer to the boxed
// copy (which must not be written).
func ifaceData(v any) pointer { return pointer{reflect2.PtrOf(v)} }

// pointerShaped reports whether values of t are stored directly in an
// interface's data word (pointers, maps, chans, funcs and structs or arrays
// holding just one of them).
func pointerShaped(t reflect.Type) bool { return reflect2.Type2(t).LikePtr() }

// goType is the run-time handle of one Go type, used to allocate, copy and
// box values of it.
type goType struct {
	rt    reflect.Type
	t     reflect2.Type
	slice *reflect2.UnsafeSliceType // set for slice types
	zero  unsafe.Pointer            // a zero value, for clearing
}

func newGoType(t reflect.Type) *goType {
	g := &goType{rt: t, t: reflect2.ConfigUnsafe.Type2(t)}
	if t.Kind() == reflect.Slice {
		g.slice = g.t.(*reflect2.UnsafeSliceType)
	}
	g.zero = g.t.UnsafeNew()
	return g
}

// alloc returns a pointer to a new zero value.
func (g *goType) alloc() pointer { return pointer{g.t.UnsafeNew()} }

// clear sets the value at p to its zero value (with write barriers, so it
// is safe for types holding pointers).
func (g *goType) clear(p pointer) { g.t.UnsafeSet(p.p, g.zero) }

// box returns the value at p as an interface value without copying it: the
// interface shares the memory at p, which must not be changed afterwards
// (except by in-place decoding, see variant.go).
func (g *goType) box(p pointer) any { return g.t.UnsafeIndirect(p.p) }

// boxPtr returns p as an interface holding a *T (g describes T).
func (g *goType) boxPtr(p pointer) any { return g.t.PackEFace(p.p) }

// makeSlice sets the slice variable at p to a new zeroed slice of length and
// capacity n (g describes the slice type).
func (g *goType) makeSlice(p pointer, n int) {
	*p.slice() = *(*sliceHeader)(g.slice.UnsafeMakeSlice(n, n))
}

// typ returns the Go type.
func (g *goType) typ() reflect.Type { return g.rt }

// fromIface returns a pointer to a new copy of the pointer-shaped value in
// v (whose data word is the value itself).
func (g *goType) fromIface(v any) pointer {
	q := g.alloc()
	*(*unsafe.Pointer)(q.p) = reflect2.PtrOf(v)
	return q
}

// pointerTo returns a pointer to *v.
func pointerTo[T any](v *T) pointer { return pointer{unsafe.Pointer(v)} }

// rtypeOf returns the type word of the interface value v: equal for equal
// dynamic types, and cheaper to compare than reflect.Types.
func rtypeOf(v any) uintptr { return reflect2.RTypeOf(v) }

// rtype returns the type word of t, as rtypeOf gives it for values of t.
func rtype(t reflect.Type) uintptr { return reflect2.Type2(t).RType() }

// typeWord is rtype without reflect2's lookup, for the hot paths: the
// data word of t, which is the type word itself.
func typeWord(t reflect.Type) uintptr { return uintptr(reflect2.PtrOf(t)) }

// Options returns the uabin.Options at o as the engine reads them: the
// same memory, Of[R] and Options having the same fields, and Types
// pointing to a uabin.Registry, whose first field is the uamodel.Registry
// the engine reads (CheckRegistry). A conversion, no copy: a copy of the
// 88 bytes of Options, and the call level it took, were a fifth of
// encoding a UInt32.
func (o *Of[R]) Options() *Options { return (*Options)(unsafe.Pointer(o)) }

// CheckRegistry panics unless a *R may be read as a *uamodel.Registry:
// R is a struct whose first field, at offset 0, is a uamodel.Registry.
func CheckRegistry[R any]() {
	t := reflect.TypeFor[R]()
	if t.Kind() != reflect.Struct || t.NumField() == 0 || t.Field(0).Type != reflect.TypeFor[uamodel.Registry]() || t.Field(0).Offset != 0 {
		panic("engine: " + t.String() + " does not start with a uamodel.Registry")
	}
}

// defaultVar points to uabin's DefaultRegistry variable, a *uabin.Registry
// read as a *uamodel.Registry (SetDefaultRegistry). It is data, read when
// a call needs the registry and its Options have none; the engine never
// calls package uabin.
var defaultVar *unsafe.Pointer

// SetDefaultRegistry tells the engine where the default registry is: the
// variable p points to (uabin.DefaultRegistry), read on every use, so that
// assigning it takes effect as it always has. Package uabin calls it at
// initialisation.
func SetDefaultRegistry[R any](p **R) {
	CheckRegistry[R]()
	defaultVar = (*unsafe.Pointer)(unsafe.Pointer(p))
}

// defaultRegistry returns the registry of Options with no Types.
func defaultRegistry() *uamodel.Registry { return (*uamodel.Registry)(*defaultVar) }

// setStack gives c its stack path (entry.go), if its kind has one: a
// closure that calls the primitive or flat codec with erased.AppendStack
// (a direct call: the Writer stays on the closure's stack), or the
// AppendTop and ConsumeTop of a codec of fastpath.
func setStack(c *codec) {
	switch {
	case c.op != opCodec:
		if app, cons := primitiveStack(c.op); app != nil {
			c.stackApp, c.stackCons = app, cons
			return
		}
		o := c.op
		c.stackApp = func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			return erased.AppendStack(b, e, d, (*byte)(p), func(w *wire.Writer, p *byte) { appendPrimitive(w, pointerTo(p), o) })
		}
		c.stackCons = func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			return erased.ConsumeStack(b, l, (*byte)(p), func(r *wire.Reader, p *byte) { consumePrimitive(r, pointerTo(p), o) })
		}
	case c.flat != flatNone:
		c.stackApp = func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			return erased.AppendStack(b, e, d, (*byte)(p), func(w *wire.Writer, p *byte) { appendFlat(w, pointerTo(p), c) })
		}
		c.stackCons = func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			return erased.ConsumeStack(b, l, (*byte)(p), func(r *wire.Reader, p *byte) { consumeFlat(r, pointerTo(p), c) })
		}
	case c.ext != nil && c.ext.AppendTop != nil:
		c.stackApp, c.stackCons = c.ext.AppendTop, c.ext.ConsumeTop
	}
}
