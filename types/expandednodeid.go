package types

// ExpandedNodeID is an OPC UA ExpandedNodeId (Part 6 §5.2.2.10): a NodeID
// that may name its namespace by URI instead of index and may live on
// another server. On the wire a non-empty NamespaceURI sets flag 0x80 (and
// the NodeID's namespace index is written as 0), a non-zero ServerIndex sets
// 0x40. The zero value is the null ExpandedNodeId. Comparable.
type ExpandedNodeID struct {
	NodeID       NodeID
	NamespaceURI string
	ServerIndex  uint32
}
