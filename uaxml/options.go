package uaxml

import (
	"unsafe"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/internal/xmlenc"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// Options configures encoding and decoding. The zero value gives the
// defaults, which the package functions use.
type Options struct {
	// Limits bound what decoding accepts, with the meaning and defaults
	// of the binary encoding (uabin.Limits): MaxDepth counts the same
	// levels (Variants, DataValues, DiagnosticInfos, ExtensionObjects,
	// structures that can contain themselves) and also bounds encoding;
	// MaxArrayLength counts the elements of a ListOf or Matrix;
	// MaxStringLength and MaxByteStringLength count decoded bytes;
	// MaxMessageSize counts bytes of XML text.
	uabin.Limits

	// MaxElements bounds the XML elements of one input (default
	// 1 000 000), MaxAttributeLength the bytes of one attribute value
	// (default 65 535), MaxTextLength the bytes of the text of one element
	// (default: the larger of MaxStringLength and the base64 length of
	// MaxByteStringLength). The nesting of elements is bounded by four
	// times MaxDepth plus 8. Zero means the default, negative no limit.
	MaxElements, MaxAttributeLength, MaxTextLength int

	// NamespaceURIs is the namespace table (index i holds the URI of
	// namespace i): the indexes of NodeIds ("ns=2;i=5"), ExpandedNodeIds
	// and QualifiedNames are indexes in it; decoding maps an "nsu=" NodeId
	// to its index, and finds the structure an ExtensionObject's TypeId
	// names by URI. Nil: indexes only.
	NamespaceURIs []string

	// Types is the registry of structure types for ExtensionObject bodies
	// (Go types and run-time structures); nil means uabin.DefaultRegistry.
	Types *uabin.Registry

	// XMLEncodings maps the XML encoding ids ("Default XML") of structures
	// outside namespace 0 to their DataType ids, both with their namespace
	// URI (NamespaceURI set, namespace index 0): the TypeId of an
	// ExtensionObject in XML is its XML encoding id, which a registry does
	// not hold. Decoding finds a body's type by it (as it finds the
	// standard types', whose ids package types has), and encoding writes
	// it as the TypeId of a structure of Types. Without an entry, a TypeId
	// is looked up as a DataType id and then as a binary encoding id, and
	// encoding writes the DataType id. nodeset.Set.XMLEncodings gives the
	// map of a set of NodeSet2 files.
	XMLEncodings map[types.ExpandedNodeID]types.ExpandedNodeID
}

// config sets c to the engine's configuration of a call. (It fills c in
// place: a Config returned by value is built aside and copied with wide
// loads that stall on the narrow stores just made.)
func (o *Options) config(c *xmlenc.Config) {
	r := o.Types
	if r == nil {
		r = uabin.DefaultRegistry
	}
	c.Limits, c.NamespaceURIs, c.Types, c.Encodings = o.Limits, o.NamespaceURIs, (*uamodel.Registry)(unsafe.Pointer(r)), o.XMLEncodings
	c.Text.MaxElements, c.Text.MaxAttributeLength, c.Text.MaxTextLength = o.MaxElements, o.MaxAttributeLength, o.MaxTextLength
}

// defaults are the options of the package functions, never written.
var defaults Options

// Marshal returns the OPC UA XML encoding of v: one element named after
// v's type ("Int32", "ListOfString", "Variant", "ReadValueId"), with the
// namespace of the OPC UA types (xmlns="http://opcfoundation.org/UA/2008/02/Types.xsd").
func Marshal(v any) ([]byte, error) { return defaults.Append(nil, v) }

// Append appends the XML encoding of v to b and returns the extended
// buffer. On error it returns b truncated to its original length.
func Append(b []byte, v any) ([]byte, error) { return defaults.Append(b, v) }

// Unmarshal decodes the XML text b, one element (after an optional XML
// declaration), into the value v points to. The element's name is not
// checked; its content must be the OPC UA XML form of v's type. Element
// names are matched without their namespace. v must be a non-nil pointer.
func Unmarshal(b []byte, v any) error { return defaults.Unmarshal(b, v) }

// Marshal is the package function Marshal with options o.
func (o Options) Marshal(v any) ([]byte, error) { return o.Append(nil, v) }

// Append is the package function Append with options o.
func (o Options) Append(b []byte, v any) ([]byte, error) {
	if out, ok := xmlenc.AppendFast(b, "", v, o.MaxDepth); ok {
		return out, nil // a built-in standing alone: no configuration made
	}
	var c xmlenc.Config
	o.config(&c)
	return c.Append(b, v)
}

// Unmarshal is the package function Unmarshal with options o.
func (o Options) Unmarshal(b []byte, v any) error {
	var c xmlenc.Config
	o.config(&c)
	return c.Unmarshal(b, v)
}
