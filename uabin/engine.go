package uabin

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// engine is the part of a call's state that ExtensionObject bodies need:
// the registry, the namespace table and the fast-path set. It implements
// wire.Engine for the fast paths and is installed in every Writer and
// Reader the package creates (it lives inside the pooled encState or
// decState, so installing it does not allocate).
type engine struct {
	set      *fastpath.Set
	registry *Registry
	uris     []string
	enc      *encState // the state this engine belongs to (encoding)
	dec      *decState // the state this engine belongs to (decoding)
}

var _ wire.Engine = (*engine)(nil)

func (g *engine) reg() *Registry {
	if g.registry == nil {
		return DefaultRegistry
	}
	return g.registry
}

// encodingID resolves the encoding id of a registered type, mapping a
// namespace URI to its index in the namespace table.
func (g *engine) encodingID(e *regEntry) (types.NodeID, bool) {
	if e.uri == "" {
		return e.id, true
	}
	for i, u := range g.uris {
		if u == e.uri && i <= 0xffff {
			return e.id.WithNamespace(uint16(i)), true
		}
	}
	return types.NodeID{}, false
}

func (g *engine) lookupID(id types.NodeID) *regEntry { return g.reg().byID(id, g.uris) }

// appendBody appends the body of v (the registered type of e, or a
// pointer to it), entering one nesting level.
func (g *engine) appendBody(es *encState, e *regEntry, v any) {
	if e.dyn != nil {
		if es.enter() {
			appendDynBody(es, v)
			es.leave()
		}
		return
	}
	c, perr := codecFor(g.set, e.typ)
	if perr != nil {
		es.w.Fail(perr.withPath())
		return
	}
	if !es.enter() {
		return
	}
	c.enc(es, valuePointer(v, e.g), c)
	es.leave()
}

// consumeBody decodes a body of the registered type of e into a new value,
// entering one nesting level, and returns a pointer to it.
func (g *engine) consumeBody(d *decState, e *regEntry) any {
	if e.dyn != nil {
		if !d.r.Enter() {
			return nil
		}
		v := g.consumeDynBody(d, e)
		d.r.Leave()
		return v
	}
	c, perr := codecFor(g.set, e.typ)
	if perr != nil {
		d.r.Fail(perr.withPath())
		return nil
	}
	if !d.r.Enter() {
		return nil
	}
	q := e.g.alloc()
	c.dec(d, q, c)
	d.r.Leave()
	return e.g.boxPtr(q)
}

// AppendBody implements wire.Engine for the fast paths.
func (g *engine) AppendBody(w *wire.Writer, v any) (types.NodeID, bool) {
	e := g.reg().byGoType(v)
	if e == nil {
		return types.NodeID{}, false
	}
	if g.enc == nil || w != &g.enc.w {
		w.Failf(wire.ErrUnsupported, "the uabin engine was called with a Writer it did not create")
		return types.NodeID{}, true
	}
	id, ok := g.encodingID(e)
	if !ok {
		w.Failf(wire.ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", e.uri, e.typ)
		return types.NodeID{}, true
	}
	g.appendBody(g.enc, e, v)
	return id, true
}

// ConsumeBody implements wire.Engine for the fast paths.
func (g *engine) ConsumeBody(r *wire.Reader, typeID types.NodeID) (any, bool) {
	e := g.lookupID(typeID)
	if e == nil {
		return nil, false
	}
	if g.dec == nil || r != &g.dec.r {
		r.Failf(wire.ErrUnsupported, "the uabin engine was called with a Reader it did not create")
		return nil, true
	}
	return g.consumeBody(g.dec, e), true
}
