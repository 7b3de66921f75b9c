package uabin

import (
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// Service messages (Part 6 §5.2.9): the binary encoding NodeId of the
// message's type (ReadRequest: ns=0;i=631, 01 00 77 02), then the
// structure. The type is found in the Options' registry.
//
// The functions have the shape of encoding/json's: v is a *T of a
// registered type T, into which the message is decoded (its type id must
// be T's; the value is reused as Unmarshal reuses it), or a *any, in which
// a pointer to a new value of the type registered for the message's type
// id is stored.

// AppendMessage appends v (a registered type or a pointer to one) as a
// service message: its binary encoding id, then its body. On error it
// returns b truncated to its original length; an unregistered type is
// ErrUnknownType.
func AppendMessage(b []byte, v any) ([]byte, error) { return Options{}.AppendMessage(b, v) }

// MarshalMessage returns v encoded as a service message.
func MarshalMessage(v any) ([]byte, error) { return Options{}.AppendMessage(nil, v) }

// UnmarshalMessage decodes the whole of b, a service message, into v: a
// *T of a registered type T (the type id must be T's encoding id; the
// value is decoded over, as Unmarshal does), or a *any, which receives a
// pointer to a new value of the type registered for the type id (a
// *Dynamic for a run-time structure). A type id no type is registered
// for, or one of another type than T, is an error wrapping ErrUnknownType
// at offset 0 that names the types; bytes left over are ErrInvalid.
func UnmarshalMessage(b []byte, v any) error { return Options{}.UnmarshalMessage(b, v) }

// DecodeMessage decodes one service message from the start of b into v, as
// UnmarshalMessage does, and returns the number of bytes it used.
func DecodeMessage(b []byte, v any) (int, error) { return Options{}.DecodeMessage(b, v) }

// MarshalMessage is the package function MarshalMessage with options o.
func (o Options) MarshalMessage(v any) ([]byte, error) { return o.AppendMessage(nil, v) }

// UnmarshalMessage is the package function UnmarshalMessage with options o.
func (o Options) UnmarshalMessage(b []byte, v any) error {
	_, err := o.consumeTop(b, v, true, true)
	return err
}

// DecodeMessage is the package function DecodeMessage with options o.
func (o Options) DecodeMessage(b []byte, v any) (int, error) {
	return o.consumeTop(b, v, false, true)
}

// AppendMessage is the package function AppendMessage with options o.
func (o Options) AppendMessage(b []byte, v any) ([]byte, error) { return o.appendTop(b, v, true) }

// nodeIDCodec is the built-in NodeId codec, for the type ids of messages.
var nodeIDCodec = erased.Builtin[typeNodeID]

func appendNodeID(w *wire.Writer, id *types.NodeID) { nodeIDCodec.Append(w, pointerTo(id).raw()) }

// typeAny is the Go type of the *any form of the message functions.
var typeAny = reflect.TypeFor[any]()

// consumeMessage reads a message's type id and decodes the body into the
// value v points to (t is v's type: *T or *any; see UnmarshalMessage). It
// returns the codec of the body, for the error path, or nil when the type
// id could not be read or matched, with the error recorded in the Reader.
func (s *consumeState) consumeMessage(v any, t reflect.Type) *codec {
	nodeIDCodec.Consume(&s.r, pointerTo(&s.typeID).raw())
	if s.r.Err() != nil {
		return nil
	}
	id := s.typeID
	ent := s.entryByID(id)
	want := t.Elem()
	if ent == nil {
		if want == typeAny {
			s.failAt(0, wire.Errorf(ErrUnknownType, "no type is registered for the message type id %v", id))
		} else {
			s.failAt(0, wire.Errorf(ErrUnknownType, "no type is registered for the message type id %v (decoding into %v)", id, want))
		}
		return nil
	}
	if want != typeAny && want != ent.typ {
		s.failAt(0, wire.Errorf(ErrUnknownType, "the message type id %v is that of %s, not of %v", id, ent.name(), want))
		return nil
	}
	if want == typeDynamic {
		if d := v.(*Dynamic); d.t != nil && d.entry() != ent {
			s.failAt(0, wire.Errorf(ErrUnknownType, "the message type id %v is that of %s, not of %s", id, ent.name(), d.t.name))
			return nil
		}
	}
	c, err := s.entryCodec(ent)
	if err != nil {
		s.failAt(0, err)
		return nil
	}
	switch {
	case want == typeAny:
		*v.(*any) = c.newValue(s)
	case c.dyn != nil:
		if x := consumeDyn(s, c.dyn); x != nil {
			*v.(*Dynamic) = *x
		}
	default:
		c.consume(s, ifaceData(v), c)
	}
	return c
}

// failAt records err as the Reader's error at offset off (a *DecodeError
// keeps its own offset and path).
func (s *consumeState) failAt(off int, err error) {
	if _, ok := err.(*DecodeError); !ok {
		err = &DecodeError{Offset: off, Err: err}
	}
	s.r.Fail(err)
}

// name names the type of e in messages: the Go type, or the name of a
// run-time structure.
func (e *regEntry) name() string {
	if e.dyn != nil {
		return e.dyn.name + " (a run-time structure)"
	}
	return e.typ.String()
}
