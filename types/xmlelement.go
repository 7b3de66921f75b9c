package types

// XmlElement is an OPC UA XmlElement (Part 6 §5.2.2.8, deprecated): XML text
// encoded like a String. A distinct Go type so that it keeps its own
// built-in type id (16) inside a Variant.
type XmlElement string //nolint:revive // OPC UA name
