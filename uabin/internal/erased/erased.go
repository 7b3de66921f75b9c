// Package erased holds the codecs of uabin/fastpath with their Go type
// erased, as the engine (uabin/internal/engine) calls them: the built-in
// codecs that the engine always uses, and the fast paths of a
// fastpath.Set, which is a Set of this package (type fastpath.Set
// erased.Set), so that the engine reads a set's codecs by a conversion,
// not through a variable that fastpath fills. It keeps unsafe.Pointer out
// of fastpath's API. It also holds the one top-level stack path
// (stack.go).
//
// This file imports unsafe (the erased pointers).
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
	// value with a Writer or Reader of their own, on their stack
	// (AppendStack, ConsumeStack), so that the call needs no pooled state.
	// They are set for the built-ins (every one but ExtensionObject). They
	// report false if the value fails or meets an ExtensionObject body,
	// which needs the call's registry (hook.Deferred); the engine then runs
	// the call the usual way, which gives the result or the error with its
	// path. maxDepth is the Writer's MaxDepth; the limits are resolved
	// (wire.Limits.Resolved) and must not be retained.
	AppendTop  AppendTop
	ConsumeTop ConsumeTop
}

// AppendTop encodes a top-level value with a Writer on its own stack
// (AppendStack); see Codec.AppendTop.
type AppendTop = func(b []byte, emptyStrings bool, maxDepth int, p unsafe.Pointer) ([]byte, bool)

// ConsumeTop decodes a top-level value with a Reader on its own stack
// (ConsumeStack); see Codec.ConsumeTop.
type ConsumeTop = func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool)

// Of erases the type of a pair of typed functions.
func Of[T any](app func(*wire.Writer, *T) bool, cons func(*wire.Reader, *T) bool) *Codec {
	return &Codec{
		Type:    reflect.TypeFor[T](),
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { return app(w, (*T)(p)) },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { return cons(r, (*T)(p)) },
	}
}
