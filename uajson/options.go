package uajson

import (
	"reflect"
	"strconv"
	"sync"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// Encoding selects one of the four JSON forms of Part 6. The decoder needs
// no choice: it reads Compact, Verbose and Reversible in one pass.
type Encoding uint8

const (
	// Compact is the CompactEncoding of Part 6 v1.05 §5.4 (the default):
	// NULL and default values are omitted from structures, StatusCodes
	// carry no symbol, NodeIds are strings with namespace URIs.
	Compact Encoding = iota
	// Verbose is the VerboseEncoding of Part 6 v1.05 §5.4: as Compact, and
	// StatusCodes carry their symbol (and structure fields their NULL and
	// default values, enumerations their names, once structures are
	// supported).
	Verbose
	// Reversible is the deprecated ReversibleEncoding of Part 6 v1.04, kept
	// in v1.05 Annex H for publishers that talk to older subscribers:
	// NodeIds, ExpandedNodeIds and QualifiedNames are objects, StatusCodes
	// numbers, Variants {"Type", "Body"}. Encoding only; the decoder reads
	// it without being told.
	Reversible
	// NonReversible is the deprecated NonReversibleEncoding of Part 6 v1.04
	// (Annex H): values without their OPC UA types, for consumers that do
	// not know OPC UA. Encoding only: it cannot be read back into the same
	// values.
	NonReversible
)

// String returns "Compact", "Verbose", "Reversible" or "NonReversible".
func (e Encoding) String() string {
	switch e {
	case Compact:
		return "Compact"
	case Verbose:
		return "Verbose"
	case Reversible:
		return "Reversible"
	case NonReversible:
		return "NonReversible"
	}
	return "Encoding(" + strconv.Itoa(int(e)) + ")"
}

// Options configures encoding and decoding. The zero value gives the
// defaults, which the package functions use.
type Options struct {
	// Encoding is the form written; the zero value is Compact. Decoding
	// reads Compact, Verbose and Reversible whatever it says.
	Encoding Encoding

	// Limits bound what decoding accepts, with the meaning and defaults
	// of the binary encoding (uabin.Limits): MaxDepth counts the same
	// levels (Variants, DataValues, DiagnosticInfos, ExtensionObjects,
	// structures, and arrays and objects skipped as unknown), and also
	// bounds encoding; MaxArrayLength counts JSON array elements;
	// MaxStringLength and MaxByteStringLength count decoded bytes;
	// MaxMessageSize counts bytes of JSON text.
	uabin.Limits

	// NamespaceURIs is the namespace table (index i holds the URI of
	// namespace i). Encoding writes the namespace of NodeIds,
	// ExpandedNodeIds and QualifiedNames as its URI when the table has it
	// (Part 6 §5.4.2.10: "nsu=http://acme.org/;i=5"), else as its index
	// ("ns=2;i=5"); decoding maps URIs back to indexes. Nil: indexes only.
	NamespaceURIs []string

	// ServerURIs is the server table (index i holds the URI of server i),
	// used the same way for the ServerIndex of ExpandedNodeIds ("svu=").
	ServerURIs []string

	// Types is the registry of structure types for ExtensionObject bodies;
	// nil means uabin.DefaultRegistry. (Structures are not supported yet;
	// see the package documentation.)
	Types *uabin.Registry

	// Indent, if not empty, writes every object member and array element
	// on its own line, indented by one copy of Indent per level, with a
	// space after each ':', for people to read.
	Indent string

	// EmptyStrings writes a Go "" that was not decoded as an empty String
	// as "" instead of null (array elements, top-level values) or an
	// omitted member, as uabin.Options.EmptyStrings does for binary.
	EmptyStrings bool
}

// tables are the options that the codecs read during a call, copied from
// the Options into the call state by value, so that the Options of a call
// (a method's receiver) never escape to the heap.
type tables struct {
	ns, srv      []string // Options.NamespaceURIs and ServerURIs
	emptyStrings bool     // Options.EmptyStrings
	types        *uabin.Registry
}

// tables returns the tables of o.
func (o *Options) tables() tables {
	return tables{ns: o.NamespaceURIs, srv: o.ServerURIs, emptyStrings: o.EmptyStrings, types: o.Types}
}

// limits returns o.Limits resolved (uabin.Limits.Resolved: the defaults
// for zero fields, MaxDepth capped at wire.HardMaxDepth), the one
// resolver of the binary encoding.
func (o *Options) limits() wire.Limits { return o.Limits.Resolved() }

// maxDepth returns the resolved MaxDepth alone, which is all encoding
// needs (cheaper than resolving every limit on each call).
func (o *Options) maxDepth() int { return o.Limits.Depth() }

// defaults are the options of the package functions, never written.
var defaults Options

// Marshal returns the JSON encoding of v in the Compact form; it is
// Options{}.Append(nil, v).
func Marshal(v any) ([]byte, error) { return defaults.append(nil, v) }

// Append appends the Compact JSON encoding of v to b and returns the
// extended buffer. On error it returns b truncated to its original length.
func Append(b []byte, v any) ([]byte, error) { return defaults.append(b, v) }

// Unmarshal decodes the JSON text b into the value v points to. The text
// is one JSON value, optionally surrounded by white space; anything after
// it is an error. v must be a non-nil pointer.
func Unmarshal(b []byte, v any) error { return defaults.unmarshal(b, v) }

// Marshal is the package function Marshal with options o.
func (o Options) Marshal(v any) ([]byte, error) { return o.append(nil, v) }

// Append is the package function Append with options o.
func (o Options) Append(b []byte, v any) ([]byte, error) { return o.append(b, v) }

// Unmarshal is the package function Unmarshal with options o.
func (o Options) Unmarshal(b []byte, v any) error { return o.unmarshal(b, v) }

// encoders and decoders hold the per-call state between calls of the
// general path: it escapes to the heap (the codecs are called through
// function values), and a pool makes a call allocation-free. A decoder
// keeps its scratch buffer. The built-ins that stand alone most often (numbers,
// strings, NodeIds, ...) take a path whose state stays on the stack
// (scalarFast, unmarshalScalar in fast.go): no pool, no copy.
var (
	encoders = sync.Pool{New: func() any { return new(encoder) }}
	decoders = sync.Pool{New: func() any { return new(decoder) }}
)

// append is the one entry of every encoding call.
func (o *Options) append(b []byte, v any) ([]byte, error) {
	if o.Encoding > NonReversible {
		return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "unknown encoding %s", o.Encoding)}
	}
	start := len(b)
	se := encoder{b: b, t: o.tables(), enc: o.Encoding, indent: o.Indent, maxDepth: o.maxDepth()}
	if err := scalarFast(&se, v); err != errNotFast {
		if err != nil {
			return b[:start], err
		}
		return se.b, nil
	}
	e := encoders.Get().(*encoder)
	*e = se
	err := e.top(v)
	out := e.b
	*e = encoder{}
	encoders.Put(e)
	if err != nil {
		return b[:start], err
	}
	return out, nil
}

// top encodes the top-level value v.
func (e *encoder) top(v any) error {
	if v == nil {
		e.null()
		return nil
	}
	if err := topFast(e, v); err != errNotFast {
		return err
	}
	t := reflect.TypeOf(v)
	p := ifaceData(v)
	if t.Kind() == reflect.Pointer {
		if p == nil {
			e.null()
			return nil
		}
		t = t.Elem()
	} else if pointerShaped(t) {
		// The data word is the value itself; the codec needs its address.
		q := newValue(t)
		*as[ptr](q) = p
		p = q
	}
	c, err := codecFor(t)
	if err != nil {
		return err
	}
	return c.enc(e, p)
}

// unmarshal is the one entry of every decoding call.
func (o *Options) unmarshal(b []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &wire.DecodeError{Err: wire.Errorf(wire.ErrUnsupported, "decoding needs a non-nil pointer, got %s", typeName(reflect.TypeOf(v)))}
	}
	lim := o.limits()
	if len(b) > lim.MaxMessageSize {
		return &wire.DecodeError{Err: wire.Errorf(wire.ErrLimitExceeded, "%d bytes of input, limit %d", len(b), lim.MaxMessageSize)}
	}
	sd := decoder{data: b, t: o.tables(), lim: lim}
	if err := unmarshalScalar(&sd, v); err != errNotFast {
		if err == nil {
			err = sd.end()
		}
		return err
	}
	d := decoders.Get().(*decoder)
	*d = decoder{data: b, t: sd.t, lim: lim, scratch: d.scratch[:0], idBuf: d.idBuf}
	err := d.run(v, rv)
	if cap(d.scratch) > 1<<16 {
		d.scratch = nil // do not keep large buffers alive in the pool
	}
	d.data, d.t = nil, tables{}
	decoders.Put(d)
	return err
}

// run decodes the whole input into v (rv is reflect.ValueOf(v)).
func (d *decoder) run(v any, rv reflect.Value) error {
	if err := unmarshalFast(d, v); err != errNotFast {
		if err == nil {
			err = d.end()
		}
		return err
	}
	c, err := codecFor(rv.Type().Elem())
	if err != nil {
		return &wire.DecodeError{Err: err.(*wire.EncodeError).Err}
	}
	if err := c.dec(d, rv.UnsafePointer()); err != nil {
		return err
	}
	return d.end()
}

// typeName names a Go type in messages ("nil" for none).
func typeName(t reflect.Type) string {
	if t == nil {
		return "nil"
	}
	return t.String()
}
