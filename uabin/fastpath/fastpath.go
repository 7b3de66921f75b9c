// Package fastpath holds handwritten OPC UA Binary codecs for the hot
// built-in types (NodeID, ExpandedNodeID, GUID, DateTime and time.Time,
// StatusCode, QualifiedName, LocalizedText, Variant, DataValue,
// DiagnosticInfo, ExtensionObject) and the public way to register a fast
// path for a type of your own.
//
// Fast paths change speed, never bytes: the uabin engine is complete without
// them, and with them every value encodes to the same bytes and decodes to
// the same value. The engine uses the built-in fast paths by default (no
// import needed); uabin.Options{DisableFastPaths: true} switches all of them
// off, which is what the differential tests and bench/compare do.
//
// # Built-in fast paths
//
// Each built-in type has one file named after it, with the same
// vocabulary: sizeX, appendX and consumeX over wire.Writer and
// wire.Reader, bundled into a Codec listed in builtin.go. They implement
// the contract of docs/types.md exactly; beyond it they promise:
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
//     instead of allocated again. ByteStrings and ExtensionObject bodies
//     always get new memory.
//   - Size is exact, or -1 where it is unknown: an ExtensionObject holding
//     a Go Value (its body size is only known to the engine), and values
//     that cannot be encoded.
//   - An ExtensionObject holding a Go Value is encoded in one pass: room for
//     a FourByte TypeID is reserved, the engine appends the body, the
//     length is back-patched, and the TypeID is written in front (the body
//     is moved once if the TypeID needs another size). With no Engine such
//     values fail with ErrUnknownType, and decoded bodies stay raw.
//   - Nesting is counted as the engine counts it (a non-null Variant, a
//     DataValue, a DiagnosticInfo each enter one level). Encoding counts
//     too, with the counter of wire.Writer that the engine shares (limit
//     Options.MaxDepth), so that a cyclic value fails with
//     ErrLimitExceeded and both modes refuse the same values.
package fastpath

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/uabin/uabin/uabin/wire"
)

// Funcs are the fast-path functions for values of type T.
type Funcs[T any] struct {
	// Append appends the encoding of *v to w and returns true, or returns
	// false without appending anything to decline: the engine then encodes
	// *v with its plan. Errors are recorded with w.Fail.
	Append func(w *wire.Writer, v *T) bool
	// Consume decodes one value from r into *v and returns true, or
	// returns false without consuming anything to decline: the engine then
	// decodes with its plan. Errors are recorded with r.Fail.
	Consume func(r *wire.Reader, v *T) bool
	// Size returns the number of bytes Append would write for *v, or -1 if
	// it does not know. Optional.
	Size func(v *T) int
}

// Codec is a fast path with its type erased, as the engine uses it. The
// pointers point to a value of type Type.
type Codec struct {
	Type    reflect.Type                                // the Go type of the values
	Append  func(w *wire.Writer, p unsafe.Pointer) bool // Funcs.Append over a *Type
	Consume func(r *wire.Reader, p unsafe.Pointer) bool // Funcs.Consume over a *Type
	Size    func(p unsafe.Pointer) int                  // Funcs.Size over a *Type; nil if unknown
}

// Registration errors, wrapped by the errors Register returns.
var (
	ErrDuplicate = errors.New("uabin/fastpath: a fast path for this type is already registered")
	ErrInUse     = errors.New("uabin/fastpath: the engine already built a plan for this type with this set")
	ErrNilFunc   = errors.New("uabin/fastpath: Append and Consume must not be nil")
)

// Set is a set of fast paths, at most one per Go type. Every Set starts with
// the built-in fast paths. A Set is safe for concurrent use; registrations
// must happen before the engine first builds a plan that involves the type
// (Register reports ErrInUse otherwise), so that a cached plan never
// disagrees with the set.
type Set struct {
	mu     sync.Mutex
	codecs map[reflect.Type]*Codec
	looked map[reflect.Type]bool // types the engine has asked about
}

// Default is the Set that the uabin engine uses when its options name no
// other. Registering into it affects every uabin.Options that does not
// carry its own Set.
var Default = NewSet()

// NewSet returns a Set holding the built-in fast paths.
func NewSet() *Set {
	s := &Set{codecs: make(map[reflect.Type]*Codec, len(builtins)), looked: map[reflect.Type]bool{}}
	for _, c := range builtins {
		s.codecs[c.Type] = c
	}
	return s
}

// Register adds a fast path for values of type T to s (Default if s is nil).
// It fails if Append or Consume is nil, if T already has a fast path in s
// (built-in types included), or if the engine has already built a plan
// involving T with s.
func Register[T any](s *Set, f Funcs[T]) error {
	if s == nil {
		s = Default
	}
	t := reflect.TypeFor[T]()
	if f.Append == nil || f.Consume == nil {
		return fmt.Errorf("%w (type %v)", ErrNilFunc, t)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.codecs[t] != nil {
		return fmt.Errorf("%w: %v", ErrDuplicate, t)
	}
	if s.looked[t] {
		return fmt.Errorf("%w: %v", ErrInUse, t)
	}
	s.codecs[t] = erase(f)
	return nil
}

// Lookup returns the fast path for t, or nil. The engine calls it while
// building a plan; from then on Register refuses t for this set.
func (s *Set) Lookup(t reflect.Type) *Codec {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.looked[t] = true
	return s.codecs[t]
}

// Builtin returns the built-in fast path for t, or nil. It does not look at
// user registrations.
func Builtin(t reflect.Type) *Codec { return builtinByType[t] }
