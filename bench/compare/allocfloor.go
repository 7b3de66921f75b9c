package main

// Go's allocation floor of decoding into a new value: the time to allocate
// the objects that one decoded value holds, alone, with the garbage
// collector's share inside the benchmark as it is inside the decoding one.
// The objects are found by walking a value that uabin decoded (untimed):
// every pointer target, slice backing array, String's bytes and boxed
// interface value it owns is one allocation of that type and size, and the
// timed loop allocates them all again, in order, through reflect2
// (runtime's unsafe_New: the same mallocgc call, with the same size class
// and pointer bitmap, that the decoder's new, make and string conversions
// end in). A decode into a new value can be no faster than its decode into
// a reused value plus this floor.

import (
	"cmp"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/modern-go/reflect2"
)

// allocPlan is the allocations a decoded value holds, in the order the walk
// met them.
type allocPlan struct {
	types []reflect2.Type // one per allocation: the object, or an array type for a backing array
	bytes int             // their sizes summed
}

// allocRecord is one allocation the walk found: an object of type typ, or
// (elem not nil) an array of n elements, at address at.
type allocRecord struct {
	at   uintptr
	typ  reflect.Type
	elem reflect.Type
	n    int
}

// planAllocs walks root (a pointer, or a value boxed in an interface, as a
// decoder into a new value returns it) and returns the allocations it
// holds. Memory inside src (the encoded bytes, which a decoder may alias)
// is not counted.
func planAllocs(root any, src []byte) allocPlan {
	w := &allocWalker{seen: map[unsafe.Pointer]bool{}}
	if len(src) > 0 {
		w.ranges = append(w.ranges, memRange{uintptr(unsafe.Pointer(&src[0])), uintptr(unsafe.Pointer(&src[0])) + uintptr(len(src))})
	}
	w.value(reflect.TypeFor[any](), unsafe.Pointer(&root))
	return mergeArrays(w.recs)
}

// mergeArrays turns the walk's records into a plan. Arrays of one element
// type that lie exactly end to end came from one allocation (a decoder
// that puts the Strings of a call, or the elements of many slices, into one
// backing array): they are counted as that one array.
func mergeArrays(recs []allocRecord) allocPlan {
	sorted := slices.Clone(recs)
	slices.SortFunc(sorted, func(a, b allocRecord) int { return cmp.Compare(a.at, b.at) })
	var merged []allocRecord
	for _, r := range sorted {
		if k := len(merged) - 1; k >= 0 && r.elem != nil && merged[k].elem == r.elem &&
			merged[k].at+uintptr(merged[k].n)*r.elem.Size() == r.at {
			merged[k].n += r.n
			continue
		}
		merged = append(merged, r)
	}
	var p allocPlan
	for _, r := range merged {
		t := r.typ
		if r.elem != nil {
			t = reflect.ArrayOf(r.n, r.elem)
		}
		p.types = append(p.types, reflect2.Type2(t))
		p.bytes += int(t.Size())
	}
	return p
}

type memRange struct{ lo, hi uintptr }

type allocWalker struct {
	recs   []allocRecord
	seen   map[unsafe.Pointer]bool
	ranges []memRange // memory already counted (and src)
}

// owned reports whether p lies in memory already counted.
func (w *allocWalker) owned(p unsafe.Pointer) bool {
	a := uintptr(p)
	for _, r := range w.ranges {
		if a >= r.lo && a < r.hi {
			return true
		}
	}
	return false
}

// add counts one allocation of type t at p.
func (w *allocWalker) add(t reflect.Type, p unsafe.Pointer) {
	w.recs = append(w.recs, allocRecord{at: uintptr(p), typ: t})
	w.ranges = append(w.ranges, memRange{uintptr(p), uintptr(p) + t.Size()})
}

// addArray counts one backing array of n elements of type elem at p.
func (w *allocWalker) addArray(elem reflect.Type, n int, p unsafe.Pointer) {
	w.recs = append(w.recs, allocRecord{at: uintptr(p), elem: elem, n: n})
	w.ranges = append(w.ranges, memRange{uintptr(p), uintptr(p) + uintptr(n)*elem.Size()})
}

var locationType = reflect.TypeFor[time.Location]()

// object counts the object of type t at p (a pointer target or a boxed
// value) unless it was counted already, then walks it.
func (w *allocWalker) object(t reflect.Type, p unsafe.Pointer) {
	if p == nil || w.seen[p] || t.Size() == 0 || t == locationType {
		return
	}
	w.seen[p] = true
	if !w.owned(p) {
		w.add(t, p)
	}
	w.value(t, p)
}

// value walks the value of type t at p, counting what it points to.
func (w *allocWalker) value(t reflect.Type, p unsafe.Pointer) {
	switch t.Kind() {
	case reflect.Pointer:
		w.object(t.Elem(), *(*unsafe.Pointer)(p))
	case reflect.String:
		s := *(*string)(p)
		if len(s) == 0 {
			return
		}
		d := unsafe.Pointer(unsafe.StringData(s))
		if !w.owned(d) {
			w.addArray(reflect.TypeFor[byte](), len(s), d)
		}
	case reflect.Slice:
		type header struct {
			data     unsafe.Pointer
			len, cap int
		}
		h := (*header)(p)
		if h.data == nil || h.cap == 0 || t.Elem().Size() == 0 {
			return
		}
		if !w.owned(h.data) {
			w.addArray(t.Elem(), h.cap, h.data)
		}
		if hasPointers(t.Elem()) {
			for i := 0; i < h.len; i++ {
				w.value(t.Elem(), unsafe.Add(h.data, uintptr(i)*t.Elem().Size()))
			}
		}
	case reflect.Interface:
		iv := reflect.NewAt(t, p).Elem()
		if iv.IsNil() {
			return
		}
		dt := iv.Elem().Type()
		data := (*[2]unsafe.Pointer)(p)[1]
		switch dt.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
			// Stored in the interface word itself: no box.
			w.value(dt, unsafe.Pointer(&(*[2]unsafe.Pointer)(p)[1]))
			return
		}
		if smallStatic(dt, data) {
			return // the runtime boxes these without allocating
		}
		w.object(dt, data)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if hasPointers(f.Type) {
				w.value(f.Type, unsafe.Add(p, f.Offset))
			}
		}
	case reflect.Array:
		if hasPointers(t.Elem()) {
			for i := 0; i < t.Len(); i++ {
				w.value(t.Elem(), unsafe.Add(p, uintptr(i)*t.Elem().Size()))
			}
		}
	}
}

// smallStatic reports whether a value of type t at p is one the runtime
// puts into an interface without allocating: single bytes and integers
// below 256 (its static table of small values).
func smallStatic(t reflect.Type, p unsafe.Pointer) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		return true
	case reflect.Int16, reflect.Uint16:
		return *(*uint16)(p) < 256
	case reflect.Int32, reflect.Uint32:
		return *(*uint32)(p) < 256
	case reflect.Int, reflect.Uint, reflect.Int64, reflect.Uint64, reflect.Uintptr:
		return *(*uint64)(p) < 256
	}
	return false
}

var pointerCache = map[reflect.Type]bool{}

// hasPointers reports whether values of t hold a pointer of any kind.
func hasPointers(t reflect.Type) bool {
	if v, ok := pointerCache[t]; ok {
		return v
	}
	var v bool
	switch t.Kind() {
	case reflect.Pointer, reflect.String, reflect.Slice, reflect.Interface, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		v = true
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				v = true
				break
			}
		}
	case reflect.Array:
		v = t.Len() > 0 && hasPointers(t.Elem())
	}
	pointerCache[t] = v
	return v
}

// benchAllocFloor is the timed loop of a floor: every allocation of plan,
// in order, per operation.
func benchAllocFloor(b *testing.B, plan allocPlan) {
	b.ReportAllocs()
	b.SetBytes(int64(plan.bytes))
	ts := plan.types
	var last unsafe.Pointer
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, t := range ts {
			last = t.UnsafeNew()
		}
	}
	runtime.KeepAlive(last) // the allocations are not optimised away
}

// decodeNewPlan decodes wire into a new value with cd and returns the
// allocations that value holds; ok is false if cd cannot tell (no
// decoding into a new value).
func decodeNewPlan(cd *codec, wire []byte) (allocPlan, bool) {
	if cd.decodeNew == nil || cd.newValue == nil {
		return allocPlan{}, false
	}
	if err := cd.decodeNew(wire); err != nil {
		return allocPlan{}, false
	}
	return planAllocs(cd.newValue(), wire), true
}
