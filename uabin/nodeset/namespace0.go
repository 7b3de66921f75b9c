package nodeset

import (
	"fmt"
	"reflect"
	"strings"

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
// The structures have Definitions read from their Go types: every field in
// wire order (inherited ones included) with its OPC UA name (the name= tag
// option, else the Go name), ValueRank, IsOptional and DataType: the
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

// goFields returns the fields of a structure of package types, read from
// its Go type and ua: tags (see Namespace0); named maps the Go types of the
// enumerations and option sets to their DataType ids. It returns false if
// a field cannot be mapped, which the generated types never have.
func goFields(t reflect.Type, named map[reflect.Type]uint32) ([]Field, bool) {
	if t == nil || t.Kind() != reflect.Struct {
		return nil, false
	}
	var fields []Field
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("ua")
		if tag == "-" || !sf.IsExported() {
			continue
		}
		// The tag grammar of package uabin (docs/tags.md): WIRETYPE first,
		// then options, of which only name= and optional matter here.
		opts := strings.Split(tag, ",")
		wire := opts[0]
		f := Field{Name: sf.Name, ValueRank: -1, Value: -1}
		for _, o := range opts[1:] {
			if n, ok := strings.CutPrefix(o, "name="); ok {
				f.Name = n
			}
			f.IsOptional = f.IsOptional || o == "optional"
		}
		gt := sf.Type
		if gt.Kind() == reflect.Pointer {
			gt = gt.Elem()
		}
		if gt.Kind() == reflect.Slice && !(gt.Elem().Kind() == reflect.Uint8 && wire == "ByteString") {
			f.ValueRank, gt = 1, gt.Elem()
		}
		var id uint32
		if n, ok := named[gt]; ok {
			id = n
		} else if wire != "" {
			bt, err := types.ParseBuiltinType(wire)
			if err != nil || bt == types.TypeNull || bt.String() != wire {
				return nil, false
			}
			id = uint32(bt)
		} else if ti, ok := types.TypeInfoByType(gt); ok {
			id = ti.DataTypeID
		} else {
			return nil, false
		}
		f.DataType = ns0ID(id)
		fields = append(fields, f)
	}
	return fields, true
}
