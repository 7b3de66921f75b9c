// Package id holds the numeric node ids of namespace 0 of OPC UA, one
// uint32 constant per row of the specification's NodeIds.csv, for example
// id.ObjectsFolder (85), id.ReadRequest (629, the DataType) and
// id.ReadRequest_Encoding_DefaultBinary (631, the TypeID that prefixes a
// ReadRequest on the wire).
//
// # Names
//
// The constants are named exactly as the SymbolicName column of
// NodeIds.csv, underscores and initialisms included, although Go style
// would write ReadRequestEncodingDefaultBinary or ReadValueID. The
// underscores carry meaning: they separate the browse path of a node
// below its parent (Server_ServerStatus_State is the State variable of
// the ServerStatus variable of the Server object), and keeping them makes
// every name the one used in the OPC UA documents, in NodeIds.csv and in
// the other OPC UA stacks, so that it can be searched for as it is, with no
// rule to remember. (The Go types of package types do apply Go naming:
// types.ReadValueID is the structure whose DataType is id.ReadValueId.)
//
// Name maps an id back to its symbolic name.
package id
