// Package xmlenc is the OPC UA XML encoding engine (Part 6 §5.3): the
// codecs of the built-in types and the plans of structures, built from the
// models of internal/uamodel as the binary and JSON engines build theirs.
// Package uaxml is its API; uabin/nodeset decodes the <Value>s of NodeSet2
// files with it.
//
// Three layers, as in the JSON engine: text (read.go, write.go: the tree
// of elements under the limits, escaping), built-ins (builtin.go,
// variant.go, extensionobject.go) and plans from the model (plan.go,
// dynamic.go).
package xmlenc

import (
	"reflect"
	"sync"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Config is the configuration of one call (uaxml.Options with the registry
// as the format-independent one).
type Config struct {
	// Limits are the binary encoding's limits, with their meaning: depth,
	// array length, string and ByteString bytes, input size.
	Limits wire.Limits
	// Text bounds the text layer; zero fields take the defaults.
	Text TextLimits
	// NamespaceURIs is the namespace table of NodeIds' indexes.
	NamespaceURIs []string
	// Types is the registry of structures (nil: Default).
	Types *uamodel.Registry
	// Encodings maps the XML encoding ids of structures that Types does
	// not know by that id (those outside namespace 0) to their DataType
	// ids, both with their namespace URI.
	Encodings map[types.ExpandedNodeID]types.ExpandedNodeID
	// Target, when not nil, is the namespace table of the values made:
	// the namespace indexes of the input (NamespaceURIs) are mapped to
	// the indexes of their URIs in Target.
	Target []string
	// Strict refuses an ExtensionObject whose TypeId names no structure
	// the registry knows (ErrUnknownType) instead of keeping its body as
	// XML text.
	Strict bool
	// Raw is the input the tree was read from, or nil: an ExtensionObject
	// body of an unknown type is kept as these bytes; without them it is
	// written out again from the tree.
	Raw []byte
}

// Default is the registry of a Config whose Types is nil; package uabin's
// DefaultRegistry, set by package uaxml.
var Default *uamodel.Registry

// resolved returns the text limits with the defaults for zero fields.
func (o *Config) textLimits() TextLimits {
	if t := &o.Text; t.MaxDepth|t.MaxElements|t.MaxTextLength|t.MaxAttributeLength == 0 && o.Limits.IsDefault() {
		return defaultTextLimits
	}
	return o.resolveText()
}

// defaultLimits are the limits of the zero Config, resolved.
var defaultLimits = wire.Limits{}.Resolved()

// defaultTextLimits are the text limits of the zero Config.
var defaultTextLimits = (&Config{}).resolveText()

// resolveText is textLimits computed.
func (o *Config) resolveText() TextLimits {
	l := o.Text
	lim := o.Limits.Resolved()
	if l.MaxDepth == 0 {
		// The tree nests about three elements per level of the value
		// (a Variant's Value, a ListOf, an element).
		l.MaxDepth = 4*lim.MaxDepth + 8
	}
	if l.MaxElements == 0 {
		l.MaxElements = DefaultMaxElements
	}
	if l.MaxTextLength == 0 {
		// A ByteString's base64 text is 4/3 of its bytes.
		l.MaxTextLength = max(lim.MaxStringLength, lim.MaxByteStringLength/3*4+4)
	}
	if l.MaxAttributeLength == 0 {
		l.MaxAttributeLength = DefaultMaxAttributeLength
	}
	for _, p := range []*int{&l.MaxDepth, &l.MaxElements, &l.MaxTextLength, &l.MaxAttributeLength} {
		if *p < 0 {
			*p = int(^uint(0) >> 1)
		}
	}
	return l
}

// Unmarshal decodes the XML text b into the value v points to.
func (o *Config) Unmarshal(b []byte, v any) error {
	lim := &defaultLimits
	if !o.Limits.IsDefault() {
		r := o.Limits.Resolved()
		lim = &r
	}
	if len(b) > lim.MaxMessageSize {
		return &wire.DecodeError{Err: wire.Errorf(wire.ErrLimitExceeded, "%d bytes of input, limit %d", len(b), lim.MaxMessageSize)}
	}
	st := states.Get().(*state)
	n, err := st.r.read(b, o.textLimits())
	if err == nil {
		d := &st.d // field by field: cheaper than copying a whole decoder in
		d.t, d.lim, d.raw, d.target, d.strict = o.tables(), *lim, b, o.Target, o.Strict
		err = d.top(n, v)
		*d = decoder{}
	}
	st.r.release()
	states.Put(st)
	return err
}

// A state is what one Unmarshal call needs besides the value: the reader
// with its buffers (the tree) and the decoder. Both escape to the heap
// (the codecs are function values); the pool makes a call reuse them.
type state struct {
	r reader
	d decoder
}

var states = sync.Pool{New: func() any { return &state{r: reader{minNodes: 64}} }}

// ReadTree reads b into a tree with the call's text limits.
func (o *Config) ReadTree(b []byte) (*Node, error) { return ReadTree(b, o.textLimits()) }

// Decode decodes the element n into the value v points to.
func (o *Config) Decode(n *Node, v any) error {
	d := &decoder{t: o.tables(), lim: o.Limits.Resolved(), raw: o.Raw, target: o.Target, strict: o.Strict}
	return d.top(n, v)
}

// top decodes the top-level element n into the value v points to.
func (d *decoder) top(n *Node, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &wire.DecodeError{Err: wire.Errorf(wire.ErrUnsupported, "decoding needs a non-nil pointer, got %T", v)}
	}
	var c *codec
	if bt := builtinOf(v); bt != 0 {
		c = builtinCodec(bt) // codecFor's, without the cache lookup
	} else {
		var err error
		if c, err = codecFor(rv.Type().Elem()); err != nil {
			return &wire.DecodeError{Err: err.(*wire.EncodeError).Err}
		}
	}
	if err := d.element(n, c, rv.Elem()); err != nil {
		return wire.WithPath(err, c.name)
	}
	return nil
}

// Append appends the XML encoding of v to b: one element named after v's
// type, with the xmlns of the OPC UA types (TypesNamespace).
func (o *Config) Append(b []byte, v any) ([]byte, error) {
	return o.AppendElement(b, "", v)
}

// AppendElement is Append with the element named name ("" for the type's
// name).
func (o *Config) AppendElement(b []byte, name string, v any) ([]byte, error) {
	start := len(b)
	if v == nil {
		return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "encoding a nil interface value")}
	}
	if out, ok := AppendFast(b, name, v, o.Limits.MaxDepth); ok {
		return out, nil
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "encoding a nil %T", v)}
		}
		rv = rv.Elem()
	}
	c, err := codecFor(rv.Type())
	if err != nil {
		return b, err
	}
	if name == "" {
		name = c.name
	}
	e := encoders.Get().(*encoder)
	*e = encoder{b: b, t: o.tables(), maxDepth: o.Limits.Depth(), top: true}
	err = e.element(name, c, rv)
	out := e.b
	*e = encoder{}
	encoders.Put(e)
	if err != nil {
		return b[:start], wire.WithPath(err, c.name)
	}
	return out, nil
}

// AppendFast appends the element name ("" for the type's name) of v, a
// pointer to one of the built-ins that stand alone most often (numbers,
// strings, ByteStrings, Guids, DateTimes, StatusCodes, NodeIds,
// ExpandedNodeIds, Variants of a number or String), with the encoder on
// the stack and nothing else of the configuration than maxDepth (a
// Limits.MaxDepth: 0 the default). ok is false for other values and on
// any error, which Append then gives: it is AppendElement's first step,
// which callers may take before making a Config.
func AppendFast(b []byte, name string, v any, maxDepth int) (out []byte, ok bool) {
	l := wire.Limits{MaxDepth: maxDepth}
	// Field by field: a composite literal is built aside and copied, and
	// its wide loads stall on the narrow stores just made.
	var e encoder
	e.b, e.maxDepth, e.top = b, l.Depth(), true
	if done, err := scalarFast(&e, name, v); done && err == nil {
		return e.b, true
	}
	return b, false
}

// encoders holds encoders between calls: an encoder escapes to the heap
// (the codecs are function values), and the pool makes a call into a
// reused buffer allocation-free for the values that need no other.
var encoders = sync.Pool{New: func() any { return new(encoder) }}

// tables are the options the codecs read.
type tables struct {
	ns    []string
	types *uamodel.Registry
	encs  map[types.ExpandedNodeID]types.ExpandedNodeID
}

func (o *Config) tables() tables {
	return tables{ns: o.NamespaceURIs, types: o.Types, encs: o.Encodings}
}

// snapshot returns the registry's current state, or nil.
func (t *tables) snapshot() *uamodel.Snapshot {
	r := t.types
	if r == nil {
		r = Default
	}
	if r == nil {
		return nil
	}
	return r.Load()
}

// VariantValue decodes n, the Value element of a Variant (a NodeSet2
// <Value>: one element of a built-in type, a ListOf or a Matrix, or
// nothing for the null Variant).
func (o *Config) VariantValue(n *Node) (types.Variant, error) {
	d := &decoder{t: o.tables(), lim: o.Limits.Resolved(), raw: o.Raw, target: o.Target, strict: o.Strict}
	return d.variantValue(n)
}

// DecodeBody decodes body, the XML body of an ExtensionObject (the
// structure's element, as an ExtensionObject with Encoding XML holds it),
// whose TypeId is id (its XML encoding id, or DataType id, in the
// indexes of NamespaceURIs), into a new value of the structure: a pointer
// to the Go structure, or a *uabin.Dynamic. ok is false, with no error,
// when the registry knows no structure of that id; typeID is the binary
// encoding id of the structure, the TypeID binary decoding gives.
func (o *Config) DecodeBody(id types.NodeID, body []byte) (v any, typeID types.NodeID, ok bool, err error) {
	t := o.tables()
	b, err := t.bodyForTypeID(id, t.ns)
	if err != nil || b == nil {
		return nil, types.NodeID{}, false, err
	}
	n, err := ReadTree(body, o.textLimits())
	if err != nil {
		return nil, types.NodeID{}, true, err
	}
	d := &decoder{t: t, lim: o.Limits.Resolved(), raw: body}
	if err := d.enter(n); err != nil {
		return nil, types.NodeID{}, true, err
	}
	x, rv := b.newValue()
	if err := b.c.dec(d, n, rv); err != nil {
		return nil, types.NodeID{}, true, wire.WithPath(err, b.name)
	}
	return x, b.binID, true, nil
}
