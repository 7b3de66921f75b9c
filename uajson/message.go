package uajson

// Service messages in OPC UA JSON: the message is the JSON object of its
// structure with "UaTypeId" (the DataType NodeId of the request or
// response, i=629 for a ReadRequest) inserted first, the form of an
// ExtensionObject holding it (Part 6 §5.4.2.16), which is how the JSON
// mappings of the services carry a message (Annex G). The types are found
// in Options.Types, as for uabin's messages.

import (
	"reflect"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// AppendMessage appends v (a registered structure, a pointer to one, or a
// *uabin.Dynamic) as a service message in the Compact form. On error it
// returns b truncated to its original length; an unregistered type is
// ErrUnknownType.
func AppendMessage(b []byte, v any) ([]byte, error) { return defaults.appendMessage(b, v) }

// MarshalMessage returns v encoded as a service message.
func MarshalMessage(v any) ([]byte, error) { return defaults.appendMessage(nil, v) }

// UnmarshalMessage decodes the JSON text b, a service message, into v: a
// *T of a registered type T (UaTypeId must name T; the value is decoded
// over, as Unmarshal does), or a *any, which receives a pointer to a new
// value of the type UaTypeId names (a *uabin.Dynamic for a run-time
// structure). A UaTypeId no type is registered for, or one of another
// type than T, is an error wrapping ErrUnknownType.
func UnmarshalMessage(b []byte, v any) error { return defaults.unmarshalMessage(b, v) }

// AppendMessage is the package function AppendMessage with options o.
func (o Options) AppendMessage(b []byte, v any) ([]byte, error) { return o.appendMessage(b, v) }

// MarshalMessage is the package function MarshalMessage with options o.
func (o Options) MarshalMessage(v any) ([]byte, error) { return o.appendMessage(nil, v) }

// UnmarshalMessage is the package function UnmarshalMessage with options o.
func (o Options) UnmarshalMessage(b []byte, v any) error { return o.unmarshalMessage(b, v) }

func (o *Options) appendMessage(b []byte, v any) ([]byte, error) {
	if v == nil {
		return b, &wire.EncodeError{Package: "uajson", Err: wire.Errorf(wire.ErrInvalid, "a nil message")}
	}
	eo := types.ExtensionObject{Encoding: types.ExtensionObjectBinary, Value: v}
	return o.append(b, &eo)
}

func (o *Options) unmarshalMessage(b []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &wire.DecodeError{Package: "uajson", Err: wire.Errorf(wire.ErrUnsupported, "decoding a message needs a non-nil pointer, got %s", typeName(reflect.TypeOf(v)))}
	}
	into, anyOut := v, rv.Type().Elem().Kind() == reflect.Interface
	if anyOut {
		into = nil
	}
	eo := types.ExtensionObject{Value: into}
	if err := o.unmarshal(b, &eo); err != nil {
		return messagePath(err, rv.Type().Elem(), eo.Value)
	}
	switch x := eo.Value.(type) {
	case nil, RawStructure:
		return &wire.DecodeError{Package: "uajson", Err: wire.Errorf(wire.ErrUnknownType, "message of type %v: no type is registered for it", eo.TypeID)}
	default:
		if anyOut {
			rv.Elem().Set(reflect.ValueOf(x))
			return nil
		}
		if reflect.TypeOf(x) != rv.Type() {
			return &wire.DecodeError{Package: "uajson", Err: wire.Errorf(wire.ErrUnknownType, "message of type %v is a %T, want a %v", eo.TypeID, x, rv.Type())}
		}
	}
	return nil
}

// messagePath names the message, not the ExtensionObject that carries it,
// at the head of the path of err, as uabin's UnmarshalMessage does
// ("ReadRequest.NodesToRead[3].NodeId"): the type decoded into (want), or
// for an interface the type of the value decoded so far, if any.
func messagePath(err error, want reflect.Type, got any) error {
	de, ok := err.(*wire.DecodeError)
	if !ok {
		return err
	}
	t := want
	if t.Kind() == reflect.Interface {
		if got == nil {
			return err
		}
		t = reflect.TypeOf(got)
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if rest, ok := strings.CutPrefix(de.Path, "ExtensionObject"); ok && t.Name() != "" && (rest == "" || rest[0] == '.') {
		de.Path = t.Name() + rest
	}
	return err
}
