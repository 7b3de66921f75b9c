package nodeset

import (
	"fmt"
	"reflect"

	"github.com/uabin/uabin/types"
)

// Namespace0File is the File name of the NodeSet that Namespace0 returns.
const Namespace0File = "namespace 0 of package types"

// Namespace0 returns namespace 0 as package types knows it
// (types.SimpleTypes and types.StandardTypes, generated from
// Opc.Ua.NodeSet2.Services.xml version types.SchemaVersion), to be given to
// NewSet in place of that 4 MB file when the set is only to be registered
// (Set.Register): every DataType of namespace 0 with its id, name,
// IsAbstract, Default Binary encoding and what it is encoded as, so that
// companion files that require namespace 0 link and classify.
//
// It has no Definitions, Documentation or intermediate supertypes (each
// DataType's supertype is the built-in type, Structure, Union or
// Enumeration it derives from). A structure of another namespace whose
// supertype is a namespace-0 structure with fields of its own (other than
// Structure, Union and OptionSet) cannot be described without the file:
// StructureDefinition, and so Register, fail for it with ErrUnknownDataType.
// The 13 namespace-0 structures that only code generators use (Node and its
// subtypes, DecimalDataType) are missing. cmd/uabingen needs the file.
func Namespace0() *NodeSet {
	ns := &NodeSet{File: Namespace0File, NamespaceURIs: []string{UANamespace}, Aliases: map[string]string{},
		Models: []Model{{URI: UANamespace, Version: types.SchemaVersion, PublicationDate: types.SchemaPublished + "T00:00:00Z"}}}
	id := func(n uint32) types.ExpandedNodeID {
		return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, n), NamespaceURI: UANamespace}
	}
	add := func(n uint32, name string, abstract bool, base uint32) *DataType {
		dt := &DataType{ID: id(n), NodeIDText: fmt.Sprintf("i=%d", n), BrowseNameText: name, Name: name,
			DisplayName: name, IsAbstract: abstract, File: Namespace0File}
		if base != 0 {
			dt.BaseID = id(base)
		}
		ns.DataTypes = append(ns.DataTypes, dt)
		return dt
	}
	for _, st := range types.SimpleTypes {
		var base uint32
		switch n := st.DataTypeID; {
		case n == uint32(types.TypeVariant): // BaseDataType
		case n <= uint32(types.TypeDiagnosticInfo) || n == idEnumeration:
			base = uint32(types.TypeVariant)
		case st.Enumeration:
			base = idEnumeration
		default:
			base = uint32(st.BuiltIn)
		}
		dt := add(st.DataTypeID, st.Name, st.Abstract, base)
		if st.OptionSet {
			dt.Definition = &Definition{Name: st.Name, IsOptionSet: true}
		}
	}
	for _, ti := range types.StandardTypes {
		dt := add(ti.DataTypeID, ti.Name, ti.Abstract, idStructure)
		if ti.BinaryEncodingID != 0 {
			dt.Encodings = []Encoding{{Name: "Default Binary", ID: id(ti.BinaryEncodingID)}}
		}
		if ti.DataTypeID != idUnion && ti.DataTypeID != idOptionSet && ti.Type != nil &&
			ti.Type.Kind() == reflect.Struct && ti.Type.NumField() > 0 {
			dt.fieldsUnknown = true
		}
	}
	return ns
}
