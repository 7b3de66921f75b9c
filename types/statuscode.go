package types

import "sort"

// StatusCode is an OPC UA StatusCode (Part 4 §7.39, Part 6 §5.2.2.11): a
// UInt32 with severity in bits 30-31, sub-code in bits 16-27 and info bits
// below. The zero value is Good.
//
// StatusCode implements error, so that a bad status can be returned as an
// error; note that StatusGood is then a non-nil error too.
//
// The standard codes are the Status* constants (statuscodes_gen.go), named
// "Status" + the OPC UA symbolic name with Go initialisms and without
// underscores: StatusBadNodeIDUnknown is BadNodeIdUnknown. Name, String,
// Error and ParseStatusCode use the OPC UA name. Name, Description
// and the lookups behind Error and String ignore the 16 low bits (the
// InfoType and InfoBits of §7.39), which qualify a code without changing it.
// As with any error, fmt's %v and %s print the Error form (name, value and
// description); String gives the name alone.
type StatusCode uint32

// statusCodeInfo is one row of the status code table.
type statusCodeInfo struct {
	code        StatusCode
	name        string // OPC UA symbolic name, "BadNodeIdUnknown"
	description string
}

// Severity bits of a StatusCode (Part 4 §7.39 Table 176).
const (
	severityMask      StatusCode = 0xC0000000
	severityUncertain StatusCode = 0x40000000
	severityBad       StatusCode = 0x80000000 // 0xC0000000 is reserved and treated as Bad
	infoMask          StatusCode = 0x0000FFFF
)

// lookup returns the table row of s, ignoring the info bits.
func (s StatusCode) lookup() (*statusCodeInfo, bool) {
	c := s &^ infoMask
	i := sort.Search(len(statusCodeTable), func(i int) bool { return statusCodeTable[i].code >= c })
	if i < len(statusCodeTable) && statusCodeTable[i].code == c {
		return &statusCodeTable[i], true
	}
	return nil, false
}

// Name returns the OPC UA symbolic name of s ("BadNodeIdUnknown"),
// ignoring the info bits, or "" if s is not a standard code.
func (s StatusCode) Name() string {
	if info, ok := s.lookup(); ok {
		return info.name
	}
	return ""
}

// Description returns the description of s from the specification,
// ignoring the info bits, or "" if s is not a standard code.
func (s StatusCode) Description() string {
	if info, ok := s.lookup(); ok {
		return info.description
	}
	return ""
}

// String returns the OPC UA name of s ("BadNodeIdUnknown"). When s has info
// bits set, or is not a standard code, the value follows in hexadecimal:
// "BadNodeIdUnknown (0x80340400)", "StatusCode(0x8FFF0000)".
func (s StatusCode) String() string {
	name := s.Name()
	switch {
	case name == "":
		return "StatusCode(" + hex32(s) + ")"
	case s&infoMask != 0:
		return name + " (" + hex32(s) + ")"
	}
	return name
}

// Error returns the name, the value and the description of s, e.g.
// "BadNodeIdUnknown (0x80340000): The node id refers to a node that does
// not exist in the server address space.", or "StatusCode(0x8FFF0000)" for
// a code that is not standard.
func (s StatusCode) Error() string {
	info, ok := s.lookup()
	if !ok {
		return "StatusCode(" + hex32(s) + ")"
	}
	return info.name + " (" + hex32(s) + "): " + info.description
}

// IsGood reports whether the severity of s (bits 30-31) is Good (00).
func (s StatusCode) IsGood() bool { return s&severityMask == 0 }

// IsUncertain reports whether the severity of s (bits 30-31) is Uncertain
// (01).
func (s StatusCode) IsUncertain() bool { return s&severityMask == severityUncertain }

// IsBad reports whether the severity of s (bits 30-31) is Bad (10), or the
// reserved 11, which Part 4 §7.39 says to treat as Bad.
func (s StatusCode) IsBad() bool { return s&severityBad != 0 }

// statusCodeByName maps OPC UA symbolic names to codes, for
// ParseStatusCode. It is built once, at initialisation, and never changed.
var statusCodeByName = func() map[string]StatusCode {
	m := make(map[string]StatusCode, len(statusCodeTable))
	for _, info := range statusCodeTable {
		m[info.name] = info.code
	}
	return m
}()

// ParseStatusCode returns the standard status code with the OPC UA
// symbolic name name, as in StatusCode.csv and returned by Name
// ("BadNodeIdUnknown", "Good"). The match is exact; ok is false for an
// unknown name.
func ParseStatusCode(name string) (s StatusCode, ok bool) {
	s, ok = statusCodeByName[name]
	return s, ok
}

// hex32 formats s as 0x followed by 8 upper-case hexadecimal digits.
func hex32(s StatusCode) string {
	const digits = "0123456789ABCDEF"
	var b [10]byte
	b[0], b[1] = '0', 'x'
	for i := 9; i >= 2; i-- {
		b[i] = digits[s&0xF]
		s >>= 4
	}
	return string(b[:])
}
