package uabin

// The plan cache: one per fast-path set (or none), from Go type to codec,
// filled by the builder (builder.go) and read without locks.

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// planCaches maps a *fastpath.Set to its *planCache. Keys are
// pointer-shaped, so lookups do not allocate (a struct key would be boxed).
var planCaches sync.Map

// planCache holds the plans built for one fast-path set (or none).
type planCache struct {
	m sync.Map // reflect.Type → *codec or *planError
	// last is the codec most recently returned at the top level: a loop
	// encoding values of one type finds it without hashing (sync.Map.Load
	// of an interface key is a third of the cost of encoding a small value).
	last atomic.Pointer[codec]
}

// noFastCache is the cache for plans built without fast paths, and
// defaultFastCache the one for fastpath.Default (the common case, found
// without a lookup in planCaches).
var noFastCache, defaultFastCache planCache

// buildMu serialises plan building. Building is rare (once per type), and
// one builder at a time lets a builder hand out references to codecs that
// are still being built (recursive types) without anyone else seeing them
// before they are complete: codecs are published only when the top-level
// build has finished.
var buildMu sync.Mutex

func cacheFor(set *fastpath.Set) *planCache {
	switch set {
	case nil:
		return &noFastCache
	case fastpath.Default:
		return &defaultFastCache
	}
	if m, ok := planCaches.Load(set); ok {
		return m.(*planCache)
	}
	m, _ := planCaches.LoadOrStore(set, new(planCache))
	return m.(*planCache)
}

// planError is a plan-building failure: a Go type with no OPC UA meaning,
// a bad tag. path is relative to the type whose plan failed.
type planError struct {
	path string
	msg  string
}

func (e *planError) Error() string { return e.msg }

// cause returns the error as the cause of an encoding or decoding error
// whose Path is set to e.path.
func (e *planError) cause() error { return wire.Errorf(wire.ErrUnsupported, "%s", e.msg) }

// withPath returns the error with the path in its message, for places that
// report it without a Path (ExtensionObject bodies, RegisterType).
func (e *planError) withPath() error {
	if e.path == "" {
		return e.cause()
	}
	return wire.Errorf(wire.ErrUnsupported, "%s (at %s)", e.msg, e.path)
}

// codecFor returns the codec of t for the fast-path set (nil: none).
func codecFor(set *fastpath.Set, t reflect.Type) (*codec, *planError) {
	cache := cacheFor(set)
	if c := cache.last.Load(); c != nil && c.typ == t {
		return c, nil
	}
	if c, err, ok := cache.load(t); ok {
		if c != nil {
			cache.last.Store(c)
		}
		return c, err
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if c, err, ok := cache.load(t); ok {
		return c, err
	}
	b := newBuilder(set)
	c, err := b.codec(t, "")
	if err != nil {
		cache.m.Store(t, err)
		return nil, err
	}
	b.publish()
	return c, nil
}

// topCodec returns the codec of the value v holds (ptr false) or points to
// (ptr true), for a top-level call. The codec last returned is found by
// comparing type words: no reflection, no hashing, no interface
// comparison (the three were a fifth of a call on a small value).
func topCodec(set *fastpath.Set, v any) (c *codec, ptr bool, err *planError) {
	cache := cacheFor(set)
	rt := rtypeOf(v)
	if c := cache.last.Load(); c != nil {
		switch rt {
		case c.ptrRT:
			return c, true, nil
		case c.valRT:
			return c, false, nil
		}
	}
	t := reflect.TypeOf(v)
	if ptr = t.Kind() == reflect.Pointer; ptr {
		t = t.Elem()
	}
	c, err = codecFor(set, t)
	return c, ptr, err
}

// load returns the cached codec or error of t, and whether there is one.
func (pc *planCache) load(t reflect.Type) (*codec, *planError, bool) {
	v, ok := pc.m.Load(t)
	if !ok {
		return nil, nil, false
	}
	if c, ok := v.(*codec); ok {
		return c, nil, true
	}
	return nil, v.(*planError), true
}
