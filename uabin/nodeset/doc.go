// Package nodeset reads OPC UA NodeSet2 XML files (OPC UA Part 6 Annex F),
// the form in which the OPC Foundation and companion specifications (DI,
// Machinery, PackML, ...) publish their information models, and collects
// their DataTypes into one model.
//
// Parse reads one file: its namespace table, models (with the models they
// require), aliases and every UADataType node with its Definition, its
// HasSubtype and HasEncoding references, DisplayName and Documentation.
// Node ids are stored with the namespace URI rather than the file's
// namespace index (as types.ExpandedNodeID values with NamespaceURI set
// and namespace index 0), so that ids of several files can be compared and
// a server's namespace table plays no part.
//
// NewSet (or Load, which reads the files first) puts several files, a
// target and its dependencies, into one Set: it checks that every
// RequiredModel is there in at least the required version, links every
// DataType to its base type and classifies it (Kind: structure, structure
// with optional fields, union, enumeration, option set, simple subtype of
// a built-in type, abstract). Namespace 0, which every file requires, comes
// from Opc.Ua.NodeSet2.Services.xml of the OPC Foundation given as one of
// the files, or from Namespace0: package types' namespace 0, with the
// fields of its structures read from their Go types, which is enough to
// register a set (Set.Register) and to generate code from it
// (cmd/uabingen takes it when no file defines namespace 0).
//
// Set.StructureDefinition and Set.EnumDefinition turn a DataType into the
// DataTypeDefinition a server would give for it (types.StructureDefinition,
// types.EnumDefinition, NodeIds in the indexes of a session's namespace
// table), ready for uabin's Registry.RegisterStructure and RegisterEnum.
//
// Set.Register loads every DataType of the set outside namespace 0 into a
// uabin.Registry in one call, by namespace URI: structures and unions,
// enumerations, option sets, simple subtypes and abstract types, so that
// their values decode into *uabin.Dynamic with whatever namespace indexes a
// server assigns (docs/dynamic.md). It is the one part of the package that
// uses package uabin.
//
// Set.Values decodes the <Value> of every UAVariable and UAVariableType
// node of the set's files (which Parse keeps as XML text,
// NodeSet.Values) into a types.Variant, with the OPC UA XML encoding of
// package uaxml, the set's types (Set.Registry) and each file's namespace
// table; Set.DecodeValue and Set.BinaryValue give a value for another
// namespace table, and its OPC UA Binary encoding. A value that does not
// decode is an *Error naming the file, the line and the NodeId.
//
// Besides DataTypes and values, Objects are read as far as their
// BrowseName (to name encoding nodes); every other node is skipped.
//
// # Errors
//
// Every problem is an *Error naming the file, the node (its NodeId as
// written in the file, and its BrowseName) and the problem; it wraps
// ErrInvalid (malformed XML, a bad NodeId, an unknown namespace index, a
// duplicate node, a reference cycle), ErrMissingModel (a RequiredModel that
// no file provides, or provides in an older version) or ErrUnknownDataType
// (a base type or field DataType that no file defines); Set.Register's
// wrap ErrRegister and the registry's error.
//
// # Limits
//
// NodeSet2 files are read as untrusted input, in one pass that never
// recurses and converts each node as its element ends. ParseOptions bounds
// the size of a file, the nesting of its elements, the number of nodes and
// the length of attributes and texts, with defaults that every file of the
// OPC Foundation passes with room; Parse, Load and the zero ParseOptions
// use them, and ParseReader and Load never hold the whole file. A file
// above a limit gives an *Error whose Err is a *LimitError (wrapping
// ErrLimitExceeded, which is uabin.ErrLimitExceeded) that says which limit,
// where (line, column, byte offset and element path) and what.
package nodeset
