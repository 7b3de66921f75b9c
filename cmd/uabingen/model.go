package main

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/uabin/uabin/internal/uaname"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/nodeset"
)

// Causes of generator errors (wrapped by *genError).
var (
	errUnsupported = errors.New("not supported yet")
	errNoImport    = errors.New("no -import for a namespace")
	errName        = errors.New("duplicate Go name")
	errInvalid     = errors.New("invalid DataType")
)

// genError is a problem with one DataType (or with the input as a whole):
// "uabingen: FILE: node NODEID (BROWSENAME): PROBLEM".
type genError struct {
	file, node, browseName string
	err                    error
}

func (e *genError) Error() string {
	s := "uabingen: " + e.file
	if e.node != "" {
		s += ": node " + e.node
		if e.browseName != "" {
			s += " (" + e.browseName + ")"
		}
	}
	return s + ": " + e.err.Error()
}

func (e *genError) Unwrap() error { return e.err }

func failf(dt *nodeset.DataType, kind error, format string, args ...any) error {
	return &genError{file: dt.File, node: dt.NodeIDText, browseName: dt.BrowseNameText,
		err: fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))}
}

// pkgModel is everything the renderer writes for one package.
type pkgModel struct {
	Package    string
	URI        string
	Target     *nodeset.NodeSet
	Model      nodeset.Model
	Deps       []*nodeset.NodeSet
	License    string // the licence notice of the target file, or ""
	Structs    []*structDef
	Enums      []*enumDef
	OptionSets []*enumDef
	Simples    []*simpleDef
	Imports    map[string]string // import path -> package name, of other generated packages used
}

type structDef struct {
	DT         *nodeset.DataType
	GoName     string
	Doc        string
	Fields     []fieldDef
	Union      bool
	Abstract   bool
	Binary     types.ExpandedNodeID
	HasBinary  bool
	OptionSet  []enumValue // structure-form option sets: the bits
	SwitchName string
}

type fieldDef struct {
	GoName, GoType, Tag, Doc string
}

type enumDef struct {
	DT     *nodeset.DataType
	GoName string
	GoType string // int32, or the unsigned base of an option set
	Wire   string
	Doc    string
	Values []enumValue
}

type enumValue struct {
	Name, GoName, Doc string
	Value             int64
}

type simpleDef struct {
	DT     *nodeset.DataType
	GoName string
	GoType string
	Alias  bool // type X = types.Y
	Doc    string
}

// generator turns the DataTypes of one namespace of a Set into a pkgModel.
type generator struct {
	set     *nodeset.Set
	target  string
	imports map[string]string // namespace URI -> import path (-import)
	names   map[string]map[*nodeset.DataType]string
	used    map[string]string // import path -> package name
	m       *pkgModel
}

// primitives are the Go types of the built-in types.
var primitives = map[types.BuiltinType]string{
	types.TypeBoolean: "bool", types.TypeSByte: "int8", types.TypeByte: "uint8", types.TypeInt16: "int16",
	types.TypeUInt16: "uint16", types.TypeInt32: "int32", types.TypeUInt32: "uint32", types.TypeInt64: "int64",
	types.TypeUInt64: "uint64", types.TypeFloat: "float32", types.TypeDouble: "float64", types.TypeString: "string",
	types.TypeDateTime: "types.DateTime", types.TypeGUID: "types.GUID", types.TypeByteString: "[]byte",
	types.TypeXmlElement: "types.XmlElement", types.TypeNodeID: "types.NodeID", types.TypeExpandedNodeID: "types.ExpandedNodeID",
	types.TypeStatusCode: "types.StatusCode", types.TypeQualifiedName: "types.QualifiedName",
	types.TypeLocalizedText: "types.LocalizedText", types.TypeExtensionObject: "types.ExtensionObject",
	types.TypeDataValue: "types.DataValue", types.TypeVariant: "types.Variant", types.TypeDiagnosticInfo: "types.DiagnosticInfo",
}

// definedBase reports whether a simple DataType of this built-in type is
// declared as a defined type (type Year uint16); the others are aliases
// (type Ref = types.NodeID), because the encoder knows them by Go type.
func definedBase(b types.BuiltinType) bool {
	return b >= types.TypeBoolean && b <= types.TypeString || b == types.TypeByteString
}

// goIdent turns an OPC UA name into an exported Go identifier with the
// rules of package types (uaname.GoName): characters that cannot be in an
// identifier separate words, the first letter is upper-cased and a name
// that does not start with a letter gets an "X" in front.
func goIdent(name string) string {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return '_'
	}, name)
	n := uaname.GoName(clean)
	if n == "" {
		return "X"
	}
	rs := []rune(n)
	if !unicode.IsLetter(rs[0]) {
		return "X" + n
	}
	rs[0] = unicode.ToUpper(rs[0])
	return string(rs)
}

// typeName is the OPC UA name a DataType's Go name is made from.
func typeName(dt *nodeset.DataType) string {
	if dt.SymbolicName != "" {
		return dt.SymbolicName
	}
	return dt.Name
}

// fieldName is the OPC UA name a field's Go name is made from.
func fieldName(f nodeset.Field) string {
	if f.SymbolicName != "" {
		return f.SymbolicName
	}
	return f.Name
}

// hasGoType reports whether the generator writes a Go type for dt.
func hasGoType(dt *nodeset.DataType) bool {
	return dt.Kind != nodeset.KindAbstract
}

// namesOf returns the Go names of the DataTypes of a namespace that get a
// Go type, checking that they are unique.
func (g *generator) namesOf(uri string) (map[*nodeset.DataType]string, error) {
	if n, ok := g.names[uri]; ok {
		return n, nil
	}
	n := map[*nodeset.DataType]string{}
	seen := map[string]*nodeset.DataType{}
	for _, dt := range g.set.Namespace(uri) {
		if !hasGoType(dt) {
			continue
		}
		name := goIdent(typeName(dt))
		if prev, dup := seen[name]; dup {
			return nil, failf(dt, errName, "Go name %s is also the name of %s (%s)", name, prev.NodeIDText, prev.BrowseNameText)
		}
		seen[name] = dt
		n[dt] = name
	}
	g.names[uri] = n
	return n, nil
}

// ref returns the Go type that names dt in the generated package.
func (g *generator) ref(owner, dt *nodeset.DataType, field string) (string, error) {
	uri := dt.ID.NamespaceURI
	switch uri {
	case g.target:
		names, err := g.namesOf(uri)
		if err != nil {
			return "", err
		}
		return names[dt], nil
	case nodeset.UANamespace:
		return "", nil // handled by the caller
	}
	imp, ok := g.imports[uri]
	if !ok {
		return "", failf(owner, errNoImport, "field %s has DataType %s (%v) of namespace %s; generate that namespace's package too and give -import %s=IMPORTPATH", field, dt.Name, dt.ID.NodeID, uri, uri)
	}
	names, err := g.namesOf(uri)
	if err != nil {
		return "", err
	}
	pkg, ok := g.used[imp]
	if !ok {
		pkg = g.uniqueImportName(imp)
		g.used[imp] = pkg
	}
	return pkg + "." + names[dt], nil
}

// uniqueImportName returns the name under which imp is imported: its
// importName, with a number added if that is taken by the package's other
// imports or its own name.
func (g *generator) uniqueImportName(imp string) string {
	taken := map[string]bool{"types": true, "uabin": true, "strconv": true, "strings": true, g.m.Package: true}
	for _, n := range g.used {
		taken[n] = true
	}
	base := importName(imp)
	name := base
	for i := 2; taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// importName is the package name of an import path: its last element,
// lower-cased, without characters that cannot be in an identifier.
func importName(imp string) string {
	name := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return unicode.ToLower(r)
		}
		return -1
	}, path.Base(imp))
	if name == "" || !unicode.IsLetter([]rune(name)[0]) {
		name = "p" + name
	}
	return name
}

func isNS0(dt *nodeset.DataType, id uint32) bool {
	return dt.ID.NamespaceURI == nodeset.UANamespace && dt.ID.NodeID == types.NewNumericNodeID(0, id)
}

// fieldType returns the Go type and ua: wire type of a field, and whether
// it is an inline structure of this package (for cycle detection).
func (g *generator) fieldType(owner *nodeset.DataType, f nodeset.Field) (goType, wire string, inline *nodeset.DataType, err error) {
	dt := g.set.DataType(f.DataType)
	if dt == nil {
		return "", "", nil, failf(owner, errInvalid, "field %s: unknown DataType %v", f.Name, f.DataType)
	}
	// Namespace 0 is package types, unless it is the namespace generated.
	ns0 := dt.ID.NamespaceURI == nodeset.UANamespace && g.target != nodeset.UANamespace
	isStruct := dt.Kind.IsStructure() || dt.Kind == nodeset.KindOptionSet && dt.BuiltIn == types.TypeExtensionObject
	switch {
	case dt.Kind == nodeset.KindAbstract:
		return "types.Variant", "Variant", nil, nil
	case isStruct && (f.AllowSubTypes || dt.IsAbstract || isNS0(dt, 22)):
		return "types.ExtensionObject", "ExtensionObject", nil, nil
	case isStruct && ns0:
		ti, ok := standardByID()[dt.ID.NodeID]
		if !ok || ti.Type == nil {
			return "", "", nil, failf(owner, errUnsupported, "field %s: namespace-0 structure %s (%v) has no Go type in package types", f.Name, dt.Name, dt.ID.NodeID)
		}
		return "types." + ti.Type.Name(), "", nil, nil
	case isStruct:
		t, err := g.ref(owner, dt, f.Name)
		if dt.ID.NamespaceURI == g.target {
			inline = dt
		}
		return t, "", inline, err
	}
	wire = dt.BuiltIn.String()
	if ns0 {
		if n := goIdent(typeName(dt)); ns0Named[n] && (dt.Kind == nodeset.KindEnumeration || dt.Kind == nodeset.KindOptionSet) {
			return "types." + n, wire, nil, nil
		}
		if dt.Kind == nodeset.KindEnumeration {
			return "int32", wire, nil, nil
		}
		return primitives[dt.BuiltIn], wire, nil, nil
	}
	t, err := g.ref(owner, dt, f.Name)
	return t, wire, nil, err
}

// standardByID returns types.StandardTypes by DataType id (names may
// differ: the DataType 3DFrame is the Go type types.ThreeDFrame).
var standardByID = sync.OnceValue(func() map[types.NodeID]*types.TypeInfo {
	m := map[types.NodeID]*types.TypeInfo{}
	for i := range types.StandardTypes {
		ti := &types.StandardTypes[i]
		m[types.NewNumericNodeID(0, ti.DataTypeID)] = ti
	}
	return m
})

// build fills the package model.
func (g *generator) build() error {
	names, err := g.namesOf(g.target)
	if err != nil {
		return err
	}
	global := map[string]string{"NamespaceURI": "the namespace URI constant", "Register": "the function Register"}
	claim := func(dt *nodeset.DataType, name, what string) error {
		if prev, dup := global[name]; dup {
			return failf(dt, errName, "Go name %s of %s is also %s", name, what, prev)
		}
		global[name] = what + " of " + dt.BrowseNameText
		return nil
	}
	var structs []*nodeset.DataType
	for _, dt := range g.set.Namespace(g.target) {
		name, ok := names[dt]
		if !ok {
			continue
		}
		if err := claim(dt, name, "the type"); err != nil {
			return err
		}
		if err := claim(dt, name+"DataTypeID", "the DataType id"); err != nil {
			return err
		}
		switch {
		case dt.Kind == nodeset.KindEnumeration:
			e, err := g.enum(dt, name, claim)
			if err != nil {
				return err
			}
			g.m.Enums = append(g.m.Enums, e)
		case dt.Kind == nodeset.KindOptionSet && dt.BuiltIn != types.TypeExtensionObject:
			e, err := g.enum(dt, name, claim)
			if err != nil {
				return err
			}
			g.m.OptionSets = append(g.m.OptionSets, e)
		case dt.Kind == nodeset.KindSimple:
			g.m.Simples = append(g.m.Simples, g.simple(dt, name))
		default:
			if _, ok := dt.BinaryEncoding(); ok {
				if err := claim(dt, name+"BinaryEncodingID", "the binary encoding id"); err != nil {
					return err
				}
			}
			structs = append(structs, dt)
		}
	}
	inline := map[*nodeset.DataType][]*nodeset.DataType{}
	defs := map[*nodeset.DataType]*structDef{}
	for _, dt := range structs {
		s, err := g.structure(dt, names[dt], inline, claim)
		if err != nil {
			return err
		}
		defs[dt] = s
		g.m.Structs = append(g.m.Structs, s)
	}
	// A non-optional structure field that leads back to its own structure
	// would make an infinite Go type: it becomes a pointer.
	for _, dt := range structs {
		for i, f := range defs[dt].Fields {
			target := inline[dt][i]
			if target != nil && reaches(inline, target, dt, map[*nodeset.DataType]bool{}) {
				defs[dt].Fields[i].GoType = "*" + f.GoType
				defs[dt].Fields[i].Doc += " It is a pointer because the structure contains itself through it; nil is written as the zero value."
			}
		}
	}
	g.m.Imports = g.used
	return nil
}

// reaches reports whether from leads to to through inline structure fields.
func reaches(inline map[*nodeset.DataType][]*nodeset.DataType, from, to *nodeset.DataType, seen map[*nodeset.DataType]bool) bool {
	if from == to {
		return true
	}
	if seen[from] {
		return false
	}
	seen[from] = true
	for _, next := range inline[from] {
		if next != nil && reaches(inline, next, to, seen) {
			return true
		}
	}
	return false
}

func (g *generator) docOf(dt *nodeset.DataType, summary string, more ...string) string {
	ps := []string{summary}
	if dt.Description != "" {
		ps = append(ps, oneLine(dt.Description))
	}
	ps = append(ps, more...)
	if d := oneLine(dt.Documentation); d != "" {
		if strings.HasPrefix(d, "https://") || strings.HasPrefix(d, "http://") {
			ps = append(ps, "Specification: "+d)
		} else {
			ps = append(ps, d)
		}
	}
	if dt.ReleaseStatus == "Deprecated" {
		ps = append(ps, "Deprecated: the specification marks this DataType as deprecated.")
	}
	return strings.Join(ps, "\n\n")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func idText(id types.ExpandedNodeID) string { return id.NodeID.String() }

func (g *generator) enum(dt *nodeset.DataType, name string, claim func(*nodeset.DataType, string, string) error) (*enumDef, error) {
	e := &enumDef{DT: dt, GoName: name, GoType: "int32", Wire: "Int32"}
	optionSet := dt.Kind == nodeset.KindOptionSet
	bits := 0
	if optionSet {
		var ok bool
		switch dt.BuiltIn {
		case types.TypeByte:
			bits, ok = 8, true
		case types.TypeUInt16:
			bits, ok = 16, true
		case types.TypeUInt32:
			bits, ok = 32, true
		case types.TypeUInt64:
			bits, ok = 64, true
		}
		if !ok {
			return nil, failf(dt, errUnsupported, "option set based on %v: only Byte, UInt16, UInt32 and UInt64 option sets and OptionSet structures are", dt.BuiltIn)
		}
		e.GoType, e.Wire = primitives[dt.BuiltIn], dt.BuiltIn.String()
	}
	var fields []nodeset.Field
	if dt.Definition != nil {
		fields = dt.Definition.Fields
	}
	for _, f := range fields {
		v := enumValue{Name: f.Name, GoName: name + goIdent(fieldName(f)), Value: f.Value}
		if err := claim(dt, v.GoName, "the value "+f.Name); err != nil {
			return nil, err
		}
		if optionSet {
			if f.Value < 0 || int(f.Value) >= bits {
				return nil, failf(dt, errInvalid, "option set bit %s has Value %d, not a bit number of a %d-bit set", f.Name, f.Value, bits)
			}
			v.Doc = fmt.Sprintf("%s is the bit %s (bit %d, %#x).", v.GoName, f.Name, f.Value, uint64(1)<<f.Value)
		} else {
			if f.Value < -1<<31 || f.Value >= 1<<31 {
				return nil, failf(dt, errInvalid, "enumeration value %s = %d does not fit an Int32", f.Name, f.Value)
			}
			v.Doc = fmt.Sprintf("%s is the value %s (%d).", v.GoName, f.Name, f.Value)
		}
		if d := oneLine(f.Description); d != "" {
			v.Doc += " " + d
		}
		e.Values = append(e.Values, v)
	}
	if optionSet {
		e.Doc = g.docOf(dt, fmt.Sprintf("%s is the OPC UA option set %s (DataType %s), encoded as %s.", name, dt.Name, idText(dt.ID), e.Wire),
			"Each constant below is one bit; String lists the names of the bits that are set.")
	} else {
		e.Doc = g.docOf(dt, fmt.Sprintf("%s is the OPC UA enumeration %s (DataType %s), encoded as Int32.", name, dt.Name, idText(dt.ID)),
			"String returns the OPC UA name of the value.")
	}
	return e, nil
}

func (g *generator) simple(dt *nodeset.DataType, name string) *simpleDef {
	s := &simpleDef{DT: dt, GoName: name, GoType: primitives[dt.BuiltIn], Alias: !definedBase(dt.BuiltIn)}
	base := "built-in type " + dt.BuiltIn.String()
	if dt.Base != nil && dt.Base.Name != dt.BuiltIn.String() {
		base = dt.Base.Name + " (" + dt.BuiltIn.String() + " on the wire)"
	}
	s.Doc = g.docOf(dt, fmt.Sprintf("%s is the OPC UA DataType %s (DataType %s), a subtype of %s.", name, dt.Name, idText(dt.ID), base))
	return s
}

func (g *generator) structure(dt *nodeset.DataType, name string, inline map[*nodeset.DataType][]*nodeset.DataType, claim func(*nodeset.DataType, string, string) error) (*structDef, error) {
	s := &structDef{DT: dt, GoName: name, Union: dt.Kind == nodeset.KindUnion, Abstract: dt.IsAbstract}
	s.Binary, s.HasBinary = dt.BinaryEncoding()
	ids := "DataType " + idText(dt.ID)
	if s.HasBinary {
		ids += ", binary encoding " + idText(s.Binary)
	}
	var more []string
	if dt.Kind == nodeset.KindOptionSet {
		// The structure form of an option set (Part 5 OptionSet): Value and
		// ValidBits ByteStrings; the Definition names the bits.
		s.Fields = []fieldDef{
			{GoName: "Value", GoType: "[]byte", Tag: "ByteString", Doc: "Value is the field Value: the bits that are set, bit 0 in the lowest bit of the first byte."},
			{GoName: "ValidBits", GoType: "[]byte", Tag: "ByteString", Doc: "ValidBits is the field ValidBits: the bits of Value that are valid."},
		}
		inline[dt] = []*nodeset.DataType{nil, nil}
		for _, f := range dt.Definition.Fields {
			v := enumValue{Name: f.Name, GoName: name + goIdent(fieldName(f)) + "Bit", Value: f.Value}
			if f.Value < 0 {
				return nil, failf(dt, errInvalid, "option set bit %s has Value %d", f.Name, f.Value)
			}
			if err := claim(dt, v.GoName, "the bit number "+f.Name); err != nil {
				return nil, err
			}
			v.Doc = fmt.Sprintf("%s is the number of the bit %s (%d).", v.GoName, f.Name, f.Value)
			if d := oneLine(f.Description); d != "" {
				v.Doc += " " + d
			}
			s.OptionSet = append(s.OptionSet, v)
		}
		s.Doc = g.docOf(dt, fmt.Sprintf("%s is the OPC UA option set %s (%s), encoded as an OptionSet structure.", name, dt.Name, ids),
			"The constants "+name+"*Bit are the numbers of its bits.")
		return s, nil
	}
	if dt.Base != nil && !isNS0(dt.Base, 22) && !isNS0(dt.Base, 12756) {
		if dt.Base.Kind.IsStructure() && (dt.Base.Kind == nodeset.KindUnion) != s.Union {
			return nil, failf(dt, errUnsupported, "a subtype of %s that is a union where its base is not, or the other way round", dt.Base.Name)
		}
		more = append(more, fmt.Sprintf("It is a subtype of %s: the fields inherited from it come first, as on the wire.", dt.Base.Name))
	}
	if s.Abstract {
		more = append(more, "It is abstract: it is never sent itself; a field that can hold it is an ExtensionObject holding one of its subtypes.")
	}
	fields := g.set.Fields(dt)
	own := 0
	if dt.Definition != nil {
		own = len(dt.Definition.Fields)
	}
	inherited := len(fields) - own
	seen := map[string]bool{}
	if s.Union {
		s.SwitchName = "SwitchField"
		seen[s.SwitchName] = true
		var alts []string
		for i, f := range fields {
			alts = append(alts, fmt.Sprintf("%d %s", i+1, f.Name))
		}
		s.Fields = append(s.Fields, fieldDef{GoName: s.SwitchName, GoType: "uint32", Tag: "switch",
			Doc: "SwitchField selects the one field that is encoded: 0 none, " + strings.Join(alts, ", ") + "."})
		inline[dt] = append(inline[dt], nil)
		more = append(more, "It is a union: SwitchField says which one of the other fields is encoded, and decoding zeroes the others.")
	}
	for i, f := range fields {
		fd := fieldDef{GoName: goIdent(fieldName(f))}
		if seen[fd.GoName] {
			return nil, failf(dt, errName, "two fields with the Go name %s", fd.GoName)
		}
		seen[fd.GoName] = true
		if f.ValueRank != -1 && f.ValueRank != 1 {
			return nil, failf(dt, errUnsupported, "field %s has ValueRank %d: only scalars (-1) and one-dimensional arrays (1) are; multi-dimensional arrays in structures need matrix support in the struct tags", f.Name, f.ValueRank)
		}
		if f.IsOptional && s.Union {
			return nil, failf(dt, errInvalid, "union field %s is optional: a union's fields cannot be optional", f.Name)
		}
		goType, wire, in, err := g.fieldType(dt, f)
		if err != nil {
			return nil, err
		}
		fdt := g.set.DataType(f.DataType)
		what := describe(fdt, goType, wire, f)
		array := f.ValueRank == 1
		if array {
			goType = "[]" + goType
			in = nil
		}
		var opts []string
		if wire != "" {
			opts = append(opts, wire)
		}
		if f.IsOptional {
			if !array {
				goType = "*" + goType
				in = nil
			}
			opts = append(opts, "optional")
		}
		fd.GoType, fd.Tag = goType, strings.Join(opts, ",")
		from := ""
		if i < inherited {
			from = ", inherited from " + baseOwning(g.set, dt, f.Name)
		}
		fd.Doc = fmt.Sprintf("%s is the field %s%s: %s.", fd.GoName, f.Name, from, what)
		if f.IsOptional {
			fd.Doc += " It is optional: nil is absent."
		} else if array {
			fd.Doc += " nil is the null array (-1)."
		}
		if f.MaxStringLength > 0 {
			fd.Doc += fmt.Sprintf(" At most %d characters.", f.MaxStringLength)
		}
		if d := oneLine(f.Description); d != "" {
			fd.Doc += " " + d
		}
		s.Fields = append(s.Fields, fd)
		inline[dt] = append(inline[dt], in)
	}
	if len(fields) == 0 {
		more = append(more, "It has no fields: its binary encoding is empty.")
	}
	s.Doc = g.docOf(dt, fmt.Sprintf("%s is the OPC UA structure %s (%s).", name, dt.Name, ids), more...)
	return s, nil
}

// baseOwning returns the name of the base structure that defines field.
func baseOwning(set *nodeset.Set, dt *nodeset.DataType, field string) string {
	name := ""
	for b := dt.Base; b != nil && b.Kind.IsStructure(); b = b.Base {
		for _, f := range set.Fields(b) {
			if f.Name == field {
				name = b.Name
			}
		}
	}
	if name == "" && dt.Base != nil {
		return dt.Base.Name
	}
	return name
}

// describe says what a field holds, for its doc comment: "a Duration
// value (Double on the wire)", "an array of Range structures, encoded
// inline".
func describe(dt *nodeset.DataType, goType, wire string, f nodeset.Field) string {
	array := f.ValueRank == 1
	pl := func(noun string) string {
		if array {
			return noun + "s"
		}
		return noun
	}
	var s string
	switch {
	case wire == "Variant" && isNS0(dt, 24):
		s = pl("Variant") + " holding a value of any type"
	case wire == "Variant":
		s = pl("Variant") + " holding " + uaname.Article(dt.Name) + " " + dt.Name
	case wire == "ExtensionObject" && isNS0(dt, 22):
		s = pl("ExtensionObject") + " holding any structure"
	case wire == "ExtensionObject":
		s = pl("ExtensionObject") + " holding " + uaname.Article(dt.Name) + " " + dt.Name + " (or a subtype)"
	case wire == "":
		s = dt.Name + " " + pl("structure") + ", encoded inline"
	case dt.Kind == nodeset.KindEnumeration:
		s = dt.Name + " enumeration " + pl("value") + " (Int32 on the wire)"
	case dt.Kind == nodeset.KindOptionSet:
		s = dt.Name + " bit " + pl("set") + " (" + wire + " on the wire)"
	case dt.Name == wire:
		s = wire + " " + pl("value")
	default:
		s = dt.Name + " " + pl("value") + " (" + wire + " on the wire)"
	}
	if array {
		return "an array of " + s
	}
	return uaname.Article(s) + " " + s
}

// sortedImports returns the import paths of other generated packages used.
func sortedImports(m map[string]string) []string {
	var out []string
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
