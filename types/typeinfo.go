package types

import "reflect"

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
