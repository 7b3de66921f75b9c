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
