package uabin

import (
	"errors"
	"reflect"
	"sync"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// Options configures encoding and decoding. The zero value gives the
// defaults, which the package-level functions use.
type Options struct {
	// Limits bound what decoding accepts (zero fields: the defaults; see
	// the package documentation, section Limits). MaxDepth also bounds the
	// nesting of the values being encoded.
	Limits

	// EmptyStrings writes a Go "" as an empty String (length 0) instead of
	// a null String (length -1), for servers that reject null strings.
	EmptyStrings bool

	// DisableFastPaths encodes and decodes every value with the plans
	// built from tags, ignoring FastPaths. The bytes are the same.
	DisableFastPaths bool

	// FastPaths is the set of fast paths to use; nil means
	// fastpath.Default.
	FastPaths *fastpath.Set

	// Types is the ExtensionObject and message type registry; nil means
	// DefaultRegistry.
	Types *Registry

	// NamespaceURIs is the session's namespace table (index i holds the
	// URI of namespace i), used to resolve types registered by namespace
	// URI. It may be nil when no such type is used.
	NamespaceURIs []string
}

func (o *Options) set() *fastpath.Set {
	switch {
	case o.DisableFastPaths:
		return nil
	case o.FastPaths == nil:
		return fastpath.Default
	}
	return o.FastPaths
}

// Marshal returns the OPC UA Binary encoding of v; see the package
// documentation for the mapping. It is Append(nil, v).
func Marshal(v any) ([]byte, error) { return Options{}.Append(nil, v) }

// Append appends the encoding of v to b and returns the extended buffer.
// On error it returns b truncated to its original length. With a buffer of
// enough capacity, Append does not allocate.
func Append(b []byte, v any) ([]byte, error) { return Options{}.Append(b, v) }

// Unmarshal decodes the whole of b into the value v points to; bytes left
// over are an ErrInvalid error. v must be a non-nil pointer.
func Unmarshal(b []byte, v any) error { return Options{}.Unmarshal(b, v) }

// Decode decodes one value from the start of b into the value v points to
// and returns the number of bytes it used.
func Decode(b []byte, v any) (int, error) { return Options{}.Decode(b, v) }

// Size returns the number of bytes Marshal(v) would return.
func Size(v any) (int, error) { return Options{}.Size(v) }

// Marshal is the package function Marshal with options o.
func (o Options) Marshal(v any) ([]byte, error) { return o.append(nil, v, false) }

// Append is the package function Append with options o.
func (o Options) Append(b []byte, v any) ([]byte, error) { return o.append(b, v, false) }

// Unmarshal is the package function Unmarshal with options o.
func (o Options) Unmarshal(b []byte, v any) error {
	if v == nil {
		return &DecodeError{Err: wire.Errorf(ErrUnsupported, "decoding needs a non-nil pointer, got nil")}
	}
	_, _, err := o.consume(b, v, true)
	return err
}

// Decode is the package function Decode with options o.
func (o Options) Decode(b []byte, v any) (int, error) {
	if v == nil {
		return 0, &DecodeError{Err: wire.Errorf(ErrUnsupported, "decoding needs a non-nil pointer, got nil")}
	}
	_, n, err := o.consume(b, v, false)
	return n, err
}

// Size is the package function Size with options o. It encodes v into a
// pooled scratch buffer, so it costs about as much as Append and does not
// allocate in the steady state.
func (o Options) Size(v any) (int, error) {
	sb := scratchPool.Get().(*[]byte)
	out, err := o.append((*sb)[:0], v, false)
	n := len(out)
	if cap(out) <= 1<<20 {
		*sb = out[:0]
		scratchPool.Put(sb)
	}
	if err != nil {
		return 0, err
	}
	return n, nil
}

// hardMaxDepth caps MaxDepth, also when it is negative ("no limit"): deeper
// recursion could exhaust the goroutine stack, which is a fatal error, not
// a panic that could be turned into an error.
const hardMaxDepth = 100000

var scratchPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

var encPool = sync.Pool{New: func() any {
	e := &encState{}
	e.eng.enc = e
	e.w.Engine = &e.eng
	return e
}}

var decPool = sync.Pool{New: func() any {
	d := &decState{}
	d.eng.dec = d
	return d
}}

func (o *Options) newEncState(b []byte) *encState {
	e := encPool.Get().(*encState)
	e.w.Buf, e.w.EmptyStrings = b, o.EmptyStrings // Engine stays &e.eng; the error was cleared by release
	// MaxDepth as Limits.Resolved would give it, capped at hardMaxDepth,
	// without resolving the other limits (this runs once per call). The
	// depth itself was cleared by release.
	switch md := o.MaxDepth; {
	case md == 0:
		e.w.MaxDepth = wire.DefaultMaxDepth
	case md < 0 || md > hardMaxDepth:
		e.w.MaxDepth = hardMaxDepth
	default:
		e.w.MaxDepth = md
	}
	e.eng.set, e.eng.registry, e.eng.uris = o.set(), o.Types, o.NamespaceURIs
	return e
}

func (e *encState) release() {
	e.w.Reset() // clears the error
	e.w.Buf = nil
	e.eng.registry, e.eng.uris = nil, nil
	encPool.Put(e)
}

func (o *Options) newDecState(b []byte) *decState {
	d := decPool.Get().(*decState)
	d.r.Engine = &d.eng
	l := o.Limits
	if l.MaxDepth < 0 || l.MaxDepth > hardMaxDepth {
		l.MaxDepth = hardMaxDepth
	}
	d.r.Reset(b, l)
	d.eng.set, d.eng.registry, d.eng.uris = o.set(), o.Types, o.NamespaceURIs
	return d
}

func (d *decState) release() {
	// The Reader keeps its input until the next call resets it; pooled
	// states are dropped at every garbage collection, so this keeps
	// nothing alive for long, and saves a second Reset per call.
	d.eng.registry, d.eng.uris = nil, nil
	decPool.Put(d)
}

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

// topName is the first element of error paths: the name of the top-level
// type, if it is a named struct.
func topName(t reflect.Type) string {
	if t.Kind() == reflect.Struct {
		return t.Name()
	}
	return ""
}

// append is the one internal encoding entry point. With msg, v is
// written as a service message: its registered binary encoding id first.
func (o Options) append(b []byte, v any, msg bool) ([]byte, error) {
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
		g := engine{registry: o.Types, uris: o.NamespaceURIs}
		ent := g.reg().byGoType(v)
		if ent == nil {
			return b, &EncodeError{Err: wire.Errorf(ErrUnknownType, "the Go type %T is not registered as a message", v)}
		}
		var ok bool
		if id, ok = g.encodingID(ent); !ok {
			return b, &EncodeError{Err: wire.Errorf(ErrUnknownType, "namespace URI %q of %v is not in Options.NamespaceURIs", ent.uri, ent.typ)}
		}
		if c, perr = codecFor(o.set(), ent.typ); perr == nil {
			p = valuePointer(v, ent.g)
		}
	} else if t := reflect.TypeOf(v); t.Kind() == reflect.Pointer {
		if c, perr = codecFor(o.set(), t.Elem()); perr == nil {
			if p = ifaceData(v); p.isNil() {
				p = pointer{c.g.zero}
			}
		}
	} else if c, perr = codecFor(o.set(), t); perr == nil {
		if pointerShaped(t) {
			p = c.g.fromIface(v)
		} else {
			p = ifaceData(v)
		}
	}
	if perr != nil {
		return b, &EncodeError{Path: perr.path, Err: perr.cause()}
	}
	orig := b
	if b == nil {
		if h := c.sizeHint.Load(); h > 0 {
			b = make([]byte, 0, h)
		}
	}
	e := o.newEncState(b)
	if msg {
		appendNodeID(&e.w, id, 0)
	}
	c.enc(e, p, c)
	out, err := e.w.Buf, e.w.Err()
	e.release()
	if err == nil && len(out)-len(b) <= 1<<20 && int32(len(out)-len(b)) != c.sizeHint.Load() {
		c.sizeHint.Store(int32(len(out) - len(b)))
	}
	if err != nil {
		if name := topName(c.typ); name != "" {
			addPath(err, name)
		}
		return orig, err
	}
	return out, nil
}

// consume is the one internal decoding entry point: it decodes into the
// value v points to or, for a service message (v nil), into a new value of
// the type registered for the message's encoding id, which it returns.
// whole requires that all of b is used.
func (o Options) consume(b []byte, v any, whole bool) (any, int, error) {
	var c *codec
	var p pointer
	if v != nil {
		t := reflect.TypeOf(v)
		if t == nil || t.Kind() != reflect.Pointer || ifaceData(v).isNil() {
			return nil, 0, &DecodeError{Err: wire.Errorf(ErrUnsupported, "decoding needs a non-nil pointer, got %T", v)}
		}
		var perr *planError
		if c, perr = codecFor(o.set(), t.Elem()); perr != nil {
			return nil, 0, &DecodeError{Path: perr.path, Err: perr.cause()}
		}
		p = ifaceData(v)
	}
	max := o.messageLimit()
	in := b
	if len(b) > max {
		if whole {
			return nil, 0, &DecodeError{Err: wire.Errorf(ErrLimitExceeded, "message of %d bytes above the limit %d", len(b), max)}
		}
		in = b[:max]
	}
	d := o.newDecState(in)
	defer d.release()
	var ent *regEntry
	if c == nil {
		var err error
		if ent, c, err = d.messageType(); err != nil {
			return nil, d.r.Offset(), err
		}
		p = ent.g.alloc()
	}
	c.dec(d, p, c)
	n, err := d.r.Offset(), d.r.Err()
	if err != nil && len(in) < len(b) && errors.Is(err, ErrTruncated) {
		return nil, n, &DecodeError{Offset: n, Err: wire.Errorf(ErrLimitExceeded, "value larger than MaxMessageSize (%d bytes)", max)}
	}
	if err != nil {
		if name := topName(c.typ); name != "" {
			addPath(err, name)
		}
		return nil, n, err
	}
	if whole && n != len(b) {
		return nil, n, &DecodeError{Offset: n, Err: wire.Errorf(ErrInvalid, "%d bytes left over after the value", len(b)-n)}
	}
	if ent != nil {
		return ent.g.boxPtr(p), n, nil
	}
	return nil, n, nil
}
