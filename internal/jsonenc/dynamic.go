package jsonenc

// Run-time structures (uabin.Dynamic): a value is a block of memory laid
// out by internal/uamodel with the model of its definition
// (uamodel.DynType.Model), so its plan is made by the same plan function
// as a Go struct's, once per compiled type (kept in DynType.JSON). The
// fields that hold nested run-time structures, arrays and matrices of them
// get codecs that know the nested type, so that decoding can make values.

import (
	"math"
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/uabin/wire"
)

// dynPlan returns the plan of the compiled run-time structure t, making it
// on first use.
func dynPlan(t *uamodel.DynType) (*structPlan, error) {
	if v := t.JSON.Load(); v != nil {
		return v.(*structPlan), nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if v := t.JSON.Load(); v != nil {
		return v.(*structPlan), nil
	}
	b := &builder{pending: map[reflect.Type]*codec{}, made: map[reflect.Type]*codec{}}
	p, err := b.plan(t.Model, t.Name)
	if err != nil {
		return nil, err
	}
	for t, c := range b.made {
		codecCache.Store(t, c)
	}
	t.JSON.Store(p)
	return p, nil
}

// dynamicCodec is the codec of uabin.Dynamic, the value of a run-time
// structure: the plan of its type, at its block. A Dynamic with no type
// (the zero value) is null; decoding needs a typed value (uabin.NewDynamic),
// except in the fields, arrays and ExtensionObjects that make their own.
var dynamicCodec = &codec{}

func init() {
	*dynamicCodec = codec{enc: func(e *encoder, p ptr) error {
		h := as[uamodel.Dynamic](p)
		if h.T == nil {
			e.null()
			return nil
		}
		plan, err := dynPlan(h.T)
		if err != nil {
			return err
		}
		return plan.encode(e, h.P)
	},
		dec: func(d *decoder, p ptr) error {
			h := as[uamodel.Dynamic](p)
			if h.T == nil {
				return d.fail(d.pos, wire.ErrUnsupported, "decoding into a uabin.Dynamic with no type: make it with uabin.NewDynamic")
			}
			plan, err := dynPlan(h.T)
			if err != nil {
				return err
			}
			return plan.decode(d, h.P)
		},
		null: func(_ *encoder, p ptr) bool { return as[uamodel.Dynamic](p).T == nil },
	}
}

// dynRefCodec is the codec of a *uabin.Dynamic field holding a value of
// the run-time structure sub: nil is null; decoding makes a value of sub
// unless the field holds one already.
func dynRefCodec(sub *uamodel.DynType) *codec {
	return &codec{
		enc: func(e *encoder, p ptr) error {
			q := *as[ptr](p)
			if q == nil {
				e.null()
				return nil
			}
			return dynamicCodec.enc(e, q)
		},
		dec: func(d *decoder, p ptr) error {
			if isNull, err := d.null(); isNull || err != nil {
				*as[ptr](p) = nil
				return err
			}
			q := *as[ptr](p)
			if q == nil || as[uamodel.Dynamic](q).T != sub {
				q = ifaceData(uamodel.NewValue(sub))
				*as[ptr](p) = q
			}
			return dynamicCodec.dec(d, q)
		},
		null: func(_ *encoder, p ptr) bool { return *as[ptr](p) == nil },
	}
}

// dynFieldCodec returns the codec of a run-time structure's field that
// needs one of its own (nested structures, matrices, enumerations), or nil.
func (b *builder) dynFieldCodec(f *uamodel.DynField) (*codec, error) {
	var elem *codec
	switch {
	case f.Sub != nil:
		elem = dynRefCodec(f.Sub)
	case f.Enum != nil:
		elem = enumCodec(uatext.MapNames(f.Enum.Names))
	case f.Rank > 0:
		var err error
		if elem, err = b.get(f.ElemGo); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	switch {
	case f.Rank > 0:
		var st reflect.Type
		if f.Sub != nil {
			st = reflect.SliceOf(f.Sub.Vals.Ptr())
		} else {
			st = reflect.SliceOf(f.ElemGo)
		}
		return matrixCodec(st, f.Rank, elem), nil
	case f.Array:
		return reflectSliceCodec(f.Go, elem), nil
	}
	return elem, nil
}

// Matrices (fields with ValueRank 2 or more, uabin.Matrix): in the current
// forms a JSON object {"Dimensions":[2,3],"Array":[1,2,3,4,5,6]} (Part 6
// v1.05 §5.4.5, Table 43), in the deprecated forms nested arrays
// [[1,2,3],[4,5,6]]; the null matrix (Dims nil) is null. Decoding takes
// both.

// matrixCodec makes the codec of a matrix of rank rank whose Values are of
// the slice type st, of elements coded by elem.
func matrixCodec(st reflect.Type, rank int, elem *codec) *codec {
	flat := reflectSliceCodec(st, elem)
	dims := builtinCodecs[reflect.TypeFor[[]int32]()]
	return &codec{
		enc: func(e *encoder, p ptr) error {
			m := as[uamodel.Matrix](p)
			if m.Dims == nil {
				e.null()
				return nil
			}
			vals, n, err := matrixValues(m, st)
			if err != nil {
				return err
			}
			if e.enc == Reversible || e.enc == NonReversible {
				size := st.Elem().Size()
				i := 0
				return nestedArrays(e, m.Dims, func() error {
					err := elem.enc(e, at(sliceOf(vals).data, uintptr(i)*size))
					i++
					return err
				})
			}
			_ = n
			e.open('{')
			e.key("Dimensions", true)
			if err := dims.enc(e, ptr(&m.Dims)); err != nil {
				return err
			}
			e.key("Array", false)
			if err := flat.enc(e, vals); err != nil {
				return wire.WithPath(err, "Array")
			}
			e.close('}', false)
			return nil
		},
		dec: func(d *decoder, p ptr) error {
			m := as[uamodel.Matrix](p)
			if isNull, err := d.null(); isNull || err != nil {
				*m = uamodel.Matrix{}
				return err
			}
			start := d.pos
			sv := reflect.New(st)
			var ds []int32
			var err error
			if d.peek() == '[' {
				ds, err = d.nestedMatrix(rank, st, sv.UnsafePointer(), elem)
			} else {
				ds, err = d.matrixObject(st, sv.UnsafePointer(), flat, dims)
			}
			if err != nil {
				return err
			}
			if len(ds) != rank {
				return d.fail(start, wire.ErrInvalid, "a matrix of %d dimensions, the field has %d", len(ds), rank)
			}
			n := 1
			for _, x := range ds {
				if x < 0 {
					return d.fail(start, wire.ErrInvalid, "matrix dimension %d", x)
				}
				n *= int(x)
				if n > d.lim.MaxArrayLength {
					return d.fail(start, wire.ErrLimitExceeded, "matrix of more than %d elements", d.lim.MaxArrayLength)
				}
			}
			if l := sv.Elem().Len(); l != n {
				return d.fail(start, wire.ErrInvalid, "a matrix of %d elements, its dimensions give %d", l, n)
			}
			if sv.Elem().IsNil() {
				sv.Elem().Set(reflect.MakeSlice(st, 0, 0))
			}
			m.Dims, m.Values = ds, sv.Elem().Interface()
			return nil
		},
		null: func(_ *encoder, p ptr) bool { return as[uamodel.Matrix](p).Dims == nil },
	}
}

// matrixValues returns a pointer to the slice header of m.Values (of type
// st) and the number of elements the dimensions give, checking both.
func matrixValues(m *uamodel.Matrix, st reflect.Type) (ptr, int, error) {
	n := 1
	for _, x := range m.Dims {
		if x < 0 {
			return nil, 0, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix dimension %d", x)}
		}
		n *= int(x)
	}
	if m.Values == nil {
		if n != 0 {
			return nil, 0, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix of dimensions %v has no values", m.Dims)}
		}
		var empty []byte
		return ptr(&empty), 0, nil
	}
	if reflect.TypeOf(m.Values) != st {
		return nil, 0, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix values are %T, want %v", m.Values, st)}
	}
	q := ifaceData(m.Values)
	if sliceOf(q).len != n {
		return nil, 0, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix of dimensions %v has %d values", m.Dims, sliceOf(q).len)}
	}
	return q, n, nil
}

// nestedArrays writes the elements as nested JSON arrays of the given
// dimensions, calling next for each element in order.
func nestedArrays(e *encoder, dims []int32, next func() error) error {
	e.open('[')
	for i := 0; i < int(dims[0]); i++ {
		e.elem(i == 0)
		var err error
		if len(dims) == 1 {
			err = next()
		} else {
			err = nestedArrays(e, dims[1:], next)
		}
		if err != nil {
			return wire.WithPath(err, wire.IndexPath(i))
		}
	}
	e.close(']', dims[0] == 0)
	return nil
}

// matrixObject reads {"Dimensions":[...],"Array":[...]} into dims and the
// slice at sp.
func (d *decoder) matrixObject(st reflect.Type, sp ptr, flat, dimsCodec *codec) ([]int32, error) {
	start := d.pos
	if err := d.object("a matrix"); err != nil {
		return nil, err
	}
	var ds []int32
	var seen int
	var names nameSet
	for first := true; ; first = false {
		name, off, ok, err := d.member(first)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		d.ws()
		switch string(name) {
		case "Dimensions":
			if err := d.once(&seen, 1, name, off); err != nil {
				return nil, err
			}
			if err := dimsCodec.dec(d, ptr(&ds)); err != nil {
				return nil, wire.WithPath(err, "Dimensions")
			}
		case "Array":
			if err := d.once(&seen, 2, name, off); err != nil {
				return nil, err
			}
			if err := flat.dec(d, sp); err != nil {
				return nil, wire.WithPath(err, "Array")
			}
		default:
			if err := d.unknown(&names, name, off); err != nil {
				return nil, err
			}
		}
	}
	if seen != 3 {
		return nil, d.fail(start, wire.ErrInvalid, "a matrix needs Dimensions and Array")
	}
	return ds, nil
}

// nestedMatrix reads a matrix of rank rank given as nested arrays (the
// deprecated form) into the slice at sp, and returns its dimensions.
func (d *decoder) nestedMatrix(rank int, st reflect.Type, sp ptr, elem *codec) ([]int32, error) {
	dims := make([]int32, rank)
	known := make([]bool, rank)
	size := st.Elem().Size()
	makeSlice(st, sp, 0)
	var level func(l int) error
	level = func(l int) error {
		start := d.pos
		if err := d.array("a matrix"); err != nil {
			return err
		}
		if err := d.enter(start); err != nil {
			return err
		}
		n := int32(0)
		for first := true; ; first = false {
			ok, err := d.element(first)
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if l == rank-1 {
				if _, err := d.appendElem(st, sp, elem, size, start); err != nil {
					return wire.WithPath(err, wire.IndexPath(int(n)))
				}
			} else if err := level(l + 1); err != nil {
				return wire.WithPath(err, wire.IndexPath(int(n)))
			}
			if n == math.MaxInt32 {
				return d.fail(start, wire.ErrLimitExceeded, "matrix dimension too large")
			}
			n++
		}
		d.leave()
		if !known[l] {
			dims[l], known[l] = n, true
		} else if dims[l] != n {
			return d.fail(start, wire.ErrInvalid, "a ragged matrix: %d elements at level %d, %d before", n, l, dims[l])
		}
		return nil
	}
	if err := level(0); err != nil {
		return nil, err
	}
	for l := range dims {
		if !known[l] {
			dims[l] = 0 // an empty outer array: the inner dimensions are 0
		}
	}
	return dims, nil
}
