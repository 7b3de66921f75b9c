package uabin

import (
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// ExtensionObject (Part 6 §5.2.2.15): TypeID (a NodeId), an Encoding byte,
// and for encodings 1 (binary) and 2 (XML) an Int32 length and the body.
// Bodies of registered types are decoded into Go values through the
// engine's registry (registry.go); other bodies are kept raw.

func zeroExtObject(p pointer, _ *codec) bool {
	x := as[types.ExtensionObject](p)
	return x.TypeID == types.NodeID{} && x.Encoding == 0 && x.Value == nil && x.Body == nil
}

func encExtObject(e *encState, p pointer, _ *codec) {
	x := as[types.ExtensionObject](p)
	switch {
	case x.Value != nil:
		ent := e.eng.reg().byGoType(x.Value)
		if ent == nil {
			e.w.Failf(wire.ErrUnknownType, "the Go type %T of the ExtensionObject value is not registered", x.Value)
			return
		}
		id, ok := e.eng.encodingID(ent)
		if !ok {
			e.w.Failf(wire.ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", ent.uri, ent.typ)
			return
		}
		appendNodeID(&e.w, id, 0)
		e.w.Uint8(byte(types.ExtensionObjectBinary))
		pos := e.w.BeginLength()
		e.eng.appendBody(e, ent, x.Value)
		e.w.EndLength(pos)
	case x.Encoding != 0 || x.Body != nil:
		enc := x.Encoding
		if enc == types.ExtensionObjectEmpty {
			enc = types.ExtensionObjectBinary
		}
		if enc > types.ExtensionObjectXML {
			e.w.Failf(wire.ErrInvalid, "ExtensionObject encoding %d", enc)
			return
		}
		appendNodeID(&e.w, x.TypeID, 0)
		e.w.Uint8(byte(enc))
		e.w.Len(len(x.Body))
		e.w.Raw(x.Body)
	default:
		appendNodeID(&e.w, x.TypeID, 0)
		e.w.Uint8(byte(types.ExtensionObjectEmpty))
	}
}

func decExtObject(d *decState, p pointer, _ *codec) {
	r := &d.r
	b := r.Uint8()
	if r.Err() != nil {
		return
	}
	if b&^nodeIDFormMask != 0 {
		r.Failf(wire.ErrInvalid, "ExtensionObject TypeId encoding byte 0x%02x has ExpandedNodeId flags", b)
		return
	}
	id := consumeNodeIDBody(r, b)
	enc := types.ExtensionObjectEncoding(r.Uint8())
	if r.Err() != nil {
		return
	}
	if enc > types.ExtensionObjectXML {
		r.Failf(wire.ErrInvalid, "ExtensionObject encoding byte %d", enc)
		return
	}
	x := as[types.ExtensionObject](p)
	if enc == types.ExtensionObjectEmpty {
		*x = types.ExtensionObject{TypeID: id}
		return
	}
	n := int(r.Int32())
	switch {
	case r.Err() != nil:
		return
	case n < 0:
		r.Failf(wire.ErrInvalid, "ExtensionObject body length %d", n)
		return
	case n > r.Limits.MaxByteStringLength:
		r.Failf(wire.ErrLimitExceeded, "ExtensionObject body length %d above the limit %d", n, r.Limits.MaxByteStringLength)
		return
	}
	if enc == types.ExtensionObjectBinary {
		if ent := d.eng.lookupID(id); ent != nil {
			saved := r.Limit(n)
			val := d.eng.consumeBody(d, ent)
			if r.Err() == nil && r.Remaining() != 0 {
				r.Failf(wire.ErrInvalid, "ExtensionObject body of %v has %d of its %d bytes left over", ent.typ, r.Remaining(), n)
			}
			r.Unlimit(saved)
			if r.Err() == nil {
				*x = types.ExtensionObject{TypeID: id, Encoding: enc, Value: val}
			}
			return
		}
	}
	body := r.Raw(n)
	if r.Err() != nil {
		return
	}
	buf := x.Body[:0]
	if buf == nil || x.Value != nil {
		buf = make([]byte, 0, n)
	}
	*x = types.ExtensionObject{TypeID: id, Encoding: enc, Body: append(buf, body...)}
}

// valuePointer returns a pointer to the value held by v (a T or a *T whose
// plan is for T): the pointer itself, the boxed copy, or, for a nil *T or a
// pointer-shaped T, a new value.
func valuePointer(v any, g *goType) pointer {
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Pointer && t.Elem() == g.typ() {
		q := ifaceData(v)
		if q.isNil() {
			return pointer{g.zero}
		}
		return q
	}
	if pointerShaped(t) {
		return g.fromIface(v)
	}
	return ifaceData(v)
}
