package uabin

// Service messages (Part 6 §5.2.9): the binary encoding NodeId of the
// message's type (ReadRequest: ns=0;i=631, 01 00 77 02), then the
// structure. The type is found in the Options' registry.
//
// The functions have the shape of encoding/json's: v is a *T of a
// registered type T, into which the message is decoded (its type id must
// be T's; the value is reused as Unmarshal reuses it), or a *any, in which
// a pointer to a new value of the type registered for the message's type
// id is stored.

import "github.com/uabin/uabin/uabin/internal/engine"

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
	_, err := engine.Consume((*engine.Of[Registry])(&o).Options(), b, v, true, true)
	return err
}

// DecodeMessage is the package function DecodeMessage with options o.
func (o Options) DecodeMessage(b []byte, v any) (int, error) {
	return engine.Consume((*engine.Of[Registry])(&o).Options(), b, v, false, true)
}

// AppendMessage is the package function AppendMessage with options o.
func (o Options) AppendMessage(b []byte, v any) ([]byte, error) {
	return engine.Append((*engine.Of[Registry])(&o).Options(), b, v, true)
}
