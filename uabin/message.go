package uabin

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Service messages (Part 6 §5.2.9): the binary encoding NodeId of the
// message's type (ReadRequest: ns=0;i=631, 01 00 77 02), then the
// structure. The type is found in the Options' registry.

// AppendMessage appends v (a registered type or a pointer to one) as a
// service message: its binary encoding id, then its body. On error it
// returns b truncated to its original length; an unregistered type is
// ErrUnknownType.
func AppendMessage(b []byte, v any) ([]byte, error) { return Options{}.AppendMessage(b, v) }

// MarshalMessage returns v encoded as a service message.
func MarshalMessage(v any) ([]byte, error) { return Options{}.AppendMessage(nil, v) }

// UnmarshalMessage decodes a whole service message and returns a pointer to
// a new value of the type registered for its encoding id (ErrUnknownType if
// none is).
func UnmarshalMessage(b []byte) (any, error) {
	v, _, err := Options{}.decodeMessage(b, true)
	return v, err
}

// DecodeMessage decodes one service message from the start of b and
// returns it with the number of bytes used.
func DecodeMessage(b []byte) (any, int, error) { return Options{}.decodeMessage(b, false) }

// MarshalMessage is the package function MarshalMessage with options o.
func (o Options) MarshalMessage(v any) ([]byte, error) { return o.AppendMessage(nil, v) }

// UnmarshalMessage is the package function UnmarshalMessage with options o.
func (o Options) UnmarshalMessage(b []byte) (any, error) {
	v, _, err := o.decodeMessage(b, true)
	return v, err
}

// DecodeMessage is the package function DecodeMessage with options o.
func (o Options) DecodeMessage(b []byte) (any, int, error) { return o.decodeMessage(b, false) }

// AppendMessage is the package function AppendMessage with options o.
func (o Options) AppendMessage(b []byte, v any) ([]byte, error) { return o.append(b, v, true) }

func (o Options) decodeMessage(b []byte, whole bool) (any, int, error) {
	return o.consume(b, nil, whole)
}

// messageType reads a message's type id and returns the registered type
// and its codec.
func (d *decState) messageType() (*regEntry, *codec, error) {
	r := &d.r
	fb := r.Uint8()
	var id types.NodeID
	if r.Err() == nil {
		if fb&^nodeIDFormMask != 0 {
			r.Failf(ErrInvalid, "message type id encoding byte 0x%02x has ExpandedNodeId flags", fb)
		} else {
			id = consumeNodeIDBody(r, fb)
		}
	}
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	ent := d.eng.lookupID(id)
	if ent == nil {
		return nil, nil, &DecodeError{Offset: r.Offset(), Err: wire.Errorf(ErrUnknownType, "no type is registered for the message type id %v", id)}
	}
	if ent.dyn != nil {
		t := d.eng.dynCompiled(ent, r.Fail)
		if t == nil {
			return nil, nil, r.Err()
		}
		return ent, t.msg, nil
	}
	c, perr := codecFor(d.eng.set, ent.typ)
	if perr != nil {
		return nil, nil, &DecodeError{Offset: r.Offset(), Path: perr.path, Err: perr.cause()}
	}
	return ent, c, nil
}
