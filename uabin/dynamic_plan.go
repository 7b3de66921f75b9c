package uabin

// Codecs of run-time structures, made by the builder from a dynType
// (dynamic_compile.go): the block of field values is planned by the struct
// planner like a Go struct, from field specs (a stored UInt32 mask with
// bit=N for optional fields, a switch for unions); a nested structure is a
// *Dynamic whose codec allocates and plans its own block.

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// dynPlans holds the block codecs of a dynType, one per fast-path set.
type dynPlans struct {
	none, def atomic.Pointer[codec] // no fast paths; fastpath.Default
	others    sync.Map              // *fastpath.Set → *codec
}

// plan returns the block codec of t for set, or nil if none is built.
func (t *dynType) plan(set *fastpath.Set) *codec {
	switch set {
	case nil:
		return t.plans.none.Load()
	case fastpath.Default:
		return t.plans.def.Load()
	}
	if c, ok := t.plans.others.Load(set); ok {
		return c.(*codec)
	}
	return nil
}

// storePlan publishes the block codec of t for set.
func (t *dynType) storePlan(set *fastpath.Set, c *codec) {
	switch set {
	case nil:
		t.plans.none.Store(c)
	case fastpath.Default:
		t.plans.def.Store(c)
	default:
		t.plans.others.Store(set, c)
	}
}

// codec returns the block codec of t for set, building it on first use.
func (t *dynType) codec(set *fastpath.Set) (*codec, *DefinitionError) {
	if c := t.plan(set); c != nil {
		return c, nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if c := t.plan(set); c != nil {
		return c, nil
	}
	b := newBuilder(set)
	c, err := b.dynBlock(t)
	if err != nil {
		return nil, defErr(t.name, err.path, ErrUnsupported, "%s", err.msg)
	}
	b.publish()
	return c, nil
}

var (
	typeUint32 = reflect.TypeFor[uint32]()
)

// dynBlock returns the codec of the block of t, from the cache, the
// current build, or planned now.
func (b *builder) dynBlock(t *dynType) (*codec, *planError) {
	if c := t.plan(b.set); c != nil {
		return c, nil
	}
	if c, ok := b.dyns[t]; ok {
		if c.building {
			b.markCycle(c)
		}
		return c, nil
	}
	c := newCodec(t.layout.rt)
	c.g = t.layout
	c.st = new(structPlan) // before the fields, so that a cycle through them marks it
	b.dyns[t] = c
	err := b.push(c, func() *planError {
		specs := make([]fieldSpec, 0, len(t.fields)+1)
		switch {
		case t.union:
			specs = append(specs, fieldSpec{name: "SwitchField", off: t.maskOff, typ: typeUint32, tag: tagInfo{sw: true, bit: -1}, exported: true})
		case t.masked:
			specs = append(specs, fieldSpec{name: "EncodingMask", off: t.maskOff, typ: typeUint32, tag: tagInfo{mask: true, bit: -1}, exported: true})
		}
		for i := range t.fields {
			f := &t.fields[i]
			sp := fieldSpec{name: f.name, off: f.off, typ: f.goT, tag: tagInfo{bit: int(f.bit)}, exported: true}
			var err *planError
			switch {
			case f.rank > 0:
				sp.c, err = b.matrix(f)
			case f.sub != nil && f.array:
				sp.c, err = b.dynSlice(f.sub)
			case f.sub != nil:
				sp.c, err = b.dynRef(f.sub)
			}
			if err != nil {
				return err
			}
			specs = append(specs, sp)
		}
		_, err := b.planStruct(c, specs, t.name)
		return err
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// dynRef returns a codec of *Dynamic values of t: nil is written as the
// zero value, decoding allocates a new value.
func (b *builder) dynRef(t *dynType) (*codec, *planError) {
	block, err := b.dynBlock(t)
	if err != nil {
		return nil, err
	}
	c := newCodec(typeDynPtr)
	c.dyn, c.elem, c.minWire = t, block, block.minWire
	c.append, c.consume, c.isZero = appendDynRef, consumeDynRef, zeroPtr
	return c, nil
}

// dynSlice returns a codec of []*Dynamic values of t.
func (b *builder) dynSlice(t *dynType) (*codec, *planError) {
	ref, err := b.dynRef(t)
	if err != nil {
		return nil, err
	}
	c := newCodec(typeDynSlice)
	setSlice(c, ref)
	return c, nil
}

// matrix returns the codec of a matrix field: its elem is the codec of the
// slice type of Matrix.Values.
func (b *builder) matrix(f *dynField) (*codec, *planError) {
	var values *codec
	var err *planError
	if f.sub != nil {
		values, err = b.dynSlice(f.sub)
	} else {
		values, err = b.codec(reflect.SliceOf(f.elemT), f.name)
	}
	if err != nil {
		return nil, err
	}
	c := newCodec(typeMatrix)
	c.elem, c.seq, c.minWire = values, &seqPlan{n: f.rank}, 4
	c.append, c.consume, c.isZero = appendMatrix, consumeMatrix, zeroMatrix
	return c, nil
}

func appendDynRef(s *appendState, p pointer, c *codec) {
	q := pointer{c.elem.g.zero}
	if x := *as[*Dynamic](p); x != nil {
		if x.t == nil || x.t.def != c.dyn.def {
			s.w.Failf(wire.ErrInvalid, "a %s value where %s is needed", x.Name(), c.dyn.name)
			return
		}
		q = x.p
	}
	c.elem.append(s, q, c.elem)
}

func consumeDynRef(s *consumeState, p pointer, c *codec) {
	x := newDyn(c.dyn)
	c.elem.consume(s, x.p, c.elem)
	*as[*Dynamic](p) = x
}

// consumeDyn decodes a value of t into a new Dynamic, or returns nil after
// a failure.
func consumeDyn(s *consumeState, t *dynType) *Dynamic {
	c, err := t.codec(s.set)
	if err != nil {
		s.r.Fail(dynCause(err))
		return nil
	}
	x := newDyn(t)
	c.consume(s, x.p, c)
	if s.r.Err() != nil {
		return nil
	}
	return x
}

// appendDynamic encodes a Dynamic held in a Go value (a top-level Marshal,
// a message, a Dynamic field of a Go struct) with its own type.
func appendDynamic(s *appendState, p pointer, _ *codec) {
	x := as[Dynamic](p)
	if x.t == nil {
		s.w.Fail(wire.Errorf(ErrUnsupported, "%s", noDynamic))
		return
	}
	c, err := x.t.codec(s.set)
	if err != nil {
		s.w.Fail(dynCause(err))
		return
	}
	c.append(s, x.p, c)
}

// consumeDynamic decodes into a Dynamic: with the codec's type (messages)
// or with the type the Dynamic already has (Unmarshal into a value made by
// NewDynamic).
func consumeDynamic(s *consumeState, p pointer, c *codec) {
	x := as[Dynamic](p)
	t := c.dyn
	if t == nil {
		t = x.t
	}
	if t == nil {
		s.r.Fail(wire.Errorf(ErrUnsupported, "%s", noDynamic))
		return
	}
	if v := consumeDyn(s, t); v != nil {
		*x = *v
	}
}

func zeroDynamic(p pointer, _ *codec) bool { return as[Dynamic](p).t == nil }

// dynCompiled returns the compiled type of the definition of e (an entry
// of this call's registry) for the call's namespace table.
func (s *consumeState) dynCompiled(e *regEntry) (*dynType, error) {
	st := s.reg().snap.Load().dyn
	if st == nil {
		return nil, wire.Errorf(ErrUnknownType, "definition %s is not in the registry of this call", e.dyn.name)
	}
	t, err := st.compiled(e.dyn, s.uris)
	if err != nil {
		return nil, dynCause(err)
	}
	return t, nil
}

// dynCause turns a definition error into the cause of a DecodeError or
// EncodeError, keeping its sentinel.
func dynCause(err *DefinitionError) error { return &dynErr{err} }

// dynErr is a *DefinitionError as the cause of a decoding error: its
// message names the definition and path, and errors.As finds the
// *DefinitionError.
type dynErr struct{ d *DefinitionError }

func (e *dynErr) Error() string { return e.d.Error() }
func (e *dynErr) Unwrap() error { return e.d }
