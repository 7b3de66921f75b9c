// Package hook connects the binary engine (uabin/internal/engine) to state
// kept inside uabin/wire's Reader and Writer without exporting that state
// from wire: the codec of ExtensionObject bodies, which only the engine's
// type registry can encode and decode. The engine's call state implements
// the typed interfaces BodyAppender and BodyConsumer.
//
// Package wire sets the offsets of the slots at initialisation, since this
// package sits below wire and cannot name its types. The slots are reached
// by pointer arithmetic rather than through a function value so that a
// Reader or Writer does not escape to the heap: an indirect call would make
// every codec that may meet an ExtensionObject (Variant, DataValue) leak its
// Writer, and a top-level Variant could not be encoded with a Writer on the
// stack. This file imports unsafe for that (docs/design.md lists every
// file that does).
package hook

import (
	"errors"
	"unsafe"

	"github.com/uabin/uabin/types"
)

// BodyAppender encodes ExtensionObject bodies for the one Writer it is
// installed in.
type BodyAppender interface {
	// AppendBody appends the binary body of v (a registered structure, or
	// a pointer to one) to its Writer and returns the binary encoding id to
	// put in the ExtensionObject's TypeID. ok is false if v's type is not
	// registered; then nothing is appended and the Writer has no error.
	// It counts one nesting level itself.
	AppendBody(v any) (typeID types.NodeID, ok bool)
}

// BodyConsumer decodes ExtensionObject bodies for the one Reader it is
// installed in.
type BodyConsumer interface {
	// ConsumeBody decodes a whole body of the type registered for the
	// binary encoding id typeID from its Reader (which the caller has
	// limited to the body's length) and returns a pointer to the value:
	// old itself, decoded over, when old is a pointer to a value of that
	// type (the Value of the ExtensionObject decoded into), else a new one.
	// known is false if no type is registered for typeID; then nothing is
	// consumed. It counts one nesting level itself.
	ConsumeBody(typeID types.NodeID, old any) (v any, known bool)
}

// WriterOffset and ReaderOffset are the offsets of the slots in wire.Writer
// and wire.Reader, set by package wire.
var WriterOffset, ReaderOffset uintptr

// WriterBodies returns the BodyAppender slot of w, a *wire.Writer.
func WriterBodies[W any](w *W) *BodyAppender {
	return (*BodyAppender)(unsafe.Add(unsafe.Pointer(w), WriterOffset))
}

// ReaderBodies returns the BodyConsumer slot of r, a *wire.Reader.
func ReaderBodies[R any](r *R) *BodyConsumer {
	return (*BodyConsumer)(unsafe.Add(unsafe.Pointer(r), ReaderOffset))
}

// Deferred is the BodyConsumer of a Reader that has no call state (a
// top-level value decoded with a Reader on the stack): the ExtensionObject
// codec fails with ErrDeferred on a body instead of calling it, and the
// engine decodes the value again with its call state, which has the
// registry.
var Deferred BodyConsumer = deferred{}

// ErrDeferred is the failure of a body met under Deferred; it never
// reaches a caller of package uabin.
var ErrDeferred = errors.New("an ExtensionObject body needs the call state")

type deferred struct{}

func (deferred) ConsumeBody(types.NodeID, any) (any, bool) { return nil, false }
