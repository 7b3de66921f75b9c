package erased

import (
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// The top-level stack-only path, written once: a value encoded or decoded
// with a Writer or Reader of its own, on the stack of the caller, so that
// the call needs no pooled state. The engine uses it for primitives,
// ByteStrings and slices of primitives, package fastpath for the built-ins
// (Codec.AppendTop, ConsumeTop); Codec[T] and the general API reach both.
//
// f must be a function or function literal known where AppendStack and
// ConsumeStack are called: both inline, and f's call then is a direct
// one, through which the Writer or Reader does not escape to the heap (an
// indirect call would move it there). The Writer is assigned field by
// field and the limits passed by pointer: a composite literal or a
// 40-byte argument is built aside and copied in overlapping moves, which
// stall (docs/performance.md, entry 20).

// AppendStack appends the value at p with f, with a Writer on the stack,
// and reports whether it succeeded (on failure the caller runs the usual
// path, which gives the error with its path).
func AppendStack[T any](b []byte, emptyStrings bool, maxDepth int, p *T, f func(*wire.Writer, *T)) ([]byte, bool) {
	var w wire.Writer
	w.Buf, w.EmptyStrings, w.MaxDepth = b, emptyStrings, maxDepth
	f(&w, p)
	return w.Buf, w.Err() == nil
}

// ConsumeStack decodes into the value at p with f, with a Reader on the
// stack reading b under the resolved limits l, and returns the bytes used
// and whether it succeeded.
func ConsumeStack[T any](b []byte, l *wire.Limits, p *T, f func(*wire.Reader, *T)) (int, bool) {
	var r wire.Reader
	r.Init(b, l)
	f(&r, p)
	return r.Offset(), r.OK()
}

// ConsumeStackDeferred is ConsumeStack for values that may hold an
// ExtensionObject body (Variant, DataValue): a body met fails
// (hook.Deferred) rather than being kept undecoded, since bodies need the
// call state's registry; the caller then runs the usual path.
func ConsumeStackDeferred[T any](b []byte, l *wire.Limits, p *T, f func(*wire.Reader, *T)) (int, bool) {
	var r wire.Reader
	r.Init(b, l)
	*hook.ReaderBodies(&r) = hook.Deferred
	f(&r, p)
	return r.Offset(), r.OK()
}
