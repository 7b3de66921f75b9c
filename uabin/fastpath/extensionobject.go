package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// headerGuess is the room reserved in front of a body encoded from a Go
// value, before its TypeID is known: a FourByte NodeId (every standard
// encoding id of namespace 0 above 255) and the Encoding byte. When the
// TypeID needs another size the body is moved once (a memmove, no second
// encoding pass).
const headerGuess = 4 + 1

// appendExtensionObject appends e (docs/types.md, ExtensionObject): a Go
// Value as TypeID, 01, the back-patched Int32 length and the body encoded by
// the engine (ErrUnknownType outside the engine or if the type is not
// registered); else a raw Body with TypeID and Encoding (1 if 0), its
// length -1 if it is wire.NullBody (as decoded from -1), else len(Body);
// else TypeID and 00. An Encoding above 2 is ErrInvalid.
func appendExtensionObject(w *wire.Writer, e *types.ExtensionObject) {
	if e.Value != nil {
		appendExtensionObjectValue(w, e.Value)
		return
	}
	if e.Encoding == types.ExtensionObjectEmpty && e.Body == nil {
		appendNodeID(w, &e.TypeID)
		w.Uint8(byte(types.ExtensionObjectEmpty))
		return
	}
	if e.Encoding > types.ExtensionObjectXML {
		w.Failf(wire.ErrInvalid, "ExtensionObject encoding %d", e.Encoding)
		return
	}
	enc := e.Encoding
	if enc == types.ExtensionObjectEmpty {
		enc = types.ExtensionObjectBinary
	}
	appendNodeID(w, &e.TypeID)
	w.Uint8(byte(enc))
	if wire.IsNullBody(e.Body) {
		w.Null() // the legacy form it was decoded from
		return
	}
	w.Len(len(e.Body))
	w.Raw(e.Body)
}

// appendExtensionObjectValue encodes v's body after room for the header,
// back-patches the length and then moves the header, written after the
// body, into the room in front of it.
func appendExtensionObjectValue(w *wire.Writer, v any) {
	b := *hook.WriterBodies(w)
	if b == nil {
		w.Failf(wire.ErrUnknownType, "ExtensionObject value of type %T: no type registry to encode it with", v)
		return
	}
	start := len(w.Buf)
	w.Buf = append(w.Buf, make([]byte, headerGuess)...)
	lenPos := w.BeginLength()
	id, ok := b.AppendBody(v)
	if !ok {
		w.Buf = w.Buf[:start]
		w.Failf(wire.ErrUnknownType, "ExtensionObject value of type %T is not a registered type", v)
		return
	}
	if w.Err() != nil {
		return
	}
	w.EndLength(lenPos)
	// The header goes after the body first, so that its size is known
	// without a second reading of the NodeId rules, then into its room.
	end := len(w.Buf)
	appendNodeID(w, &id)
	w.Uint8(byte(types.ExtensionObjectBinary))
	if w.Err() != nil {
		return
	}
	var room [headerGuess + 16]byte
	header := append(room[:0], w.Buf[end:]...)
	w.Buf = w.Buf[:end]
	if n := len(header); n != headerGuess {
		// Move length and body so that the header fits in front.
		w.Buf = append(w.Buf, make([]byte, max(n-headerGuess, 0))...)
		copy(w.Buf[start+n:], w.Buf[start+headerGuess:end])
		w.Buf = w.Buf[:end+n-headerGuess]
	}
	copy(w.Buf[start:], header)
}

// consumeExtensionObject decodes an ExtensionObject into e: a binary body
// whose TypeID the engine knows becomes a Go Value (the one e holds, decoded
// over, if it is a pointer to that type; else a new one; the body must be used
// up exactly); every other body is copied into Body with its TypeID and
// Encoding. A body length of -1, which some servers send for an empty
// body, gives the empty raw Body wire.NullBody (written back as -1), whatever
// the TypeID. Encoding bytes above 2 and other negative lengths are
// ErrInvalid, lengths above MaxByteStringLength ErrLimitExceeded.
func consumeExtensionObject(r *wire.Reader, e *types.ExtensionObject) {
	consumeNodeID(r, &e.TypeID)
	enc := types.ExtensionObjectEncoding(r.Uint8())
	old := e.Value // a body of its type is decoded into it
	e.Encoding, e.Value, e.Body = enc, nil, nil
	if r.Err() != nil {
		return
	}
	switch enc {
	case types.ExtensionObjectEmpty:
		return
	case types.ExtensionObjectBinary, types.ExtensionObjectXML:
	default:
		r.FailAt(r.Offset()-1, wire.ErrInvalid, "ExtensionObject encoding byte %d", enc)
		return
	}
	at := r.Offset() // errors of the length are reported at its first byte
	n := int(r.Int32())
	switch {
	case r.Err() != nil:
		return
	case n == -1:
		e.Body = wire.NullBody
		return
	case n < 0:
		r.FailAt(at, wire.ErrInvalid, "ExtensionObject body length %d", n)
		return
	case n > r.Limits.MaxByteStringLength:
		r.FailAt(at, wire.ErrLimitExceeded, "ExtensionObject body length %d above the limit %d", n, r.Limits.MaxByteStringLength)
		return
	case n > r.Remaining():
		r.FailAt(at, wire.ErrTruncated, "ExtensionObject body length %d needs %d bytes, %d left", n, n, r.Remaining())
		return
	}
	b := *hook.ReaderBodies(r)
	if b == hook.Deferred && enc == types.ExtensionObjectBinary {
		r.Fail(wire.Errorf(wire.ErrUnsupported, "%v", hook.ErrDeferred))
		return
	}
	if enc == types.ExtensionObjectBinary && b != nil {
		saved := r.Limit(n)
		if r.Err() != nil {
			return
		}
		v, known := b.ConsumeBody(e.TypeID, old)
		if known {
			if r.Err() == nil && r.Remaining() != 0 {
				r.Failf(wire.ErrInvalid, "ExtensionObject body of %v: %d of %d bytes left over", e.TypeID, r.Remaining(), n)
				return
			}
			r.Unlimit(saved)
			e.Value = v
			return
		}
		r.Unlimit(saved)
	}
	body := r.Raw(n)
	switch {
	case r.Err() != nil:
	case r.Limits.ShareInput: // the input's memory, capacity capped (Raw)
		e.Body = body
	default:
		e.Body = append(make([]byte, 0, n), body...)
	}
}
