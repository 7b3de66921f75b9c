package uabin

import "github.com/uabin/uabin/uabin/internal/engine"

// A Codec encodes and decodes values of one Go type T with fixed Options.
// It gives the bytes and errors of Options.Append, Unmarshal and Decode on
// a *T, without their per-call work: the plan of T is found once, by
// NewCodec, instead of from the interface value on every call, and the
// options are resolved once. For integers, floating-point numbers,
// strings, slices of those (ByteString as []byte) and the built-ins
// (NodeID, ExpandedNodeID, time.Time, GUID, QualifiedName, LocalizedText,
// Variant, DataValue, DiagnosticInfo) a call needs no pooled call state
// either (a Variant that holds an ExtensionObject body takes the usual
// path): it is then little more than the wire rule itself; for the others
// it saves the lookup.
//
// Use it where one type is encoded or decoded in a loop; Marshal, Append
// and Unmarshal remain the general API. A Codec is safe for concurrent use.
type Codec[T any] struct {
	e engine.Codec[T]
}

// NewCodec returns the Codec of T with options o (copied: later changes to
// o do not reach the Codec). It fails, with an error wrapping
// ErrUnsupported that names the field, if T cannot be encoded.
func NewCodec[T any](o Options) (*Codec[T], error) {
	e, err := engine.NewCodec[T]((*engine.Of[Registry])(&o).Options())
	if err != nil {
		return nil, err
	}
	return &Codec[T]{e: *e}, nil
}

// Append appends the encoding of *v to b, as Options.Append(b, v). A nil v
// encodes the zero value of T.
func (k *Codec[T]) Append(b []byte, v *T) ([]byte, error) { return k.e.Append(b, v) }

// Marshal returns the encoding of *v, as Options.Marshal(v).
func (k *Codec[T]) Marshal(v *T) ([]byte, error) { return k.e.Append(nil, v) }

// Unmarshal decodes all of b into *v, as Options.Unmarshal(b, v).
func (k *Codec[T]) Unmarshal(b []byte, v *T) error { return k.e.Unmarshal(b, v) }

// Decode decodes one value from the start of b into *v and returns the
// number of bytes it took, as Options.Decode(b, v).
func (k *Codec[T]) Decode(b []byte, v *T) (int, error) { return k.e.Decode(b, v) }

// A MessageCodec encodes and decodes the service messages of one
// registered type T with fixed Options: a Codec with the message's binary
// encoding id (Part 6 §5.2.9) found once, by NewMessageCodec, instead of in
// the registry on every call. It gives the bytes and errors of
// Options.AppendMessage and UnmarshalMessage on a *T. The registration is
// read once: a MessageCodec made before T was registered again keeps the
// id it found, and for a type registered by namespace URI the index that
// Options.NamespaceURIs gave it then (make a new MessageCodec when the
// session's namespace table changes). A MessageCodec is safe for
// concurrent use.
type MessageCodec[T any] struct {
	e engine.MessageCodec[T]
}

// NewMessageCodec returns the MessageCodec of T with options o (copied).
// T must be registered in o's registry (Options.Types, by default
// DefaultRegistry, which holds every standard service message), or the
// error wraps ErrUnknownType; a T that cannot be encoded is
// ErrUnsupported, as for NewCodec.
func NewMessageCodec[T any](o Options) (*MessageCodec[T], error) {
	e, err := engine.NewMessageCodec[T]((*engine.Of[Registry])(&o).Options())
	if err != nil {
		return nil, err
	}
	return &MessageCodec[T]{e: *e}, nil
}

// Append appends *v as a service message, as Options.AppendMessage(b, v).
// A nil v encodes the zero value of T.
func (k *MessageCodec[T]) Append(b []byte, v *T) ([]byte, error) { return k.e.Append(b, v) }

// Marshal returns *v encoded as a service message, as
// Options.MarshalMessage(v).
func (k *MessageCodec[T]) Marshal(v *T) ([]byte, error) { return k.e.Append(nil, v) }

// Unmarshal decodes all of b, a service message, into *v, as
// Options.UnmarshalMessage(b, v): the type id must be T's.
func (k *MessageCodec[T]) Unmarshal(b []byte, v *T) error { return k.e.Unmarshal(b, v) }
