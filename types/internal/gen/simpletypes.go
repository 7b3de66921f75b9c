package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// simpleTypeDef is a DataType of namespace 0 that is no structure: a
// built-in type, an abstract type, a subtype of a built-in type, an
// enumeration or an option set of an integer type. Run-time definitions
// resolve field DataTypes with the table written from these
// (simpletypes_gen.go).
type simpleTypeDef struct {
	Name        string // symbolic name, "TrimmedString"
	DataTypeID  uint32
	BuiltIn     string // the constant of package types it is encoded as, "TypeString"
	Abstract    bool
	Enumeration bool
	OptionSet   bool
	GoType      string // the Go type of package types, or "" if it has none
}

// builtinConsts are the constants of package types for the built-in
// DataTypes i=1..25, by id.
var builtinConsts = [...]string{"",
	"TypeBoolean", "TypeSByte", "TypeByte", "TypeInt16", "TypeUInt16", "TypeInt32", "TypeUInt32",
	"TypeInt64", "TypeUInt64", "TypeFloat", "TypeDouble", "TypeString", "TypeDateTime", "TypeGUID",
	"TypeByteString", "TypeXmlElement", "TypeNodeID", "TypeExpandedNodeID", "TypeStatusCode",
	"TypeQualifiedName", "TypeLocalizedText", "TypeExtensionObject", "TypeDataValue", "TypeVariant",
	"TypeDiagnosticInfo"}

// Namespace-0 DataTypes that decide how a subtype is encoded.
const (
	idStructure   = 22
	idEnumeration = 29
	idHasSubtype  = 45
)

// simpleTypes classifies every DataType of the NodeSet by following its
// HasSubtype references up: a descendant of Structure is a structure (in
// StandardTypes, not here); a descendant of Enumeration is an Int32
// enumeration; any other is encoded as its nearest built-in ancestor
// (BaseDataType i=24, a Variant, for Number, Integer and UInteger).
func (b *builder) simpleTypes() ([]simpleTypeDef, error) {
	byID := map[uint32]*uaDataType{}
	base := map[uint32]uint32{}
	for i := range b.raw.nodeSet.DataTypes {
		dt := &b.raw.nodeSet.DataTypes[i]
		id, err := b.nodeID(dt.NodeID)
		if err != nil {
			return nil, fmt.Errorf("%s: DataType %s: %w", nodeSetFile, dt.BrowseName, err)
		}
		byID[id] = dt
		for _, r := range dt.References {
			rt, err := b.nodeID(r.ReferenceType)
			if err != nil || rt != idHasSubtype || r.IsForward != "false" {
				continue
			}
			if base[id], err = b.nodeID(strings.TrimSpace(r.Target)); err != nil {
				return nil, fmt.Errorf("%s: DataType %s: supertype: %w", nodeSetFile, dt.BrowseName, err)
			}
		}
	}
	var out []simpleTypeDef
	for id, dt := range byID {
		structure, enumeration, builtIn := false, false, uint32(0)
		for a, n := id, 0; a != 0; a, n = base[a], n+1 {
			if n > len(byID) {
				return nil, fmt.Errorf("%s: DataType %s: its HasSubtype references form a cycle", nodeSetFile, dt.BrowseName)
			}
			switch {
			case a == idStructure && id != idStructure:
				structure = true
			case a == idEnumeration:
				enumeration = true
			}
			if builtIn == 0 && a >= 1 && a <= 25 {
				builtIn = a
			}
		}
		if structure {
			continue
		}
		name := cmp.Or(dt.SymbolicName, dt.BrowseName)
		if i := strings.IndexByte(name, ':'); i >= 0 {
			name = name[i+1:]
		}
		s := simpleTypeDef{Name: name, DataTypeID: id, Abstract: dt.IsAbstract,
			OptionSet: dt.Definition != nil && dt.Definition.IsOptionSet}
		switch {
		case enumeration:
			s.Enumeration, builtIn = id != idEnumeration, 6 // Int32
		case builtIn == 0:
			return nil, fmt.Errorf("%s: DataType %s is no subtype of a built-in type", nodeSetFile, name)
		}
		s.BuiltIn = builtinConsts[builtIn]
		if e := b.enums[name]; e != nil && (s.Enumeration || s.OptionSet) {
			s.GoType = e.GoName
		} else if hw := handWrittenEnums[name]; hw != "" && s.Enumeration {
			s.GoType = hw
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(x, y simpleTypeDef) int { return cmp.Compare(x.DataTypeID, y.DataTypeID) })
	return out, nil
}

// nodeID returns the numeric id of a namespace-0 NodeId written as
// "i=NNN" or as an alias of one.
func (b *builder) nodeID(s string) (uint32, error) {
	if a, ok := b.aliases[s]; ok {
		s = a
	}
	n, ok := strings.CutPrefix(s, "i=")
	if !ok {
		return 0, fmt.Errorf("NodeId %q is not a numeric id of namespace 0", s)
	}
	id, err := strconv.ParseUint(n, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("NodeId %q: %w", s, err)
	}
	return uint32(id), nil
}
