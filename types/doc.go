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
//
// # DateTime and time.Time
//
// DateTime holds the wire value (100 ns ticks since 1601) unchanged.
// DateTimeFromTime and DateTime.Time convert from and to time.Time with the
// clamping rules of Part 6 §5.2.2.5: instants at or before 1601 become 0
// (MinValue), instants at or after 9999-12-31T23:59:59Z become MaxDateTime,
// and back again 0 and negative ticks give the zero time.Time and ticks at
// or above EndOfTimeTicks give 9999-12-31T23:59:59Z. Both encoders (the
// reflection plans and the fast paths) use these two functions only.
//
// # Variants
//
// NewVariant makes a Variant from a Go value or slice (NewMatrix adds
// dimensions); the VariantFrom* constructors do the same for one type each
// and do not allocate for numbers and strings. The accessors named after
// the Go types (Float64, Int32, Text, NodeID, ...) return the value of a
// scalar of exactly that type, and Value returns any value as an interface.
// Equal compares deeply, with any NaN equal to any NaN.
//
// # Text forms
//
// The identifiers print and parse in the notation of Part 6 §5.1.12 and
// §5.3.1.10-11 ("i=85", "ns=2;s=Demo.Static",
// "svr=1;nsu=http://example.org/UA/;s=Pump", "2:Temperature",
// "72962B91-FA75-4AE6-8D28-B404DC7DAF63"): String on GUID, NodeID,
// ExpandedNodeID and QualifiedName writes what ParseGUID, ParseNodeID,
// ParseExpandedNodeID and ParseQualifiedName read back, and NodeID,
// ExpandedNodeID and GUID implement encoding.TextMarshaler and
// TextUnmarshaler with it, so they work as JSON strings, map keys and flag
// values. Parse failures are *ParseError values. The other String methods
// (Variant, DataValue, DiagnosticInfo, ExtensionObject, DateTime,
// LocalizedText) are for people and logs.
package types
