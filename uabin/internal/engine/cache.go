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
	// recent holds the codecs found lately, each in the slot of the type
	// word it was asked for by (recentSlot: its valRT, or its ptrRT at the
	// top level), so that the types a program uses find their codec with a
	// multiplication and a compare instead of sync.Map.Load (an interface
	// key's hash: a third of the cost of encoding a small value). A slot
	// holds one codec; two types whose words share a slot take turns.
	recent [1 << recentBits]atomic.Pointer[codec]
}

// recentBits is log2 of the slots of planCache.recent: 64 slots, 512
// bytes per cache.
const recentBits = 6

// recentSlot is the slot of type word rt in planCache.recent (Fibonacci
// hashing: the word's bits spread over the top recentBits).
func recentSlot(rt uintptr) uint {
	return uint(uint64(rt) * 0x9e3779b97f4a7c15 >> (64 - recentBits))
}

// remember puts c in the slot of type word rt (c's valRT or ptrRT), unless
// it is there already (a store per call would make concurrent callers
// fight over the cache line).
func (pc *planCache) remember(rt uintptr, c *codec) {
	if slot := &pc.recent[recentSlot(rt)]; slot.Load() != c {
		slot.Store(c)
	}
}

// recentFor returns the codec in rt's slot of recent and whether rt is the
// type word of its pointer type (true) or of its type (false); nil if the
// slot holds another type's codec.
func (pc *planCache) recentFor(rt uintptr) (c *codec, ptr bool) {
	if c = pc.recent[recentSlot(rt)].Load(); c != nil {
		switch rt {
		case c.ptrRT:
			return c, true
		case c.valRT:
			return c, false
		}
	}
	return nil, false
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
	rt := typeWord(t)
	if c, ptr := cache.recentFor(rt); c != nil && !ptr {
		return c, nil
	}
	if c, err, ok := cache.load(t); ok {
		if c != nil {
			cache.remember(rt, c)
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
// (ptr true), for a top-level call. A codec in recent is found by
// comparing type words: no reflection, no hashing, no interface
// comparison (the three were a fifth of a call on a small value).
func topCodec(set *fastpath.Set, v any) (c *codec, ptr bool, err *uamodel.Error) {
	cache := cacheFor(set)
	rt := rtypeOf(v)
	if c, ptr := cache.recentFor(rt); c != nil {
		return c, ptr, nil
	}
	t := reflect.TypeOf(v)
	if ptr = t.Kind() == reflect.Pointer; ptr {
		t = t.Elem()
	}
	if c, err = codecFor(set, t); c != nil {
		cache.remember(rt, c)
	}
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
