package types

import (
	"math"
	"strconv"
	"strings"
)

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

// NewExpandedNodeID returns the ExpandedNodeID of the local NodeID n, with
// no namespace URI and server index 0.
func NewExpandedNodeID(n NodeID) ExpandedNodeID {
	return ExpandedNodeID{NodeID: n}
}

// IsNull reports whether x is the null ExpandedNodeId: a null NodeID, no
// namespace URI and server index 0.
func (x ExpandedNodeID) IsNull() bool {
	return x.NodeID.IsNull() && x.NamespaceURI == "" && x.ServerIndex == 0
}

// String returns x in the notation of Part 6 §5.1.12 and §5.3.1.11:
// "svr=<index>;" if ServerIndex is not 0, then "nsu=<uri>;" if NamespaceURI
// is not empty, else "ns=<index>;" if the namespace index is not 0, then the
// identifier as NodeID.String writes it: "nsu=http://example.org/UA/;s=Pump",
// "svr=1;ns=2;i=3", "i=85". In the URI, '%' and ';' are written as "%25" and
// "%3B". When the URI is written the namespace index is not (as on the
// wire, where it is written as 0).
func (x ExpandedNodeID) String() string {
	var buf [96]byte // on the stack: one allocation, the string, for short ids
	return string(x.appendText(buf[:0]))
}

// appendText appends the text form of x to b.
func (x ExpandedNodeID) appendText(b []byte) []byte {
	if x.ServerIndex != 0 {
		b = append(b, "svr="...)
		b = strconv.AppendUint(b, uint64(x.ServerIndex), 10)
		b = append(b, ';')
	}
	if x.NamespaceURI == "" {
		return x.NodeID.appendText(b)
	}
	b = append(b, "nsu="...)
	b = appendEscapedURI(b, x.NamespaceURI)
	b = append(b, ';')
	return x.NodeID.appendIdentifier(b)
}

// appendEscapedURI appends uri with '%' and ';' percent-encoded (Part 6
// §5.3.1.11: "The reserved characters are ';' and '%'").
func appendEscapedURI(b []byte, uri string) []byte {
	for i := 0; i < len(uri); i++ {
		switch c := uri[i]; c {
		case '%':
			b = append(b, "%25"...)
		case ';':
			b = append(b, "%3B"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// unescapeURI decodes every "%XX" (two hex digits, either case) in s.
func unescapeURI(s string) (string, string) {
	if strings.IndexByte(s, '%') < 0 {
		return s, ""
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", "namespace URI has '%' without two hex digits"
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", "namespace URI has '%' without two hex digits"
		}
		b = append(b, hi<<4|lo)
		i += 2
	}
	return string(b), ""
}

// ParseExpandedNodeID parses the notation of Part 6 §5.1.12 and §5.3.1.11:
// optional clauses "svr=<UInt32>;" and either "nsu=<uri>;" or
// "ns=<UInt16>;", then an identifier as in ParseNodeID. Examples:
// "nsu=http://example.org/UA/;s=Pump.Speed", "svr=1;ns=2;i=3", "i=85". In
// the URI every "%XX" is decoded (so "%3B" is ';' and "%25" is '%'); the URI
// ends at the first ';'. "nsu=" and "ns=" together, a clause given twice, or
// any other malformed text is a *ParseError.
func ParseExpandedNodeID(s string) (ExpandedNodeID, error) {
	x, msg := parseExpandedNodeID(s)
	if msg != "" {
		return ExpandedNodeID{}, &ParseError{Type: "ExpandedNodeId", Input: s, Msg: msg}
	}
	return x.ExpandedNodeID, nil
}

// MustParseExpandedNodeID is ParseExpandedNodeID for constants: it panics
// if s is not a valid ExpandedNodeId.
func MustParseExpandedNodeID(s string) ExpandedNodeID {
	x, err := ParseExpandedNodeID(s)
	if err != nil {
		panic(err)
	}
	return x
}

// parsedExpandedNodeID is the result of parseExpandedNodeID, with which
// clauses were present (ParseNodeID rejects "svr=0;" and "nsu=;" too).
type parsedExpandedNodeID struct {
	ExpandedNodeID
	hasSvr, hasNsu, hasNs bool
}

// parseExpandedNodeID parses the text of an ExpandedNodeId, or of a NodeId,
// and returns the reason for a failure as text.
func parseExpandedNodeID(s string) (parsedExpandedNodeID, string) {
	var x parsedExpandedNodeID
	if s == "" {
		return x, "empty text"
	}
	var ns uint16
	rest := s
	for {
		var key string
		switch {
		case strings.HasPrefix(rest, "svr="):
			key = "svr"
		case strings.HasPrefix(rest, "nsu="):
			key = "nsu"
		case strings.HasPrefix(rest, "ns="):
			key = "ns"
		}
		if key == "" {
			break
		}
		val, after, ok := strings.Cut(rest[len(key)+1:], ";")
		if !ok {
			return x, key + "= clause without ';' and identifier"
		}
		rest = after
		switch key {
		case "svr":
			if x.hasSvr {
				return x, "svr= given twice"
			}
			x.hasSvr = true
			v, ok := parseDecimal(val, math.MaxUint32)
			if !ok {
				return x, "server index " + quoteShort(val, 24) + " is not a UInt32"
			}
			x.ServerIndex = uint32(v)
		case "nsu":
			if x.hasNsu || x.hasNs {
				return x, "more than one of nsu= and ns="
			}
			x.hasNsu = true
			uri, msg := unescapeURI(val)
			if msg != "" {
				return x, msg
			}
			x.NamespaceURI = uri
		case "ns":
			if x.hasNsu || x.hasNs {
				return x, "more than one of nsu= and ns="
			}
			x.hasNs = true
			v, ok := parseDecimal(val, math.MaxUint16)
			if !ok {
				return x, "namespace index " + quoteShort(val, 24) + " is not a UInt16"
			}
			ns = uint16(v)
		}
	}
	n, msg := parseIdentifier(ns, rest)
	if msg != "" {
		return x, msg
	}
	x.NodeID = n
	return x, ""
}

// MarshalText implements encoding.TextMarshaler with the notation of
// String.
func (x ExpandedNodeID) MarshalText() ([]byte, error) {
	return x.appendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with
// ParseExpandedNodeID.
func (x *ExpandedNodeID) UnmarshalText(text []byte) error {
	v, err := ParseExpandedNodeID(string(text))
	if err != nil {
		return err
	}
	*x = v
	return nil
}
