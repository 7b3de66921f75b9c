package uabin

// The state of one encoding or decoding call: the wire.Writer or
// wire.Reader, the fast-path set, the type registry and the namespace
// table. States are pooled; each is installed in its own Writer or Reader
// as the codec of ExtensionObject bodies (hook.BodyAppender, hook.BodyConsumer), which the
// ExtensionObject codec of uabin/fastpath calls back.

import (
	"errors"
	"reflect"
	"sync"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// callTypes is what ExtensionObject bodies and messages need of a call.
type callTypes struct {
	set      *fastpath.Set
	registry *Registry
	uris     []string
}

// appendState is the per-call encoding state.
type appendState struct {
	w wire.Writer // its depth counter is shared with the codecs of fastpath
	callTypes
	typeID types.NodeID // a message's type id, here so that passing it to its codec does not allocate
}

// consumeState is the per-call decoding state.
type consumeState struct {
	r wire.Reader
	callTypes
	typeID types.NodeID // a message's type id, here so that passing it to its codec does not allocate

	// The last encoding id looked up, in snapshot idSnap of the registry,
	// and its entry (one registered by namespace index), for the call
	// types above: the ExtensionObject bodies of an array and the messages
	// of a loop are mostly of one type, and a NodeID compare is cheaper
	// than a map lookup. Kept across calls of the pooled state; cleared
	// when its call types change.
	idSnap  *regSnapshot
	idLast  types.NodeID
	idEntry *regEntry
}

// entryByID returns the entry registered for the encoding id, as
// Registry.byID does for the call's registry and namespace table.
func (s *consumeState) entryByID(id types.NodeID) *regEntry {
	snap := s.reg().snap.Load()
	if snap == s.idSnap && id == s.idLast {
		return s.idEntry
	}
	e := snap.lookupID(id, s.uris)
	if e != nil && e.uri == "" {
		// Only what does not depend on the namespace table, whose
		// contents a caller may change in place between calls.
		s.idSnap, s.idLast, s.idEntry = snap, id, e
	}
	return e
}

var appendPool = sync.Pool{New: func() any {
	s := &appendState{}
	*hook.WriterBodies(&s.w) = s
	return s
}}

var consumePool = sync.Pool{New: func() any {
	s := &consumeState{}
	*hook.ReaderBodies(&s.r) = s
	return s
}}

// hardMaxDepth caps MaxDepth, also when it is negative ("no limit"): deeper
// recursion could exhaust the goroutine stack, which is a fatal error, not
// a panic that could be turned into an error.
const hardMaxDepth = 100000

// same reports whether ct is what o gives (the same set, registry and
// namespace table).
func (ct *callTypes) same(o *Options) bool {
	return ct.set == o.set() && ct.registry == o.Types && len(ct.uris) == len(o.NamespaceURIs) &&
		(len(ct.uris) == 0 || &ct.uris[0] == &o.NamespaceURIs[0])
}

func (o *Options) callTypes() callTypes {
	return callTypes{set: o.set(), registry: o.Types, uris: o.NamespaceURIs}
}

func (o *Options) newAppendState(b []byte) *appendState {
	s := appendPool.Get().(*appendState)
	s.w.Buf, s.w.EmptyStrings = b, o.EmptyStrings // the error and depth were cleared by release
	s.w.MaxDepth = o.writerDepth()
	if !s.callTypes.same(o) {
		s.callTypes = o.callTypes() // as in newConsumeState
	}
	return s
}

// writerDepth is the MaxDepth of the Writers of o's calls: as
// Limits.Resolved would give it, capped at hardMaxDepth, without resolving
// the other limits (this runs once per call).
func (o *Options) writerDepth() int {
	switch md := o.MaxDepth; {
	case md == 0:
		return wire.DefaultMaxDepth
	case md < 0 || md > hardMaxDepth:
		return hardMaxDepth
	default:
		return md
	}
}

func (s *appendState) release() {
	s.w.Reset() // clears the error
	s.w.Buf = nil
	appendPool.Put(s) // keeps its call types, as consumeState.release
}

func (o *Options) newConsumeState(b []byte) *consumeState {
	s := consumePool.Get().(*consumeState)
	l := o.Limits
	if l.MaxDepth < 0 || l.MaxDepth > hardMaxDepth {
		l.MaxDepth = hardMaxDepth
	}
	s.r.Reset(b, l)
	if !s.callTypes.same(o) {
		s.callTypes = o.callTypes() // most calls reuse a state made for the same options: no stores then
		s.idSnap = nil
	}
	return s
}

func (s *consumeState) release() {
	// The Reader keeps its input, and the state its registry and
	// namespace table, until the next call: pooled states are dropped at
	// every garbage collection, so this keeps nothing alive for long, and
	// saves the stores of a second reset per call.
	consumePool.Put(s)
}

// topLimits returns the decoder limits resolved, with MaxDepth capped at
// hardMaxDepth.
func (o *Options) topLimits() wire.Limits {
	l := o.Limits.Resolved()
	if l.MaxDepth > hardMaxDepth {
		l.MaxDepth = hardMaxDepth
	}
	return l
}

// initReader readies r, a zero Reader, to read b with the limits of
// topLimits.
func (o *Options) initReader(r *wire.Reader, b []byte) {
	if o.limitsDefault() {
		r.Init(b, &defaultLimits)
		return
	}
	l := o.topLimits()
	r.Init(b, &l)
}

// limitsDefault reports whether o has the default limits (all zero), for
// which defaultLimits are the resolved ones. Callers pass defaultLimits
// rather than a result of topLimits: a 40-byte result is stored and
// reloaded in overlapping moves that stall.
func (o *Options) limitsDefault() bool {
	l := &o.Limits
	return l.MaxDepth|l.MaxArrayLength|l.MaxStringLength|l.MaxByteStringLength|l.MaxMessageSize == 0
}

// defaultLimits are the limits of the zero Options, resolved.
var defaultLimits = wire.Limits{}.Resolved()

// messageLimit is Limits.Resolved().MaxMessageSize without resolving the
// other fields.
func (o *Options) messageLimit() int {
	switch n := o.MaxMessageSize; {
	case n == 0:
		return wire.DefaultMaxMessageSize
	case n < 0:
		return int(^uint(0) >> 1)
	default:
		return n
	}
}

// failed records the path element name on the current error and reports
// whether there is one. A blank name (a computed mask "_") adds nothing.
func (s *appendState) failed(name string) bool {
	if err := s.w.Err(); err != nil {
		addPath(err, name)
		return true
	}
	return false
}

func (s *consumeState) failed(name string) bool {
	if err := s.r.Err(); err != nil {
		addPath(err, name)
		return true
	}
	return false
}

// addPath prepends elem to the path of err (see wire.WithPath, which
// counts repeated segments and bounds the length, so that a failure 100000
// levels deep builds its path in linear time).
func addPath(err error, elem string) {
	if elem == "_" {
		return
	}
	wire.WithPath(err, elem)
}

// topName is the first element of error paths: the name of the top-level
// type, if it is a named struct.
func topName(t reflect.Type) string {
	if t.Kind() == reflect.Struct {
		return t.Name()
	}
	return ""
}

// reg returns the call's registry.
func (ct *callTypes) reg() *Registry {
	if ct.registry == nil {
		return DefaultRegistry
	}
	return ct.registry
}

// encodingID resolves the encoding id of a registered type, mapping a
// namespace URI to its index in the namespace table.
func (ct *callTypes) encodingID(e *regEntry) (types.NodeID, bool) {
	if e.uri == "" {
		return e.id, true
	}
	for i, u := range ct.uris {
		if u == e.uri && i <= 0xffff {
			return e.id.WithNamespace(uint16(i)), true
		}
	}
	return types.NodeID{}, false
}

// AppendBody implements hook.BodyAppender: it appends the body of v (a
// registered type or a pointer to one), entering one nesting level.
func (s *appendState) AppendBody(v any) (types.NodeID, bool) {
	e := s.reg().byGoType(v)
	if e == nil {
		return types.NodeID{}, false
	}
	id, ok := s.encodingID(e)
	if !ok {
		s.w.Failf(wire.ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", e.uri, e.typ)
		return types.NodeID{}, true
	}
	c, p, err := s.bodyCodec(e, v)
	if err != nil {
		s.w.Fail(err)
		return id, true
	}
	if s.w.Enter() {
		c.append(s, p, c)
		s.w.Leave()
	}
	return id, true
}

// bodyCodec returns the codec of the body of v, registered as e, and a
// pointer to the value.
func (s *appendState) bodyCodec(e *regEntry, v any) (*codec, pointer, error) {
	if e.dyn != nil {
		x, _ := v.(*Dynamic)
		if x == nil || x.t == nil {
			return nil, pointer{}, wire.Errorf(ErrUnsupported, "%s", noDynamic)
		}
		c, err := x.t.codec(s.set)
		if err != nil {
			return nil, pointer{}, dynCause(err)
		}
		return c, x.p, nil
	}
	c, perr := codecFor(s.set, e.typ)
	if perr != nil {
		return nil, pointer{}, perr.withPath()
	}
	return c, valuePointer(v, e.g), nil
}

// ConsumeBody implements hook.BodyConsumer: it decodes a body of the type
// registered for typeID into old (a pointer to a value of that type) or a
// new value, entering one nesting level, and returns the pointer.
func (s *consumeState) ConsumeBody(typeID types.NodeID, old any) (any, bool) {
	e := s.entryByID(typeID)
	if e == nil {
		return nil, false
	}
	c, err := s.entryCodec(e)
	if err != nil {
		s.r.Fail(err)
		return nil, true
	}
	if !s.r.Enter() {
		return nil, true
	}
	var v any
	if q := ifaceData(old); c.dyn == nil && old != nil && rtypeOf(old) == c.ptrRT && !q.isNil() {
		// The ExtensionObject decoded into holds a *T of this type: decode
		// over it, as a reused value's other fields are (no allocation).
		if c.consume(s, q, c); s.r.Err() == nil {
			v = old
		}
	} else {
		v = c.newValue(s)
	}
	s.r.Leave()
	return v, true
}

// entryCodec returns the codec that decodes values registered as e.
func (s *consumeState) entryCodec(e *regEntry) (*codec, error) {
	if e.dyn != nil {
		t, err := s.dynCompiled(e)
		if err != nil {
			return nil, err
		}
		return t.top, nil
	}
	c, perr := codecFor(s.set, e.typ)
	if perr != nil {
		return nil, perr.withPath()
	}
	return c, nil
}

// newValue decodes a new value with c and returns a pointer to it (a
// *Dynamic for run-time structures), or nil after a failure.
func (c *codec) newValue(s *consumeState) any {
	if c.dyn != nil {
		x := consumeDyn(s, c.dyn)
		if x == nil {
			return nil
		}
		return x
	}
	q := c.g.alloc()
	c.consume(s, q, c)
	if s.r.Err() != nil {
		return nil
	}
	return c.g.boxPtr(q)
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

// appendTop is the one internal encoding entry point. With msg, v is
// written as a service message: its registered binary encoding id first.
func (o *Options) appendTop(b []byte, v any, msg bool) ([]byte, error) {
	if v == nil {
		return b, &EncodeError{Err: wire.Errorf(ErrUnsupported, "cannot encode a nil interface")}
	}
	var (
		p    pointer
		c    *codec
		perr *planError
		id   types.NodeID
	)
	if msg {
		ct := o.callTypes()
		ent := ct.reg().byGoType(v)
		if ent == nil {
			return b, &EncodeError{Err: wire.Errorf(ErrUnknownType, "the Go type %T is not registered as a message", v)}
		}
		var ok bool
		if id, ok = ct.encodingID(ent); !ok {
			return b, &EncodeError{Err: wire.Errorf(ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", ent.uri, ent.typ)}
		}
		if c, perr = codecFor(ct.set, ent.typ); perr == nil {
			p = valuePointer(v, ent.g)
		}
	} else {
		var ptr bool
		if c, ptr, perr = topCodec(o.set(), v); perr == nil {
			switch p = ifaceData(v); {
			case ptr && p.isNil():
				p = pointer{c.g.zero}
			case !ptr && pointerShaped(c.typ):
				p = c.g.fromIface(v)
			}
		}
	}
	if perr != nil {
		return b, &EncodeError{Path: perr.path, Err: perr.cause()}
	}
	if !msg {
		switch {
		case c.op != opCodec:
			// A primitive needs no call state: a Writer on the stack.
			var w wire.Writer // field by field, as in fastpath/top.go
			w.Buf, w.EmptyStrings = b, o.EmptyStrings
			appendPrimitive(&w, p, c.op)
			if err := w.Err(); err != nil {
				return b, err
			}
			return w.Buf, nil
		case c.flat != flatNone || c.ext != nil && c.ext.AppendTop != nil:
			if out, ok := o.appendStack(b, p, c); ok {
				return out, nil
			}
		}
	}
	return o.appendCodec(b, v, c, p, msg, &id)
}

// appendStack appends the value at p of a ByteString, a slice of
// primitives (c.flat) or a built-in (c.ext.AppendTop) with a Writer on the
// stack: no call state. It reports false if the value fails or, for a
// built-in, meets an ExtensionObject body; the usual path then takes the
// call. (Apart from appendTop, so that the primitives' path stays small.)
func (o *Options) appendStack(b []byte, p pointer, c *codec) ([]byte, bool) {
	if c.flat == flatNone {
		return c.ext.AppendTop(b, o.EmptyStrings, o.writerDepth(), p.p)
	}
	var w wire.Writer // field by field, as in fastpath/top.go
	w.Buf, w.EmptyStrings = b, o.EmptyStrings
	appendFlat(&w, p, c)
	return w.Buf, w.Err() == nil
}

// appendCodec is appendTop once the codec c of v and the pointer p to its
// value are known (and, for a message, its encoding id), for the values
// that take the pooled call state.
func (o *Options) appendCodec(b []byte, v any, c *codec, p pointer, msg bool, id *types.NodeID) ([]byte, error) {
	orig := b
	if b == nil {
		if h := c.hint.Load(); h > 0 {
			b = make([]byte, 0, h)
		}
	}
	s := o.newAppendState(b)
	if msg {
		s.typeID = *id
		appendNodeID(&s.w, &s.typeID)
	}
	c.append(s, p, c)
	out, err := s.w.Buf, s.w.Err()
	set := s.set
	s.release()
	if err != nil && set != nil && !o.DisableFastPaths {
		// As in consumeTop: the plan's error, in both modes.
		po := *o
		po.DisableFastPaths = true
		if _, err2 := po.appendTop(orig, v, msg); err2 != nil {
			return orig, err2
		}
	}
	if err == nil && len(out)-len(b) <= 1<<20 && int32(len(out)-len(b)) != c.hint.Load() {
		c.hint.Store(int32(len(out) - len(b)))
	}
	if err != nil {
		if name := topName(c.typ); name != "" {
			addPath(err, name)
		}
		return orig, err
	}
	return out, nil
}

// consumeTop is the one internal decoding entry point: it decodes into the
// value v points to or, for a service message (msg), reads the type id
// and decodes as consumeMessage says. whole requires that all of b is
// used.
func (o *Options) consumeTop(b []byte, v any, whole, msg bool) (int, error) {
	var c *codec
	var t reflect.Type
	if msg {
		if t = reflect.TypeOf(v); t == nil || t.Kind() != reflect.Pointer || ifaceData(v).isNil() {
			return 0, &DecodeError{Err: wire.Errorf(ErrUnsupported, "decoding needs a non-nil pointer, got %s", typeString(t))}
		}
	} else {
		var ptr bool
		var perr *planError
		if v != nil {
			c, ptr, perr = topCodec(o.set(), v)
		}
		switch {
		case v == nil || !ptr || ifaceData(v).isNil():
			return 0, &DecodeError{Err: wire.Errorf(ErrUnsupported, "decoding needs a non-nil pointer, got %s", typeString(reflect.TypeOf(v)))}
		case perr != nil:
			return 0, &DecodeError{Path: perr.path, Err: perr.cause()}
		}
	}
	return o.consumeCodec(b, v, c, t, whole, msg)
}

// consumeCodec is consumeTop once the codec c of *v is known (nil for a
// message: the type id decides; t is the type of v).
func (o *Options) consumeCodec(b []byte, v any, c *codec, t reflect.Type, whole, msg bool) (int, error) {
	max := o.messageLimit()
	in := b
	if len(b) > max {
		if whole {
			return 0, &DecodeError{Err: wire.Errorf(ErrLimitExceeded, "message of %d bytes above the limit %d", len(b), max)}
		}
		in = b[:max]
	}
	if c != nil && c.op != opCodec {
		return o.consumePrimitiveTop(b, in, ifaceData(v), c, whole, max)
	}
	if c != nil && c.flat != flatNone {
		var r wire.Reader
		o.initReader(&r, in)
		if consumeFlat(&r, ifaceData(v), c); r.Err() == nil {
			if n := r.Offset(); !whole || n == len(b) {
				return n, nil
			}
		}
	}
	if c != nil && c.ext != nil && c.ext.ConsumeTop != nil && o.limitsDefault() {
		// As in appendTop: no call state; a failure is decoded again
		// below. Only with the default limits, which need no resolved copy
		// (a Codec has its own).
		if n, ok := c.ext.ConsumeTop(in, &defaultLimits, ifaceData(v).p); ok {
			if whole && n != len(b) {
				return n, &DecodeError{Offset: n, Err: wire.Errorf(ErrInvalid, "%d bytes left over after the value", len(b)-n)}
			}
			return n, nil
		}
	}
	s := o.newConsumeState(in)
	defer s.release()
	if msg {
		c = s.consumeMessage(v, t)
	} else {
		c.consume(s, ifaceData(v), c)
	}
	n, err := s.r.Offset(), s.r.Err()
	if err != nil && s.set != nil && !o.DisableFastPaths {
		// A value that fails is decoded again without fast paths, so that
		// the error (offset, path, message) is the plan's whatever the
		// options; if the plans accept it, the fast path's error stands.
		po := *o
		po.DisableFastPaths = true
		if n2, err2 := po.consumeTop(b, v, whole, msg); err2 != nil {
			return n2, err2
		}
	}
	if err != nil && len(in) < len(b) && errors.Is(err, ErrTruncated) {
		tooLarge(err, max)
	}
	if err != nil {
		if c != nil {
			if name := topName(c.typ); name != "" {
				addPath(err, name)
			}
		}
		return n, err
	}
	if whole && n != len(b) {
		return n, &DecodeError{Offset: n, Err: wire.Errorf(ErrInvalid, "%d bytes left over after the value", len(b)-n)}
	}
	return n, nil
}

// tooLarge turns the ErrTruncated error of a value cut by MaxMessageSize
// into an ErrLimitExceeded one, keeping its offset (the first byte of the
// value that was cut) and path.
func tooLarge(err error, max int) {
	if de, ok := err.(*DecodeError); ok {
		de.Err = wire.Errorf(ErrLimitExceeded, "value larger than MaxMessageSize (%d bytes)", max)
	}
}

// typeString names a Go type in errors; nil is "nil".
func typeString(t reflect.Type) string {
	if t == nil {
		return "nil"
	}
	return t.String()
}

// consumePrimitiveTop decodes a top-level primitive (UInt32, Double,
// String, ...) with a Reader on the stack: no call state, which is most of
// the cost of such a call. The errors are those of consumeTop.
func (o *Options) consumePrimitiveTop(b, in []byte, p pointer, c *codec, whole bool, max int) (int, error) {
	var r wire.Reader
	o.initReader(&r, in)
	consumePrimitive(&r, p, c.op)
	n, err := r.Offset(), r.Err()
	if err != nil {
		if len(in) < len(b) && errors.Is(err, ErrTruncated) {
			tooLarge(err, max)
		}
		return n, err
	}
	if whole && n != len(b) {
		return n, &DecodeError{Offset: n, Err: wire.Errorf(ErrInvalid, "%d bytes left over after the value", len(b)-n)}
	}
	return n, nil
}
