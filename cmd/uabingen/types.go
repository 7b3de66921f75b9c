package main

// The types mode: namespace 0 written as package types. The structures,
// enumerations and option sets are built as for any namespace (model.go);
// this file adds what only package types has: the tables of the DataTypes
// (StandardTypes, SimpleTypes, CodeGeneratorStructures), the status codes,
// the attribute ids and the node ids of package types/id, from the CSV
// files of the schema folder.

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/nodeset"
)

// The files of the schema folder the types mode reads.
const (
	servicesFile    = "Opc.Ua.NodeSet2.Services.xml"
	nodeIDsFile     = "NodeIds.csv"
	statusCodesFile = "StatusCode.csv"
	attributesFile  = "AttributeIds.csv"
)

// typesOutputs are the files of the types mode (relative to -o), each with
// the template that writes it.
var typesOutputs = []struct{ file, template string }{
	{"structs_gen.go", "types_structs"},
	{"enums_gen.go", "types_enums"},
	{"optionsets_gen.go", "types_optionsets"},
	{"registry_gen.go", "types_registry"},
	{"simpletypes_gen.go", "types_simpletypes"},
	{"codegenstructs_gen.go", "types_codegenstructs"},
	{"statuscodes_gen.go", "types_statuscodes"},
	{"attributeids_gen.go", "types_attributeids"},
	{filepath.Join("id", "nodeids_gen.go"), "types_nodeids"},
	{filepath.Join(codecsPackage, "codecs_gen.go"), "codecs"},
	{filepath.Join(codecsPackage, "codecs_gen_test.go"), "codecs_test"},
}

// simpleTypeDef is a DataType of namespace 0 that is no structure, for
// types.SimpleTypes.
type simpleTypeDef struct {
	Name        string // symbolic name, "TrimmedString"
	DataTypeID  uint32
	BuiltIn     string // the constant of package types it is encoded as, "TypeString"
	Abstract    bool
	Enumeration bool
	OptionSet   bool
	GoType      string // the Go type of package types, or "" if it has none
}

// codeGenDef is a structure of namespace 0 for code generators only, for
// types.CodeGeneratorStructures.
type codeGenDef struct {
	Name       string
	DataTypeID uint32
	BaseID     uint32
	Fields     []codeGenField // base fields first
}

// codeGenField is a field of a codeGenDef.
type codeGenField struct {
	Name       string
	DataTypeID uint32
	ValueRank  int32
}

// statusCodeDef is one row of StatusCode.csv.
type statusCodeDef struct {
	Name        string // "BadNodeIdUnknown"
	GoName      string // "StatusBadNodeIDUnknown"
	Code        uint32
	Description string
}

// symbolDef is a named id with its Go constant name (AttributeIds.csv).
type symbolDef struct {
	Name   string
	GoName string
	ID     uint32
}

// symbol is a row of NodeIds.csv or AttributeIds.csv.
type symbol struct {
	Name  string
	ID    uint32
	Class string // NodeClass column of NodeIds.csv; "" for attributes
}

// typeRow is one structure of types.StandardTypes.
type typeRow struct {
	*structDef
	Name            string
	DataTypeID      uint32
	BinaryID, XMLID uint32
	JSONID          uint32
}

// Rows returns the structures of package types as the rows of
// StandardTypes: names and ids.
func (m *pkgModel) Rows() []typeRow {
	var rows []typeRow
	for _, s := range m.Structs {
		r := typeRow{structDef: s, Name: typeName(s.DT), DataTypeID: s.DT.ID.NodeID.IntID()}
		for _, e := range s.DT.Encodings {
			switch e.Name {
			case "Default Binary":
				r.BinaryID = e.ID.NodeID.IntID()
			case "Default XML":
				r.XMLID = e.ID.NodeID.IntID()
			case "Default JSON":
				r.JSONID = e.ID.NodeID.IntID()
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// generateTypes reads the schema folder and returns the model of package
// types.
func generateTypes(dir string) (*pkgModel, error) {
	// The CSV files first: they are small, and a problem in them shows
	// before the 4 MB NodeSet2 file is read.
	nodeIDs, err := readSymbols(filepath.Join(dir, nodeIDsFile), 3)
	if err != nil {
		return nil, err
	}
	attributes, err := readSymbols(filepath.Join(dir, attributesFile), 2)
	if err != nil {
		return nil, err
	}
	codes, err := readStatusCodes(filepath.Join(dir, statusCodesFile))
	if err != nil {
		return nil, err
	}
	servicesPath := filepath.Join(dir, servicesFile)
	data, err := os.ReadFile(servicesPath)
	if err != nil {
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	file, err := nodeset.Parse(servicesFile, data)
	if err != nil {
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	set, err := nodeset.NewSet(file)
	if err != nil {
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	var model *nodeset.Model
	for i := range file.Models {
		if file.Models[i].URI == nodeset.UANamespace {
			model = &file.Models[i]
		}
	}
	if model == nil {
		return nil, fmt.Errorf("uabingen: %s: no model %s", servicesFile, nodeset.UANamespace)
	}
	purpose, err := readPurposes(data)
	if err != nil {
		return nil, fmt.Errorf("uabingen: %s: %w", servicesFile, err)
	}
	m := &pkgModel{Types: true, Package: "types", URI: nodeset.UANamespace, Generator: "uabingen -types", License: licenseNotice(data),
		Version: model.Version, Published: strings.TrimSuffix(model.PublicationDate, "T00:00:00Z")}
	m.Source = fmt.Sprintf("Generated from the OPC UA %s (%s) schema files %s, %s, %s and %s of the OPC Foundation (github.com/OPCFoundation/UA-Nodeset, Schema/)",
		m.Version, m.Published, servicesFile, nodeIDsFile, statusCodesFile, attributesFile)
	if m.License == "" {
		return nil, fmt.Errorf("uabingen: %s: no licence notice in its first comment", servicesFile)
	}
	m.Source += ", which carry this notice:"
	g := &generator{set: set, target: nodeset.UANamespace, types: true, names: map[string]map[*nodeset.DataType]string{},
		used: map[string]string{}, purpose: purpose, m: m}
	if err := g.build(); err != nil {
		return nil, err
	}
	m.NodeIDs = nodeIDs
	if err := g.tables(codes, attributes); err != nil {
		return nil, err
	}
	return m, nil
}

// tables fills the tables only package types has, and checks the ids of
// the NodeSet2 file against NodeIds.csv.
func (g *generator) tables(codes []statusCodeDef, attributes []symbol) error {
	m := g.m
	byName := map[string]symbol{}
	for _, s := range m.NodeIDs {
		if _, dup := byName[s.Name]; dup {
			return fmt.Errorf("uabingen: %s: duplicate name %s", nodeIDsFile, s.Name)
		}
		byName[s.Name] = s
	}
	m.NodeIDsByID = slices.Clone(m.NodeIDs)
	slices.SortStableFunc(m.NodeIDsByID, func(a, b symbol) int { return cmp.Compare(a.ID, b.ID) })
	for i := 1; i < len(m.NodeIDsByID); i++ {
		if m.NodeIDsByID[i].ID == m.NodeIDsByID[i-1].ID {
			return fmt.Errorf("uabingen: %s: duplicate id %d", nodeIDsFile, m.NodeIDsByID[i].ID)
		}
	}
	// The NodeSet2 file and NodeIds.csv must agree on every id the
	// generated code holds.
	check := func(name string, id uint32, class string) error {
		if s := byName[name]; s.ID != id || s.Class != class {
			return fmt.Errorf("uabingen: %s has %s %s = %d, %s says %s %d", servicesFile, class, name, id, nodeIDsFile, s.Class, s.ID)
		}
		return nil
	}
	for _, r := range m.Rows() {
		if err := check(r.Name, r.DataTypeID, "DataType"); err != nil {
			return err
		}
		for suffix, id := range map[string]uint32{"DefaultBinary": r.BinaryID, "DefaultXml": r.XMLID, "DefaultJson": r.JSONID} {
			if err := check(r.Name+"_Encoding_"+suffix, id, "Object"); id != 0 && err != nil {
				return err
			}
		}
	}

	for _, c := range codes {
		c.GoName = "Status" + goIdent(c.Name)
		m.StatusCodes = append(m.StatusCodes, c)
	}
	slices.SortStableFunc(m.StatusCodes, func(a, b statusCodeDef) int { return cmp.Compare(a.Code, b.Code) })
	for i := 1; i < len(m.StatusCodes); i++ {
		if m.StatusCodes[i].Code == m.StatusCodes[i-1].Code {
			return fmt.Errorf("uabingen: %s: duplicate code %#08x", statusCodesFile, m.StatusCodes[i].Code)
		}
	}
	for _, a := range attributes {
		m.Attributes = append(m.Attributes, symbolDef{Name: a.Name, GoName: "AttributeID" + goIdent(a.Name), ID: a.ID})
	}
	if err := g.checkGlobalNames(); err != nil {
		return err
	}
	return g.dataTypeTables()
}

// checkGlobalNames reports a status code or attribute constant whose Go
// name is taken (the names of the types and their constants are checked as
// they are built).
func (g *generator) checkGlobalNames() error {
	seen := map[string]string{}
	for _, s := range g.m.Structs {
		seen[s.GoName] = "structure " + s.DT.Name
	}
	for _, e := range slices.Concat(g.m.Enums, g.m.OptionSets) {
		seen[e.GoName] = "enumeration " + e.DT.Name
		for _, v := range e.Values {
			seen[v.GoName] = "value " + e.DT.Name + "." + v.Name
		}
	}
	add := func(goName, what string) error {
		if prev, dup := seen[goName]; dup {
			return fmt.Errorf("uabingen: Go name %s used by %s and %s", goName, prev, what)
		}
		seen[goName] = what
		return nil
	}
	for _, c := range g.m.StatusCodes {
		if err := add(c.GoName, "status code "+c.Name); err != nil {
			return err
		}
	}
	for _, a := range g.m.Attributes {
		if err := add(a.GoName, "attribute "+a.Name); err != nil {
			return err
		}
	}
	return nil
}

// dataTypeTables fills SimpleTypes (every DataType that is no structure)
// and CodeGen (the concrete structures for code generators only).
func (g *generator) dataTypeTables() error {
	names, err := g.namesOf(nodeset.UANamespace)
	if err != nil {
		return err
	}
	for _, dt := range g.set.Namespace(nodeset.UANamespace) {
		id := dt.ID.NodeID.IntID()
		switch {
		case isStruct(dt) && !isNS0(dt, idStructure):
			if g.purpose[dt.ID.NodeID] == "CodeGenerator" && !dt.IsAbstract && dt.Definition != nil {
				d := codeGenDef{Name: dt.Name, DataTypeID: id, BaseID: dt.Base.ID.NodeID.IntID()}
				for _, f := range g.set.Fields(dt) {
					d.Fields = append(d.Fields, codeGenField{Name: f.Name, DataTypeID: f.DataType.NodeID.IntID(), ValueRank: f.ValueRank})
				}
				g.m.CodeGen = append(g.m.CodeGen, d)
			}
		default:
			s := simpleTypeDef{Name: typeName(dt), DataTypeID: id, Abstract: dt.IsAbstract,
				Enumeration: dt.Kind == nodeset.KindEnumeration && !isNS0(dt, idEnumeration), OptionSet: dt.Kind == nodeset.KindOptionSet}
			s.BuiltIn = "Type" + goIdent(dt.BuiltIn.String())
			if dt.BuiltIn == types.TypeXmlElement {
				s.BuiltIn = "TypeXmlElement" // the OPC UA spelling, as the type XmlElement
			}
			if s.Enumeration || s.OptionSet {
				s.GoType = names[dt]
			}
			g.m.SimpleTypes = append(g.m.SimpleTypes, s)
		}
	}
	slices.SortFunc(g.m.SimpleTypes, func(x, y simpleTypeDef) int { return cmp.Compare(x.DataTypeID, y.DataTypeID) })
	slices.SortFunc(g.m.CodeGen, func(x, y codeGenDef) int { return cmp.Compare(x.DataTypeID, y.DataTypeID) })
	return nil
}

// readPurposes returns the Purpose attribute of the UADataType nodes that
// have one ("ServicesOnly", "CodeGenerator"), by NodeId. It is read here
// because package nodeset keeps to what describes the encoding.
func readPurposes(data []byte) (map[types.NodeID]string, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	m := map[types.NodeID]string{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return m, nil
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "UADataType" {
			continue
		}
		var node, purpose string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "NodeId":
				node = a.Value
			case "Purpose":
				purpose = a.Value
			}
		}
		if purpose == "" {
			continue
		}
		id, err := types.ParseNodeID(node)
		if err != nil {
			return nil, fmt.Errorf("UADataType NodeId %q: %w", node, err)
		}
		m[id] = purpose
	}
}

// identRE matches the symbolic names the CSV files may have.
var identRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// readSymbols reads a "Name,Id[,Class]" CSV file without a header.
func readSymbols(path string, columns int) ([]symbol, error) {
	rows, err := readCSV(path, columns)
	if err != nil {
		return nil, err
	}
	syms := make([]symbol, 0, len(rows))
	for i, row := range rows {
		id, err := strconv.ParseUint(row[1], 10, 32)
		if err != nil || !identRE.MatchString(row[0]) {
			return nil, fmt.Errorf("uabingen: %s:%d: bad row %q", filepath.Base(path), i+1, row)
		}
		sym := symbol{Name: row[0], ID: uint32(id)}
		if columns == 3 {
			sym.Class = row[2]
		}
		syms = append(syms, sym)
	}
	return syms, nil
}

// readStatusCodes reads StatusCode.csv: Name,0xHEX,"Description".
func readStatusCodes(path string) ([]statusCodeDef, error) {
	rows, err := readCSV(path, 3)
	if err != nil {
		return nil, err
	}
	codes := make([]statusCodeDef, 0, len(rows))
	for i, row := range rows {
		hex, ok := strings.CutPrefix(row[1], "0x")
		code, err := strconv.ParseUint(hex, 16, 32)
		if !ok || err != nil || !identRE.MatchString(row[0]) {
			return nil, fmt.Errorf("uabingen: %s:%d: bad row %q", filepath.Base(path), i+1, row)
		}
		codes = append(codes, statusCodeDef{Name: row[0], Code: uint32(code), Description: row[2]})
	}
	return codes, nil
}

// readCSV reads a CSV file whose rows all have the given number of columns.
func readCSV(path string, columns int) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = columns
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("uabingen: %s: %w", filepath.Base(path), err)
	}
	return rows, nil
}
