package types

import "reflect"

// The tables of the DataTypes of namespace 0 are generated as rows of data
// (registry_gen.go, simpletypes_gen.go, codegenstructs_gen.go); this file
// declares their types and the indexes over them.

// TypeInfo describes one standard structure of namespace 0: its names, the
// NodeIDs of its DataType and encodings, and its Go type.
type TypeInfo struct {
	// Name is the OPC UA symbolic name, e.g. "ReadValueId".
	Name string
	// DataTypeID is the numeric id of the DataType node (ns=0).
	DataTypeID uint32
	// BinaryEncodingID is the numeric id of <Name>_Encoding_DefaultBinary
	// (ns=0), the TypeID of the type in an ExtensionObject and the prefix of
	// a service message; 0 if the type has none.
	BinaryEncodingID uint32
	// XMLEncodingID is the numeric id of <Name>_Encoding_DefaultXml, or 0.
	XMLEncodingID uint32
	// JSONEncodingID is the numeric id of <Name>_Encoding_DefaultJson, or 0.
	JSONEncodingID uint32
	// Abstract is true for abstract DataTypes, which never appear on the
	// wire themselves.
	Abstract bool
	// Type is the Go type, e.g. reflect.TypeFor[ReadValueID]().
	Type reflect.Type
}

// typeInfoRow is a generated row of StandardTypes: the Go type is a nil
// pointer to it, so that the rows are static data for the compiler rather
// than code (a reflect.TypeFor instantiation each).
type typeInfoRow struct {
	name                        string
	dataType, binary, xml, json uint32
	abstract                    bool
	ptr                         any
}

// typeInfos makes the TypeInfo values of the rows.
func typeInfos(rows []typeInfoRow) []TypeInfo {
	infos := make([]TypeInfo, len(rows))
	for i, r := range rows {
		infos[i] = TypeInfo{Name: r.name, DataTypeID: r.dataType, BinaryEncodingID: r.binary,
			XMLEncodingID: r.xml, JSONEncodingID: r.json, Abstract: r.abstract, Type: reflect.TypeOf(r.ptr).Elem()}
	}
	return infos
}

// typeIndex holds the indexes of StandardTypes. It is built once, when the
// package is initialised, and never changed, so reading it needs no lock.
var typeIndex = newTypeIndex(StandardTypes)

// typeIndexes are maps from a key to an entry of StandardTypes.
type typeIndexes struct {
	byBinaryEncoding map[uint32]*TypeInfo
	byType           map[reflect.Type]*TypeInfo
	byName           map[string]*TypeInfo
}

// newTypeIndex indexes infos by binary encoding id (when not 0), Go type
// and OPC UA name.
func newTypeIndex(infos []TypeInfo) typeIndexes {
	x := typeIndexes{
		byBinaryEncoding: make(map[uint32]*TypeInfo, len(infos)),
		byType:           make(map[reflect.Type]*TypeInfo, len(infos)),
		byName:           make(map[string]*TypeInfo, len(infos)),
	}
	for i := range infos {
		t := &infos[i]
		if t.BinaryEncodingID != 0 {
			x.byBinaryEncoding[t.BinaryEncodingID] = t
		}
		x.byType[t.Type] = t
		x.byName[t.Name] = t
	}
	return x
}

// TypeInfoByBinaryEncoding returns the standard structure whose
// DefaultBinary encoding node is ns=0;i=id (the TypeID of an
// ExtensionObject body, or the prefix of a service message), e.g. 631 for
// ReadRequest.
func TypeInfoByBinaryEncoding(id uint32) (*TypeInfo, bool) {
	t, ok := typeIndex.byBinaryEncoding[id]
	return t, ok
}

// TypeInfoByType returns the standard structure whose Go type is t, e.g.
// reflect.TypeFor[ReadRequest](). A pointer type is not found.
func TypeInfoByType(t reflect.Type) (*TypeInfo, bool) {
	ti, ok := typeIndex.byType[t]
	return ti, ok
}

// TypeInfoByName returns the standard structure with the OPC UA symbolic
// name name, e.g. "ReadValueId" (not the Go name ReadValueID).
func TypeInfoByName(name string) (*TypeInfo, bool) {
	t, ok := typeIndex.byName[name]
	return t, ok
}

// SimpleTypeInfo describes a DataType of namespace 0 that is no structure:
// a built-in type, an abstract type, a subtype of a built-in type
// (TrimmedString, Duration, ...), an enumeration or an option set of an
// integer type. Its values are encoded as the built-in type BuiltIn.
type SimpleTypeInfo struct {
	// Name is the OPC UA symbolic name, e.g. "TrimmedString".
	Name string
	// DataTypeID is the numeric id of the DataType node (ns=0).
	DataTypeID uint32
	// BuiltIn is the built-in type the values are encoded as: the nearest
	// built-in ancestor (Variant for BaseDataType, Number, Integer and
	// UInteger), Int32 for enumerations, the integer type of an option set.
	BuiltIn BuiltinType
	// Abstract is true for abstract DataTypes.
	Abstract bool
	// Enumeration is true for the subtypes of Enumeration (i=29).
	Enumeration bool
	// OptionSet is true for option sets of an integer type.
	OptionSet bool
	// Type is the Go type of this package for an enumeration or option set
	// (e.g. reflect.TypeFor[AccessLevelType]()), or nil.
	Type reflect.Type
}

// simpleTypeRow is a generated row of SimpleTypes, the Go type a nil
// pointer to it or nil.
type simpleTypeRow struct {
	name                             string
	dataType                         uint32
	builtIn                          BuiltinType
	abstract, enumeration, optionSet bool
	ptr                              any
}

// simpleTypeInfos makes the SimpleTypeInfo values of the rows.
func simpleTypeInfos(rows []simpleTypeRow) []SimpleTypeInfo {
	infos := make([]SimpleTypeInfo, len(rows))
	for i, r := range rows {
		infos[i] = SimpleTypeInfo{Name: r.name, DataTypeID: r.dataType, BuiltIn: r.builtIn,
			Abstract: r.abstract, Enumeration: r.enumeration, OptionSet: r.optionSet}
		if r.ptr != nil {
			infos[i].Type = reflect.TypeOf(r.ptr).Elem()
		}
	}
	return infos
}

// simpleTypeIndex indexes SimpleTypes by DataType id.
var simpleTypeIndex = func() map[uint32]*SimpleTypeInfo {
	m := make(map[uint32]*SimpleTypeInfo, len(SimpleTypes))
	for i := range SimpleTypes {
		m[SimpleTypes[i].DataTypeID] = &SimpleTypes[i]
	}
	return m
}()

// SimpleTypeInfoByID returns the DataType ns=0;i=id if it is no structure,
// e.g. 31918 for TrimmedString.
func SimpleTypeInfoByID(id uint32) (*SimpleTypeInfo, bool) {
	t, ok := simpleTypeIndex[id]
	return t, ok
}

// CodeGeneratorStructure is a structure of namespace 0 whose DataType is
// for code generators only (Purpose="CodeGenerator" in the NodeSet2): Node
// and its subtypes, DecimalDataType. It has no binary encoding of its own
// and no Go type in this package; run-time definitions (uabin) decode a
// field of its DataType as a run-time structure built from Definition.
type CodeGeneratorStructure struct {
	// Name is the OPC UA name, e.g. "ObjectNode".
	Name string
	// DataTypeID is the numeric id of the DataType node (ns=0).
	DataTypeID uint32
	// Definition has every field, those of the supertypes first.
	Definition StructureDefinition
}
