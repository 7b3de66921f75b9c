// Package hook connects package uabin to state kept inside uabin/wire's
// Reader and Writer without exporting that state from wire: the bodies of
// ExtensionObjects (which only the engine's type registry can encode and
// decode) and the rewinding that lets the engine report a failed fast path
// exactly as its plan would.
//
// Package wire sets the function variables at initialisation. They take
// the *wire.Reader or *wire.Writer as an any, since this package sits below
// wire and cannot name its types; they are called on rare paths only
// (ExtensionObject bodies and failures).
package hook

import "github.com/uabin/uabin/types"

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

// Mark is a position of a Reader or Writer to rewind to: the offset (or
// the length of the buffer), the end of a limited Reader and the depth.
// The engine takes one from the exported methods (Offset, Remaining,
// Depth; len(Buf)), which costs nothing; only rewinding needs this package.
type Mark struct{ Off, End, Depth int }

var (
	// WriterBodies returns the BodyAppender slot of a *wire.Writer.
	WriterBodies func(w any) *BodyAppender
	// ReaderBodies returns the BodyConsumer slot of a *wire.Reader.
	ReaderBodies func(r any) *BodyConsumer
	// RewindWriter restores a *wire.Writer's position and clears its error.
	RewindWriter func(w any, m Mark)
	// RewindReader restores a *wire.Reader's position and clears its error.
	RewindReader func(r any, m Mark)
)
