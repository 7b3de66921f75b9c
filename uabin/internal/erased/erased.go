// Package erased holds the codecs of uabin/fastpath with their Go type
// erased, as package uabin calls them: the built-in codecs that the engine
// always uses, and the fast paths of a fastpath.Set. It keeps
// unsafe.Pointer out of fastpath's API: fastpath fills in this package's
// variables at initialisation, and uabin reads them. The other way round,
// uabin fills in Engine, which fastpath.Verify calls.
package erased

import (
	"reflect"
	"unsafe"

	"github.com/uabin/uabin/uabin/wire"
)

// Codec is a codec of one Go type; the pointers point to a value of Type.
type Codec struct {
	Type reflect.Type
	// Append appends the value and returns true, or returns false having
	// appended nothing to decline (fast paths only).
	Append func(w *wire.Writer, p unsafe.Pointer) bool
	// Consume decodes into the value and returns true, or returns false
	// having consumed nothing to decline (fast paths only).
	Consume func(r *wire.Reader, p unsafe.Pointer) bool
	// MinSize is the fewest bytes a value takes on the wire (built-in
	// codecs only; 0 for fast paths).
	MinSize int
	// IsZero reports whether the value is the type's zero value, the
	// presence test of optional fields (built-in codecs only).
	IsZero func(p unsafe.Pointer) bool

	// AppendTop and ConsumeTop, where set, encode and decode a top-level
	// value with a Writer or Reader of their own, on their stack, so that
	// the call needs no pooled state. They are set for the built-ins
	// (every one but ExtensionObject). They report false if the value
	// fails or meets an ExtensionObject body, which needs the call's
	// registry (hook.Deferred); the engine then runs the call the usual
	// way, which gives the result or the error with its path. maxDepth is
	// the Writer's MaxDepth; the limits are resolved (wire.Limits.Resolved)
	// and must not be retained.
	AppendTop  func(b []byte, emptyStrings bool, maxDepth int, p unsafe.Pointer) ([]byte, bool)
	ConsumeTop func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool)
}

// Builtin maps each Go type that the ua: tags cannot describe (NodeID,
// ExpandedNodeID, time.Time, Variant, ExtensionObject) to its one codec.
// Filled by package fastpath at initialisation and never changed after.
var Builtin = map[reflect.Type]*Codec{}

// Lookup returns the fast path that the *fastpath.Set set holds for t, or
// nil. From then on the set refuses to register one for t. Set by package
// fastpath.
var Lookup func(set any, t reflect.Type) *Codec

// Of erases the type of a pair of typed functions.
func Of[T any](app func(*wire.Writer, *T) bool, cons func(*wire.Reader, *T) bool) *Codec {
	return &Codec{
		Type:    reflect.TypeFor[T](),
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { return app(w, (*T)(p)) },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { return cons(r, (*T)(p)) },
	}
}
