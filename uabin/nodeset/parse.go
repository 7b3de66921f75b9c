package nodeset

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
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
	// Values are the <Value>s of the file's UAVariable and UAVariableType
	// nodes in document order, read but not decoded: Set.Values decodes
	// them, with the types of every file of the set.
	Values []*Value

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

// Parse reads one NodeSet2 file with the default limits of ParseOptions;
// name is used in errors and in DataType.File. Errors are *Error values
// wrapping ErrInvalid, or ErrLimitExceeded (with a *LimitError saying
// which limit, where and what) for a file above a limit. Node ids of other
// files are not checked here: NewSet does that.
//
// The file is read in one pass, each node converted as soon as its
// element ends, so NamespaceUris and Aliases must come before the nodes,
// as UANodeSet.xsd has them; a node may have at most one Definition.
func Parse(name string, data []byte) (*NodeSet, error) {
	return ParseOptions{}.Parse(name, data)
}

// maxLimitErrorPathLength bounds LimitError.Path, which keeps its end.
const maxLimitErrorPathLength = 256

// parser reads one file token by token and converts each UADataType and
// UAObject element as it ends, so that it holds no more of the input than
// one node's element (the values it needs of it): DataTypes are never
// collected as XML, and of an Object only its NodeId and BrowseName are
// kept.
type parser struct {
	ns  *NodeSet
	lim ParseOptions // resolved
	d   *xml.Decoder
	src *sizeReader // the input of ParseReader, or nil

	// Where the token last read starts (for limit errors).
	line, column int
	offset       int64
	// path has the names of the open elements, UANodeSet first; nodes
	// counts the elements directly inside UANodeSet; top, node and browse
	// are the name, NodeId and BrowseName of the one being read.
	path              []string
	nodes             int
	top, node, browse string
	// sawNode: a UADataType or UAObject has been read, so the header
	// (NamespaceUris, Aliases) is over.
	sawNode bool

	byID    map[types.ExpandedNodeID]*DataType
	objects map[types.ExpandedNodeID]string // BrowseNames (no prefix) of the Objects
	inverse []pendingEncoding               // inverse HasEncoding references of Objects
	// encodingSet has the encodings of DataTypes beyond the few that
	// newEncoding compares with one by one.
	encodingSet map[encodingKey]bool

	// Scratch space, reused from node to node.
	text    []byte      // the text being read
	raw     rawDataType // the UADataType being read
	encs    []Encoding  // the encodings of the DataType being converted
	targets []string    // the inverse HasEncoding targets of the UAObject being read
	// valueBuf is where readValueXML writes a <Value> before copying it.
	valueBuf []byte
}

func parse(name string, data []byte, src *sizeReader, o ParseOptions) (*NodeSet, error) {
	p := &parser{ns: &NodeSet{File: name, NamespaceURIs: []string{UANamespace}, Aliases: map[string]string{}},
		lim: o, src: src, byID: map[types.ExpandedNodeID]*DataType{}, objects: map[types.ExpandedNodeID]string{}}
	if src != nil {
		p.d = xml.NewDecoder(newBufReader(src))
	} else {
		p.d = xml.NewDecoder(bytes.NewReader(data))
	}
	if err := p.read(); err != nil {
		return nil, err
	}
	p.finish()
	return p.ns, nil
}

func (p *parser) fail(dt *DataType, kind error, format string, args ...any) error {
	return errorf(p.ns.File, dt, kind, format, args...)
}

// next returns the next token (CharData only until the following call),
// after checking it against the limits, and keeps track of where it is.
func (p *parser) next() (xml.Token, error) {
	p.line, p.column = p.d.InputPos()
	p.offset = p.d.InputOffset()
	tok, err := p.d.Token()
	if err != nil {
		return nil, p.tokenError(err)
	}
	switch t := tok.(type) {
	case xml.StartElement:
		p.path = append(p.path, t.Name.Local)
		if len(p.path) == 2 {
			p.top, p.node, p.browse = t.Name.Local, p.short(attr(t, "NodeId")), p.short(attr(t, "BrowseName"))
		}
		if len(p.path) > p.lim.MaxDepth {
			return nil, p.limit("MaxDepth", p.lim.MaxDepth, len(p.path), "")
		}
		for _, a := range t.Attr {
			if len(a.Value) > p.lim.MaxAttributeLength {
				return nil, p.limit("MaxAttributeLength", p.lim.MaxAttributeLength, len(a.Value), a.Name.Local)
			}
		}
		if len(p.path) == 2 {
			if p.nodes++; p.nodes > p.lim.MaxNodes {
				return nil, p.limit("MaxNodes", p.lim.MaxNodes, p.nodes, "")
			}
		}
	case xml.EndElement:
		if p.path = p.path[:len(p.path)-1]; len(p.path) == 1 {
			p.top, p.node, p.browse = "", "", ""
		}
	case xml.CharData:
		if len(t) > p.lim.MaxTextLength {
			return nil, p.limit("MaxTextLength", p.lim.MaxTextLength, len(t), "")
		}
	}
	return tok, nil
}

// tokenError turns an error of the XML decoder into the parser's: io.EOF
// at the end of the input, a *LimitError for a file above MaxSize, the
// error of the io.Reader as it is, or an XML error wrapping ErrInvalid.
func (p *parser) tokenError(err error) error {
	switch {
	case err == io.EOF && len(p.path) == 0:
		return io.EOF
	case errors.Is(err, errTooLarge):
		return &Error{File: p.ns.File, Err: &LimitError{Limit: "MaxSize", Max: p.lim.MaxSize, Value: int(p.src.read), Offset: int64(p.lim.MaxSize)}}
	case p.src != nil && p.src.err != nil && errors.Is(err, p.src.err):
		return &Error{File: p.ns.File, Err: err}
	case p.top != "":
		return p.fail(nil, ErrInvalid, "XML in %s: %v", p.top, err)
	}
	return p.fail(nil, ErrInvalid, "XML: %v", err)
}

// short returns s if it is within MaxAttributeLength, or "": an attribute
// that names a node in errors, which must not repeat a huge one.
func (p *parser) short(s string) string {
	if len(s) > p.lim.MaxAttributeLength {
		return ""
	}
	return s
}

// limit returns the *Error for a token above a limit.
func (p *parser) limit(name string, max, value int, attribute string) error {
	path := strings.Join(p.path, "/")
	if len(path) > maxLimitErrorPathLength {
		cut := len(path) - maxLimitErrorPathLength
		if i := strings.IndexByte(path[cut:], '/'); i >= 0 {
			cut += i + 1
		}
		path = ".../" + path[cut:]
	}
	return &Error{File: p.ns.File, Node: p.node, BrowseName: p.browse, Err: &LimitError{Limit: name, Max: max, Value: value,
		Line: p.line, Column: p.column, Offset: p.offset, Path: path, Attribute: attribute}}
}

// attr returns the value of the attribute with the given local name, or
// "" (the last one, if the name is there twice, as encoding/xml's
// Unmarshal would have it).
func attr(t xml.StartElement, name string) string {
	v := ""
	readAttrs(t, []string{name}, &v)
	return v
}

// readAttrs sets *dst[i] to the value of the attribute names[i] of t, by
// local name, and leaves it if t has none (the last, if t has it twice).
func readAttrs(t xml.StartElement, names []string, dst ...*string) {
	for _, a := range t.Attr {
		if i := slices.Index(names, a.Name.Local); i >= 0 {
			*dst[i] = a.Value
		}
	}
}

// The attributes that readAttrs reads of UADataType, Definition and Field
// elements, in the order of their destinations.
var (
	dataTypeAttrs   = []string{"NodeId", "BrowseName", "SymbolicName", "IsAbstract", "ReleaseStatus"}
	definitionAttrs = []string{"Name", "SymbolicName", "IsUnion", "IsOptionSet"}
	fieldAttrs      = []string{"Name", "SymbolicName", "DataType", "ValueRank", "ArrayDimensions", "MaxStringLength",
		"Value", "IsOptional", "AllowSubTypes"}
)

// read reads the file: the root UANodeSet and the elements in it.
func (p *parser) read() error {
	sawRoot := false
	for {
		tok, err := p.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		t, ok := tok.(xml.StartElement)
		switch {
		case !ok:
		case len(p.path) == 1 && sawRoot:
			return p.fail(nil, ErrInvalid, "a second root element, %s, after UANodeSet", t.Name.Local)
		case len(p.path) == 1 && t.Name.Local != "UANodeSet":
			return p.fail(nil, ErrInvalid, "root element is %s, not UANodeSet", t.Name.Local)
		case len(p.path) == 1:
			sawRoot = true
		default:
			if err := p.element(t); err != nil {
				return err
			}
		}
	}
	if !sawRoot {
		return p.fail(nil, ErrInvalid, "no UANodeSet element")
	}
	return nil
}

// element reads an element of UANodeSet that has just started, to its end.
func (p *parser) element(t xml.StartElement) error {
	switch t.Name.Local {
	case "NamespaceUris", "Aliases":
		if p.sawNode {
			return p.fail(nil, ErrInvalid, "%s after the first node (UANodeSet.xsd has it before the nodes)", t.Name.Local)
		}
		if t.Name.Local == "Aliases" {
			return p.children(func(c xml.StartElement) error {
				if c.Name.Local != "Alias" {
					return nil
				}
				b, err := p.textBytes()
				p.ns.Aliases[attr(c, "Alias")] = string(b)
				return err
			})
		}
		return p.children(func(c xml.StartElement) error {
			if c.Name.Local != "Uri" {
				return nil
			}
			b, err := p.textBytes()
			p.ns.NamespaceURIs = append(p.ns.NamespaceURIs, string(b))
			return err
		})
	case "Models":
		return p.children(func(c xml.StartElement) error {
			if c.Name.Local != "Model" {
				return nil
			}
			m := Model{URI: attr(c, "ModelUri"), Version: attr(c, "Version"), PublicationDate: attr(c, "PublicationDate")}
			err := p.children(func(r xml.StartElement) error {
				if r.Name.Local == "RequiredModel" {
					m.Required = append(m.Required, RequiredModel{URI: attr(r, "ModelUri"), Version: attr(r, "Version"), PublicationDate: attr(r, "PublicationDate")})
				}
				return nil
			})
			p.ns.Models = append(p.ns.Models, m)
			return err
		})
	case "UADataType":
		p.sawNode = true
		return p.readDataType(t)
	case "UAObject":
		p.sawNode = true
		return p.readObject(t)
	case "UAVariable", "UAVariableType":
		p.sawNode = true
		return p.readVariable(t)
	}
	return p.skipTo(len(p.path) - 1)
}

// children calls f for each child of the element that has just started,
// up to the element's end; whatever of a child f does not read is skipped.
func (p *parser) children(f func(xml.StartElement) error) error {
	depth := len(p.path)
	for {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := f(t); err != nil {
				return err
			}
			if err := p.skipTo(depth); err != nil {
				return err
			}
		case xml.EndElement:
			if len(p.path) < depth {
				return nil
			}
		}
	}
}

// skipTo reads on until only depth elements are open.
func (p *parser) skipTo(depth int) error {
	for len(p.path) > depth {
		if _, err := p.next(); err != nil {
			return err
		}
	}
	return nil
}

// textBytes reads the element that has just started to its end and
// returns its text (the character data directly in it; child elements are
// skipped) without leading and trailing white space. The bytes are valid
// until the next call.
func (p *parser) textBytes() ([]byte, error) {
	depth := len(p.path)
	p.text = p.text[:0]
	for {
		tok, err := p.next()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.CharData:
			if len(p.path) != depth {
				continue
			}
			if n := len(p.text) + len(t); n > p.lim.MaxTextLength {
				return nil, p.limit("MaxTextLength", p.lim.MaxTextLength, n, "")
			}
			p.text = append(p.text, t...)
		case xml.EndElement:
			if len(p.path) < depth {
				return bytes.TrimSpace(p.text), nil
			}
		}
	}
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

// refType returns the numeric id of a reference type (alias or NodeId) of
// namespace 0, or 0 for any other.
func (p *parser) refType(s string) uint32 {
	x, err := p.nodeID(s)
	if err != nil || x.NamespaceURI != UANamespace || x.NodeID.Type() != types.IDTypeNumeric {
		return 0
	}
	return x.NodeID.IntID()
}

func parseBool(s string, def bool) (bool, error) {
	if s = strings.TrimSpace(s); s == "" {
		return def, nil
	}
	return strconv.ParseBool(s)
}

// rawDataType is a UADataType element as read: the parser collects it up
// to the element's end and then converts it (dataType), so that an XML
// error in the element comes before a problem with its values.
type rawDataType struct {
	nodeID, browseName, symbolicName, isAbstract, releaseStatus string
	displayName, description                                    firstText
	documentation                                               string
	refs                                                        []rawReference
	sawDefinition                                               bool
	def                                                         rawDefinition
}

// firstText is the text of the first of the elements of a name (the
// DisplayNames or Descriptions of a node or field), as encoding/xml's
// Unmarshal into a slice had them.
type firstText struct {
	s   string
	saw bool
}

// rawReference is a Reference of a UADataType: its ReferenceType as a
// numeric id of namespace 0 (or 0), IsForward and, for HasSubtype and
// HasEncoding, its target.
type rawReference struct {
	refType           uint32
	isForward, target string
}

// rawDefinition and rawField are a Definition element and its Fields as
// read: attribute values as written, the first DisplayName and
// Description.
type rawDefinition struct {
	name, symbolicName, isUnion, isOptionSet string
	fields                                   []rawField
}

type rawField struct {
	name, symbolicName, dataType, valueRank, arrayDimensions string
	maxStringLength, value, isOptional, allowSubTypes        string
	displayName, description                                 firstText
}

// readDataType reads a UADataType element that has just started, to its
// end, and adds the DataType.
func (p *parser) readDataType(start xml.StartElement) error {
	x := &p.raw
	*x = rawDataType{refs: x.refs[:0], def: rawDefinition{fields: x.def.fields[:0]}}
	readAttrs(start, dataTypeAttrs, &x.nodeID, &x.browseName, &x.symbolicName, &x.isAbstract, &x.releaseStatus)
	err := p.children(func(c xml.StartElement) error {
		switch c.Name.Local {
		case "DisplayName":
			return p.readFirst(&x.displayName)
		case "Description":
			return p.readFirst(&x.description)
		case "Documentation":
			b, err := p.textBytes()
			x.documentation = string(b) // the last one, as Unmarshal had it
			return err
		case "References":
			return p.children(func(r xml.StartElement) error {
				if r.Name.Local != "Reference" {
					return nil
				}
				ref := rawReference{refType: p.refType(attr(r, "ReferenceType")), isForward: attr(r, "IsForward")}
				b, err := p.textBytes()
				if ref.refType == idHasSubtype || ref.refType == idHasEncoding {
					ref.target = string(b)
				}
				x.refs = append(x.refs, ref)
				return err
			})
		case "Definition":
			if x.sawDefinition {
				return p.fail(nil, ErrInvalid, "UADataType %s: a second Definition", x.nodeID)
			}
			x.sawDefinition = true
			d := &x.def
			readAttrs(c, definitionAttrs, &d.name, &d.symbolicName, &d.isUnion, &d.isOptionSet)
			return p.children(func(c xml.StartElement) error {
				if c.Name.Local != "Field" {
					return nil
				}
				return p.readField(c)
			})
		}
		return nil
	})
	if err != nil {
		return err
	}
	return p.dataType(x)
}

// readFirst reads the text of the element that has just started into t,
// unless t has a text already.
func (p *parser) readFirst(t *firstText) error {
	b, err := p.textBytes()
	if err == nil && !t.saw {
		t.s, t.saw = string(b), true
	}
	return err
}

// readField reads a Field element of a Definition.
func (p *parser) readField(start xml.StartElement) error {
	var f rawField
	readAttrs(start, fieldAttrs, &f.name, &f.symbolicName, &f.dataType, &f.valueRank, &f.arrayDimensions,
		&f.maxStringLength, &f.value, &f.isOptional, &f.allowSubTypes)
	err := p.children(func(c xml.StartElement) error {
		switch c.Name.Local {
		case "DisplayName":
			return p.readFirst(&f.displayName)
		case "Description":
			return p.readFirst(&f.description)
		}
		return nil
	})
	p.raw.def.fields = append(p.raw.def.fields, f)
	return err
}

// dataType converts a UADataType element and adds the DataType.
func (p *parser) dataType(x *rawDataType) error {
	dt := &DataType{NodeIDText: x.nodeID, BrowseNameText: x.browseName, Name: localName(x.browseName),
		SymbolicName: x.symbolicName, DisplayName: x.displayName.s, Description: x.description.s,
		Documentation: x.documentation, ReleaseStatus: x.releaseStatus, File: p.ns.File}
	var err error
	if dt.ID, err = p.nodeID(x.nodeID); err != nil {
		return p.fail(dt, ErrInvalid, "NodeId: %v", err)
	}
	if p.byID[dt.ID] != nil {
		return p.fail(dt, ErrInvalid, "a second UADataType with this NodeId")
	}
	if dt.Name == "" {
		return p.fail(dt, ErrInvalid, "no BrowseName")
	}
	if dt.IsAbstract, err = parseBool(x.isAbstract, false); err != nil {
		return p.fail(dt, ErrInvalid, "IsAbstract %q", x.isAbstract)
	}
	encs := p.encs[:0]
	for _, r := range x.refs {
		forward, err := parseBool(r.isForward, true)
		if err != nil {
			return p.fail(dt, ErrInvalid, "reference IsForward %q", r.isForward)
		}
		if r.refType != idHasSubtype && r.refType != idHasEncoding {
			continue
		}
		target, err := p.nodeID(r.target)
		if err != nil {
			return p.fail(dt, ErrInvalid, "reference target %q: %v", r.target, err)
		}
		switch {
		case r.refType == idHasSubtype && !forward:
			if !dt.BaseID.IsNull() && dt.BaseID != target {
				return p.fail(dt, ErrInvalid, "two supertypes, %v and %v", dt.BaseID, target)
			}
			dt.BaseID = target
		case r.refType == idHasEncoding && forward && p.newEncoding(dt, encs, target):
			encs = append(encs, Encoding{ID: target}) // named by finish, once every Object is read
		}
	}
	p.encs = encs[:0]
	if len(encs) > 0 {
		dt.Encodings = append([]Encoding(nil), encs...) // as long as needed; encs is reused
	}
	if x.sawDefinition {
		if dt.Definition, err = p.definition(dt, &x.def); err != nil {
			return err
		}
	}
	p.byID[dt.ID] = dt
	p.ns.DataTypes = append(p.ns.DataTypes, dt)
	return nil
}

// newEncoding reports whether id is not among the encodings encs of dt
// yet, and if so counts it as one of them (the caller appends it). It takes linear time in the
// number of encodings of a DataType, so that a file cannot make it
// quadratic with thousands of HasEncoding references to one DataType: it
// compares with the first few and looks the others up in a set.
func (p *parser) newEncoding(dt *DataType, encs []Encoding, id types.ExpandedNodeID) bool {
	const scan = 8
	for _, e := range encs[:min(len(encs), scan)] {
		if e.ID == id {
			return false
		}
	}
	if len(encs) < scan {
		return true
	}
	// Every encoding of dt beyond the first few went through here, so the
	// set has them all.
	if p.encodingSet == nil {
		p.encodingSet = map[encodingKey]bool{}
	}
	k := encodingKey{dt, id}
	if p.encodingSet[k] {
		return false
	}
	p.encodingSet[k] = true
	return true
}

// encodingKey is an encoding of a DataType, in the set of newEncoding.
type encodingKey struct {
	dt *DataType
	id types.ExpandedNodeID
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

// definition converts the Definition of a DataType.
func (p *parser) definition(dt *DataType, x *rawDefinition) (*Definition, error) {
	def := &Definition{Name: x.name, SymbolicName: x.symbolicName}
	var err error
	if def.IsUnion, err = parseBool(x.isUnion, false); err != nil {
		return nil, p.fail(dt, ErrInvalid, "Definition IsUnion %q", x.isUnion)
	}
	if def.IsOptionSet, err = parseBool(x.isOptionSet, false); err != nil {
		return nil, p.fail(dt, ErrInvalid, "Definition IsOptionSet %q", x.isOptionSet)
	}
	if len(x.fields) > 0 {
		def.Fields = make([]Field, len(x.fields))
	}
	for i := range x.fields {
		if err := p.field(dt, &x.fields[i], &def.Fields[i]); err != nil {
			return nil, err
		}
	}
	return def, nil
}

// field converts a Field of a Definition.
func (p *parser) field(dt *DataType, x *rawField, f *Field) error {
	*f = Field{Name: x.name, SymbolicName: x.symbolicName, DisplayName: x.displayName.s, Description: x.description.s,
		ValueRank: -1, Value: -1}
	bad := func(attr, v string) error {
		return p.fail(dt, ErrInvalid, "field %s: %s %q", x.name, attr, v)
	}
	if f.Name == "" {
		return p.fail(dt, ErrInvalid, "a Definition field without a Name")
	}
	var err error
	if x.dataType == "" {
		f.DataType = types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, idBaseDataType), NamespaceURI: UANamespace}
	} else if f.DataType, err = p.nodeID(x.dataType); err != nil {
		return p.fail(dt, ErrInvalid, "field %s: DataType %q: %v", x.name, x.dataType, err)
	}
	if x.valueRank != "" {
		v, err := strconv.ParseInt(strings.TrimSpace(x.valueRank), 10, 32)
		if err != nil || v < -3 {
			return bad("ValueRank", x.valueRank)
		}
		f.ValueRank = int32(v)
	}
	if s := strings.TrimSpace(x.arrayDimensions); s != "" {
		f.ArrayDimensions = make([]uint32, 0, strings.Count(s, ",")+1)
		for d := range strings.SplitSeq(s, ",") {
			v, err := strconv.ParseUint(strings.TrimSpace(d), 10, 32)
			if err != nil {
				return bad("ArrayDimensions", x.arrayDimensions)
			}
			f.ArrayDimensions = append(f.ArrayDimensions, uint32(v))
		}
	}
	if s := strings.TrimSpace(x.maxStringLength); s != "" {
		v, err := strconv.ParseUint(s, 10, 32)
		if err != nil {
			return bad("MaxStringLength", x.maxStringLength)
		}
		f.MaxStringLength = uint32(v)
	}
	if s := strings.TrimSpace(x.value); s != "" {
		if f.Value, err = strconv.ParseInt(s, 10, 64); err != nil {
			return bad("Value", x.value)
		}
	}
	if f.IsOptional, err = parseBool(x.isOptional, false); err != nil {
		return bad("IsOptional", x.isOptional)
	}
	if f.AllowSubTypes, err = parseBool(x.allowSubTypes, false); err != nil {
		return bad("AllowSubTypes", x.allowSubTypes)
	}
	return nil
}

// readObject reads a UAObject element that has just started, to its end:
// its BrowseName names the encoding it may be, and its inverse HasEncoding
// references are encodings of DataTypes. The targets are checked when the
// element ends, after its NodeId.
func (p *parser) readObject(start xml.StartElement) error {
	targets := p.targets[:0]
	err := p.children(func(c xml.StartElement) error {
		if c.Name.Local != "References" {
			return nil
		}
		return p.children(func(r xml.StartElement) error {
			if r.Name.Local != "Reference" {
				return nil
			}
			forward, refType := attr(r, "IsForward") != "false", attr(r, "ReferenceType")
			b, err := p.textBytes()
			if err == nil && !forward && p.refType(refType) == idHasEncoding {
				targets = append(targets, string(b))
			}
			return err
		})
	})
	p.targets = targets[:0]
	if err != nil {
		return err
	}
	nodeID := attr(start, "NodeId")
	id, err := p.nodeID(nodeID)
	if err != nil {
		return p.fail(nil, ErrInvalid, "UAObject %s: %v", nodeID, err)
	}
	name := encodingName(localName(attr(start, "BrowseName")))
	p.objects[id] = name
	for _, t := range targets {
		dt, err := p.nodeID(t)
		if err != nil {
			return p.fail(nil, ErrInvalid, "UAObject %s: reference target %q: %v", nodeID, t, err)
		}
		p.inverse = append(p.inverse, pendingEncoding{dataType: dt, enc: Encoding{Name: name, ID: id}})
	}
	return nil
}

// encodingName returns the names of the standard encodings as constants,
// so that the many encoding nodes of a file share them.
func encodingName(s string) string {
	for _, c := range [...]string{"Default Binary", "Default XML", "Default JSON"} {
		if s == c {
			return c
		}
	}
	return s
}

// finish names the encodings of the DataTypes after the Objects that are
// their nodes, and adds the encodings that Objects declare by inverse
// HasEncoding references: to the DataType if it is in this file, or for
// NewSet.
func (p *parser) finish() {
	for _, dt := range p.ns.DataTypes {
		for i := range dt.Encodings {
			dt.Encodings[i].Name = p.objects[dt.Encodings[i].ID]
		}
	}
	pending := p.inverse[:0] // those for NewSet, in place of the others
	for _, pe := range p.inverse {
		if dt := p.byID[pe.dataType]; dt == nil {
			pending = append(pending, pe)
		} else if p.newEncoding(dt, dt.Encodings, pe.enc.ID) {
			dt.Encodings = append(dt.Encodings, pe.enc)
		}
	}
	if len(pending) > 0 {
		p.ns.encodings = pending
	}
}
