package types

import "strconv"

// DiagnosticInfo is an OPC UA DiagnosticInfo (Part 6 §5.2.2.12): vendor
// diagnostics for an operation. The four Int32 fields are indexes into the
// ResponseHeader's StringTable, where 0 is a valid index, so presence is not
// derived from the values: Mask says which fields are present, and only
// those are written (in field order, which puts Locale before
// LocalizedText). The zero value is the empty DiagnosticInfo, encoded as 00.
// A nil InnerDiagnosticInfo whose bit is set is written as an empty one.
//
// The With methods return a copy with one field set and its Mask bit set,
// which keeps Mask consistent with the fields meant to be written:
//
//	di := types.DiagnosticInfo{}.WithSymbolicID(3).WithAdditionalInfo("valve stuck")
type DiagnosticInfo struct {
	Mask                DiagnosticInfoMask `ua:"mask"`
	SymbolicID          int32              `ua:"Int32,bit=0"`
	NamespaceURI        int32              `ua:"Int32,bit=1"`
	Locale              int32              `ua:"Int32,bit=3"`
	LocalizedText       int32              `ua:"Int32,bit=2"`
	AdditionalInfo      string             `ua:"String,bit=4"`
	InnerStatusCode     StatusCode         `ua:"StatusCode,bit=5"`
	InnerDiagnosticInfo *DiagnosticInfo    `ua:"DiagnosticInfo,bit=6"`
}

// DiagnosticInfoMask is the encoding mask of a DiagnosticInfo.
type DiagnosticInfoMask uint8

// DiagnosticInfo mask bits (Part 6 §5.2.2.12).
const (
	DiagnosticInfoSymbolicID          DiagnosticInfoMask = 0x01
	DiagnosticInfoNamespaceURI        DiagnosticInfoMask = 0x02
	DiagnosticInfoLocalizedText       DiagnosticInfoMask = 0x04
	DiagnosticInfoLocale              DiagnosticInfoMask = 0x08
	DiagnosticInfoAdditionalInfo      DiagnosticInfoMask = 0x10
	DiagnosticInfoInnerStatusCode     DiagnosticInfoMask = 0x20
	DiagnosticInfoInnerDiagnosticInfo DiagnosticInfoMask = 0x40
)

// Has reports whether every bit of m is set in d.Mask.
func (d DiagnosticInfo) Has(m DiagnosticInfoMask) bool { return d.Mask&m == m }

// IsEmpty reports whether d has no fields (Mask 0), whatever the field
// values: it is encoded as the single byte 00.
func (d DiagnosticInfo) IsEmpty() bool { return d.Mask == 0 }

// WithSymbolicID returns d with SymbolicID i (an index into the
// StringTable) and its mask bit set.
func (d DiagnosticInfo) WithSymbolicID(i int32) DiagnosticInfo {
	d.SymbolicID, d.Mask = i, d.Mask|DiagnosticInfoSymbolicID
	return d
}

// WithNamespaceURI returns d with NamespaceURI i (an index into the
// StringTable) and its mask bit set.
func (d DiagnosticInfo) WithNamespaceURI(i int32) DiagnosticInfo {
	d.NamespaceURI, d.Mask = i, d.Mask|DiagnosticInfoNamespaceURI
	return d
}

// WithLocale returns d with Locale i (an index into the StringTable) and
// its mask bit set.
func (d DiagnosticInfo) WithLocale(i int32) DiagnosticInfo {
	d.Locale, d.Mask = i, d.Mask|DiagnosticInfoLocale
	return d
}

// WithLocalizedText returns d with LocalizedText i (an index into the
// StringTable) and its mask bit set.
func (d DiagnosticInfo) WithLocalizedText(i int32) DiagnosticInfo {
	d.LocalizedText, d.Mask = i, d.Mask|DiagnosticInfoLocalizedText
	return d
}

// WithAdditionalInfo returns d with AdditionalInfo s and its mask bit set.
func (d DiagnosticInfo) WithAdditionalInfo(s string) DiagnosticInfo {
	d.AdditionalInfo, d.Mask = s, d.Mask|DiagnosticInfoAdditionalInfo
	return d
}

// WithInnerStatusCode returns d with InnerStatusCode c and its mask bit
// set.
func (d DiagnosticInfo) WithInnerStatusCode(c StatusCode) DiagnosticInfo {
	d.InnerStatusCode, d.Mask = c, d.Mask|DiagnosticInfoInnerStatusCode
	return d
}

// WithInner returns d with InnerDiagnosticInfo pointing to a copy of inner
// and its mask bit set.
func (d DiagnosticInfo) WithInner(inner DiagnosticInfo) DiagnosticInfo {
	d.InnerDiagnosticInfo, d.Mask = &inner, d.Mask|DiagnosticInfoInnerDiagnosticInfo
	return d
}

// diagnosticInfoMaskNames are the names String gives the mask bits, in bit order.
var diagnosticInfoMaskNames = [...]string{
	"SymbolicID", "NamespaceURI", "LocalizedText", "Locale",
	"AdditionalInfo", "InnerStatusCode", "InnerDiagnosticInfo",
}

// String lists the set bits, "SymbolicID|AdditionalInfo", with any bit
// that has no name (0x80) in hex; 0 is "0".
func (m DiagnosticInfoMask) String() string {
	if m == 0 {
		return "0"
	}
	var b []byte
	for i, name := range diagnosticInfoMaskNames {
		if m&(1<<i) != 0 {
			if b != nil {
				b = append(b, '|')
			}
			b = append(b, name...)
		}
	}
	if rest := m &^ 0x7F; rest != 0 {
		if b != nil {
			b = append(b, '|')
		}
		b = append(b, "0x"...)
		b = append(b, upperHex[rest>>4], upperHex[rest&0xF])
	}
	return string(b)
}

// String returns the fields whose mask bits are set, in wire order:
// `{SymbolicID: 3, AdditionalInfo: "valve stuck", InnerStatusCode:
// BadTimeout, Inner: {SymbolicID: 4}}`. The empty DiagnosticInfo is "{}";
// a set inner bit with a nil InnerDiagnosticInfo prints "Inner: {}" (as it
// is encoded). Deep nesting is cut after 32 levels with "...".
func (d DiagnosticInfo) String() string { return string(d.appendText(nil, 0)) }

// appendText appends the String form of d; depth counts the nesting.
func (d DiagnosticInfo) appendText(b []byte, depth int) []byte {
	if depth > maxTextDepth {
		return append(b, "{...}"...)
	}
	b = append(b, '{')
	field := func(b []byte, bit DiagnosticInfoMask, name string) ([]byte, bool) {
		if d.Mask&bit == 0 {
			return b, false
		}
		if b[len(b)-1] != '{' {
			b = append(b, ", "...)
		}
		b = append(b, name...)
		return append(b, ": "...), true
	}
	var ok bool
	if b, ok = field(b, DiagnosticInfoSymbolicID, "SymbolicID"); ok {
		b = strconv.AppendInt(b, int64(d.SymbolicID), 10)
	}
	if b, ok = field(b, DiagnosticInfoNamespaceURI, "NamespaceURI"); ok {
		b = strconv.AppendInt(b, int64(d.NamespaceURI), 10)
	}
	if b, ok = field(b, DiagnosticInfoLocale, "Locale"); ok {
		b = strconv.AppendInt(b, int64(d.Locale), 10)
	}
	if b, ok = field(b, DiagnosticInfoLocalizedText, "LocalizedText"); ok {
		b = strconv.AppendInt(b, int64(d.LocalizedText), 10)
	}
	if b, ok = field(b, DiagnosticInfoAdditionalInfo, "AdditionalInfo"); ok {
		b = strconv.AppendQuote(b, d.AdditionalInfo)
	}
	if b, ok = field(b, DiagnosticInfoInnerStatusCode, "InnerStatusCode"); ok {
		b = append(b, d.InnerStatusCode.String()...)
	}
	if b, ok = field(b, DiagnosticInfoInnerDiagnosticInfo, "Inner"); ok {
		if d.InnerDiagnosticInfo == nil {
			b = append(b, "{}"...)
		} else {
			b = d.InnerDiagnosticInfo.appendText(b, depth+1)
		}
	}
	if d.Mask&0x80 != 0 {
		if b[len(b)-1] != '{' {
			b = append(b, ", "...)
		}
		b = append(b, "Mask: "...)
		b = append(b, d.Mask.String()...)
	}
	return append(b, '}')
}
