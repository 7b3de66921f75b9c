package engine

// The builder makes codecs from models (internal/uamodel): for a Go type,
// from the model of its kind, fields and tags; for a run-time structure,
// from the model of its block (dynamic.go). It makes no decision of its
// own about what a type means: which fields are encoded, in which order,
// how their presence is decided and what the tags change are the model's;
// the builder picks the loops, the inline ops and the minimum wire sizes.

import (
	"reflect"
	"sync/atomic"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/bulk"
	"github.com/uabin/uabin/uabin/internal/erased"
)

// builder builds codecs for one top-level type and every type it reaches.
// It runs under buildMu.
type builder struct {
	set      *fastpath.Set
	cache    *planCache
	building map[reflect.Type]*codec     // the shared codecs made in this build
	dyns     map[*uamodel.DynType]*codec // run-time structures made in this build (their block codecs)
	made     []*codec                    // the shared codecs, in order, to publish when the build succeeds
}

func newBuilder(set *fastpath.Set) *builder {
	return &builder{set: set, cache: cacheFor(set), building: map[reflect.Type]*codec{}, dyns: map[*uamodel.DynType]*codec{}}
}

// publish makes everything built available to other goroutines.
func (b *builder) publish() {
	for _, c := range b.made {
		b.cache.m.Store(c.typ, c)
	}
	for t, c := range b.dyns {
		storePlan(t, b.set, c)
	}
}

var typeVariant = reflect.TypeFor[types.Variant]()

// builtinCodecs are the codecs of the built-ins that tags cannot describe
// (NodeID, ExpandedNodeID, time.Time, Variant, ExtensionObject), by Go
// type, as every fastpath.Set holds them.
var builtinCodecs = (*erased.Set)(fastpath.NewSet()).Builtins()

// newCodec returns an empty codec of t.
func newCodec(t reflect.Type) *codec {
	return &codec{typ: t, size: t.Size(), g: newGoType(t), noPtr: !hasPointers(t), hint: new(atomic.Int32), msg: new(atomic.Pointer[msgHead]),
		valRT: rtype(t), ptrRT: rtype(reflect.PointerTo(t))}
}

// codec returns the codec of the model m: for a shared model (a Go type's
// own) the shared codec, from the cache, the current build or built now;
// for a model made for a field's tag options a codec of its own, with no
// fast path (the tag changes the type's encoding).
func (b *builder) codec(m *uamodel.Type) *codec {
	if !m.Shared {
		c := newCodec(m.Go)
		b.fill(c, m)
		return c
	}
	if c, _, ok := b.cache.load(m.Go); ok && c != nil {
		return c
	}
	if c, ok := b.building[m.Go]; ok {
		return c // a recursive type: its codec is being built further up
	}
	c := newCodec(m.Go)
	b.building[m.Go] = c
	b.made = append(b.made, c)
	b.fill(c, m)
	b.wrapFast(c)
	setStack(c)
	return c
}

// wrapFast puts the set's fast path, if any, in front of the plan of c.
func (b *builder) wrapFast(c *codec) {
	if b.set == nil {
		return
	}
	f := (*erased.Set)(b.set).Lookup(c.typ)
	if f == nil {
		return
	}
	plan := new(codec)
	*plan = *c
	c.ext, c.plan = f, plan
	c.append, c.consume, c.isZero = appendFast, consumeFast, zeroFast
	c.op = opCodec
	c.elem, c.seq, c.st, c.conv = nil, nil, nil, nil
}

// fill makes c the codec of the model m.
func (b *builder) fill(c *codec, m *uamodel.Type) {
	switch m.Kind {
	case uamodel.KindBuiltin:
		ext := builtinCodecs[builtinGo(m.Builtin)]
		c.ext, c.minWire = ext, ext.MinSize
		c.append, c.consume, c.isZero = appendBuiltin, consumeBuiltin, zeroBuiltin
	case uamodel.KindDynamic:
		c.append, c.consume, c.isZero = appendDynamic, consumeDynamic, zeroDynamic
	case uamodel.KindPrimitive:
		o := primOp[m.Go.Kind()]
		c.op, c.append, c.consume, c.isZero, c.minWire = o, appendPrim, consumePrim, zeroPrim, opSize[o]
		if o == opString {
			c.isZero = zeroString
		}
	case uamodel.KindIntAs:
		c.conv = &convPlan{wireOp: opOf(m.Wire)}
		c.append, c.consume, c.isZero, c.minWire = appendIntAs, consumeIntAs, zeroPrim, opSize[c.conv.wireOp]
	case uamodel.KindClamped:
		c.conv = &convPlan{wireOp: opOf(m.Wire), max: m.Max}
		c.append, c.consume, c.isZero, c.minWire = appendMax, consumeMax, zeroPrim, opSize[c.conv.wireOp]
	case uamodel.KindEmptyString:
		c.append, c.consume, c.isZero, c.minWire = appendStringEmpty, consumeString, zeroString, 4
	case uamodel.KindByteString:
		c.append, c.consume, c.isZero, c.minWire = appendBytes, consumeBytes, zeroSlice, 4
		c.flat = flatBytes
	case uamodel.KindPointer:
		setPtr(c, b.codec(m.Elem))
	case uamodel.KindSlice:
		setSlice(c, b.codec(m.Elem))
	case uamodel.KindArray:
		setArray(c, b.codec(m.Elem), m.Raw)
	case uamodel.KindStruct:
		b.planStruct(c, m.Struct)
	}
}

// builtinGo returns the Go type of the named built-in bt (time.Time for
// DateTime), whose codec a named type of it shares (the same memory).
func builtinGo(bt types.BuiltinType) reflect.Type {
	for _, nb := range uamodel.NamedBuiltins {
		if nb.ID == bt {
			return nb.Go
		}
	}
	return nil
}

var primOp = map[reflect.Kind]op{
	reflect.Bool: opBool, reflect.Int8: opInt8, reflect.Uint8: opUint8,
	reflect.Int16: opInt16, reflect.Uint16: opUint16, reflect.Int32: opInt32,
	reflect.Uint32: opUint32, reflect.Int64: opInt64, reflect.Uint64: opUint64,
	reflect.Float32: opFloat32, reflect.Float64: opFloat64, reflect.String: opString,
}

// bulkable reports whether elements handled by ec have a memory layout
// equal to their wire layout, so that arrays of them can be copied in one
// block: fixed-size integers and floats on a little-endian host, with no
// fast path and no tag option. Never bool (any non-zero byte must decode
// as true and be re-encoded as 1).
func bulkable(ec *codec) bool {
	if !bulk.LittleEndian || ec.ext != nil || ec.conv != nil || ec.append == nil {
		return false
	}
	switch ec.op {
	case opInt8, opUint8, opInt16, opUint16, opInt32, opUint32, opInt64, opUint64, opFloat32, opFloat64:
		return true
	}
	return false
}

func setPtr(c, ec *codec) {
	c.elem, c.append, c.consume, c.isZero, c.minWire = ec, appendPtr, consumePtr, zeroPtr, ec.minWire
}

func setSlice(c, ec *codec) {
	c.elem, c.append, c.consume, c.isZero, c.minWire = ec, appendSlice, consumeSlice, zeroSlice, 4
	if ec.op != opCodec {
		c.flat = flatPrimSlice
	}
	c.seq = &seqPlan{bulk: bulkable(ec)}
}

func setArray(c, ec *codec, raw bool) {
	c.elem, c.append, c.consume, c.isZero = ec, appendArray, consumeArray, zeroArray
	c.seq = &seqPlan{n: c.typ.Len(), raw: raw, bulk: bulkable(ec)}
	c.minWire = c.seq.n * ec.minWire
	if !raw {
		c.minWire += 4
	}
}
