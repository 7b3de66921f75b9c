package uabin

import (
	"sync"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/engine"
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

	// DisableFastPaths encodes and decodes the structure-shaped built-ins
	// (GUID, QualifiedName, LocalizedText, DataValue, DiagnosticInfo) and
	// every type with a user fast path with the plans built from their
	// tags, ignoring FastPaths. The built-in codecs of the types tags
	// cannot describe (NodeID, ExpandedNodeID, time.Time, Variant,
	// ExtensionObject) are always used. The bytes and errors are the same.
	DisableFastPaths bool

	// FastPaths is the set of fast paths to use; nil means
	// fastpath.Default.
	FastPaths *fastpath.Set

	// Types is the ExtensionObject and message type registry; nil means
	// DefaultRegistry.
	Types *Registry

	// NamespaceURIs is the session's namespace table (index i holds the
	// URI of namespace i), used to resolve types registered by namespace
	// URI. It may be nil when no such type is used. When decoding, a body
	// (ExtensionObject or message) whose type id has a namespace index
	// beyond this table is an ErrUnknownType error if the registry holds a
	// type by namespace URI with the same identifier, since the body may
	// be of that type; other bodies of unknown types are kept raw.
	NamespaceURIs []string
}

// The engine reads Options in place: (*engine.Of[Registry])(o).Options()
// is the same memory, a conversion, no copy. It is written out in every
// method rather than in a helper, which keeps the methods small enough to
// inline (the calls then go straight to the engine's one entry point).

func init() { engine.SetDefaultRegistry(&DefaultRegistry) }

// model returns the registry r is (DefaultRegistry for nil).
func (r *Registry) model() *uamodel.Registry {
	if r == nil {
		return &DefaultRegistry.m
	}
	return &r.m
}

// appendTop encodes v (as a service message with msg) into b: the engine's
// one entry point. The methods of the API call engine.Append themselves
// with constant flags, which keeps them small enough to inline (a call
// level less on every call); the streams and Size call this.
func (o *Options) appendTop(b []byte, v any, msg bool) ([]byte, error) {
	return engine.Append((*engine.Of[Registry])(o).Options(), b, v, msg)
}

// consumeTop decodes the start of b (all of it with whole) into v (as a
// service message with msg): the engine's one entry point.
func (o *Options) consumeTop(b []byte, v any, whole, msg bool) (int, error) {
	return engine.Consume((*engine.Of[Registry])(o).Options(), b, v, whole, msg)
}

// Marshal returns the OPC UA Binary encoding of v; see the package
// documentation for the mapping. It is Append(nil, v).
func Marshal(v any) ([]byte, error) {
	return engine.Append((*engine.Of[Registry])(&defaults).Options(), nil, v, false)
}

// Append appends the encoding of v to b and returns the extended buffer.
// On error it returns b truncated to its original length. With a buffer of
// enough capacity, Append does not allocate.
func Append(b []byte, v any) ([]byte, error) {
	return engine.Append((*engine.Of[Registry])(&defaults).Options(), b, v, false)
}

// Unmarshal decodes the whole of b into the value v points to; bytes left
// over are an ErrInvalid error. v must be a non-nil pointer. b holds the
// value alone: a service message (type id, then body) is decoded with
// UnmarshalMessage, and the error of a structure whose input starts with
// a registered type id says so.
func Unmarshal(b []byte, v any) error {
	_, err := engine.Consume((*engine.Of[Registry])(&defaults).Options(), b, v, true, false)
	return err
}

// Decode decodes one value from the start of b into the value v points to
// and returns the number of bytes it used.
func Decode(b []byte, v any) (int, error) {
	return engine.Consume((*engine.Of[Registry])(&defaults).Options(), b, v, false, false)
}

// Size returns the number of bytes Marshal(v) would return.
func Size(v any) (int, error) { return Options{}.Size(v) }

// Marshal is the package function Marshal with options o.
func (o Options) Marshal(v any) ([]byte, error) {
	return engine.Append((*engine.Of[Registry])(&o).Options(), nil, v, false)
}

// Append is the package function Append with options o.
func (o Options) Append(b []byte, v any) ([]byte, error) {
	return engine.Append((*engine.Of[Registry])(&o).Options(), b, v, false)
}

// Unmarshal is the package function Unmarshal with options o.
func (o Options) Unmarshal(b []byte, v any) error {
	_, err := engine.Consume((*engine.Of[Registry])(&o).Options(), b, v, true, false)
	return err
}

// defaults are the options of the package functions: the zero Options,
// never written, passed by pointer so that no call copies them.
var defaults Options

// Decode is the package function Decode with options o.
func (o Options) Decode(b []byte, v any) (int, error) {
	return engine.Consume((*engine.Of[Registry])(&o).Options(), b, v, false, false)
}

// Size is the package function Size with options o. It encodes v into a
// pooled scratch buffer, so it costs about as much as Append and does not
// allocate in the steady state.
func (o Options) Size(v any) (int, error) {
	sb := scratchPool.Get().(*[]byte)
	out, err := o.appendTop((*sb)[:0], v, false)
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

var scratchPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}
