package uabin

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
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
	v, _, err := Options{}.consumeTop(b, nil, true)
	return v, err
}

// DecodeMessage decodes one service message from the start of b and
// returns it with the number of bytes used.
func DecodeMessage(b []byte) (any, int, error) { return Options{}.consumeTop(b, nil, false) }

// MarshalMessage is the package function MarshalMessage with options o.
func (o Options) MarshalMessage(v any) ([]byte, error) { return o.AppendMessage(nil, v) }

// UnmarshalMessage is the package function UnmarshalMessage with options o.
func (o Options) UnmarshalMessage(b []byte) (any, error) {
	v, _, err := o.consumeTop(b, nil, true)
	return v, err
}

// DecodeMessage is the package function DecodeMessage with options o.
func (o Options) DecodeMessage(b []byte) (any, int, error) { return o.consumeTop(b, nil, false) }

// AppendMessage is the package function AppendMessage with options o.
func (o Options) AppendMessage(b []byte, v any) ([]byte, error) { return o.appendTop(b, v, true) }

// nodeIDCodec is the built-in NodeId codec, for the type ids of messages.
var nodeIDCodec = erased.Builtin[typeNodeID]

func appendNodeID(w *wire.Writer, id *types.NodeID) { nodeIDCodec.Append(w, pointerTo(id).raw()) }

// messageType reads a message's type id and returns the codec of the type
// registered for it.
func (s *consumeState) messageType() (*codec, error) {
	nodeIDCodec.Consume(&s.r, pointerTo(&s.typeID).raw())
	if err := s.r.Err(); err != nil {
		return nil, err
	}
	id := s.typeID
	ent := s.reg().byID(id, s.uris)
	if ent == nil {
		return nil, &DecodeError{Offset: s.r.Offset(), Err: wire.Errorf(ErrUnknownType, "no type is registered for the message type id %v", id)}
	}
	c, err := s.entryCodec(ent)
	if err != nil {
		if de, ok := err.(*DecodeError); ok {
			return nil, de
		}
		return nil, &DecodeError{Offset: s.r.Offset(), Err: err}
	}
	return c, nil
}
