package nodeset

import (
	"fmt"
	"reflect"

	"github.com/uabin/uabin/internal/uamodel"
	"github.com/uabin/uabin/types"
)

// Namespace0File is the File name of the NodeSet that Namespace0 returns.
const Namespace0File = "namespace 0 of package types"

// Namespace0 returns namespace 0 as package types knows it
// (types.SimpleTypes and types.StandardTypes, generated from
// Opc.Ua.NodeSet2.Services.xml version types.SchemaVersion), to be given to
// NewSet in place of that 4 MB file: every DataType of namespace 0 with its
// id, name, IsAbstract, Default Binary encoding and what it is encoded as,
// so that companion files that require namespace 0 link and classify, and
// cmd/uabingen and Set.Register need no namespace-0 file.
//
// The structures have Definitions read from the models of their Go types
// (the ua: tags as every encoding reads them): every field in wire order
// (inherited ones included) with its OPC UA name (the name= tag option,
// else the Go name), ValueRank, IsOptional and DataType: the
// enumeration or option set of its Go type, the structure of its Go type,
// or else the built-in type of its tag (so a Duration field is a Double,
// and a field that allows subtypes of an abstract structure is a
// Structure: the encoding is the same). There are no Documentation and
// Descriptions, no enumeration values and no intermediate supertypes (each
// DataType's supertype is the built-in type, Structure or Enumeration it
// derives from). The 13 namespace-0 structures that only code generators
// use (Node and its subtypes, DecimalDataType) are missing.
func Namespace0() *NodeSet {
	ns := &NodeSet{File: Namespace0File, NamespaceURIs: []string{UANamespace}, Aliases: map[string]string{},
		Models: []Model{{URI: UANamespace, Version: types.SchemaVersion, PublicationDate: types.SchemaPublished + "T00:00:00Z"}}}
	add := func(n uint32, name string, abstract bool, base uint32) *DataType {
		dt := &DataType{ID: ns0ID(n), NodeIDText: fmt.Sprintf("i=%d", n), BrowseNameText: name, Name: name,
			DisplayName: name, IsAbstract: abstract, File: Namespace0File}
		if base != 0 {
			dt.BaseID = ns0ID(base)
		}
		ns.DataTypes = append(ns.DataTypes, dt)
		return dt
	}
	named := map[reflect.Type]uint32{} // Go types of enumerations and option sets
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
		if st.Type != nil {
			named[st.Type] = st.DataTypeID
		}
	}
	for _, ti := range types.StandardTypes {
		dt := add(ti.DataTypeID, ti.Name, ti.Abstract, idStructure)
		if ti.BinaryEncodingID != 0 {
			dt.Encodings = []Encoding{{Name: "Default Binary", ID: ns0ID(ti.BinaryEncodingID)}}
		}
		if fields, ok := goFields(ti.Type, named); ok && len(fields) > 0 {
			dt.Definition = &Definition{Name: ti.Name, Fields: fields}
		} else if !ok {
			dt.fieldsUnknown = true
		}
	}
	return ns
}

func ns0ID(n uint32) types.ExpandedNodeID {
	return types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, n), NamespaceURI: UANamespace}
}

// goFields returns the fields of a structure of package types from the
// model of its Go type (internal/uamodel, the one reader of ua: tags):
// every encoded field in wire order with its OPC UA name, ValueRank
// (1 for an array), IsOptional and DataType (see Namespace0); named maps
// the Go types of the enumerations and option sets to their DataType ids.
// It returns false if a field cannot be mapped, which the generated types
// never have.
func goFields(t reflect.Type, named map[reflect.Type]uint32) ([]Field, bool) {
	if t == nil || t.Kind() != reflect.Struct {
		return nil, false
	}
	m, err := uamodel.Of(t)
	if err != nil || m.Struct == nil {
		return nil, false
	}
	var fields []Field
	for _, mf := range m.Struct.Fields {
		if mf.Type == nil || mf.Presence == uamodel.MaskField || mf.Presence == uamodel.SwitchField {
			return nil, false // masks and switches are not in the generated types
		}
		f := Field{Name: mf.Name, ValueRank: -1, Value: -1, IsOptional: mf.Presence == uamodel.Optional}
		vt := mf.Type
		if vt.Kind == uamodel.KindPointer {
			vt = vt.Elem
		}
		if vt.Kind == uamodel.KindSlice {
			f.ValueRank, vt = 1, vt.Elem
		}
		var id uint32
		if n, ok := named[vt.Go]; ok {
			id = n
		} else if vt.Builtin != 0 {
			id = uint32(vt.Builtin)
		} else if ti, ok := types.TypeInfoByType(vt.Go); ok {
			id = ti.DataTypeID
		} else {
			return nil, false
		}
		f.DataType = ns0ID(id)
		fields = append(fields, f)
	}
	return fields, true
}
