package erased

import (
	"reflect"
	"sync"
)

// Set is a set of fast paths, at most one per Go type, and the built-in
// codecs, which every set shares; fastpath.Set is this type (its
// registration API is fastpath.Register).
type Set struct {
	mu       sync.Mutex
	builtins map[reflect.Type]*Codec // the built-in codecs (NodeID, Variant, ...), shared, never changed
	codecs   map[reflect.Type]*Codec // the fast paths
	looked   map[reflect.Type]bool   // the types the engine has asked about
}

// NewSet returns a Set holding the fast paths fast and the built-in codecs
// builtins (kept, not copied).
func NewSet(builtins map[reflect.Type]*Codec, fast []*Codec) *Set {
	s := &Set{builtins: builtins, codecs: make(map[reflect.Type]*Codec, len(fast)), looked: map[reflect.Type]bool{}}
	for _, c := range fast {
		s.codecs[c.Type] = c
	}
	return s
}

// Builtins returns the built-in codecs by Go type; the map must not be
// changed.
func (s *Set) Builtins() map[reflect.Type]*Codec { return s.builtins }

// Lookup returns the fast path for t, or nil. The engine calls it while
// building a plan; from then on Add refuses t.
func (s *Set) Lookup(t reflect.Type) *Codec {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.looked[t] = true
	return s.codecs[t]
}

// Add adds the fast path c for its type, unless the type has a built-in
// codec or a fast path already (dup) or the engine has asked about it
// (inUse).
func (s *Set) Add(c *Codec) (dup, inUse bool) {
	if s.builtins[c.Type] != nil {
		return true, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.codecs[c.Type] != nil:
		return true, false
	case s.looked[c.Type]:
		return false, true
	}
	s.codecs[c.Type] = c
	return false, false
}
