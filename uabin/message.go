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
func (o Options) AppendMessage(b []byte, v any) ([]byte, error) {
	if v == nil {
		return b, &EncodeError{Err: wire.Errorf(ErrUnsupported, "cannot encode a nil interface")}
	}
	reg := o.Types
	if reg == nil {
		reg = DefaultRegistry
	}
	ent := reg.byGoType(v)
	if ent == nil {
		return b, &EncodeError{Err: wire.Errorf(ErrUnknownType, "the Go type %T is not registered as a message", v)}
	}
	g := engine{registry: reg, uris: o.NamespaceURIs}
	id, ok := g.encodingID(ent)
	if !ok {
		return b, &EncodeError{Err: wire.Errorf(ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", ent.uri, ent.typ)}
	}
	c, perr := codecFor(o.set(), ent.typ)
	if perr != nil {
		return b, &EncodeError{Path: perr.path, Err: perr.cause()}
	}
	e := o.newEncState(b)
	appendNodeID(&e.w, id, 0)
	c.enc(e, valuePointer(v, ent.g), c)
	out, err := e.w.Buf, e.w.Err()
	e.release()
	if err != nil {
		if name := topName(c.typ); name != "" {
			addPath(err, name)
		}
		return b, err
	}
	return out, nil
}

func (o Options) decodeMessage(b []byte, whole bool) (any, int, error) {
	max := o.messageLimit()
	in := b
	if len(b) > max {
		if whole {
			return nil, 0, &DecodeError{Err: wire.Errorf(ErrLimitExceeded, "message of %d bytes above the limit %d", len(b), max)}
		}
		in = b[:max]
	}
	d := o.newDecState(in)
	defer d.release()
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
		return nil, r.Offset(), err
	}
	ent := d.eng.lookupID(id)
	if ent == nil {
		return nil, r.Offset(), &DecodeError{Offset: r.Offset(), Err: wire.Errorf(ErrUnknownType, "no type is registered for the message type id %v", id)}
	}
	c, perr := codecFor(o.set(), ent.typ)
	if perr != nil {
		return nil, r.Offset(), &DecodeError{Offset: r.Offset(), Path: perr.path, Err: perr.cause()}
	}
	q := ent.g.alloc()
	c.dec(d, q, c)
	n := r.Offset()
	if err := r.Err(); err != nil {
		if name := topName(c.typ); name != "" {
			addPath(err, name)
		}
		return nil, n, err
	}
	if whole && n != len(b) {
		return nil, n, &DecodeError{Offset: n, Err: wire.Errorf(ErrInvalid, "%d bytes left over after the message", len(b)-n)}
	}
	return ent.g.boxPtr(q), n, nil
}
