package engine

// The one entry path: every encoding call of package uabin ends in Append
// or Codec.Append, every decoding call in Consume or Codec's methods. A
// call finds the codec of its value (cache.go), tries the stack-only path
// (a Writer or Reader on the stack, no pooled state: primitives,
// ByteStrings, slices of primitives and the built-ins, erased.AppendStack),
// and otherwise takes a pooled call state (state.go). A value that fails
// with fast paths is run again without them (appendCodec, consumeCodec), so
// that the error is the plan's in both modes.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// Options are uabin.Options as the engine reads them: the same memory
// (Of.Options, pointer.go), with Types pointing to the uamodel.Registry
// that a uabin.Registry holds first. A nil Types is uabin's
// DefaultRegistry (registry).
type Options struct {
	wire.Limits
	EmptyStrings     bool
	DisableFastPaths bool
	FastPaths        *fastpath.Set
	Types            *uamodel.Registry
	NamespaceURIs    []string
}

// Of is the layout of uabin.Options: Of[uabin.Registry] has its
// underlying type, so that uabin passes its Options by a conversion
// (Of.Options).
type Of[R any] struct {
	wire.Limits
	EmptyStrings     bool
	DisableFastPaths bool
	FastPaths        *fastpath.Set
	Types            *R
	NamespaceURIs    []string
}

// registry returns the registry of the call: Types, or uabin's
// DefaultRegistry.
func (o *Options) registry() *uamodel.Registry {
	if o.Types != nil {
		return o.Types
	}
	return defaultRegistry()
}

// set returns the fast-path set of the call: nil with DisableFastPaths.
func (o *Options) set() *fastpath.Set {
	switch {
	case o.DisableFastPaths:
		return nil
	case o.FastPaths == nil:
		return fastpath.Default
	}
	return o.FastPaths
}

// defaultLimits are the limits of the zero Options, resolved, and
// shareLimits the same with ShareInput.
var (
	defaultLimits = wire.Limits{}.Resolved()
	shareLimits   = wire.Limits{ShareInput: true}.Resolved()
)

// stackLimits returns the resolved limits l stands for if they are the
// defaults, with ShareInput on or off, or nil: the general API takes the
// stack paths only with these, whose resolved forms are variables (a
// pointer to a resolved copy would escape through the indirect call).
func stackLimits(l *wire.Limits) *wire.Limits {
	switch {
	case l.IsDefault():
		return &defaultLimits
	case *l == wire.Limits{ShareInput: true}:
		return &shareLimits
	}
	return nil
}

// Append is the one encoding entry point. With msg, v is written as a
// service message: its registered binary encoding id first.
func Append(o *Options, b []byte, v any, msg bool) ([]byte, error) {
	if c := recentTop(o, v); c != nil {
		// The common call: a pointer to the type of a recent top-level
		// call, default fast paths. The same call as Codec[T].Append, or
		// MessageCodec[T].Append for a message whose type id the codec
		// holds for the registry's current state (a failing message is
		// encoded again below, for the error).
		if p := ifaceData(v); !p.isNil() {
			if !msg {
				if c.stackApp != nil {
					if out, ok := c.stackApp(b, o.EmptyStrings, o.Limits.Depth(), p.raw()); ok {
						return out, nil
					}
				}
				return appendCodec(o, b, v, c, p, false, nil)
			}
			if m := c.msg.Load(); m != nil && m.snap == o.registry().Load() {
				if c.stackApp != nil { // a generated codec's stack path, as MessageCodec[T]
					if out, ok := c.stackApp(append(b, m.head...), o.EmptyStrings, o.Limits.Depth(), p.raw()); ok {
						return out, nil
					}
				}
				if out, err := appendCodec(o, append(b, m.head...), v, c, p, false, nil); err == nil {
					return out, nil
				}
			}
		}
	}
	if v == nil {
		return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "cannot encode a nil interface")}
	}
	var (
		p    pointer
		c    *codec
		perr *uamodel.Error
		id   types.NodeID
	)
	if msg {
		snap := o.registry().Load()
		ent := byValue(o.registry(), v)
		if ent == nil {
			return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnknownType, "the Go type %T is not registered as a message", v)}
		}
		var ok bool
		if id, ok = ent.EncodingID(o.NamespaceURIs); !ok {
			return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", ent.URI, ent.Go)}
		}
		if c, perr = codecFor(o.set(), ent.Go); perr == nil {
			p = valuePointer(v, c.g)
			c.keepMsgHead(o.set(), snap, ent)
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
		return b, &wire.EncodeError{Path: perr.Path, Err: cause(perr)}
	}
	if !msg {
		switch {
		case c.op != opCodec:
			// A primitive: the stack path with no indirect call at all.
			if out, ok := erased.AppendStack(b, o.EmptyStrings, 0, &p, func(w *wire.Writer, p *pointer) { appendPrimitive(w, *p, c.op) }); ok {
				return out, nil
			}
		case c.flat != flatNone:
			if out, ok := appendFlatTop(b, o.EmptyStrings, p, c); ok {
				return out, nil
			}
		case c.stackApp != nil:
			if out, ok := c.stackApp(b, o.EmptyStrings, o.Limits.Depth(), p.raw()); ok {
				return out, nil
			}
		}
	}
	return appendCodec(o, b, v, c, p, msg, &id)
}

// A msgHead is the encoded binary encoding id of a codec's message type
// (as Append writes it) in one state of a registry: valid while the
// registry's snapshot is snap.
type msgHead struct {
	snap *uamodel.Snapshot
	head []byte
	// word and mask are head as the first bytes of a little-endian
	// uint64, and a mask of those bytes, when head has at most 8 (every
	// numeric id): starts compares them without a call.
	word, mask uint64
}

// starts reports whether b starts with the head.
func (m *msgHead) starts(b []byte) bool {
	if m.mask != 0 && len(b) >= 8 {
		return binary.LittleEndian.Uint64(b)&m.mask == m.word
	}
	return len(b) >= len(m.head) && string(b[:len(m.head)]) == string(m.head)
}

// newMsgHead returns the msgHead of head in snap.
func newMsgHead(snap *uamodel.Snapshot, head []byte) *msgHead {
	m := &msgHead{snap: snap, head: head}
	if n := len(head); n > 0 && n <= 8 {
		var w [8]byte
		copy(w[:], head)
		m.word, m.mask = binary.LittleEndian.Uint64(w[:]), ^uint64(0)>>(64-8*n)
	}
	return m
}

// keepMsgHead records the encoded type id of ent, the registry entry of
// c's type in snap, for the calls that follow (Append, Consume), unless it
// holds it already, and puts c in the recent table of set (the fast-path
// set c was built for) under its pointer type, where recentTop finds it
// (codecFor put it under its value type). Only for Go types whose id does
// not depend on the namespace table (no URI), not for run-time structures
// (one Go type, many ids).
func (c *codec) keepMsgHead(set *fastpath.Set, snap *uamodel.Snapshot, ent *uamodel.Entry) {
	if ent.URI != "" || ent.Def != nil || ent.Go != c.typ {
		return
	}
	cacheFor(set).remember(c.ptrRT, c)
	if m := c.msg.Load(); m != nil && m.snap == snap {
		return
	}
	id, ok := ent.EncodingID(nil)
	if !ok {
		return
	}
	var w wire.Writer
	nodeIDCodec.Append(&w, pointerTo(&id).raw())
	if w.Err() == nil {
		c.msg.Store(newMsgHead(snap, w.Buf))
	}
}

// recentTop returns the codec of the type v points to if a recent
// top-level call with the default fast paths found it (planCache.recent)
// and o selects the default fast paths: the common call, recognised with
// a few compares and no lookup (topCodec's first step, without its
// switches). Otherwise it returns nil and the call takes the general path.
// The caller checks that the pointer is not nil.
func recentTop(o *Options, v any) *codec {
	if o.DisableFastPaths || o.FastPaths != nil {
		return nil
	}
	if c, ptr := defaultFastCache.recentFor(rtypeOf(v)); ptr {
		return c
	}
	return nil
}

// appendCodec is Append once the codec c of v and the pointer p to its
// value are known (and, for a message, its encoding id), for the values
// that take the pooled call state.
func appendCodec(o *Options, b []byte, v any, c *codec, p pointer, msg bool, id *types.NodeID) ([]byte, error) {
	orig := b
	if b == nil {
		if h := c.hint.Load(); h > 0 {
			b = make([]byte, 0, h)
		}
	}
	s := o.newAppendState(b)
	if msg {
		s.typeID = *id
		nodeIDCodec.Append(&s.w, pointerTo(&s.typeID).raw())
	}
	c.append(s, p, c)
	out, err := s.w.Buf, s.w.Err()
	set := s.set
	s.release()
	if err != nil && set != nil {
		// The plan's error, in both modes (see consumeCodec).
		po := *o
		po.DisableFastPaths = true
		if _, err2 := Append(&po, orig, v, msg); err2 != nil {
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

// Consume is the one decoding entry point: it decodes into the value v
// points to or, for a service message (msg), reads the type id and decodes
// as consumeMessage says. whole requires that all of b is used.
func Consume(o *Options, b []byte, v any, whole, msg bool) (int, error) {
	if c := recentTop(o, v); c != nil {
		// The common call, as in Append: the same call as
		// Codec[T].Unmarshal. A value that fails, or leaves bytes over
		// when all must be used, is decoded again by consumeCodec, which
		// gives the error. A message that starts with the type id the
		// codec holds is decoded as its body, as MessageCodec[T] does; if
		// that fails, again below, for the error.
		if p := ifaceData(v); !p.isNil() {
			if !msg {
				if lim := stackLimits(&o.Limits); c.stackCons != nil && lim != nil && len(b) <= wire.DefaultMaxMessageSize {
					if n, ok := c.stackCons(b, lim, p.raw()); ok && (!whole || n == len(b)) {
						return n, nil
					}
				}
				return consumeCodec(o, b, v, c, nil, whole, false)
			}
			if m := c.msg.Load(); m != nil && m.starts(b) &&
				len(b) <= o.Limits.MessageSize() && m.snap == o.registry().Load() {
				// The body on the stack path first, as for a value
				// above; then as consumeCodec says, which gives the
				// error.
				body := b[len(m.head):]
				if lim := stackLimits(&o.Limits); c.stackCons != nil && lim != nil && c.op == opCodec && c.flat == flatNone {
					if n, ok := c.stackCons(body, lim, p.raw()); ok && (!whole || n == len(body)) {
						return len(m.head) + n, nil
					}
				}
				if n, err := consumeCodec(o, body, v, c, nil, whole, false); err == nil {
					return len(m.head) + n, nil
				}
			}
		}
	}
	var c *codec
	var t reflect.Type
	if msg {
		if t = reflect.TypeOf(v); t == nil || t.Kind() != reflect.Pointer || ifaceData(v).isNil() {
			return 0, nilTarget(t)
		}
	} else {
		var ptr bool
		var perr *uamodel.Error
		if v != nil {
			c, ptr, perr = topCodec(o.set(), v)
		}
		switch {
		case v == nil || !ptr || ifaceData(v).isNil():
			return 0, nilTarget(reflect.TypeOf(v))
		case perr != nil:
			return 0, &wire.DecodeError{Path: perr.Path, Err: cause(perr)}
		}
	}
	return consumeCodec(o, b, v, c, t, whole, msg)
}

// nilTarget is the error of a decoding call whose target is not a non-nil
// pointer (t is its type, nil for a nil interface).
func nilTarget(t reflect.Type) error {
	name := "nil"
	if t != nil {
		name = t.String()
	}
	return &wire.DecodeError{Err: wire.Errorf(wire.ErrUnsupported, "decoding needs a non-nil pointer, got %s", name)}
}

// consumeCodec is Consume once the codec c of *v is known (nil for a
// message: the type id decides; t is the type of v): consumeTopValue, and
// for a value that is not a message the hint of messageHint on an error,
// whichever path (stack, fast paths, plans) gave it.
func consumeCodec(o *Options, b []byte, v any, c *codec, t reflect.Type, whole, msg bool) (int, error) {
	n, err := consumeTopValue(o, b, v, c, t, whole, msg)
	if err != nil && !msg {
		messageHint(o, b, c, err)
	}
	return n, err
}

// consumeTopValue decodes as consumeCodec says, without the hint.
func consumeTopValue(o *Options, b []byte, v any, c *codec, t reflect.Type, whole, msg bool) (int, error) {
	max := o.Limits.MessageSize()
	in := b
	if len(b) > max {
		if whole {
			return 0, &wire.DecodeError{Err: wire.Errorf(wire.ErrLimitExceeded, "message of %d bytes above the limit %d", len(b), max)}
		}
		in = b[:max]
	}
	switch {
	case c == nil:
	case c.op != opCodec || c.flat != flatNone:
		if n, ok := consumeLeafTop(o, in, v, c); ok {
			if whole && n != len(b) {
				return n, leftOver(n, len(b))
			}
			return n, nil
		}
	case c.stackCons != nil && stackLimits(&o.Limits) != nil:
		// A built-in or generated codec: its stack path, only with the
		// default limits (ShareInput on or off), since a pointer to a
		// resolved copy would escape through this indirect call (a Codec
		// has its own).
		if n, ok := c.stackCons(in, stackLimits(&o.Limits), ifaceData(v).raw()); ok {
			if whole && n != len(b) {
				return n, leftOver(n, len(b))
			}
			return n, nil
		}
	}
	// A value that failed on the stack path is decoded again here.
	s := o.newConsumeState(in)
	defer s.release()
	if msg {
		c = s.consumeMessage(v, t)
	} else {
		c.consume(s, ifaceData(v), c)
	}
	n, err := s.r.Offset(), s.r.Err()
	if err != nil && s.set != nil {
		// A value that fails is decoded again without fast paths, so that
		// the error (offset, path, message) is the plan's whatever the
		// options; if the plans accept it, the fast path's error stands.
		po := *o
		po.DisableFastPaths = true
		if n2, err2 := Consume(&po, b, v, whole, msg); err2 != nil {
			return n2, err2
		}
	}
	if err != nil && len(in) < len(b) && errors.Is(err, wire.ErrTruncated) {
		TooLarge(err, max)
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
		return n, leftOver(n, len(b))
	}
	return n, nil
}

// messageHint adds a hint to err, the *wire.DecodeError of decoding b as
// a structure of c's type (not a built-in), when b starts with the binary
// encoding id of a registered type: b is then likely a service message
// (type id and body), which UnmarshalMessage decodes, given to Unmarshal.
// An error that has the hint (from the rerun without fast paths) keeps it.
func messageHint(o *Options, b []byte, c *codec, err error) {
	de, ok := err.(*wire.DecodeError)
	if !ok || c == nil || c.typ.Kind() != reflect.Struct || uamodel.IsNamedBuiltin(c.typ) {
		return
	}
	if _, done := de.Err.(*hinted); done {
		return
	}
	var id types.NodeID
	r := wire.NewReader(b, wire.Limits{})
	nodeIDCodec.Consume(r, pointerTo(&id).raw())
	if r.Err() != nil {
		return
	}
	if e := o.registry().Load().ByID(id, o.NamespaceURIs); e != nil {
		de.Err = &hinted{err: de.Err, hint: fmt.Sprintf("the input starts with %v, the type id of %s: if it is a service message, decode it with UnmarshalMessage", id, e.Name())}
	}
}

// hinted is an error with a hint for the caller after it.
type hinted struct {
	err  error
	hint string
}

func (h *hinted) Error() string { return h.err.Error() + " (" + h.hint + ")" }
func (h *hinted) Unwrap() error { return h.err }

// appendFlatTop encodes a top-level ByteString or slice of primitives
// with a Writer on the stack, the codec called directly (apart from
// Append, so that the primitives' path there stays small).
func appendFlatTop(b []byte, empty bool, p pointer, c *codec) ([]byte, bool) {
	return erased.AppendStack(b, empty, 0, &p, func(w *wire.Writer, p *pointer) { appendFlat(w, *p, c) })
}

// consumeLeafTop decodes a top-level primitive (UInt32, Double, String,
// ...), ByteString or slice of primitives with a Reader on the stack, the
// codec called directly: no call state, which is most of the cost of such
// a call. It reports false if the value fails; the usual path then gives
// the error.
func consumeLeafTop(o *Options, in []byte, v any, c *codec) (int, bool) {
	lim := &defaultLimits
	if !o.Limits.IsDefault() {
		l := o.Limits.Resolved()
		lim = &l
	}
	p := ifaceData(v)
	if c.op != opCodec {
		return erased.ConsumeStack(in, lim, &p, func(r *wire.Reader, p *pointer) { consumePrimitive(r, *p, c.op) })
	}
	return erased.ConsumeStack(in, lim, &p, func(r *wire.Reader, p *pointer) { consumeFlat(r, *p, c) })
}

// leftOver returns the error of a value that used n of the total bytes
// given when all of them had to be used.
func leftOver(n, total int) error {
	return &wire.DecodeError{Offset: n, Err: wire.Errorf(wire.ErrInvalid, "%d bytes left over after the value", total-n)}
}

// TooLarge turns the ErrTruncated error of a value cut by MaxMessageSize
// into an ErrLimitExceeded one, keeping its offset (the first byte of the
// value that was cut) and path.
func TooLarge(err error, max int) {
	if de, ok := err.(*wire.DecodeError); ok {
		de.Err = wire.Errorf(wire.ErrLimitExceeded, "value larger than MaxMessageSize (%d bytes)", max)
	}
}

// cause returns a model error as the cause of an encoding or decoding
// error whose Path is set to its path.
func cause(e *uamodel.Error) error { return wire.Errorf(wire.ErrUnsupported, "%s", e.Msg) }

// withPath returns a model error with the path in its message, for places
// that report it without a Path (ExtensionObject bodies, RegisterType).
func withPath(e *uamodel.Error) error {
	if e.Path == "" {
		return cause(e)
	}
	return wire.Errorf(wire.ErrUnsupported, "%s (at %s)", e.Msg, e.Path)
}

// Check reports whether values of t can be encoded and decoded: nil, or
// the model's error (wrapping wire.ErrUnsupported) with its path.
func Check(t reflect.Type) error {
	if _, perr := codecFor(nil, t); perr != nil {
		return withPath(perr)
	}
	return nil
}

// A Codec is the engine of uabin.Codec[T]: the codec of T with its
// options resolved once. Its methods take a *T, so that the stack path is
// called with no interface in between.
type Codec[T any] struct {
	o     Options
	c     *codec
	max   int         // MaxMessageSize, resolved
	lim   wire.Limits // the decoder limits, resolved, for the stack paths
	empty bool        // EmptyStrings
	depth int         // the Writer's MaxDepth
}

// NewCodec returns the Codec of T with options o (copied).
func NewCodec[T any](o *Options) (*Codec[T], error) {
	c, perr := codecFor(o.set(), reflect.TypeFor[T]())
	if perr != nil {
		return nil, withPath(perr)
	}
	return &Codec[T]{o: *o, c: c, max: o.Limits.MessageSize(), lim: o.Limits.Resolved(), empty: o.EmptyStrings, depth: o.Limits.Depth()}, nil
}

// Append appends the encoding of *v (nil encodes the zero value of T).
func (k *Codec[T]) Append(b []byte, v *T) ([]byte, error) {
	if app := k.c.stackApp; app != nil && v != nil {
		if out, ok := app(b, k.empty, k.depth, pointerTo(v).raw()); ok {
			return out, nil
		}
	}
	p := pointerTo(v)
	if v == nil {
		p = pointer{k.c.g.zero}
	}
	return appendCodec(&k.o, b, v, k.c, p, false, nil)
}

// Unmarshal decodes all of b into *v.
func (k *Codec[T]) Unmarshal(b []byte, v *T) error {
	if cons := k.c.stackCons; cons != nil && v != nil && len(b) <= k.max {
		if n, ok := cons(b, &k.lim, pointerTo(v).raw()); ok && n == len(b) {
			return nil
		}
	}
	_, err := k.decode(b, v, true)
	return err
}

// Decode decodes one value from the start of b into *v and returns the
// number of bytes it took.
func (k *Codec[T]) Decode(b []byte, v *T) (int, error) {
	if cons := k.c.stackCons; cons != nil && v != nil {
		in := b
		if len(in) > k.max {
			in = in[:k.max]
		}
		if n, ok := cons(in, &k.lim, pointerTo(v).raw()); ok {
			return n, nil
		}
	}
	return k.decode(b, v, false)
}

// decode runs the usual decoding call: the values that the stack path does
// not take, and the errors.
func (k *Codec[T]) decode(b []byte, v *T, whole bool) (int, error) {
	if v == nil {
		return 0, &wire.DecodeError{Err: wire.Errorf(wire.ErrUnsupported, "decoding needs a non-nil pointer, got %T", v)}
	}
	return consumeCodec(&k.o, b, v, k.c, nil, whole, false)
}

// A MessageCodec is the engine of uabin.MessageCodec[T]: Codec[T] with the
// binary encoding id of T's message resolved once, and its encoding.
type MessageCodec[T any] struct {
	Codec[T]
	head []byte // the encoding of the type id, which every message starts with
}

// NewMessageCodec returns the MessageCodec of T with options o (copied):
// T must be registered (with its binary encoding id) in o's registry.
func NewMessageCodec[T any](o *Options) (*MessageCodec[T], error) {
	k, err := NewCodec[T](o)
	if err != nil {
		return nil, err
	}
	t := reflect.TypeFor[T]()
	ent := o.registry().Load().ByType(t)
	if ent == nil || ent.Def != nil {
		return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnknownType, "the Go type %v is not registered as a message", t)}
	}
	id, ok := ent.EncodingID(o.NamespaceURIs)
	if !ok {
		return nil, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", ent.URI, ent.Go)}
	}
	var w wire.Writer
	nodeIDCodec.Append(&w, pointerTo(&id).raw())
	if err := w.Err(); err != nil {
		return nil, err
	}
	return &MessageCodec[T]{Codec: *k, head: w.Buf}, nil
}

// Append appends *v as a service message: the type id, then the body.
func (k *MessageCodec[T]) Append(b []byte, v *T) ([]byte, error) {
	n := len(b)
	out, err := k.Codec.Append(append(b, k.head...), v)
	if err != nil {
		return b[:n], err
	}
	return out, nil
}

// Unmarshal decodes all of b, a service message of T, into *v. A message
// that starts with the type id as Append writes it is decoded as its body;
// any other (another form of the same NodeId, another type, an error) is
// decoded by the general path, which gives the result and the errors of
// UnmarshalMessage, offsets counted from the message's start.
func (k *MessageCodec[T]) Unmarshal(b []byte, v *T) error {
	if h := len(k.head); v != nil && len(b) <= k.max && len(b) >= h && string(b[:h]) == string(k.head) {
		if err := k.Codec.Unmarshal(b[h:], v); err == nil {
			return nil
		}
	}
	_, err := Consume(&k.o, b, v, true, true)
	return err
}
