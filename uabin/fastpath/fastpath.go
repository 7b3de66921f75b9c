// Package fastpath holds the handwritten OPC UA Binary codecs of the
// built-in types and the public way to register a fast path for a type of
// your own.
//
// # Built-in codecs
//
// The built-in types that the ua: tags cannot describe have exactly one
// codec each, here, which the uabin engine always uses: NodeID,
// ExpandedNodeID, time.Time (as a DateTime), Variant and ExtensionObject.
// They implement the contract of docs/types.md; each has a file named after
// it with appendX and consumeX over wire.Writer and wire.Reader.
//
// # Fast paths
//
// The structure-shaped built-ins have a plan that their tags describe, and
// a handwritten fast path beside it: GUID, QualifiedName, LocalizedText,
// DataValue and DiagnosticInfo. Every Set holds these, and a user may add
// fast paths of their own types with Register. uabin.Options{DisableFastPaths:
// true} switches off exactly these fast paths (never the built-in codecs),
// which is what the differential tests and bench/compare do.
//
// The structures of package types and of companion packages that
// cmd/uabingen generates have generated fast paths (package types/bincodec,
// NAME_codecs_gen.go), registered in Default with Register; they call the
// built-in codecs through the exported functions of generated.go
// (AppendNodeID, ConsumeVariant, ...).
//
// Fast paths change speed, never bytes or errors: a fast path must produce
// the bytes of the plan it replaces and accept the same input. When a fast
// path records an error, the engine decodes (or encodes) the whole value
// again without fast paths, so that the error reported (offset, path and
// message) is the plan's in both modes; if the plans accept what the fast
// path refused, the fast path's error stands. The success path pays nothing
// for this. Verify checks a fast path of your own against the
// plan on sample values and reports the first byte that differs.
//
// Beyond the contract the built-in codecs and fast paths promise:
//
//   - Encoding never allocates. Numeric Variant arrays (SByte..Double,
//     DateTime, StatusCode; never Boolean) are copied in one block on
//     little-endian hosts, with a portable loop elsewhere.
//   - Decoding into a reused value reuses what it can: numeric Variant
//     scalars go to the Variant's unboxed storage; a Variant array of the
//     type and length the Variant already holds is decoded into the same
//     memory (so other values sharing that slice see the new elements);
//     a string (NodeId identifier, LocalizedText, QualifiedName name,
//     Variant String, ...) equal to the one the value already holds is kept
//     instead of allocated again; the strings one call does allocate share
//     one backing array (wire.Reader.Text). An ExtensionObject body of the
//     type whose pointer the ExtensionObject already holds in Value is
//     decoded over that value. ByteStrings always get new memory.
//   - An ExtensionObject holding a Go Value is encoded in one pass: room for
//     a FourByte TypeID is reserved, the engine appends the body, the
//     length is back-patched, and the TypeID is written in front (the body
//     is moved once if the TypeID needs another size). Outside the engine
//     (a bare wire.Writer) such values fail with ErrUnknownType, and
//     decoded bodies stay raw.
//   - Nesting is counted as the engine counts it (a non-null Variant, a
//     DataValue, a DiagnosticInfo each enter one level). Encoding counts
//     too, with the counter of wire.Writer that the engine shares (limit
//     Options.MaxDepth), so that a cyclic value fails with
//     ErrLimitExceeded and both modes refuse the same values.
//
// # Errors
//
// Every error Register returns wraps one of the sentinels of package wire
// (ErrInvalid for every registration error), and also ErrDuplicate,
// ErrInUse or ErrNilFunc, so callers can branch with errors.Is.
package fastpath

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// Funcs are the fast-path functions for values of type T. They must
// produce exactly the bytes of the plan the engine builds from T's fields
// (and its ua: tags), and accept exactly the input the plan accepts,
// whatever the options (EmptyStrings, limits); Verify checks this on
// sample values.
type Funcs[T any] struct {
	// Append appends the encoding of *v to w and returns true, or returns
	// false without appending anything to decline: the engine then encodes
	// *v with its plan. Errors are recorded with w.Fail.
	Append func(w *wire.Writer, v *T) bool
	// Consume decodes one value from r into *v and returns true, or
	// returns false without consuming anything to decline: the engine then
	// decodes with its plan. Errors are recorded with r.Fail.
	Consume func(r *wire.Reader, v *T) bool
	// AppendTop and ConsumeTop are optional: they encode and decode a
	// top-level value with a Writer or Reader on their own stack, so that
	// the call needs no pooled state (a few tens of nanoseconds). Write
	// them with StackAppend and StackConsume around functions that do
	// what Append and Consume do; they report false when the value fails
	// or meets an ExtensionObject body (which needs the call's registry),
	// and the engine then runs the call the usual way. cmd/uabingen
	// writes them for the structures it generates.
	AppendTop  func(b []byte, emptyStrings bool, maxDepth int, v *T) ([]byte, bool)
	ConsumeTop func(b []byte, l *wire.Limits, v *T) (int, bool)
}

// StackAppend appends *v to b with f and a Writer on the caller's stack
// (EmptyStrings and MaxDepth as given), for Funcs.AppendTop, and reports
// whether it succeeded. f must be a function known at the call (not a
// variable), so that the Writer stays on the stack.
func StackAppend[T any](b []byte, emptyStrings bool, maxDepth int, v *T, f func(*wire.Writer, *T)) ([]byte, bool) {
	return erased.AppendStack(b, emptyStrings, maxDepth, v, f)
}

// StackConsume decodes from b into *v with f and a Reader on the caller's
// stack under the resolved limits l, for Funcs.ConsumeTop, and returns the
// bytes used and whether it succeeded; an ExtensionObject body met fails
// (the engine then decodes the usual way, with its registry). f must be a
// function known at the call, as for StackAppend.
func StackConsume[T any](b []byte, l *wire.Limits, v *T, f func(*wire.Reader, *T)) (int, bool) {
	var r wire.Reader // erased.ConsumeStackDeferred, spelt out: a call to it does not inline here
	r.Init(b, l)
	*hook.ReaderBodies(&r) = hook.Deferred
	f(&r, v)
	return r.Offset(), r.OK()
}

// Registration errors, wrapped by the errors Register returns; each wraps
// wire.ErrInvalid.
var (
	// ErrDuplicate: T already has a fast path in the set, or is a built-in
	// type with a codec of its own (NodeID, Variant, ...).
	ErrDuplicate = fmt.Errorf("%w: fastpath: a fast path or built-in codec for this type exists already", wire.ErrInvalid)
	// ErrInUse: the engine already built a plan involving T with this set.
	ErrInUse = fmt.Errorf("%w: fastpath: the engine already built a plan for this type with this set", wire.ErrInvalid)
	// ErrNilFunc: Append or Consume is nil.
	ErrNilFunc = fmt.Errorf("%w: fastpath: Append and Consume must not be nil", wire.ErrInvalid)
)

// Set is a set of fast paths, at most one per Go type. Every Set starts with
// the built-in fast paths. A Set is safe for concurrent use; registrations
// must happen before the engine first builds a plan that involves the type
// (Register reports ErrInUse otherwise), so that a cached plan never
// disagrees with the set. (Its data is an erased.Set, which the engine
// reads.)
type Set erased.Set

// Default is the Set that the uabin engine uses when its options name no
// other. Registering into it affects every uabin.Options that does not
// carry its own Set.
var Default = NewSet()

// NewSet returns a Set holding the built-in fast paths.
func NewSet() *Set { return (*Set)(erased.NewSet(builtinCodecs, fastPaths)) }

// Register adds a fast path for values of type T to s (Default if s is nil).
// It fails if Append or Consume is nil, if T already has a fast path in s
// or is a built-in type with a codec of its own, or if the engine has
// already built a plan involving T with s.
//
// A user fast path must produce the plan's bytes: the engine does not
// compare them when it runs. Check it with Verify, which encodes and
// decodes sample values both ways and reports the first byte that
// differs.
func Register[T any](s *Set, f Funcs[T]) error {
	if s == nil {
		s = Default
	}
	t := reflect.TypeFor[T]()
	if f.Append == nil || f.Consume == nil {
		return fmt.Errorf("%w (type %v)", ErrNilFunc, t)
	}
	c := erased.Of(f.Append, f.Consume)
	if app := f.AppendTop; app != nil {
		c.AppendTop = func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) { return app(b, e, d, (*T)(p)) }
	}
	if cons := f.ConsumeTop; cons != nil {
		c.ConsumeTop = func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) { return cons(b, l, (*T)(p)) }
	}
	switch dup, inUse := (*erased.Set)(s).Add(c); {
	case dup:
		return fmt.Errorf("%w: %v", ErrDuplicate, t)
	case inUse:
		return fmt.Errorf("%w: %v", ErrInUse, t)
	}
	return nil
}
