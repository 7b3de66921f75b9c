package xmlenc

// Codecs per Go type, made from the model of internal/uamodel and cached,
// as the binary and JSON engines make theirs: a codec writes and reads the
// content of an element (the caller writes the tags, whose name is the
// structure field's or, standing alone, the type's).

import (
	"reflect"
	"sync"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// codec is the XML codec of one Go type.
type codec struct {
	// name is the element name of a value standing alone: the built-in's
	// name ("Int32"), the structure's OPC UA name, "ListOf" + the
	// element's name for an array.
	name string
	// enc writes the content of the element of v.
	enc func(e *encoder, v reflect.Value) error
	// dec reads the element n into v (addressable).
	dec func(d *decoder, n *Node, v reflect.Value) error
	// null reports whether v is null: omitted as a structure field, and
	// written as xsi:nil where an element must stand. Nil: never null.
	null func(v reflect.Value) bool
	// list is set for arrays: the element codec.
	list *codec
}

var (
	buildMu    sync.Mutex
	codecCache sync.Map // reflect.Type -> *codec
)

// codecFor returns the codec of the Go type t, making it on first use.
func codecFor(t reflect.Type) (*codec, error) {
	if c, ok := codecCache.Load(t); ok {
		return c.(*codec), nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	b := &builder{made: map[reflect.Type]*codec{}}
	c, err := b.get(t)
	if err != nil {
		return nil, err
	}
	for t, c := range b.made {
		codecCache.Store(t, c)
	}
	return c, nil
}

// builder makes the codecs of one type and the types it reaches; a type
// being made is handed out before it is complete (recursive types), and
// published only when all are made.
type builder struct {
	made map[reflect.Type]*codec
}

func (b *builder) get(t reflect.Type) (*codec, error) {
	if c, ok := codecCache.Load(t); ok {
		return c.(*codec), nil
	}
	if c, ok := b.made[t]; ok {
		return c, nil
	}
	m, merr := uamodel.Of(t)
	if merr != nil {
		return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "%s", merr.Error())}
	}
	c := &codec{}
	b.made[t] = c
	made, err := b.model(m)
	if err != nil {
		delete(b.made, t)
		return nil, err
	}
	*c = *made
	return c, nil
}

// model returns the codec of a model (shared or made for a field's tag).
func (b *builder) model(m *uamodel.Type) (*codec, error) {
	if m.Shared && m.Go != nil {
		if c, ok := b.made[m.Go]; ok && c.enc != nil {
			return c, nil
		}
	}
	switch m.Kind {
	case uamodel.KindPrimitive:
		if m.Go.Kind() == reflect.Int32 && m.Builtin == types.TypeInt32 && m.Go.Implements(stringerType) {
			return enumCodec(m.Go.Name(), smallNames(uatext.StringerNames(m.Go))), nil
		}
		return primitiveCodec(m.Builtin), nil
	case uamodel.KindIntAs:
		return intAsCodec(m.Wire), nil
	case uamodel.KindClamped:
		return clampedCodec(m.Wire, m.Max), nil
	case uamodel.KindEmptyString:
		c := *primitiveCodec(types.TypeString)
		c.null = nil
		return &c, nil
	case uamodel.KindByteString:
		return byteStringCodec, nil
	case uamodel.KindBuiltin:
		return b.builtin(m)
	case uamodel.KindStruct:
		if m.Builtin != 0 {
			return b.builtin(m)
		}
		return b.structCodec(m.Struct, m.Go)
	case uamodel.KindPointer:
		elem, err := b.sub(m.Elem)
		if err != nil {
			return nil, err
		}
		return pointerCodec(elem), nil
	case uamodel.KindSlice, uamodel.KindArray:
		elem, err := b.sub(m.Elem)
		if err != nil {
			return nil, err
		}
		return listCodec(elem, m.Kind == uamodel.KindArray, m.Len), nil
	case uamodel.KindDynamic:
		return dynamicCodec, nil
	}
	return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "%v has no OPC UA XML form", m.Go)}
}

// sub returns the codec of a nested model: the shared one of its Go type,
// or one made for a field's tag options.
func (b *builder) sub(m *uamodel.Type) (*codec, error) {
	if m.Shared {
		return b.get(m.Go)
	}
	return b.model(m)
}

// builtin returns the codec of a named built-in (NodeId ... DiagnosticInfo,
// time.Time), converting a named type of one to its Go type.
func (b *builder) builtin(m *uamodel.Type) (*codec, error) {
	base := m.Builtin.GoType()
	if m.Go == reflect.TypeFor[timeTime]() || m.Go.ConvertibleTo(reflect.TypeFor[timeTime]()) && m.Builtin == types.TypeDateTime {
		base = reflect.TypeFor[timeTime]()
	}
	c, ok := builtinCodecs[base]
	if !ok {
		return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "%v has no OPC UA XML form", m.Go)}
	}
	if m.Go == base {
		return c, nil
	}
	return convertCodec(c, base), nil
}

// convertCodec is c for a named type of c's Go type.
func convertCodec(c *codec, base reflect.Type) *codec {
	out := &codec{name: c.name,
		enc: func(e *encoder, v reflect.Value) error { return c.enc(e, v.Convert(base)) },
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			x := reflect.New(base).Elem()
			x.Set(v.Convert(base))
			err := c.dec(d, n, x)
			v.Set(x.Convert(v.Type()))
			return err
		}}
	if c.null != nil {
		out.null = func(v reflect.Value) bool { return c.null(v.Convert(base)) }
	}
	return out
}

// pointerCodec: a nil pointer is null; decoding allocates.
func pointerCodec(elem *codec) *codec {
	return &codec{name: elem.name,
		enc: func(e *encoder, v reflect.Value) error { return elem.enc(e, v.Elem()) },
		dec: func(d *decoder, n *Node, v reflect.Value) error {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			return elem.dec(d, n, v.Elem())
		},
		null: func(v reflect.Value) bool { return v.IsNil() },
	}
}

// listCodec is the codec of an array (ListOf<Type>, §5.3.3): one element
// per value, named after the element type; a nil slice is null.
func listCodec(elem *codec, fixed bool, n int) *codec {
	c := &codec{name: "ListOf" + elem.name, list: elem}
	c.enc = func(e *encoder, v reflect.Value) error {
		for i := 0; i < v.Len(); i++ {
			if err := e.element(elem.name, elem, v.Index(i)); err != nil {
				return wire.WithPath(err, wire.IndexPath(i))
			}
		}
		return nil
	}
	c.dec = func(d *decoder, nd *Node, v reflect.Value) error {
		if err := d.noText(nd); err != nil {
			return err
		}
		if len(nd.Kids) > d.lim.MaxArrayLength {
			return d.fail(nd, wire.ErrLimitExceeded, "%d array elements, limit %d", len(nd.Kids), d.lim.MaxArrayLength)
		}
		if fixed {
			if len(nd.Kids) != n {
				return d.fail(nd, wire.ErrInvalid, "%d elements for an array of %d", len(nd.Kids), n)
			}
		} else if n := len(nd.Kids); v.IsNil() || v.Cap() < n {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
		} else {
			v.SetLen(n) // the array of the slice decoded into, which has room
		}
		for i, k := range nd.Kids {
			if k.Name != elem.name {
				return wire.WithPath(d.fail(k, wire.ErrInvalid, "element %s in a %s, not %s", k.Name, c.name, elem.name), wire.IndexPath(i))
			}
			if err := d.element(k, elem, v.Index(i)); err != nil {
				return wire.WithPath(err, wire.IndexPath(i))
			}
		}
		return nil
	}
	if !fixed {
		c.null = func(v reflect.Value) bool { return v.IsNil() }
	}
	return c
}

var stringerType = reflect.TypeFor[interface{ String() string }]()

// typeName returns the OPC UA name of a Go structure: the standard type's
// name ("ReadValueId"), else the model's.
func typeName(t reflect.Type, s *uamodel.Struct) string {
	if ti, ok := types.TypeInfoByType(t); ok {
		return ti.Name
	}
	return s.Name
}

// ptrTo returns a pointer to the value of v, a T: its address when v is
// addressable (a field, an element), else a copy's. Taking the address
// saves boxing the value in an interface.
func ptrTo[T any](v reflect.Value) *T {
	if v.CanAddr() {
		return (*T)(v.Addr().UnsafePointer()) // v is a T: the codec's type
	}
	x := v.Interface().(T)
	return &x
}

// setTo sets v, a T, to x: through its address when v is addressable,
// which saves boxing x in an interface.
func setTo[T any](v reflect.Value, x T) {
	if v.CanAddr() {
		*(*T)(v.Addr().UnsafePointer()) = x // v is a T: the codec's type
		return
	}
	v.Set(reflect.ValueOf(x))
}
