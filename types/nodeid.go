package types

// IDType is the kind of identifier of a NodeID (Part 3 §8.2.3; the IdType
// enumeration, i=256).
type IDType int32

// Identifier kinds.
const (
	IDTypeNumeric IDType = 0 // UInt32 identifier, "i="
	IDTypeString  IDType = 1 // String identifier, "s="
	IDTypeGUID    IDType = 2 // Guid identifier, "g="
	IDTypeOpaque  IDType = 3 // ByteString identifier, "b="
)

// NodeID is an OPC UA NodeId (Part 6 §5.2.2.9): a namespace index and an
// identifier that is numeric, a string, a GUID or opaque bytes. The zero
// value is the null NodeId ns=0;i=0. NodeID is comparable, so it can be a map
// key; two NodeIDs are equal when namespace, kind and identifier are equal.
//
// Build one with NewNumericNodeID, NewStringNodeID, NewGUIDNodeID,
// NewOpaqueNodeID or ParseNodeID.
type NodeID struct {
	ns   uint16
	kind IDType
	num  uint32
	str  string // String identifier, or the bytes of an Opaque one
	guid GUID
}

// NewNumericNodeID returns the NodeID ns=<ns>;i=<id>.
func NewNumericNodeID(ns uint16, id uint32) NodeID {
	return NodeID{ns: ns, kind: IDTypeNumeric, num: id}
}

// NewStringNodeID returns the NodeID ns=<ns>;s=<id>.
func NewStringNodeID(ns uint16, id string) NodeID {
	return NodeID{ns: ns, kind: IDTypeString, str: id}
}

// NewGUIDNodeID returns the NodeID ns=<ns>;g=<id>.
func NewGUIDNodeID(ns uint16, id GUID) NodeID {
	return NodeID{ns: ns, kind: IDTypeGUID, guid: id}
}

// NewOpaqueNodeID returns the NodeID ns=<ns>;b=<id>. The bytes are copied.
func NewOpaqueNodeID(ns uint16, id []byte) NodeID {
	return NodeID{ns: ns, kind: IDTypeOpaque, str: string(id)}
}

// NewOpaqueNodeIDString is NewOpaqueNodeID with the identifier bytes given
// as a string, which avoids a copy when the caller already has one.
func NewOpaqueNodeIDString(ns uint16, id string) NodeID {
	return NodeID{ns: ns, kind: IDTypeOpaque, str: id}
}

// Namespace returns the namespace index.
func (n NodeID) Namespace() uint16 { return n.ns }

// Type returns the kind of identifier.
func (n NodeID) Type() IDType { return n.kind }

// IntID returns the numeric identifier (0 for other kinds).
func (n NodeID) IntID() uint32 { return n.num }

// StringID returns the string identifier ("" for other kinds).
func (n NodeID) StringID() string {
	if n.kind != IDTypeString {
		return ""
	}
	return n.str
}

// GUIDID returns the GUID identifier (the zero GUID for other kinds).
func (n NodeID) GUIDID() GUID { return n.guid }

// OpaqueID returns a copy of the opaque identifier (nil for other kinds).
func (n NodeID) OpaqueID() []byte {
	if n.kind != IDTypeOpaque {
		return nil
	}
	return []byte(n.str)
}

// OpaqueIDString returns the opaque identifier's bytes as a string, without
// copying ("" for other kinds).
func (n NodeID) OpaqueIDString() string {
	if n.kind != IDTypeOpaque {
		return ""
	}
	return n.str
}

// IsNull reports whether n is a null NodeId (Part 3 §8.2.4): namespace 0 and
// a zero, empty or null identifier of any kind.
func (n NodeID) IsNull() bool {
	return n.ns == 0 && n.num == 0 && n.str == "" && n.guid == GUID{}
}

// WithNamespace returns n with its namespace index replaced by ns.
func (n NodeID) WithNamespace(ns uint16) NodeID { n.ns = ns; return n }
