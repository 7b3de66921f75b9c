package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// model is everything the templates print, built from the raw schema by
// buildModel.
type model struct {
	License     string // OPC Foundation MIT License notice, as in the bsd
	Version     string // model version of the NodeSet, e.g. "1.05.03"
	Published   string // publication date of the NodeSet, e.g. "2023-12-15"
	Structs     []*structDef
	SimpleTypes []simpleTypeDef // DataTypes that are no structure, by id
	Enums       []*enumDef      // enumerations, encoded as Int32
	OptionSets  []*enumDef      // option sets, encoded as unsigned integers
	StatusCodes []statusCodeDef
	Attributes  []symbolDef
	NodeIDs     []symbol // NodeIds.csv in file order
	NodeIDsByID []symbol // NodeIds.csv sorted by id
}

// structDef is one standard structure.
type structDef struct {
	Name       string // OPC UA symbolic name, "ReadValueId"
	GoName     string // "ReadValueID"
	Doc        string // paragraphs separated by blank lines
	DataTypeID uint32
	BinaryID   uint32
	XMLID      uint32
	JSONID     uint32
	Abstract   bool
	Fields     []fieldDef
}

// fieldDef is one field of a structure, in wire order.
type fieldDef struct {
	Name   string // OPC UA name, "NodesToRead"
	GoName string // "NodesToRead"
	GoType string // "[]ReadValueID"
	Tag    string // wire type for the ua: tag, "" for structure fields
	Doc    string
}

// enumDef is an enumeration or an option set.
type enumDef struct {
	Name       string // OPC UA name, "NodeClass"
	GoName     string
	Doc        string
	GoType     string // underlying Go type: int32, uint8, uint16, uint32, uint64
	Wire       string // wire type for ua: tags: Int32, Byte, UInt16, UInt32, UInt64
	DataTypeID uint32
	Values     []enumValue
	Zero       string // option sets: the name of the value 0 ("None"), if any
}

// enumValue is one named value of an enumeration or option set.
type enumValue struct {
	Name   string // OPC UA name, "Variable"
	GoName string // "NodeClassVariable"
	Doc    string
	Value  int64
}

// statusCodeDef is one row of StatusCode.csv.
type statusCodeDef struct {
	Name        string // "BadNodeIdUnknown"
	GoName      string // "StatusBadNodeIDUnknown"
	Code        uint32
	Description string
}

// symbolDef is a named id with its Go constant name.
type symbolDef struct {
	Name   string
	GoName string
	ID     uint32
}

// builtin is the Go type and wire type of a primitive or built-in type.
type builtin struct {
	goType string // Go type in package types
	wire   string // OPC UA built-in type name, as in ua: tags
}

// builtins maps the local names of the bsd's opc: and ua: types to Go.
var builtins = map[string]builtin{
	"Boolean":         {"bool", "Boolean"},
	"SByte":           {"int8", "SByte"},
	"Byte":            {"uint8", "Byte"},
	"Int16":           {"int16", "Int16"},
	"UInt16":          {"uint16", "UInt16"},
	"Int32":           {"int32", "Int32"},
	"UInt32":          {"uint32", "UInt32"},
	"Int64":           {"int64", "Int64"},
	"UInt64":          {"uint64", "UInt64"},
	"Float":           {"float32", "Float"},
	"Double":          {"float64", "Double"},
	"String":          {"string", "String"},
	"CharArray":       {"string", "String"},
	"DateTime":        {"DateTime", "DateTime"},
	"Guid":            {"GUID", "Guid"},
	"ByteString":      {"[]byte", "ByteString"},
	"XmlElement":      {"XmlElement", "XmlElement"},
	"NodeId":          {"NodeID", "NodeId"},
	"ExpandedNodeId":  {"ExpandedNodeID", "ExpandedNodeId"},
	"StatusCode":      {"StatusCode", "StatusCode"},
	"QualifiedName":   {"QualifiedName", "QualifiedName"},
	"LocalizedText":   {"LocalizedText", "LocalizedText"},
	"ExtensionObject": {"ExtensionObject", "ExtensionObject"},
	"DataValue":       {"DataValue", "DataValue"},
	"Variant":         {"Variant", "Variant"},
	"DiagnosticInfo":  {"DiagnosticInfo", "DiagnosticInfo"},
}

// handWrittenEnums are bsd enumerations that package types declares by hand,
// with their Go names. They are not generated; fields of these types use
// the hand-written Go type.
var handWrittenEnums = map[string]string{"IdType": "IDType"}

// skippedEnums are bsd EnumeratedTypes that are no enumeration of their
// own: NodeIdType only describes the NodeId encoding byte, Enumeration is
// the abstract base.
var skippedEnums = map[string]bool{"NodeIdType": true, "Enumeration": true}

// optionSetTypes maps LengthInBits of an option set to its Go and wire type.
var optionSetTypes = map[int]builtin{
	8: {"uint8", "Byte"}, 16: {"uint16", "UInt16"}, 32: {"uint32", "UInt32"}, 64: {"uint64", "UInt64"},
}

// builder holds the lookup tables used while building the model.
type builder struct {
	raw        *rawSchema
	ids        map[string]symbol      // NodeIds.csv by symbolic name
	dataTypes  map[string]*uaDataType // NodeSet DataTypes by symbolic name
	dtNames    map[string]string      // "i=NNN" -> symbolic name of the DataType
	aliases    map[string]string      // alias -> "i=NNN"
	bsdStructs map[string]*bsdStructured
	enums      map[string]*enumDef // generated enumerations and option sets by OPC UA name
	structs    map[string]*structDef
}

// buildModel checks the raw schema and builds the model. Anything the
// generator does not understand (an unknown type name, a switch field, a
// length field that is not the NoOfX just before X, a name collision) is an
// error rather than silently wrong code.
func buildModel(raw *rawSchema) (*model, error) {
	b := &builder{
		raw:        raw,
		ids:        map[string]symbol{},
		dataTypes:  map[string]*uaDataType{},
		dtNames:    map[string]string{},
		aliases:    map[string]string{},
		bsdStructs: map[string]*bsdStructured{},
		enums:      map[string]*enumDef{},
		structs:    map[string]*structDef{},
	}
	m := &model{License: raw.license, NodeIDs: raw.nodeIDs}
	for _, mod := range raw.nodeSet.Models {
		if mod.ModelURI == "http://opcfoundation.org/UA/" {
			m.Version, m.Published = mod.Version, strings.TrimSuffix(mod.PublicationDate, "T00:00:00Z")
		}
	}
	if m.Version == "" {
		return nil, fmt.Errorf("%s: no model http://opcfoundation.org/UA/", nodeSetFile)
	}
	for _, s := range raw.nodeIDs {
		if _, dup := b.ids[s.Name]; dup {
			return nil, fmt.Errorf("%s: duplicate name %s", nodeIDsFile, s.Name)
		}
		b.ids[s.Name] = s
	}
	m.NodeIDsByID = slices.Clone(raw.nodeIDs)
	slices.SortStableFunc(m.NodeIDsByID, func(a, b symbol) int { return cmp.Compare(a.ID, b.ID) })
	for i := 1; i < len(m.NodeIDsByID); i++ {
		if m.NodeIDsByID[i].ID == m.NodeIDsByID[i-1].ID {
			return nil, fmt.Errorf("%s: duplicate id %d", nodeIDsFile, m.NodeIDsByID[i].ID)
		}
	}
	for i := range raw.nodeSet.DataTypes {
		dt := &raw.nodeSet.DataTypes[i]
		name := cmp.Or(dt.SymbolicName, dt.BrowseName)
		b.dataTypes[name] = dt
		b.dtNames[dt.NodeID] = name
	}
	for _, a := range raw.nodeSet.Aliases {
		b.aliases[a.Alias] = strings.TrimSpace(a.NodeID)
	}
	for i := range raw.bsd.Structured {
		st := &raw.bsd.Structured[i]
		b.bsdStructs[st.Name] = st
	}

	for _, e := range raw.bsd.Enumerated {
		if skippedEnums[e.Name] || handWrittenEnums[e.Name] != "" {
			continue
		}
		def, err := b.enum(e)
		if err != nil {
			return nil, err
		}
		b.enums[e.Name] = def
		if e.IsOptionSet {
			m.OptionSets = append(m.OptionSets, def)
		} else {
			m.Enums = append(m.Enums, def)
		}
	}
	// Structures are declared first and filled in afterwards, so that a
	// field may refer to a structure defined later in the bsd.
	var real []*bsdStructured
	for i := range raw.bsd.Structured {
		st := &raw.bsd.Structured[i]
		if st.BaseType == "" { // a description of a built-in type
			continue
		}
		real = append(real, st)
		b.structs[st.Name] = &structDef{Name: st.Name, GoName: goName(st.Name)}
	}
	for _, st := range real {
		def := b.structs[st.Name]
		if err := b.fillStruct(def, st); err != nil {
			return nil, fmt.Errorf("structure %s: %w", st.Name, err)
		}
		m.Structs = append(m.Structs, def)
	}

	for _, row := range raw.statusCodes {
		m.StatusCodes = append(m.StatusCodes, statusCodeDef{
			Name: row.Name, GoName: "Status" + goName(row.Name), Code: row.Code, Description: row.Description,
		})
	}
	slices.SortStableFunc(m.StatusCodes, func(a, b statusCodeDef) int { return cmp.Compare(a.Code, b.Code) })
	for i := 1; i < len(m.StatusCodes); i++ {
		if m.StatusCodes[i].Code == m.StatusCodes[i-1].Code {
			return nil, fmt.Errorf("%s: duplicate code %#08x", statusCodesFile, m.StatusCodes[i].Code)
		}
	}
	for _, a := range raw.attributes {
		m.Attributes = append(m.Attributes, symbolDef{Name: a.Name, GoName: "AttributeID" + goName(a.Name), ID: a.ID})
	}
	if err := checkUnique(m); err != nil {
		return nil, err
	}
	var err error
	if m.SimpleTypes, err = b.simpleTypes(); err != nil {
		return nil, err
	}
	return m, nil
}

// checkUnique reports two generated package-level Go names that are equal,
// or a struct with two equal field names.
func checkUnique(m *model) error {
	seen := map[string]string{}
	add := func(goName, what string) error {
		if !identRE.MatchString(goName) || strings.Contains(goName, "_") {
			return fmt.Errorf("%s: %q is not a Go identifier without underscores", what, goName)
		}
		if prev, dup := seen[goName]; dup {
			return fmt.Errorf("Go name %s used by %s and %s", goName, prev, what)
		}
		seen[goName] = what
		return nil
	}
	for _, s := range m.Structs {
		if err := add(s.GoName, "structure "+s.Name); err != nil {
			return err
		}
		fields := map[string]bool{}
		for _, f := range s.Fields {
			if fields[f.GoName] {
				return fmt.Errorf("structure %s: two fields named %s", s.Name, f.GoName)
			}
			fields[f.GoName] = true
		}
	}
	for _, e := range slices.Concat(m.Enums, m.OptionSets) {
		if err := add(e.GoName, "enumeration "+e.Name); err != nil {
			return err
		}
		for _, v := range e.Values {
			if err := add(v.GoName, "value "+e.Name+"."+v.Name); err != nil {
				return err
			}
		}
	}
	for _, c := range m.StatusCodes {
		if err := add(c.GoName, "status code "+c.Name); err != nil {
			return err
		}
	}
	for _, a := range m.Attributes {
		if err := add(a.GoName, "attribute "+a.Name); err != nil {
			return err
		}
	}
	return nil
}

// dataTypeID returns the id of the DataType node named name.
func (b *builder) dataTypeID(name string) (uint32, error) {
	s, ok := b.ids[name]
	if !ok || s.Class != "DataType" {
		return 0, fmt.Errorf("%s: no DataType %s", nodeIDsFile, name)
	}
	return s.ID, nil
}

// enum builds an enumeration or option set.
func (b *builder) enum(e bsdEnumerated) (*enumDef, error) {
	def := &enumDef{Name: e.Name, GoName: goName(e.Name), GoType: "int32", Wire: "Int32"}
	if e.IsOptionSet {
		t, ok := optionSetTypes[e.LengthInBits]
		if !ok {
			return nil, fmt.Errorf("option set %s: LengthInBits %d", e.Name, e.LengthInBits)
		}
		def.GoType, def.Wire = t.goType, t.wire
	} else if e.LengthInBits != 32 {
		return nil, fmt.Errorf("enumeration %s: LengthInBits %d, want 32", e.Name, e.LengthInBits)
	}
	var err error
	if def.DataTypeID, err = b.dataTypeID(e.Name); err != nil {
		return nil, err
	}
	dt := b.dataTypes[e.Name]
	descriptions := map[string]string{}
	if dt != nil && dt.Definition != nil {
		for _, f := range dt.Definition.Fields {
			descriptions[f.Name] = oneLine(f.Description)
		}
	}
	seen := map[int64]bool{}
	for _, v := range e.Values {
		if seen[v.Value] {
			return nil, fmt.Errorf("enumeration %s: two names for %d", e.Name, v.Value)
		}
		seen[v.Value] = true
		ev := enumValue{Name: v.Name, GoName: def.GoName + goName(v.Name), Value: v.Value}
		switch {
		case !e.IsOptionSet:
			ev.Doc = fmt.Sprintf("%s is the value %s (%d).", ev.GoName, v.Name, v.Value)
		case v.Value == 0:
			ev.Doc = fmt.Sprintf("%s is %s, the empty set (0).", ev.GoName, v.Name)
			def.Zero = v.Name
		default:
			if v.Value&(v.Value-1) != 0 || v.Value < 0 || v.Value >= 1<<e.LengthInBits {
				return nil, fmt.Errorf("option set %s: %s = %d is not one bit", e.Name, v.Name, v.Value)
			}
			ev.Doc = fmt.Sprintf("%s is the bit %s (%#x).", ev.GoName, v.Name, v.Value)
		}
		if d := descriptions[v.Name]; d != "" {
			ev.Doc += " " + d
		}
		def.Values = append(def.Values, ev)
	}

	kind := "enumeration"
	if e.IsOptionSet {
		kind = "option set"
	}
	doc := []string{oneLine(e.Documentation),
		fmt.Sprintf("%s is the OPC UA %s %s (DataType i=%d), encoded as %s.", def.GoName, kind, e.Name, def.DataTypeID, def.Wire)}
	if e.IsOptionSet {
		doc = append(doc, "Each constant below is one bit; String lists the names of the bits that are set.")
	} else {
		doc = append(doc, "String returns the OPC UA name of the value.")
	}
	def.Doc = joinParagraphs(append(doc, b.commonDoc(e.Name)...)...)
	return def, nil
}

// commonDoc returns the doc paragraphs every type gets from the NodeSet:
// deprecation and the link to the specification.
func (b *builder) commonDoc(name string) []string {
	dt := b.dataTypes[name]
	if dt == nil {
		return nil
	}
	var doc []string
	if strings.HasPrefix(dt.Documentation, "https://") {
		doc = append(doc, "Specification: "+strings.TrimSpace(dt.Documentation))
	}
	if dt.ReleaseStatus == "Deprecated" {
		doc = append(doc, "Deprecated: the OPC UA specification marks this DataType as deprecated.")
	}
	return doc
}

// fillStruct fills def from the bsd structure st.
func (b *builder) fillStruct(def *structDef, st *bsdStructured) error {
	var err error
	if def.DataTypeID, err = b.dataTypeID(st.Name); err != nil {
		return err
	}
	def.BinaryID = b.ids[st.Name+"_Encoding_DefaultBinary"].ID
	def.XMLID = b.ids[st.Name+"_Encoding_DefaultXml"].ID
	def.JSONID = b.ids[st.Name+"_Encoding_DefaultJson"].ID
	dt := b.dataTypes[st.Name]
	if dt == nil {
		return fmt.Errorf("%s: no UADataType", nodeSetFile)
	}
	if dt.NodeID != "i="+strconv.FormatUint(uint64(def.DataTypeID), 10) {
		return fmt.Errorf("DataType id %s in %s, i=%d in %s", dt.NodeID, nodeSetFile, def.DataTypeID, nodeIDsFile)
	}
	def.Abstract = dt.IsAbstract

	nsFields := b.nodeSetFields(st)
	fields := st.Fields
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if f.SwitchField != "" || f.TypeName == "opc:Bit" {
			return fmt.Errorf("field %s: optional fields and bit fields are not supported", f.Name)
		}
		array := false
		if i+1 < len(fields) && fields[i+1].LengthField != "" {
			next := fields[i+1]
			if next.LengthField != f.Name || f.Name != "NoOf"+next.Name || f.TypeName != "opc:Int32" {
				return fmt.Errorf("field %s: length field %s is not the Int32 NoOf%s just before it", next.Name, next.LengthField, next.Name)
			}
			i++
			f, array = next, true
		} else if f.LengthField != "" {
			return fmt.Errorf("field %s: length field %s is not just before it", f.Name, f.LengthField)
		}
		fd, err := b.field(f, array, nsFields[f.Name])
		if err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
		def.Fields = append(def.Fields, fd)
	}
	def.Doc = b.structDoc(def, st)
	return nil
}

// nodeSetFields returns the NodeSet Definition fields of st and of its
// ancestors (a NodeSet Definition lists only the fields a subtype adds).
func (b *builder) nodeSetFields(st *bsdStructured) map[string]uaField {
	fields := map[string]uaField{}
	for st != nil {
		if dt := b.dataTypes[st.Name]; dt != nil && dt.Definition != nil {
			for _, f := range dt.Definition.Fields {
				if _, ok := fields[f.Name]; !ok {
					fields[f.Name] = f
				}
			}
		}
		st = b.bsdStructs[strings.TrimPrefix(st.BaseType, "tns:")]
	}
	return fields
}

// structDoc writes the doc comment of a structure.
func (b *builder) structDoc(def *structDef, st *bsdStructured) string {
	doc := []string{oneLine(st.Documentation)}
	ids := fmt.Sprintf("DataType i=%d", def.DataTypeID)
	if def.BinaryID != 0 {
		ids += fmt.Sprintf(", binary encoding i=%d", def.BinaryID)
	}
	doc = append(doc, fmt.Sprintf("%s is the OPC UA structure %s (%s).", def.GoName, def.Name, ids))
	if parent, ok := strings.CutPrefix(st.BaseType, "tns:"); ok {
		doc = append(doc, fmt.Sprintf("It is a subtype of %s: the fields inherited from it come first, as on the wire.", goName(parent)))
	}
	if def.Abstract {
		doc = append(doc, "It is abstract: it is never sent itself; a field that can hold it is an ExtensionObject holding one of its subtypes.")
	}
	if len(def.Fields) == 0 {
		doc = append(doc, "It has no fields: its binary encoding is empty.")
	}
	return joinParagraphs(append(doc, b.commonDoc(def.Name)...)...)
}

// field maps one bsd field (the array element field if array) to Go.
func (b *builder) field(f bsdField, array bool, ns uaField) (fieldDef, error) {
	prefix, local, _ := strings.Cut(f.TypeName, ":")
	fd := fieldDef{Name: f.Name, GoName: goName(f.Name)}
	var what string // the field's description after "a"/"an array of"
	semantic := b.semanticType(ns)
	if bt, ok := builtins[local]; ok && prefix != "tns" {
		fd.GoType, fd.Tag = bt.goType, bt.wire
		what = describeBuiltin(local, semantic, array)
	} else if hw, ok := handWrittenEnums[local]; ok && prefix == "tns" {
		fd.GoType, fd.Tag = hw, "Int32"
		what = fmt.Sprintf("%s enumeration value (Int32 on the wire)", local)
	} else if e, ok := b.enums[local]; ok && prefix == "tns" {
		fd.GoType, fd.Tag = e.GoName, e.Wire
		if e.Wire == "Int32" {
			what = fmt.Sprintf("%s enumeration value (Int32 on the wire)", local)
		} else {
			what = fmt.Sprintf("%s bit set (%s on the wire)", local, e.Wire)
		}
	} else if s, ok := b.structs[local]; ok && prefix == "tns" {
		fd.GoType = s.GoName
		what = fmt.Sprintf("%s structure, encoded inline", local)
		if array {
			what = fmt.Sprintf("%s structures, encoded inline", local)
		}
	} else {
		return fd, fmt.Errorf("unknown type %s", f.TypeName)
	}
	if array {
		fd.GoType = "[]" + fd.GoType
		what = "an array of " + what
	} else {
		what = article(what) + " " + what
	}
	fd.Doc = fmt.Sprintf("%s is the field %s: %s.", fd.GoName, f.Name, what)
	if src, ok := strings.CutPrefix(f.SourceType, "tns:"); ok {
		fd.Doc = fmt.Sprintf("%s is the field %s, inherited from %s: %s.", fd.GoName, f.Name, goName(src), what)
	}
	if array {
		fd.Doc += fmt.Sprintf(" Its length is the Int32 NoOf%s on the wire; nil is the null array (-1).", f.Name)
	}
	return fd, nil
}

// semanticType returns the name of the DataType the NodeSet gives a field
// ("IntegerId", "Duration", "Structure"), or "" if unknown. A missing
// DataType is BaseDataType (Part 6 Annex F).
func (b *builder) semanticType(f uaField) string {
	if f.Name == "" {
		return ""
	}
	if f.DataType == "" {
		return "BaseDataType"
	}
	id := f.DataType
	if a, ok := b.aliases[id]; ok {
		id = a
	}
	return b.dtNames[id]
}

// describeBuiltin describes a field of a built-in type: "Double",
// "Duration (Double on the wire)", "any Structure in an ExtensionObject".
// The article ("a") or "an array of" is added by the caller.
func describeBuiltin(wire, semantic string, array bool) string {
	plural := ""
	if array {
		plural = "s"
	}
	switch {
	case semantic == "" || semantic == wire:
		return wire + " value" + plural
	case wire == "ExtensionObject" && semantic == "Structure":
		return "ExtensionObject" + plural + " holding any structure"
	case wire == "ExtensionObject":
		return "ExtensionObject" + plural + " holding " + article(semantic) + " " + semantic + " (or a subtype)"
	case wire == "Variant" && semantic == "BaseDataType":
		return "Variant" + plural + " holding a value of any type"
	case wire == "Variant":
		return "Variant" + plural + " holding " + article(semantic) + " " + semantic
	default:
		return semantic + " value" + plural + " (" + wire + " on the wire)"
	}
}

// oneLine collapses white space, so that schema text becomes one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// joinParagraphs joins the non-empty paragraphs with blank lines.
func joinParagraphs(ps ...string) string {
	var out []string
	for _, p := range ps {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n\n")
}
