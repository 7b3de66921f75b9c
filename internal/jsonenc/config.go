package jsonenc

import (
	"reflect"
	"strconv"
	"sync"

	"github.com/uabin/uabin/internal/uamodel"
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

// Config is the configuration of one call: uajson.Options with the
// registry as the format-independent one (uabin.Registry holds it as its
// only field).
type Config struct {
	Encoding      Encoding
	Limits        wire.Limits
	NamespaceURIs []string
	ServerURIs    []string
	Types         *uamodel.Registry // nil: Default
	Indent        string
	EmptyStrings  bool
}

// Default is the registry of a Config whose Types is nil: package uabin
// sets it to its DefaultRegistry's at initialisation. Nil (no uabin
// linked): no types are known.
var Default *uamodel.Registry

// tables are the options that the codecs read during a call, copied from
// the Config into the call state by value, so that the Config of a call
// never escapes to the heap.
type tables struct {
	ns, srv      []string // Config.NamespaceURIs and ServerURIs
	emptyStrings bool     // Config.EmptyStrings
	types        *uamodel.Registry
}

// tables returns the tables of o.
func (o *Config) tables() tables {
	return tables{ns: o.NamespaceURIs, srv: o.ServerURIs, emptyStrings: o.EmptyStrings, types: o.Types}
}

// limits returns o.Limits resolved (wire.Limits.Resolved: the defaults
// for zero fields, MaxDepth capped at wire.HardMaxDepth), the one
// resolver of the binary encoding.
func (o *Config) limits() wire.Limits { return o.Limits.Resolved() }

// maxDepth returns the resolved MaxDepth alone, which is all encoding
// needs (cheaper than resolving every limit on each call).
func (o *Config) maxDepth() int { return o.Limits.Depth() }

// Append appends the JSON encoding of v to b (on error, b as it was).
func (o *Config) Append(b []byte, v any) ([]byte, error) { return o.append(b, v) }

// Unmarshal decodes the JSON text b into the value v points to.
func (o *Config) Unmarshal(b []byte, v any) error { return o.unmarshal(b, v) }

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
func (o *Config) append(b []byte, v any) ([]byte, error) {
	if o.Encoding > NonReversible {
		return b, &wire.EncodeError{Err: wire.Errorf(wire.ErrUnsupported, "unknown encoding %s", o.Encoding)}
	}
	start := len(b)
	se := encoder{b: b, t: o.tables(), enc: o.Encoding, indent: o.Indent, maxDepth: o.maxDepth()}
	if err := scalarFast(&se, v); err != errNotFast {
		if err != nil {
			return b[:start], named(err, reflect.TypeOf(v))
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
		return named(err, reflect.TypeOf(v))
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
	return named(c.enc(e, p), t)
}

// named prepends the name of the top-level type t, a named struct, to the
// path of err, as the binary engine does ("ReadRequest.NodesToRead[3]"),
// and returns err. Model errors have it already (codecFor).
func named(err error, t reflect.Type) error {
	if err == nil || t == nil {
		return err
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Struct && t.Name() != "" {
		wire.WithPath(err, t.Name())
	}
	return err
}

// unmarshal is the one entry of every decoding call.
func (o *Config) unmarshal(b []byte, v any) error {
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
			return sd.end()
		}
		return named(err, rv.Type())
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
			return d.end()
		}
		return named(err, rv.Type())
	}
	c, err := codecFor(rv.Type().Elem())
	if err != nil {
		ee := err.(*wire.EncodeError)
		return &wire.DecodeError{Path: ee.Path, Err: ee.Err}
	}
	if err := c.dec(d, rv.UnsafePointer()); err != nil {
		return named(err, rv.Type())
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
