package engine

// ExtensionObject bodies and service messages: the Go types registered
// with their encoding ids, encoded and decoded with the call state's
// registry (hook.BodyAppender, hook.BodyConsumer; Part 6 §5.2.2.15 and
// §5.2.9).

import (
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// byValue returns the entry of the Go type of v (T or *T, or the entry of
// a run-time structure's value), or nil.
func byValue(r *uamodel.Registry, v any) *uamodel.Entry {
	t := reflect.TypeOf(v)
	if t == r.Values().Ptr() {
		if x := uamodel.Header(v); x != nil && x.T != nil {
			return x.T.Def.Entry
		}
		return nil
	}
	s := r.Load()
	if e := s.ByType(t); e != nil {
		return e
	}
	if t.Kind() == reflect.Pointer {
		return s.ByType(t.Elem())
	}
	return nil
}

// AppendBody implements hook.BodyAppender: it appends the body of v (a
// registered type or a pointer to one), entering one nesting level.
func (s *appendState) AppendBody(v any) (types.NodeID, bool) {
	e := byValue(s.reg(), v)
	if e == nil {
		return types.NodeID{}, false
	}
	id, ok := e.EncodingID(s.uris)
	if !ok {
		s.w.Failf(wire.ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", e.URI, e.Go)
		return types.NodeID{}, true
	}
	c, p, err := s.bodyCodec(e, v)
	if err != nil {
		s.w.Fail(err)
		return id, true
	}
	if s.w.Enter() {
		c.append(s, p, c)
		s.w.Leave()
	}
	return id, true
}

// bodyCodec returns the codec of the body of v, registered as e, and a
// pointer to the value.
func (s *appendState) bodyCodec(e *uamodel.Entry, v any) (*codec, pointer, error) {
	if e.Def != nil {
		x := uamodel.Header(v)
		if x == nil || x.T == nil {
			return nil, pointer{}, wire.Errorf(wire.ErrUnsupported, "%s", uamodel.NoDynamic)
		}
		return blockCodec(x.T, s.set), pointer{x.P}, nil
	}
	c, perr := codecFor(s.set, e.Go)
	if perr != nil {
		// The model's path goes on the body's path: "Outer.Ext.Inner.C".
		return nil, pointer{}, &wire.EncodeError{Path: perr.Path, Err: cause(perr)}
	}
	return c, valuePointer(v, c.g), nil
}

// ConsumeBody implements hook.BodyConsumer: it decodes a body of the type
// registered for typeID into old (a pointer to a value of that type) or a
// new value, entering one nesting level, and returns the pointer.
func (s *consumeState) ConsumeBody(typeID types.NodeID, old any) (any, bool) {
	e := s.entryByID(typeID)
	if e == nil {
		if u := s.reg().Load().Unmapped(typeID, s.uris); u != nil {
			s.r.Fail(unmapped("ExtensionObject body", typeID, u, s.uris))
			return nil, true
		}
		return nil, false
	}
	c, err := s.entryCodec(e)
	if err != nil {
		s.r.Fail(err)
		return nil, true
	}
	if !s.r.Enter() {
		return nil, true
	}
	var v any
	if q := ifaceData(old); c.dyn == nil && old != nil && rtypeOf(old) == c.ptrRT && !q.isNil() {
		// The ExtensionObject decoded into holds a *T of this type: decode
		// over it, as a reused value's other fields are (no allocation).
		if c.consume(s, q, c); s.r.Err() == nil {
			v = old
		}
	} else {
		v = c.newValue(s)
	}
	s.r.Leave()
	return v, true
}

// entryCodec returns the codec that decodes values registered as e.
func (s *consumeState) entryCodec(e *uamodel.Entry) (*codec, error) {
	if e.Def != nil {
		t, err := s.dynCompiled(e)
		if err != nil {
			return nil, err
		}
		return plansOf(t).top, nil
	}
	c, perr := codecFor(s.set, e.Go)
	if perr != nil {
		return nil, &wire.DecodeError{Offset: s.r.Offset(), Path: perr.Path, Err: cause(perr)}
	}
	return c, nil
}

// newValue decodes a new value with c and returns a pointer to it (a
// *Dynamic for run-time structures), or nil after a failure.
func (c *codec) newValue(s *consumeState) any {
	if c.dyn != nil {
		x := consumeDyn(s, c.dyn)
		if x == nil {
			return nil
		}
		return c.g.boxPtr(pointerTo(x))
	}
	q := c.g.alloc()
	c.consume(s, q, c)
	if s.r.Err() != nil {
		return nil
	}
	return c.g.boxPtr(q)
}

// valuePointer returns a pointer to the value held by v (a T or a *T whose
// plan is for T): the pointer itself, the boxed copy, or, for a nil *T or a
// pointer-shaped T, a new value.
func valuePointer(v any, g *goType) pointer {
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Pointer && t.Elem() == g.typ() {
		q := ifaceData(v)
		if q.isNil() {
			return pointer{g.zero}
		}
		return q
	}
	if pointerShaped(t) {
		return g.fromIface(v)
	}
	return ifaceData(v)
}

// typeAny is the Go type of the *any form of the message functions.
var typeAny = reflect.TypeFor[any]()

// consumeMessage reads a message's type id and decodes the body into the
// value v points to (t is v's type: *T or *any; see uabin.UnmarshalMessage).
// It returns the codec of the body, for the error path, or nil when the
// type id could not be read or matched, with the error recorded in the
// Reader.
func (s *consumeState) consumeMessage(v any, t reflect.Type) *codec {
	nodeIDCodec.Consume(&s.r, pointerTo(&s.typeID).raw())
	if s.r.Err() != nil {
		return nil
	}
	id := s.typeID
	ent := s.entryByID(id)
	want := t.Elem()
	if ent == nil {
		if u := s.reg().Load().Unmapped(id, s.uris); u != nil {
			s.failAt(0, unmapped("message", id, u, s.uris))
			return nil
		}
		if want == typeAny {
			s.failAt(0, wire.Errorf(wire.ErrUnknownType, "no type is registered for the message type id %v", id))
		} else {
			s.failAt(0, wire.Errorf(wire.ErrUnknownType, "no type is registered for the message type id %v (decoding into %v)", id, want))
		}
		return nil
	}
	if want != typeAny && want != ent.Go {
		s.failAt(0, wire.Errorf(wire.ErrUnknownType, "the message type id %v is that of %s, not of %v", id, ent.Name(), want))
		return nil
	}
	dynamic := uamodel.IsDynamic(want)
	if dynamic {
		if d := header(ifaceData(v)); d.T != nil && d.T.Def.Entry != ent {
			s.failAt(0, wire.Errorf(wire.ErrUnknownType, "the message type id %v is that of %s, not of %s", id, ent.Name(), d.T.Name))
			return nil
		}
	}
	c, err := s.entryCodec(ent)
	if err != nil {
		s.failAt(0, err)
		return nil
	}
	if want != typeAny {
		c.keepMsgHead(s.set, s.reg().Load(), ent)
	}
	switch {
	case want == typeAny:
		*v.(*any) = c.newValue(s)
	case c.dyn != nil:
		if x := consumeDyn(s, c.dyn); x != nil {
			*header(ifaceData(v)) = *x
		}
	default:
		c.consume(s, ifaceData(v), c)
	}
	return c
}

// failAt records err as the Reader's error at offset off (a *DecodeError
// keeps its own offset and path).
func (s *consumeState) failAt(off int, err error) {
	if _, ok := err.(*wire.DecodeError); !ok {
		err = &wire.DecodeError{Offset: off, Err: err}
	}
	s.r.Fail(err)
}

// nodeIDCodec is the built-in NodeId codec, for the type ids of messages.
var nodeIDCodec = builtinCodecs[reflect.TypeFor[types.NodeID]()]

// unmapped is the error of a body (what) whose type id has a namespace
// index that Options.NamespaceURIs does not hold, while the registry has
// e, registered by namespace URI with the same identifier: the body may
// be of type e, which cannot be told, so it is neither decoded nor kept
// raw as if unknown.
func unmapped(what string, id types.NodeID, e *uamodel.Entry, uris []string) error {
	return wire.Errorf(wire.ErrUnknownType, "%s type id %v: namespace index %d is not in Options.NamespaceURIs (%d entries), and %s is registered by namespace URI %q with this identifier; set Options.NamespaceURIs to the session's namespace table",
		what, id, id.Namespace(), len(uris), e.Name(), e.URI)
}
