// Package types is the OPC UA data model for Go: the 25 built-in types of
// OPC UA Part 6 §5.1.2 (hand-written, one file each) and every standard
// structure, enumeration and option set of namespace 0 (generated from the
// official schema by ./internal/gen), with their DataType and encoding
// NodeIDs and the status code and attribute id tables.
//
// The package holds values only. Encoding and decoding are the job of
// github.com/uabin/uabin/uabin, which reads the `ua:` struct tags found here.
//
// # Built-in types
//
//	OPC UA            Go
//	Boolean           bool
//	SByte..UInt64     int8, uint8, int16, uint16, int32, uint32, int64, uint64
//	Float, Double     float32, float64
//	String            string
//	DateTime          DateTime (100 ns ticks since 1601) or time.Time
//	Guid              GUID
//	ByteString        []byte or ByteString
//	XmlElement        XmlElement
//	NodeId            NodeID
//	ExpandedNodeId    ExpandedNodeID
//	StatusCode        StatusCode
//	QualifiedName     QualifiedName
//	LocalizedText     LocalizedText
//	ExtensionObject   ExtensionObject
//	DataValue         DataValue
//	Variant           Variant
//	DiagnosticInfo    DiagnosticInfo
package types
