package wire

import "github.com/uabin/uabin/types"

// Engine is the part of the uabin engine that codecs call back into for
// values they cannot handle alone: the bodies of ExtensionObjects, whose Go
// type is only known to the type registry. The uabin package installs one in
// every Writer and Reader it creates; a nil Engine makes ExtensionObjects
// with Go values unencodable and keeps every decoded body raw.
type Engine interface {
	// AppendBody appends the binary body of v (a registered structure, or a
	// pointer to one) to w and returns the binary encoding id to put in the
	// ExtensionObject's TypeID. ok is false if v's type is not registered;
	// then nothing is appended and w has no error.
	AppendBody(w *Writer, v any) (typeID types.NodeID, ok bool)
	// ConsumeBody decodes a whole binary body of the type registered for the
	// binary encoding id typeID from r (which the caller has limited to the
	// body's length) and returns a pointer to the new value. known is false
	// if no type is registered for typeID; then nothing is consumed.
	// ConsumeBody enters one nesting level itself (see Reader.Enter); the
	// ExtensionObject codec that calls it does not.
	ConsumeBody(r *Reader, typeID types.NodeID) (v any, known bool)
}
