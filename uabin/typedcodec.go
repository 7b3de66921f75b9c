package uabin

import (
	"reflect"
	"unsafe"

	"github.com/uabin/uabin/uabin/wire"
)

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
	o     Options
	c     *codec
	max   int         // MaxMessageSize, resolved
	lim   wire.Limits // the decoder limits, resolved, for the stack paths
	empty bool        // EmptyStrings
	depth int         // the Writer's MaxDepth
	// The stack paths, in the form of erased.Codec.AppendTop and
	// ConsumeTop: a built-in's own, called directly (one indirect call per
	// call), or a closure for primitives and flat values; nil for the
	// types that take the call state.
	app  func(b []byte, emptyStrings bool, maxDepth int, p unsafe.Pointer) ([]byte, bool)
	cons func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool)
}

// NewCodec returns the Codec of T with options o (copied: later changes to
// o do not reach the Codec). It fails, with an error wrapping
// ErrUnsupported that names the field, if T cannot be encoded.
func NewCodec[T any](o Options) (*Codec[T], error) {
	c, perr := codecFor(o.set(), reflect.TypeFor[T]())
	if perr != nil {
		return nil, perr.withPath()
	}
	k := &Codec[T]{o: o, c: c, max: o.messageLimit(), lim: o.topLimits(), empty: o.EmptyStrings, depth: o.writerDepth()}
	switch x := c.ext; {
	case c.op != opCodec:
		op := c.op
		k.app = func(b []byte, e bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer // field by field, as in fastpath/top.go
			w.Buf, w.EmptyStrings = b, e
			appendPrimitive(&w, pointer{p}, op)
			return w.Buf, w.Err() == nil
		}
		k.cons = func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumePrimitive(&r, pointer{p}, op)
			return r.Offset(), r.Err() == nil
		}
	case c.flat != flatNone:
		k.app = func(b []byte, e bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings = b, e
			appendFlat(&w, pointer{p}, c)
			return w.Buf, w.Err() == nil
		}
		k.cons = func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeFlat(&r, pointer{p}, c)
			return r.Offset(), r.Err() == nil
		}
	case x != nil && x.AppendTop != nil:
		k.app, k.cons = x.AppendTop, x.ConsumeTop
	}
	return k, nil
}

// Append appends the encoding of *v to b, as Options.Append(b, v). A nil v
// encodes the zero value of T.
func (k *Codec[T]) Append(b []byte, v *T) ([]byte, error) {
	if k.app != nil && v != nil {
		if out, ok := k.app(b, k.empty, k.depth, unsafe.Pointer(v)); ok {
			return out, nil
		}
	}
	p := pointer{unsafe.Pointer(v)}
	if v == nil {
		p = pointer{k.c.g.zero}
	}
	return k.o.appendCodec(b, v, k.c, p, false, nil)
}

// Marshal returns the encoding of *v, as Options.Marshal(v).
func (k *Codec[T]) Marshal(v *T) ([]byte, error) { return k.Append(nil, v) }

// Unmarshal decodes all of b into *v, as Options.Unmarshal(b, v).
func (k *Codec[T]) Unmarshal(b []byte, v *T) error {
	if k.cons != nil && v != nil && len(b) <= k.max {
		if n, ok := k.cons(b, &k.lim, unsafe.Pointer(v)); ok && n == len(b) {
			return nil
		}
	}
	_, err := k.decode(b, v, true)
	return err
}

// Decode decodes one value from the start of b into *v and returns the
// number of bytes it took, as Options.Decode(b, v).
func (k *Codec[T]) Decode(b []byte, v *T) (int, error) {
	if k.cons != nil && v != nil {
		in := b
		if len(in) > k.max {
			in = in[:k.max]
		}
		if n, ok := k.cons(in, &k.lim, unsafe.Pointer(v)); ok {
			return n, nil
		}
	}
	return k.decode(b, v, false)
}

// decode runs the usual decoding call: the values that the stack path does
// not take, and the errors.
func (k *Codec[T]) decode(b []byte, v *T, whole bool) (int, error) {
	if v == nil {
		return 0, &DecodeError{Err: wire.Errorf(ErrUnsupported, "decoding needs a non-nil pointer, got %T", v)}
	}
	return k.o.consumeCodec(b, v, k.c, nil, whole, false)
}
