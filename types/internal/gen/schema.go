package main

import (
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// This file reads the schema files as they are; model.go turns them into
// what the templates need.

// Schema file names inside the -schema directory.
const (
	bsdFile         = "Opc.Ua.Types.bsd"
	nodeSetFile     = "Opc.Ua.NodeSet2.Services.xml"
	nodeIDsFile     = "NodeIds.csv"
	statusCodesFile = "StatusCode.csv"
	attributesFile  = "AttributeIds.csv"
)

// bsdDictionary is an OPC Binary type dictionary (Part 5 Annex C).
type bsdDictionary struct {
	Structured []bsdStructured `xml:"StructuredType"`
	Enumerated []bsdEnumerated `xml:"EnumeratedType"`
}

// bsdStructured is an opc:StructuredType: its fields in wire order.
type bsdStructured struct {
	Name          string     `xml:"Name,attr"`
	BaseType      string     `xml:"BaseType,attr"`
	Documentation string     `xml:"Documentation"`
	Fields        []bsdField `xml:"Field"`
}

// bsdField is an opc:Field.
type bsdField struct {
	Name        string `xml:"Name,attr"`
	TypeName    string `xml:"TypeName,attr"`
	LengthField string `xml:"LengthField,attr"`
	SwitchField string `xml:"SwitchField,attr"`
	SourceType  string `xml:"SourceType,attr"`
}

// bsdEnumerated is an opc:EnumeratedType: an enumeration, or an option set
// when IsOptionSet is "true".
type bsdEnumerated struct {
	Name          string         `xml:"Name,attr"`
	LengthInBits  int            `xml:"LengthInBits,attr"`
	IsOptionSet   bool           `xml:"IsOptionSet,attr"`
	Documentation string         `xml:"Documentation"`
	Values        []bsdEnumValue `xml:"EnumeratedValue"`
}

// bsdEnumValue is an opc:EnumeratedValue.
type bsdEnumValue struct {
	Name  string `xml:"Name,attr"`
	Value int64  `xml:"Value,attr"`
}

// nodeSet is the part of a UANodeSet (Part 6 Annex F) the generator reads:
// the model version, the aliases and the DataType nodes.
type nodeSet struct {
	Models []struct {
		ModelURI        string `xml:"ModelUri,attr"`
		Version         string `xml:"Version,attr"`
		PublicationDate string `xml:"PublicationDate,attr"`
	} `xml:"Models>Model"`
	Aliases []struct {
		Alias  string `xml:"Alias,attr"`
		NodeID string `xml:",chardata"`
	} `xml:"Aliases>Alias"`
	DataTypes []uaDataType `xml:"UADataType"`
}

// uaDataType is a UADataType node.
type uaDataType struct {
	NodeID        string `xml:"NodeId,attr"`
	BrowseName    string `xml:"BrowseName,attr"`
	SymbolicName  string `xml:"SymbolicName,attr"`
	IsAbstract    bool   `xml:"IsAbstract,attr"`
	ReleaseStatus string `xml:"ReleaseStatus,attr"`
	Documentation string `xml:"Documentation"`
	Definition    *struct {
		Fields      []uaField `xml:"Field"`
		IsOptionSet bool      `xml:"IsOptionSet,attr"`
	} `xml:"Definition"`
	References []uaReference `xml:"References>Reference"`
}

// uaReference is a Reference of a node: its type (an alias or a NodeId),
// direction and target.
type uaReference struct {
	ReferenceType string `xml:"ReferenceType,attr"`
	IsForward     string `xml:"IsForward,attr"`
	Target        string `xml:",chardata"`
}

// uaField is a Field of a DataType Definition: a structure field (DataType,
// ValueRank, AllowSubTypes) or an enumeration value (Value).
type uaField struct {
	Name          string `xml:"Name,attr"`
	DataType      string `xml:"DataType,attr"`
	ValueRank     string `xml:"ValueRank,attr"`
	AllowSubTypes bool   `xml:"AllowSubTypes,attr"`
	Value         string `xml:"Value,attr"`
	Description   string `xml:"Description"`
}

// symbol is a row of NodeIds.csv or AttributeIds.csv.
type symbol struct {
	Name  string
	ID    uint32
	Class string // NodeClass column of NodeIds.csv; "" for attributes
}

// statusCodeRow is a row of StatusCode.csv.
type statusCodeRow struct {
	Name        string
	Code        uint32
	Description string
}

// rawSchema holds the parsed schema files.
type rawSchema struct {
	license     string // the licence notice from the bsd header, one line per line
	bsd         bsdDictionary
	nodeSet     nodeSet
	nodeIDs     []symbol
	statusCodes []statusCodeRow
	attributes  []symbol
}

// readSchema parses the five schema files in dir.
func readSchema(dir string) (*rawSchema, error) {
	s := &rawSchema{}
	bsd, err := os.ReadFile(filepath.Join(dir, bsdFile))
	if err != nil {
		return nil, err
	}
	if s.license, err = licenseNotice(bsd); err != nil {
		return nil, fmt.Errorf("%s: %w", bsdFile, err)
	}
	if err := xml.Unmarshal(bsd, &s.bsd); err != nil {
		return nil, fmt.Errorf("%s: %w", bsdFile, err)
	}
	ns, err := os.ReadFile(filepath.Join(dir, nodeSetFile))
	if err != nil {
		return nil, err
	}
	if err := xml.Unmarshal(ns, &s.nodeSet); err != nil {
		return nil, fmt.Errorf("%s: %w", nodeSetFile, err)
	}
	if s.nodeIDs, err = readSymbols(filepath.Join(dir, nodeIDsFile), 3); err != nil {
		return nil, err
	}
	if s.attributes, err = readSymbols(filepath.Join(dir, attributesFile), 2); err != nil {
		return nil, err
	}
	if s.statusCodes, err = readStatusCodes(filepath.Join(dir, statusCodesFile)); err != nil {
		return nil, err
	}
	return s, nil
}

// licenseNotice returns the text of the first XML comment of the bsd, the
// OPC Foundation MIT License notice, without the " * " line prefixes.
func licenseNotice(bsd []byte) (string, error) {
	text := string(bsd)
	start := strings.Index(text, "<!--")
	end := strings.Index(text, "-->")
	if start < 0 || end < start {
		return "", errors.New("no licence comment")
	}
	var lines []string
	for _, l := range strings.Split(text[start+4:end], "\n") {
		l = strings.TrimSpace(strings.TrimRight(l, "\r"))
		l = strings.TrimSpace(strings.TrimPrefix(l, "*"))
		lines = append(lines, l)
	}
	notice := strings.TrimSpace(strings.Join(lines, "\n"))
	if !strings.Contains(notice, "OPC Foundation MIT License") {
		return "", errors.New("licence comment does not name the OPC Foundation MIT License")
	}
	return notice, nil
}

// identRE matches the symbolic names the generator accepts as Go
// identifiers (as they are, or after goName).
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
			return nil, fmt.Errorf("%s:%d: bad row %q", path, i+1, row)
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
func readStatusCodes(path string) ([]statusCodeRow, error) {
	rows, err := readCSV(path, 3)
	if err != nil {
		return nil, err
	}
	codes := make([]statusCodeRow, 0, len(rows))
	for i, row := range rows {
		hex, ok := strings.CutPrefix(row[1], "0x")
		code, err := strconv.ParseUint(hex, 16, 32)
		if !ok || err != nil || !identRE.MatchString(row[0]) {
			return nil, fmt.Errorf("%s:%d: bad row %q", path, i+1, row)
		}
		codes = append(codes, statusCodeRow{Name: row[0], Code: uint32(code), Description: row[2]})
	}
	return codes, nil
}

// readCSV reads a CSV file whose rows all have the given number of columns.
func readCSV(path string, columns int) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = columns
	var rows [][]string
	for {
		row, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		rows = append(rows, row)
	}
}
