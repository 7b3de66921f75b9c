package types

import (
	"encoding/base64"
	"math"
	"strconv"
)

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

// String returns the name of the kind as in the IdType enumeration:
// "Numeric", "String", "Guid" or "Opaque"; "IDType(7)" for other values.
func (t IDType) String() string {
	switch t {
	case IDTypeNumeric:
		return "Numeric"
	case IDTypeString:
		return "String"
	case IDTypeGUID:
		return "Guid"
	case IDTypeOpaque:
		return "Opaque"
	}
	return "IDType(" + strconv.Itoa(int(t)) + ")"
}

// String returns n in the standard notation of Part 6 §5.1.12 (and §5.3.1.10):
// "i=85", "ns=2;s=Demo.Static", "ns=4;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63",
// "ns=1;b=AAECAw==" (standard base64, with padding). The "ns=0;" clause is
// omitted. A string identifier is written as it is; it may contain ';' and
// '='. ParseNodeID reads every string String returns.
func (n NodeID) String() string {
	var buf [64]byte // on the stack: one allocation, the string, for short ids
	return string(n.appendText(buf[:0]))
}

// appendText appends the text form of n to b, with its namespace clause.
func (n NodeID) appendText(b []byte) []byte {
	if n.ns != 0 {
		b = append(b, "ns="...)
		b = strconv.AppendUint(b, uint64(n.ns), 10)
		b = append(b, ';')
	}
	return n.appendIdentifier(b)
}

// appendIdentifier appends "i=...", "s=...", "g=..." or "b=..." to b.
func (n NodeID) appendIdentifier(b []byte) []byte {
	switch n.kind {
	case IDTypeString:
		b = append(b, "s="...)
		b = append(b, n.str...)
	case IDTypeGUID:
		b = append(b, "g="...)
		b = n.guid.appendText(b)
	case IDTypeOpaque:
		b = append(b, "b="...)
		b = base64.StdEncoding.AppendEncode(b, []byte(n.str))
	default:
		b = append(b, "i="...)
		b = strconv.AppendUint(b, uint64(n.num), 10)
	}
	return b
}

// ParseNodeID parses the standard notation of a NodeId (Part 6 §5.1.12): an
// optional "ns=<index>;" clause (a decimal UInt16) followed by one of
//
//	i=<decimal UInt32>      numeric
//	s=<text>                string; the text is everything that follows and
//	                        may contain ';' and '='
//	g=<Guid>                GUID, as ParseGUID reads it
//	b=<base64>              opaque, standard base64 with padding
//
// For example "i=85", "ns=2;s=Demo.Static", "ns=1;b=AAECAw==". The
// namespace URI clause "nsu=" and the server clause "svr=" belong to
// ExpandedNodeIds (see ParseExpandedNodeID) and are errors here, as is any
// other malformed text; the error is a *ParseError.
func ParseNodeID(s string) (NodeID, error) {
	x, msg := parseExpandedNodeID(s)
	if msg == "" {
		switch {
		case x.ServerIndex != 0 || x.hasSvr:
			msg = "a server index (svr=) needs ParseExpandedNodeID"
		case x.NamespaceURI != "" || x.hasNsu:
			msg = "a namespace URI (nsu=) needs ParseExpandedNodeID"
		}
	}
	if msg != "" {
		return NodeID{}, &ParseError{Type: "NodeId", Input: s, Msg: msg}
	}
	return x.NodeID, nil
}

// MustParseNodeID is ParseNodeID for constants: it panics if s is not a
// valid NodeId.
func MustParseNodeID(s string) NodeID {
	n, err := ParseNodeID(s)
	if err != nil {
		panic(err)
	}
	return n
}

// parseIdentifier parses "i=...", "s=...", "g=..." or "b=..." into a NodeID
// in namespace ns. It returns the reason for a failure as text.
func parseIdentifier(ns uint16, s string) (NodeID, string) {
	if len(s) < 2 || s[1] != '=' {
		return NodeID{}, "want an identifier i=, s=, g= or b=" + clause(s)
	}
	v := s[2:]
	switch s[0] {
	case 'i':
		id, ok := parseDecimal(v, math.MaxUint32)
		if !ok {
			return NodeID{}, "numeric identifier " + quoteShort(v, 24) + " is not a UInt32"
		}
		return NewNumericNodeID(ns, uint32(id)), ""
	case 's':
		return NewStringNodeID(ns, v), ""
	case 'g':
		g, msg := parseGUID(v)
		if msg != "" {
			return NodeID{}, "GUID identifier: " + msg
		}
		return NewGUIDNodeID(ns, g), ""
	case 'b':
		b, err := base64.StdEncoding.DecodeString(v)
		if err != nil {
			return NodeID{}, "opaque identifier is not standard base64"
		}
		return NewOpaqueNodeID(ns, b), ""
	}
	return NodeID{}, "want an identifier i=, s=, g= or b=" + clause(s)
}

// clause returns ", not <the start of s>" for error messages.
func clause(s string) string {
	if s == "" {
		return ", found the end of the text"
	}
	return ", not " + quoteShort(s, 12)
}

// quoteShort quotes s for an error message, cut after limit bytes with
// "...".
func quoteShort(s string, limit int) string {
	if len(s) > limit {
		return strconv.Quote(s[:limit]) + "..."
	}
	return strconv.Quote(s)
}

// parseDecimal parses a non-empty string of ASCII digits (no sign) whose
// value is at most limit.
func parseDecimal(s string, limit uint64) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
		if v > limit { // limit < 2^32, so v*10 above cannot overflow
			return 0, false
		}
	}
	return v, true
}

// MarshalText implements encoding.TextMarshaler with the notation of
// String, so that NodeIDs work as JSON strings and map keys.
func (n NodeID) MarshalText() ([]byte, error) {
	return n.appendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseNodeID.
func (n *NodeID) UnmarshalText(text []byte) error {
	v, err := ParseNodeID(string(text))
	if err != nil {
		return err
	}
	*n = v
	return nil
}
