package uabin

// Encoding and decoding of dynamic structures: one loop over the compiled
// field records (dynamic_compile.go), with the engine's inline ops for
// primitives and its codecs for everything else that has a Go type.

import (
	"github.com/uabin/uabin/uabin/wire"
)

// newDyn allocates a zero value of t: one block holding the header and
// every field value.
func newDyn(t *dynType) *Dynamic {
	p := t.layout.alloc()
	x := as[Dynamic](p)
	x.t, x.p = t, p
	return x
}

// decDyn decodes a value of t into a new Dynamic.
func decDyn(d *decState, t *dynType) *Dynamic {
	r := &d.r
	if t.enter && !r.Enter() {
		return nil
	}
	x := newDyn(t)
	switch {
	case t.union:
		s := r.Uint32()
		if r.Err() != nil {
			return nil
		}
		if int64(s) > int64(len(t.fields)) {
			r.Failf(wire.ErrInvalid, "union switch %d, but %s has %d fields", s, t.name, len(t.fields))
			return nil
		}
		x.bits = s
		if s > 0 && !decDynField(d, x, &t.fields[s-1]) {
			return nil
		}
	default:
		if t.masked {
			m := r.Uint32()
			if r.Err() != nil {
				return nil
			}
			if m&^t.owned != 0 {
				r.Failf(wire.ErrInvalid, "encoding mask 0x%x has bits that no optional field of %s owns (0x%x)", m, t.name, m&^t.owned)
				return nil
			}
			x.bits = m
		}
		for i := range t.fields {
			f := &t.fields[i]
			if f.bit >= 0 && x.bits&(1<<uint(f.bit)) == 0 {
				continue
			}
			if !decDynField(d, x, f) {
				return nil
			}
		}
	}
	if t.enter {
		r.Leave()
	}
	return x
}

// decDynField decodes one field into the block of x and reports success;
// on failure the field name is on the error's path.
func decDynField(d *decState, x *Dynamic, f *dynField) bool {
	fp := x.p.at(f.off)
	switch f.kind {
	case dkEngine:
		if f.op != opCodec {
			decValue(d, fp, f.op, nil)
		} else {
			c := f.codecFor(d.eng.set)
			c.dec(d, fp, c)
		}
	case dkStruct:
		*as[*Dynamic](fp) = decDyn(d, f.sub)
	case dkStructArray:
		n := d.r.ArrayLen(max(f.sub.minWire, 1))
		if n < 0 {
			break
		}
		s := make([]*Dynamic, n)
		for i := range s {
			if s[i] = decDyn(d, f.sub); d.r.Err() != nil {
				addPath(d.r.Err(), wire.IndexPath(i))
				break
			}
		}
		*as[[]*Dynamic](fp) = s
	case dkMatrix:
		decMatrix(d, fp, f)
	}
	return !d.failed(f.name)
}

// encDyn encodes x.
func encDyn(e *encState, x *Dynamic) {
	t := x.t
	if t.enter && !e.enter() {
		return
	}
	switch {
	case t.union:
		e.w.Uint32(x.bits)
		if x.bits == 0 {
			break
		}
		if int64(x.bits) > int64(len(t.fields)) {
			e.w.Failf(wire.ErrInvalid, "union switch %d, but %s has %d fields", x.bits, t.name, len(t.fields))
			return
		}
		if !encDynField(e, x, &t.fields[x.bits-1]) {
			return
		}
	default:
		if t.masked {
			if x.bits&^t.owned != 0 {
				e.w.Failf(wire.ErrInvalid, "encoding mask 0x%x has bits that no optional field of %s owns", x.bits, t.name)
				return
			}
			e.w.Uint32(x.bits)
		}
		for i := range t.fields {
			f := &t.fields[i]
			if f.bit >= 0 && x.bits&(1<<uint(f.bit)) == 0 {
				continue
			}
			if !encDynField(e, x, f) {
				return
			}
		}
	}
	if t.enter {
		e.leave()
	}
}

// encDynField encodes one field of x and reports success.
func encDynField(e *encState, x *Dynamic, f *dynField) bool {
	fp := x.p.at(f.off)
	switch f.kind {
	case dkEngine:
		if f.op != opCodec {
			encValue(e, fp, f.op, nil)
			return true
		}
		c := f.codecFor(e.eng.set)
		c.enc(e, fp, c)
	case dkStruct:
		encDynNested(e, *as[*Dynamic](fp), f)
	case dkStructArray:
		s := *as[[]*Dynamic](fp)
		if s == nil {
			e.w.Null()
			break
		}
		e.w.Len(len(s))
		for i, v := range s {
			if encDynNested(e, v, f); e.w.Err() != nil {
				addPath(e.w.Err(), wire.IndexPath(i))
				break
			}
		}
	case dkMatrix:
		encMatrix(e, fp, f)
	}
	return !e.failed(f.name)
}

// encDynNested encodes a nested structure; nil writes the zero value.
func encDynNested(e *encState, v *Dynamic, f *dynField) {
	if v == nil {
		v = newDyn(f.sub)
	}
	if v.t == nil || v.t.def != f.sub.def {
		e.w.Failf(wire.ErrInvalid, "a %s value where %s is needed", v.Name(), f.sub.name)
		return
	}
	encDyn(e, v)
}

// ---- the engine codec of the Go type Dynamic --------------------------------

// encDynamicValue encodes a Dynamic held in a Go value (a top-level
// Marshal, a message, a Dynamic field of a Go struct) with its own type.
func encDynamicValue(e *encState, p pointer, _ *codec) {
	x := as[Dynamic](p)
	if x.t == nil {
		e.w.Fail(wire.Errorf(ErrUnsupported, "%s", errNoDynamic.Error()[7:]))
		return
	}
	encDyn(e, x)
}

// decDynamicValue decodes into a Dynamic: with the codec's type (messages)
// or with the type the Dynamic already has (Unmarshal into a value made by
// NewDynamic).
func decDynamicValue(d *decState, p pointer, c *codec) {
	x := as[Dynamic](p)
	t := c.dyn
	if t == nil {
		t = x.t
	}
	if t == nil {
		d.r.Fail(wire.Errorf(ErrUnsupported, "%s", errNoDynamic.Error()[7:]))
		return
	}
	if v := decDyn(d, t); v != nil && d.r.Err() == nil {
		*x = *v
	}
}

func zeroDynamic(p pointer, _ *codec) bool { return as[Dynamic](p).t == nil }

// ---- the registry side ------------------------------------------------------

// dynCompiled returns the compiled type of the definition of e (an entry
// of this call's registry) for the call's namespace table, or reports the
// definition error through fail.
func (g *engine) dynCompiled(e *regEntry, fail func(error)) *dynType {
	st := g.reg().snap.Load().dyn
	if st == nil {
		fail(wire.Errorf(ErrUnknownType, "definition %s is not in the registry of this call", e.dyn.name))
		return nil
	}
	t, err := st.compiled(e.dyn, g.uris)
	if err != nil {
		fail(dynCause(err))
		return nil
	}
	return t
}

// dynCause turns a definition error into the cause of a DecodeError or
// EncodeError, keeping its sentinel.
func dynCause(err *DefinitionError) error {
	return &dynErr{err}
}

// dynErr is a *DefinitionError as the cause of a decoding error: its
// message names the definition and path, and errors.As finds the
// *DefinitionError.
type dynErr struct{ d *DefinitionError }

func (e *dynErr) Error() string { return e.d.Error() }
func (e *dynErr) Unwrap() error { return e.d }

// consumeDynBody decodes an ExtensionObject body (or a message) of the
// dynamic entry e; the caller has entered a level.
func (g *engine) consumeDynBody(d *decState, e *regEntry) any {
	t := g.dynCompiled(e, d.r.Fail)
	if t == nil {
		return nil
	}
	x := decDyn(d, t)
	if d.r.Err() != nil {
		return nil
	}
	return x
}

// appendDynBody encodes the body of a *Dynamic; the caller has entered a
// level.
func appendDynBody(es *encState, v any) {
	x, _ := v.(*Dynamic)
	if x == nil || x.t == nil {
		es.w.Fail(wire.Errorf(ErrUnsupported, "%s", errNoDynamic.Error()[7:]))
		return
	}
	encDyn(es, x)
}
