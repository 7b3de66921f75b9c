package xmlenc

// Run-time structures (uabin.Dynamic): a value is a block of memory laid
// out by internal/uamodel with the model of its definition, planned by the
// same plan function as a Go struct (the block's Go type is
// DynType.Layout). This is the one file of the package that imports
// unsafe: the block is reached from the value's header.

import (
	"reflect"
	"unsafe"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// dynCodecs caches the codec of each compiled run-time structure.
var dynCodecs = map[*uamodel.DynType]*codec{}

// dynTypeCodec returns the codec of the block of the compiled type t.
func dynTypeCodec(t *uamodel.DynType) (*codec, error) {
	buildMu.Lock()
	defer buildMu.Unlock()
	return dynTypeCodecLocked(t, &builder{made: map[reflect.Type]*codec{}})
}

func dynTypeCodecLocked(t *uamodel.DynType, b *builder) (*codec, error) {
	if c, ok := dynCodecs[t]; ok {
		return c, nil
	}
	c := &codec{name: t.Name}
	dynCodecs[t] = c
	p, err := b.plan(t.Model, t.Layout)
	if err != nil {
		delete(dynCodecs, t)
		return nil, err
	}
	p.name = t.Name
	c.enc = func(e *encoder, v reflect.Value) error { return p.encode(e, block(v)) }
	c.dec = func(d *decoder, n *Node, v reflect.Value) error { return p.decode(d, n, block(v)) }
	for t, c := range b.made {
		codecCache.Store(t, c)
	}
	return c, nil
}

// block returns the block of the run-time structure value v (a
// uabin.Dynamic, whose only field is the uamodel.Dynamic header).
func block(v reflect.Value) reflect.Value {
	h := (*uamodel.Dynamic)(unsafe.Pointer(v.Field(0).UnsafeAddr()))
	return reflect.NewAt(h.T.Layout, h.P).Elem()
}

// header returns the header of the uabin.Dynamic v.
func header(v reflect.Value) *uamodel.Dynamic {
	return (*uamodel.Dynamic)(unsafe.Pointer(v.Field(0).UnsafeAddr()))
}

// dynamicCodec is the codec of uabin.Dynamic: the plan of the value's own
// type. A value with no type is null; decoding needs a typed value.
var dynamicCodec = &codec{}

func init() {
	*dynamicCodec = codec{name: "Structure",
		enc: func(e *encoder, v reflect.Value) error {
			v = addressable(v)
			h := header(v)
			c, err := dynTypeCodec(h.T)
			if err != nil {
				return err
			}
			return c.enc(e, v)
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			h := header(v)
			if h.T == nil {
				return d.fail(n, wire.ErrUnsupported, "decoding into a uabin.Dynamic with no type: make it with uabin.NewDynamic")
			}
			c, err := dynTypeCodec(h.T)
			if err != nil {
				return err
			}
			return c.dec(d, n, v)
		},
		null: func(v reflect.Value) bool { return header(addressable(v)).T == nil },
	}
}

// addressable returns v, or an addressable copy of it.
func addressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

// dynField returns the codec of a run-time structure's field that holds
// nested run-time structures (*Dynamic, []*Dynamic), enumerations or a
// matrix (uabin.Matrix).
func (b *builder) dynField(f *uamodel.DynField) (*codec, error) {
	var elem *codec
	switch {
	case f.Sub != nil:
		elem = dynRefCodec(f.Sub)
	case f.Enum != nil:
		elem = enumCodec(f.Enum.Name, uatext.MapNames(f.Enum.Names))
	case f.Rank > 0:
		var err error
		if elem, err = b.get(f.ElemGo); err != nil {
			return nil, err
		}
	default:
		return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "field %s has no model", f.Name)}
	}
	switch {
	case f.Rank > 0:
		st := reflect.SliceOf(elem0(f))
		return matrixCodec(st, f.Rank, elem), nil
	case f.Array:
		return listCodec(elem, false, 0), nil
	}
	return elem, nil
}

// elem0 returns the Go type of the elements of a matrix field.
func elem0(f *uamodel.DynField) reflect.Type {
	if f.Sub != nil {
		return f.Sub.Vals.Ptr()
	}
	return f.ElemGo
}

// dynRefCodec is the codec of a *uabin.Dynamic holding a value of the
// run-time structure sub: nil is null; decoding makes a value of sub
// unless the variable holds one already.
func dynRefCodec(sub *uamodel.DynType) *codec {
	return &codec{name: sub.Name,
		enc: func(e *encoder, v reflect.Value) error {
			c, err := dynTypeCodec(sub)
			if err != nil {
				return err
			}
			return c.enc(e, v.Elem())
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			if v.IsNil() || header(v.Elem()).T != sub {
				v.Set(reflect.ValueOf(uamodel.NewValue(sub)))
			}
			c, err := dynTypeCodec(sub)
			if err != nil {
				return err
			}
			return c.dec(d, n, v.Elem())
		},
		null: func(v reflect.Value) bool { return v.IsNil() },
	}
}

// matrixCodec is the codec of a matrix field (ValueRank 2 or more,
// uabin.Matrix, whose Values are of the slice type st): the Dimensions
// and the Elements in row-major order, as a Variant's Matrix has them,
//
//	<Grid><Dimensions><Int32>2</Int32><Int32>3</Int32></Dimensions>
//	  <Elements><Int32>1</Int32>...</Elements></Grid>
//
// The null matrix (Dims nil) is left out.
func matrixCodec(st reflect.Type, rank int, elem *codec) *codec {
	dims := listCodec(primitiveCodec(types.TypeInt32), false, 0)
	flat := listCodec(elem, false, 0)
	return &codec{name: "Matrix",
		enc: func(e *encoder, v reflect.Value) error {
			m := (*uamodel.Matrix)(unsafe.Pointer(v.UnsafeAddr()))
			vals := reflect.ValueOf(m.Values)
			if !vals.IsValid() {
				vals = reflect.MakeSlice(st, 0, 0)
			}
			if vals.Type() != st {
				return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix values of type %v, the field needs %v", vals.Type(), st)}
			}
			n := 1
			for _, x := range m.Dims {
				n *= int(x)
			}
			if len(m.Dims) != rank || n != vals.Len() {
				return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "matrix of dimensions %v with %d values, the field has %d dimensions", m.Dims, vals.Len(), rank)}
			}
			if err := e.element("Dimensions", dims, reflect.ValueOf(m.Dims)); err != nil {
				return err
			}
			return wire.WithPath(e.element("Elements", flat, vals), "Elements")
		},
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			m := (*uamodel.Matrix)(unsafe.Pointer(v.UnsafeAddr()))
			k, err := d.kids(n, "Dimensions", "Elements")
			if err != nil {
				return err
			}
			if k[0] == nil {
				return d.fail(n, wire.ErrInvalid, "a matrix without Dimensions")
			}
			var ds []int32
			if err := d.element(k[0], dims, reflect.ValueOf(&ds).Elem()); err != nil {
				return wire.WithPath(err, "Dimensions")
			}
			total := 1
			for _, x := range ds {
				if x < 0 {
					return d.fail(k[0], wire.ErrInvalid, "matrix dimension %d", x)
				}
				if total *= int(x); total > d.lim.MaxArrayLength {
					return d.fail(k[0], wire.ErrLimitExceeded, "a matrix of more than %d elements", d.lim.MaxArrayLength)
				}
			}
			if len(ds) != rank {
				return d.fail(k[0], wire.ErrInvalid, "a matrix of %d dimensions, the field has %d", len(ds), rank)
			}
			vals := reflect.New(st).Elem()
			if k[1] != nil {
				if err := d.element(k[1], flat, vals); err != nil {
					return wire.WithPath(err, "Elements")
				}
			}
			if vals.Len() != total {
				return d.fail(n, wire.ErrInvalid, "a matrix of dimensions %v with %d elements", ds, vals.Len())
			}
			if vals.IsNil() {
				vals = reflect.MakeSlice(st, 0, 0)
			}
			m.Dims, m.Values = ds, vals.Interface()
			return nil
		},
		null: func(v reflect.Value) bool {
			return (*uamodel.Matrix)(unsafe.Pointer(addressable(v).UnsafeAddr())).Dims == nil
		},
	}
}
