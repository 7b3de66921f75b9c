package types

import (
	"math"
	"strconv"
)

// QualifiedName is an OPC UA QualifiedName (Part 6 §5.2.2.13): a name
// qualified by a namespace index. Wire form: UInt16 NamespaceIndex, then the
// Name as a String. Comparable.
type QualifiedName struct {
	NamespaceIndex uint16 `ua:"UInt16"`
	Name           string `ua:"String"`
}

// NewQualifiedName returns the QualifiedName ns:name.
func NewQualifiedName(ns uint16, name string) QualifiedName {
	return QualifiedName{NamespaceIndex: ns, Name: name}
}

// String returns q in the notation of Part 6 §5.1.12, "<index>:<name>",
// with the index omitted for namespace 0: "2:Temperature", "Objects". A
// name in namespace 0 that would read as having an index (such as "1:x")
// is written with an explicit "0:" ("0:1:x"), so that ParseQualifiedName
// reads back q.
func (q QualifiedName) String() string {
	if q.NamespaceIndex == 0 && !hasIndexPrefix(q.Name) {
		return q.Name
	}
	return strconv.FormatUint(uint64(q.NamespaceIndex), 10) + ":" + q.Name
}

// hasIndexPrefix reports whether s starts with one or more ASCII digits
// followed by ':'.
func hasIndexPrefix(s string) bool {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i > 0 && i < len(s) && s[i] == ':'
}

// ParseQualifiedName parses "<index>:<name>" or "<name>" (namespace 0), the
// notation String writes. The index is the leading run of decimal digits
// before the first ':'; an index above 65535 is a *ParseError. Everything
// after the ':' is the name, which may be empty and may contain ':'.
func ParseQualifiedName(s string) (QualifiedName, error) {
	if !hasIndexPrefix(s) {
		return QualifiedName{Name: s}, nil
	}
	i := 0
	for s[i] != ':' {
		i++
	}
	ns, ok := parseDecimal(s[:i], math.MaxUint16)
	if !ok {
		return QualifiedName{}, &ParseError{Type: "QualifiedName", Input: s, Msg: "namespace index " + quoteShort(s[:i], 24) + " is not a UInt16"}
	}
	return QualifiedName{NamespaceIndex: uint16(ns), Name: s[i+1:]}, nil
}
