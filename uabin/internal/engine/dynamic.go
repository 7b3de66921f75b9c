package engine

// Codecs of run-time structures, made by the builder from the model of a
// compiled definition (uamodel.DynType): the block of field values is
// planned by planStruct like a Go struct; a nested structure is a *Dynamic
// whose codec allocates and plans its own block; a matrix has a codec of
// its own (matrix.go).

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// dynPlans is what the engine keeps for a compiled definition
// (uamodel.DynType.Binary): its block codecs, one per fast-path set, the
// allocator of its blocks and the codec of the Dynamic type for values of
// it (messages, ExtensionObject bodies).
type dynPlans struct {
	layout    *goType               // the block
	top       *codec                // the codec of the Dynamic type with dyn set
	none, def atomic.Pointer[codec] // no fast paths; fastpath.Default
	others    sync.Map              // *fastpath.Set → *codec
}

// plansMu serialises making dynPlans (apart from buildMu, which is held
// while plans are built and looked up).
var plansMu sync.Mutex

// plansOf returns the engine's data of t, making it on first use.
func plansOf(t *uamodel.DynType) *dynPlans {
	if p, ok := t.Binary.Load().(*dynPlans); ok {
		return p
	}
	plansMu.Lock()
	defer plansMu.Unlock()
	if p, ok := t.Binary.Load().(*dynPlans); ok {
		return p
	}
	dt := t.Vals.Dynamic
	p := &dynPlans{layout: newGoType(t.Layout)}
	p.top = &codec{typ: dt, g: newGoType(dt), append: appendDynamic, consume: consumeDynamic,
		isZero: zeroDynamic, dyn: t, size: dt.Size(), hint: new(atomic.Int32), msg: new(atomic.Pointer[msgHead])}
	t.Binary.Store(p)
	return p
}

// plan returns the block codec of t for set, or nil if none is built.
func plan(t *uamodel.DynType, set *fastpath.Set) *codec {
	p := plansOf(t)
	switch set {
	case nil:
		return p.none.Load()
	case fastpath.Default:
		return p.def.Load()
	}
	if c, ok := p.others.Load(set); ok {
		return c.(*codec)
	}
	return nil
}

// storePlan publishes the block codec of t for set.
func storePlan(t *uamodel.DynType, set *fastpath.Set, c *codec) {
	p := plansOf(t)
	switch set {
	case nil:
		p.none.Store(c)
	case fastpath.Default:
		p.def.Store(c)
	default:
		p.others.Store(set, c)
	}
}

// blockCodec returns the block codec of t for set, building it on first
// use.
func blockCodec(t *uamodel.DynType, set *fastpath.Set) *codec {
	if c := plan(t, set); c != nil {
		return c
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if c := plan(t, set); c != nil {
		return c
	}
	b := newBuilder(set)
	c := b.dynBlock(t)
	b.publish()
	return c
}

// dynBlock returns the codec of the block of t, from the cache, the
// current build, or planned now.
func (b *builder) dynBlock(t *uamodel.DynType) *codec {
	if c := plan(t, b.set); c != nil {
		return c
	}
	if c, ok := b.dyns[t]; ok {
		return c // a recursive definition: its codec is being built further up
	}
	c := newCodec(t.Layout)
	c.g = plansOf(t).layout
	b.dyns[t] = c
	b.planStruct(c, t.Model)
	return c
}

// dynField returns the codec of a field of a run-time structure that
// holds nested structures or a matrix.
func (b *builder) dynField(f *uamodel.DynField) *codec {
	switch {
	case f.Rank > 0:
		return b.matrix(f)
	case f.Array:
		return b.dynSlice(f.Sub)
	}
	return b.dynRef(f.Sub)
}

// dynRef returns a codec of *Dynamic values of t: nil is written as the
// zero value, decoding allocates a new value.
func (b *builder) dynRef(t *uamodel.DynType) *codec {
	block := b.dynBlock(t)
	c := newCodec(t.Vals.Ptr())
	c.dyn, c.elem, c.minWire = t, block, block.minWire
	c.append, c.consume, c.isZero = appendDynRef, consumeDynRef, zeroPtr
	return c
}

// dynSlice returns a codec of []*Dynamic values of t.
func (b *builder) dynSlice(t *uamodel.DynType) *codec {
	ref := b.dynRef(t)
	c := newCodec(reflect.SliceOf(t.Vals.Ptr()))
	setSlice(c, ref)
	return c
}

// header views the Dynamic value at p (a uabin.Dynamic, whose memory is a
// uamodel.Dynamic).
func header(p pointer) *uamodel.Dynamic { return as[uamodel.Dynamic](p) }

// newDyn allocates a zero value of t: one block holding the header, the
// mask or switch, and every field value.
func newDyn(t *uamodel.DynType) *uamodel.Dynamic {
	p := plansOf(t).layout.alloc()
	x := header(p)
	x.T, x.P = t, p.p
	return x
}

func appendDynRef(s *appendState, p pointer, c *codec) {
	q := pointer{c.elem.g.zero}
	if x := as[uamodel.Dynamic](p.deref()); x != nil {
		if x.T == nil || x.T.Def != c.dyn.Def {
			s.w.Failf(wire.ErrInvalid, "a %s value where %s is needed", x.Name(), c.dyn.Name)
			return
		}
		q = pointer{x.P}
	}
	c.elem.append(s, q, c.elem)
}

func consumeDynRef(s *consumeState, p pointer, c *codec) {
	x := newDyn(c.dyn)
	c.elem.consume(s, pointer{x.P}, c.elem)
	p.setPtr(pointerTo(x))
}

// consumeDyn decodes a value of t into a new Dynamic, or returns nil after
// a failure.
func consumeDyn(s *consumeState, t *uamodel.DynType) *uamodel.Dynamic {
	c := blockCodec(t, s.set)
	x := newDyn(t)
	c.consume(s, pointer{x.P}, c)
	if s.r.Err() != nil {
		return nil
	}
	return x
}

// appendDynamic encodes a Dynamic held in a Go value (a top-level Marshal,
// a message, a Dynamic field of a Go struct) with its own type.
func appendDynamic(s *appendState, p pointer, _ *codec) {
	x := header(p)
	if x.T == nil {
		s.w.Fail(wire.Errorf(wire.ErrUnsupported, "%s", uamodel.NoDynamic))
		return
	}
	c := blockCodec(x.T, s.set)
	c.append(s, pointer{x.P}, c)
}

// consumeDynamic decodes into a Dynamic: with the codec's type (messages)
// or with the type the Dynamic already has (Unmarshal into a value made by
// NewDynamic).
func consumeDynamic(s *consumeState, p pointer, c *codec) {
	x := header(p)
	t := c.dyn
	if t == nil {
		t = x.T
	}
	if t == nil {
		s.r.Fail(wire.Errorf(wire.ErrUnsupported, "%s", uamodel.NoDynamic))
		return
	}
	if v := consumeDyn(s, t); v != nil {
		*x = *v
	}
}

func zeroDynamic(p pointer, _ *codec) bool { return header(p).T == nil }

// dynCompiled returns the compiled type of the definition of e (an entry
// of this call's registry) for the call's namespace table.
func (s *consumeState) dynCompiled(e *uamodel.Entry) (*uamodel.DynType, error) {
	t, err := s.reg().Load().Compiled(e.Def, s.uris)
	if err != nil {
		return nil, dynCause(err)
	}
	return t, nil
}

// dynCause turns a definition error into the cause of a DecodeError or
// EncodeError, keeping its sentinel.
func dynCause(err error) error {
	if d, ok := err.(*uamodel.DefinitionError); ok {
		return &dynErr{d}
	}
	return err
}

// dynErr is a *DefinitionError as the cause of a decoding error: its
// message names the definition and path, and errors.As finds the
// *DefinitionError.
type dynErr struct{ d *uamodel.DefinitionError }

func (e *dynErr) Error() string { return e.d.Error() }
func (e *dynErr) Unwrap() error { return e.d }
