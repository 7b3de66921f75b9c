package engine

// The plan cache: one per fast-path set (or none), from Go type to codec,
// filled by the builder (builder.go) from the type's model and read
// without locks. A type without a model (uamodel.Of failed) caches the
// model's error.

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/fastpath"
)

// planCaches maps a *fastpath.Set to its *planCache. Keys are
// pointer-shaped, so lookups do not allocate (a struct key would be boxed).
var planCaches sync.Map

// planCache holds the plans built for one fast-path set (or none).
type planCache struct {
	m sync.Map // reflect.Type → *codec or *uamodel.Error
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

// codecFor returns the codec of t for the fast-path set (nil: none).
func codecFor(set *fastpath.Set, t reflect.Type) (*codec, *uamodel.Error) {
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
	m, err := uamodel.Of(t)
	if err != nil {
		cache.m.Store(t, err)
		return nil, err
	}
	b := newBuilder(set)
	c := b.codec(m)
	b.publish()
	return c, nil
}

// topCodec returns the codec of the value v holds (ptr false) or points to
// (ptr true), for a top-level call. The codec last returned is found by
// comparing type words: no reflection, no hashing, no interface
// comparison (the three were a fifth of a call on a small value).
func topCodec(set *fastpath.Set, v any) (c *codec, ptr bool, err *uamodel.Error) {
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
func (pc *planCache) load(t reflect.Type) (*codec, *uamodel.Error, bool) {
	v, ok := pc.m.Load(t)
	if !ok {
		return nil, nil, false
	}
	if c, ok := v.(*codec); ok {
		return c, nil, true
	}
	return nil, v.(*uamodel.Error), true
}
