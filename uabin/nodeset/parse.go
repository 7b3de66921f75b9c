package nodeset

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/uabin/uabin/types"
)

// UANamespace is the URI of namespace 0, the OPC UA base namespace.
const UANamespace = "http://opcfoundation.org/UA/"

// Reference types and base DataTypes of namespace 0 that the reader needs.
const (
	idHasEncoding  = 38
	idHasSubtype   = 45
	idBaseDataType = 24
	idStructure    = 22
	idEnumeration  = 29
	idUnion        = 12756
	idOptionSet    = 12755
)

// NodeSet is one parsed NodeSet2 file.
type NodeSet struct {
	// File is the name given to Parse (a file name, for errors).
	File string
	// NamespaceURIs is the file's namespace table: index 0 is UANamespace,
	// then the URIs of its NamespaceUris element in order.
	NamespaceURIs []string
	// Models are the models the file defines (usually one).
	Models []Model
	// Aliases maps the file's aliases to the NodeIds they stand for, as
	// written ("UtcTime" -> "i=294").
	Aliases map[string]string
	// DataTypes are the file's UADataType nodes in document order.
	DataTypes []*DataType

	// encodings are inverse HasEncoding references of the file's Objects
	// to DataTypes of other files, for NewSet.
	encodings []pendingEncoding
}

// pendingEncoding is an encoding node whose DataType is in another file.
type pendingEncoding struct {
	dataType types.ExpandedNodeID
	enc      Encoding
}

// Model is a Model element: an information model a file defines.
type Model struct {
	// URI is the ModelUri, which is also the namespace URI of its nodes.
	URI string
	// Version and PublicationDate are as written ("1.04.0",
	// "2022-11-03T00:00:00Z"); either may be "".
	Version, PublicationDate string
	// Required are the models this one depends on.
	Required []RequiredModel
}

// RequiredModel is a RequiredModel element: a dependency of a model, with
// the minimum version it needs.
type RequiredModel struct {
	// URI is the ModelUri of the model required.
	URI string
	// Version and PublicationDate are as written; either may be "".
	Version, PublicationDate string
}

// DataType is a UADataType node.
type DataType struct {
	// ID is the DataType's NodeId with its namespace URI (NamespaceURI set,
	// namespace index 0).
	ID types.ExpandedNodeID
	// NodeIDText and BrowseNameText are the NodeId and BrowseName
	// attributes as written in the file ("ns=1;i=3002", "1:OcrScanResult").
	NodeIDText, BrowseNameText string
	// Name is the BrowseName without its namespace prefix ("OcrScanResult").
	Name string
	// SymbolicName is the SymbolicName attribute, or "".
	SymbolicName string
	// DisplayName, Description and Documentation are the texts of those
	// elements (the first DisplayName and Description), or "".
	DisplayName, Description, Documentation string
	// IsAbstract is the IsAbstract attribute.
	IsAbstract bool
	// ReleaseStatus is the ReleaseStatus attribute ("Deprecated", ...), or "".
	ReleaseStatus string
	// File is the name of the file the node came from.
	File string
	// BaseID is the supertype's id (the HasSubtype reference to this node),
	// or the zero ExpandedNodeID for BaseDataType.
	BaseID types.ExpandedNodeID
	// Encodings are the targets of the node's HasEncoding references.
	Encodings []Encoding
	// Definition is the DataTypeDefinition, or nil if the node has none.
	Definition *Definition

	// The rest is set by NewSet.

	// Base is the supertype, or nil for BaseDataType.
	Base *DataType
	// Kind says what the DataType is.
	Kind Kind
	// BuiltIn is the built-in type a value of this DataType is encoded as:
	// the nearest built-in ancestor (or the DataType itself) for simple
	// types and integer option sets, Int32 for enumerations,
	// ExtensionObject for structures and Variant for BaseDataType, Number,
	// Integer and UInteger.
	BuiltIn types.BuiltinType

	// fieldsUnknown: a structure of Namespace0 whose fields are not known.
	fieldsUnknown bool
}

// Encoding is the target of a HasEncoding reference: an encoding node of a
// DataType.
type Encoding struct {
	// Name is the BrowseName of the encoding node without namespace prefix
	// ("Default Binary", "Default XML", "Default JSON"), or "" if the node is
	// in no file of the set.
	Name string
	// ID is the encoding node's id, with its namespace URI.
	ID types.ExpandedNodeID
}

// BinaryEncoding returns the id of the DataType's "Default Binary"
// encoding, the TypeId of its values in ExtensionObjects.
func (dt *DataType) BinaryEncoding() (types.ExpandedNodeID, bool) {
	for _, e := range dt.Encodings {
		if e.Name == "Default Binary" {
			return e.ID, true
		}
	}
	return types.ExpandedNodeID{}, false
}

// Definition is a DataType's Definition element: the fields of a structure
// or the values of an enumeration or option set.
type Definition struct {
	// Name and SymbolicName are as written.
	Name, SymbolicName string
	// IsUnion and IsOptionSet are the attributes of the same name.
	IsUnion, IsOptionSet bool
	// Fields are the Field elements in order. For a structure whose base is
	// another structure they are usually only the fields the subtype adds;
	// Set.Fields returns all of them.
	Fields []Field
}

// Field is a Field of a Definition: a structure field, or a value of an
// enumeration or option set.
type Field struct {
	// Name and SymbolicName are as written; SymbolicName may be "".
	Name, SymbolicName string
	// DisplayName and Description are the texts of those elements, or "".
	DisplayName, Description string
	// DataType is the field's DataType, aliases resolved, with its
	// namespace URI; BaseDataType (i=24) when the attribute is absent.
	DataType types.ExpandedNodeID
	// ValueRank is -1 (scalar, the default), 1 (array), ≥ 2 (that many
	// dimensions), 0 (one or more dimensions), -2 (scalar or array) or -3
	// (scalar or one-dimensional array).
	ValueRank int32
	// ArrayDimensions are the lengths of the dimensions (0: any), or nil.
	ArrayDimensions []uint32
	// MaxStringLength is the MaxStringLength attribute, or 0.
	MaxStringLength uint32
	// IsOptional and AllowSubTypes are the attributes of the same name.
	IsOptional, AllowSubTypes bool
	// Value is the value of an enumeration field, or the bit number of an
	// option set field; -1 when the attribute is absent.
	Value int64
}

// XML shapes.

type xDataType struct {
	NodeID        string      `xml:"NodeId,attr"`
	BrowseName    string      `xml:"BrowseName,attr"`
	SymbolicName  string      `xml:"SymbolicName,attr"`
	IsAbstract    string      `xml:"IsAbstract,attr"`
	ReleaseStatus string      `xml:"ReleaseStatus,attr"`
	DisplayName   []string    `xml:"DisplayName"`
	Description   []string    `xml:"Description"`
	Documentation string      `xml:"Documentation"`
	References    []xRef      `xml:"References>Reference"`
	Definition    *xDefintion `xml:"Definition"`
}

type xRef struct {
	ReferenceType string `xml:"ReferenceType,attr"`
	IsForward     string `xml:"IsForward,attr"`
	Target        string `xml:",chardata"`
}

type xDefintion struct {
	Name         string   `xml:"Name,attr"`
	SymbolicName string   `xml:"SymbolicName,attr"`
	IsUnion      string   `xml:"IsUnion,attr"`
	IsOptionSet  string   `xml:"IsOptionSet,attr"`
	Fields       []xField `xml:"Field"`
}

type xField struct {
	Name            string   `xml:"Name,attr"`
	SymbolicName    string   `xml:"SymbolicName,attr"`
	DataType        string   `xml:"DataType,attr"`
	ValueRank       string   `xml:"ValueRank,attr"`
	ArrayDimensions string   `xml:"ArrayDimensions,attr"`
	MaxStringLength string   `xml:"MaxStringLength,attr"`
	Value           string   `xml:"Value,attr"`
	IsOptional      string   `xml:"IsOptional,attr"`
	AllowSubTypes   string   `xml:"AllowSubTypes,attr"`
	DisplayName     []string `xml:"DisplayName"`
	Description     []string `xml:"Description"`
}

type xObject struct {
	NodeID     string `xml:"NodeId,attr"`
	BrowseName string `xml:"BrowseName,attr"`
	References []xRef `xml:"References>Reference"`
}

type xModel struct {
	ModelURI        string `xml:"ModelUri,attr"`
	Version         string `xml:"Version,attr"`
	PublicationDate string `xml:"PublicationDate,attr"`
	Required        []struct {
		ModelURI        string `xml:"ModelUri,attr"`
		Version         string `xml:"Version,attr"`
		PublicationDate string `xml:"PublicationDate,attr"`
	} `xml:"RequiredModel"`
}

// Parse reads one NodeSet2 file; name is used in errors and in
// DataType.File. Errors are *Error values wrapping ErrInvalid. Node ids of
// other files are not checked here: NewSet does that.
func Parse(name string, data []byte) (*NodeSet, error) {
	p := &parser{ns: &NodeSet{File: name, NamespaceURIs: []string{UANamespace}, Aliases: map[string]string{}},
		objects: map[types.ExpandedNodeID]string{}}
	if err := p.read(data); err != nil {
		return nil, err
	}
	if err := p.convert(); err != nil {
		return nil, err
	}
	return p.ns, nil
}

type parser struct {
	ns      *NodeSet
	raw     []xDataType
	objects map[types.ExpandedNodeID]string // Object BrowseNames without prefix
	inverse []pendingEncoding               // inverse HasEncoding references of Objects
}

func (p *parser) fail(dt *DataType, kind error, format string, args ...any) error {
	return errorf(p.ns.File, dt, kind, format, args...)
}

// read decodes the top-level elements the reader needs and skips the rest.
func (p *parser) read(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	depth := 0
	sawRoot := false
	var objects []xObject
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p.fail(nil, ErrInvalid, "XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if t.Name.Local != "UANodeSet" {
					return p.fail(nil, ErrInvalid, "root element is %s, not UANodeSet", t.Name.Local)
				}
				sawRoot = true
				depth++
				continue
			}
			var err error
			switch t.Name.Local {
			case "NamespaceUris":
				var v struct {
					URIs []string `xml:"Uri"`
				}
				if err = d.DecodeElement(&v, &t); err == nil {
					for _, u := range v.URIs {
						p.ns.NamespaceURIs = append(p.ns.NamespaceURIs, strings.TrimSpace(u))
					}
				}
			case "Models":
				var v struct {
					Models []xModel `xml:"Model"`
				}
				if err = d.DecodeElement(&v, &t); err == nil {
					for _, m := range v.Models {
						mod := Model{URI: m.ModelURI, Version: m.Version, PublicationDate: m.PublicationDate}
						for _, r := range m.Required {
							mod.Required = append(mod.Required, RequiredModel{URI: r.ModelURI, Version: r.Version, PublicationDate: r.PublicationDate})
						}
						p.ns.Models = append(p.ns.Models, mod)
					}
				}
			case "Aliases":
				var v struct {
					Aliases []struct {
						Alias  string `xml:"Alias,attr"`
						NodeID string `xml:",chardata"`
					} `xml:"Alias"`
				}
				if err = d.DecodeElement(&v, &t); err == nil {
					for _, a := range v.Aliases {
						p.ns.Aliases[a.Alias] = strings.TrimSpace(a.NodeID)
					}
				}
			case "UADataType":
				var v xDataType
				if err = d.DecodeElement(&v, &t); err == nil {
					p.raw = append(p.raw, v)
				}
			case "UAObject":
				var v xObject
				if err = d.DecodeElement(&v, &t); err == nil {
					objects = append(objects, v)
				}
			default:
				err = d.Skip()
			}
			if err != nil {
				return p.fail(nil, ErrInvalid, "XML in %s: %v", t.Name.Local, err)
			}
		case xml.EndElement:
			depth--
		}
	}
	if !sawRoot {
		return p.fail(nil, ErrInvalid, "no UANodeSet element")
	}
	for _, o := range objects {
		id, err := p.nodeID(o.NodeID)
		if err != nil {
			return p.fail(nil, ErrInvalid, "UAObject %s: %v", o.NodeID, err)
		}
		p.objects[id] = localName(o.BrowseName)
		for _, r := range o.References {
			if r.IsForward != "false" || !p.isRef(r.ReferenceType, idHasEncoding) {
				continue
			}
			target, err := p.nodeID(r.Target)
			if err != nil {
				return p.fail(nil, ErrInvalid, "UAObject %s: reference target %q: %v", o.NodeID, r.Target, err)
			}
			p.inverse = append(p.inverse, pendingEncoding{dataType: target, enc: Encoding{Name: p.objects[id], ID: id}})
		}
	}
	return nil
}

// localName drops the "N:" namespace prefix of a BrowseName.
func localName(browseName string) string {
	if i := strings.IndexByte(browseName, ':'); i > 0 {
		if _, err := strconv.ParseUint(browseName[:i], 10, 16); err == nil {
			return browseName[i+1:]
		}
	}
	return browseName
}

// nodeID parses a NodeId written in the file (an alias or "ns=N;..."), and
// returns it with the namespace URI of its index.
func (p *parser) nodeID(s string) (types.ExpandedNodeID, error) {
	s = strings.TrimSpace(s)
	if a, ok := p.ns.Aliases[s]; ok {
		s = a
	}
	n, err := types.ParseNodeID(s)
	if err != nil {
		return types.ExpandedNodeID{}, err
	}
	ns := int(n.Namespace())
	if ns >= len(p.ns.NamespaceURIs) {
		return types.ExpandedNodeID{}, errors.New("namespace index " + strconv.Itoa(ns) + " of " + s + " is not in the file's NamespaceUris")
	}
	return types.ExpandedNodeID{NodeID: n.WithNamespace(0), NamespaceURI: p.ns.NamespaceURIs[ns]}, nil
}

// isRef reports whether a reference type (alias or NodeId) is the
// namespace-0 reference type with the given id.
func (p *parser) isRef(refType string, id uint32) bool {
	x, err := p.nodeID(refType)
	return err == nil && x.NamespaceURI == UANamespace && x.NodeID == types.NewNumericNodeID(0, id)
}

func parseBool(s string, def bool) (bool, error) {
	if s = strings.TrimSpace(s); s == "" {
		return def, nil
	}
	return strconv.ParseBool(s)
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return strings.TrimSpace(s[0])
}

// convert turns the raw DataType elements into DataTypes.
func (p *parser) convert() error {
	seen := map[types.ExpandedNodeID]bool{}
	for i := range p.raw {
		x := &p.raw[i]
		dt := &DataType{NodeIDText: x.NodeID, BrowseNameText: x.BrowseName, Name: localName(x.BrowseName),
			SymbolicName: x.SymbolicName, DisplayName: first(x.DisplayName), Description: first(x.Description),
			Documentation: strings.TrimSpace(x.Documentation), ReleaseStatus: x.ReleaseStatus, File: p.ns.File}
		var err error
		if dt.ID, err = p.nodeID(x.NodeID); err != nil {
			return p.fail(dt, ErrInvalid, "NodeId: %v", err)
		}
		if seen[dt.ID] {
			return p.fail(dt, ErrInvalid, "a second UADataType with this NodeId")
		}
		seen[dt.ID] = true
		if dt.Name == "" {
			return p.fail(dt, ErrInvalid, "no BrowseName")
		}
		if dt.IsAbstract, err = parseBool(x.IsAbstract, false); err != nil {
			return p.fail(dt, ErrInvalid, "IsAbstract %q", x.IsAbstract)
		}
		for _, r := range x.References {
			forward, err := parseBool(r.IsForward, true)
			if err != nil {
				return p.fail(dt, ErrInvalid, "reference IsForward %q", r.IsForward)
			}
			subtype, encoding := p.isRef(r.ReferenceType, idHasSubtype), p.isRef(r.ReferenceType, idHasEncoding)
			if !subtype && !encoding {
				continue
			}
			target, err := p.nodeID(r.Target)
			if err != nil {
				return p.fail(dt, ErrInvalid, "reference target %q: %v", r.Target, err)
			}
			switch {
			case subtype && !forward:
				if !dt.BaseID.IsNull() && dt.BaseID != target {
					return p.fail(dt, ErrInvalid, "two supertypes, %v and %v", dt.BaseID, target)
				}
				dt.BaseID = target
			case encoding && forward:
				dt.addEncoding(Encoding{Name: p.objects[target], ID: target})
			}
		}
		if x.Definition != nil {
			if dt.Definition, err = p.definition(dt, x.Definition); err != nil {
				return err
			}
		}
		p.ns.DataTypes = append(p.ns.DataTypes, dt)
	}
	byID := map[types.ExpandedNodeID]*DataType{}
	for _, dt := range p.ns.DataTypes {
		byID[dt.ID] = dt
	}
	for _, pe := range p.inverse {
		if dt := byID[pe.dataType]; dt != nil {
			dt.addEncoding(pe.enc)
		} else {
			p.ns.encodings = append(p.ns.encodings, pe)
		}
	}
	return nil
}

// addEncoding adds e unless the DataType has it already.
func (dt *DataType) addEncoding(e Encoding) {
	for _, have := range dt.Encodings {
		if have.ID == e.ID {
			return
		}
	}
	dt.Encodings = append(dt.Encodings, e)
}

func (p *parser) definition(dt *DataType, x *xDefintion) (*Definition, error) {
	def := &Definition{Name: x.Name, SymbolicName: x.SymbolicName}
	var err error
	if def.IsUnion, err = parseBool(x.IsUnion, false); err != nil {
		return nil, p.fail(dt, ErrInvalid, "Definition IsUnion %q", x.IsUnion)
	}
	if def.IsOptionSet, err = parseBool(x.IsOptionSet, false); err != nil {
		return nil, p.fail(dt, ErrInvalid, "Definition IsOptionSet %q", x.IsOptionSet)
	}
	for _, xf := range x.Fields {
		f := Field{Name: xf.Name, SymbolicName: xf.SymbolicName, DisplayName: first(xf.DisplayName),
			Description: first(xf.Description), ValueRank: -1, Value: -1}
		bad := func(attr, v string) error {
			return p.fail(dt, ErrInvalid, "field %s: %s %q", xf.Name, attr, v)
		}
		if f.Name == "" {
			return nil, p.fail(dt, ErrInvalid, "a Definition field without a Name")
		}
		if xf.DataType == "" {
			f.DataType = types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, idBaseDataType), NamespaceURI: UANamespace}
		} else if f.DataType, err = p.nodeID(xf.DataType); err != nil {
			return nil, p.fail(dt, ErrInvalid, "field %s: DataType %q: %v", xf.Name, xf.DataType, err)
		}
		if xf.ValueRank != "" {
			v, err := strconv.ParseInt(strings.TrimSpace(xf.ValueRank), 10, 32)
			if err != nil || v < -3 {
				return nil, bad("ValueRank", xf.ValueRank)
			}
			f.ValueRank = int32(v)
		}
		if s := strings.TrimSpace(xf.ArrayDimensions); s != "" {
			for _, d := range strings.Split(s, ",") {
				v, err := strconv.ParseUint(strings.TrimSpace(d), 10, 32)
				if err != nil {
					return nil, bad("ArrayDimensions", xf.ArrayDimensions)
				}
				f.ArrayDimensions = append(f.ArrayDimensions, uint32(v))
			}
		}
		if s := strings.TrimSpace(xf.MaxStringLength); s != "" {
			v, err := strconv.ParseUint(s, 10, 32)
			if err != nil {
				return nil, bad("MaxStringLength", xf.MaxStringLength)
			}
			f.MaxStringLength = uint32(v)
		}
		if s := strings.TrimSpace(xf.Value); s != "" {
			if f.Value, err = strconv.ParseInt(s, 10, 64); err != nil {
				return nil, bad("Value", xf.Value)
			}
		}
		if f.IsOptional, err = parseBool(xf.IsOptional, false); err != nil {
			return nil, bad("IsOptional", xf.IsOptional)
		}
		if f.AllowSubTypes, err = parseBool(xf.AllowSubTypes, false); err != nil {
			return nil, bad("AllowSubTypes", xf.AllowSubTypes)
		}
		def.Fields = append(def.Fields, f)
	}
	return def, nil
}
