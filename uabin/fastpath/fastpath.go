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
	Type    reflect.Type
	Append  func(w *wire.Writer, p unsafe.Pointer) bool
	Consume func(r *wire.Reader, p unsafe.Pointer) bool
	Size    func(p unsafe.Pointer) int // nil if unknown
}

// erase turns typed functions into a Codec. It is the only place in this
// package where an unsafe.Pointer becomes a *T.
func erase[T any](f Funcs[T]) *Codec {
	c := &Codec{
		Type:    reflect.TypeFor[T](),
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { return f.Append(w, (*T)(p)) },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { return f.Consume(r, (*T)(p)) },
	}
	if f.Size != nil {
		c.Size = func(p unsafe.Pointer) int { return f.Size((*T)(p)) }
	}
	return c
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
