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
// nested run-time structures (*Dynamic, []*Dynamic) or enumerations.
func (b *builder) dynField(f *uamodel.DynField) (*codec, error) {
	switch {
	case f.Sub != nil && f.Rank == 0:
		sub := f.Sub
		ref := &codec{name: sub.Name,
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
		if f.Array {
			return listCodec(ref, false, 0), nil
		}
		return ref, nil
	case f.Enum != nil && f.Rank == 0:
		names := f.Enum.Names
		ec := enumCodec(f.Enum.Name, func(v int32) (string, bool) { n, ok := names[v]; return n, ok })
		if f.Array {
			return listCodec(ec, false, 0), nil
		}
		return ec, nil
	}
	return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "field %s: matrices of run-time structures have no XML form yet", f.Name)}
}
