package uajson

import (
	"reflect"
	"unsafe"

	"github.com/uabin/uabin/internal/jsonenc"
	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// Encoding selects one of the four JSON forms of Part 6. The decoder needs
// no choice: it reads Compact, Verbose and Reversible in one pass.
type Encoding = jsonenc.Encoding

const (
	// Compact is the CompactEncoding of Part 6 v1.05 §5.4 (the default):
	// NULL and default values are omitted from structures, StatusCodes
	// carry no symbol, NodeIds are strings with namespace URIs.
	Compact = jsonenc.Compact
	// Verbose is the VerboseEncoding of Part 6 v1.05 §5.4: as Compact, and
	// structure fields carry their NULL and default values, StatusCodes
	// their symbol, enumerations their names ("Both_2"), unions no
	// SwitchField.
	Verbose = jsonenc.Verbose
	// Reversible is the deprecated ReversibleEncoding of Part 6 v1.04, kept
	// in v1.05 Annex H for publishers that talk to older subscribers:
	// NodeIds, ExpandedNodeIds and QualifiedNames are objects, StatusCodes
	// numbers, Variants {"Type", "Body"}. Encoding only; the decoder reads
	// it without being told.
	Reversible = jsonenc.Reversible
	// NonReversible is the deprecated NonReversibleEncoding of Part 6 v1.04
	// (Annex H): values without their OPC UA types, for consumers that do
	// not know OPC UA. Encoding only: it cannot be read back into the same
	// values.
	NonReversible = jsonenc.NonReversible
)

// RawStructure is the value of an ExtensionObject decoded from a JSON
// structure body of a type no registry knows (Part 6 §5.4.2.16): the
// DataType NodeId given as UaTypeId, and the other members of the object
// as they came. Encoding writes it back unchanged (with the TypeID in the
// current form); the binary encoding has no form for it. It is defined in
// an internal package shared with uabin.Dynamic's JSON:
//
//	type RawStructure struct {
//		TypeID  types.NodeID // the UaTypeId of the object
//		Members []byte       // the JSON text of the other members, comma-separated, without braces: `"Name":"x","Value":1`
//	}
type RawStructure = jsonenc.RawStructure

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

	// Types is the registry of structure types for ExtensionObject bodies
	// (Go types and run-time structures); nil means uabin.DefaultRegistry.
	// A Go type's UaTypeId is its DataType id when the registry has one
	// (uabin.RegisterTypeIDs), else its binary encoding id.
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

// config returns the configuration of a call: o with the registry as
// the format-independent one, which uabin.Registry holds as its only field
// (TestRegistryLayout checks it). A nil Types is uabin.DefaultRegistry
// (jsonenc.Default, which package uabin sets).
func (o *Options) config() jsonenc.Config {
	return jsonenc.Config{Encoding: o.Encoding, Limits: o.Limits, NamespaceURIs: o.NamespaceURIs, ServerURIs: o.ServerURIs,
		Types: (*uamodel.Registry)(unsafe.Pointer(o.Types)), Indent: o.Indent, EmptyStrings: o.EmptyStrings}
}

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

func (o *Options) append(b []byte, v any) ([]byte, error) {
	c := o.config()
	out, err := c.Append(b, v)
	return out, wire.InPackage(err, "uajson")
}

func (o *Options) unmarshal(b []byte, v any) error {
	c := o.config()
	return wire.InPackage(c.Unmarshal(b, v), "uajson")
}

// typeName names a Go type in messages ("nil" for none).
func typeName(t reflect.Type) string {
	if t == nil {
		return "nil"
	}
	return t.String()
}
