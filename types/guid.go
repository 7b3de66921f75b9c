package types

import "strconv"

// GUID is an OPC UA Guid (Part 6 §5.1.3, §5.2.2.6) in its wire layout:
// Data1 UInt32, Data2 and Data3 UInt16 (all little-endian on the wire) and
// Data4 as 8 raw bytes. The zero value is the null Guid. GUID is comparable.
//
// Its text form is the canonical 8-4-4-4-12 hex notation, in which Data1,
// Data2 and Data3 are written as numbers (most significant digit first) and
// Data4 as bytes in order: 72962B91-FA75-4AE6-8D28-B404DC7DAF63 has Data1
// 0x72962B91, Data2 0xFA75, Data3 0x4AE6 and Data4 8D 28 B4 04 DC 7D AF 63.
type GUID struct {
	Data1 uint32
	Data2 uint16
	Data3 uint16
	Data4 [8]byte `ua:"raw"`
}

// guidLen is the length of the canonical text form.
const guidLen = 36

// ParseGUID parses the canonical text form of a Guid,
// "72962B91-FA75-4AE6-8D28-B404DC7DAF63": 32 hex digits in groups of 8, 4,
// 4, 4 and 12 separated by hyphens, in upper or lower case, optionally
// enclosed in braces ("{...}"). Anything else is a *ParseError.
func ParseGUID(s string) (GUID, error) {
	g, msg := parseGUID(s)
	if msg != "" {
		return GUID{}, &ParseError{Type: "Guid", Input: s, Msg: msg}
	}
	return g, nil
}

// parseGUID is ParseGUID returning the reason for a failure as text.
func parseGUID(s string) (GUID, string) {
	off := 0 // of s in the input, for messages
	if len(s) == guidLen+2 && s[0] == '{' && s[len(s)-1] == '}' {
		s, off = s[1:len(s)-1], 1
	}
	if len(s) != guidLen {
		return GUID{}, "want 36 characters like 72962B91-FA75-4AE6-8D28-B404DC7DAF63"
	}
	if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return GUID{}, "hyphens must follow hex digits 8, 12, 16 and 20"
	}
	// Collect the 32 digits as 16 bytes in text order, skipping the
	// hyphens checked above.
	var b [16]byte
	j := 0 // digits seen
	for i := 0; i < guidLen; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			continue
		}
		d, ok := unhex(s[i])
		if !ok {
			return GUID{}, strconv.Quote(s[i:i+1]) + " at offset " + strconv.Itoa(off+i) + " is not a hex digit"
		}
		b[j/2] |= d << (4 * (1 - j%2))
		j++
	}
	return GUID{
		Data1: uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3]),
		Data2: uint16(b[4])<<8 | uint16(b[5]),
		Data3: uint16(b[6])<<8 | uint16(b[7]),
		Data4: [8]byte(b[8:16]),
	}, ""
}

// hexValue maps an ASCII hex digit to its value plus 1, anything else to 0.
var hexValue = func() (t [256]uint8) {
	for i, c := range upperHex {
		t[c] = uint8(i) + 1
		t[c|0x20] = uint8(i) + 1 // lower case; digits are unchanged
	}
	return t
}()

// unhex returns the value of the hex digit c.
func unhex(c byte) (byte, bool) {
	v := hexValue[c]
	return v - 1, v != 0
}

// MustParseGUID is ParseGUID for constants: it panics if s is not a valid
// Guid.
func MustParseGUID(s string) GUID {
	g, err := ParseGUID(s)
	if err != nil {
		panic(err)
	}
	return g
}

// upperHex are the digits String uses.
const upperHex = "0123456789ABCDEF"

// String returns the canonical upper-case form,
// "72962B91-FA75-4AE6-8D28-B404DC7DAF63", as OPC UA tools print it.
func (g GUID) String() string {
	var buf [guidLen]byte
	return string(g.appendText(buf[:0]))
}

// appendText appends the canonical form of g to b.
func (g GUID) appendText(b []byte) []byte {
	hexN := func(b []byte, v uint64, digits int) []byte {
		for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
			b = append(b, upperHex[(v>>uint(shift))&0xF])
		}
		return b
	}
	b = hexN(b, uint64(g.Data1), 8)
	b = append(b, '-')
	b = hexN(b, uint64(g.Data2), 4)
	b = append(b, '-')
	b = hexN(b, uint64(g.Data3), 4)
	b = append(b, '-')
	for i, c := range g.Data4 {
		if i == 2 {
			b = append(b, '-')
		}
		b = append(b, upperHex[c>>4], upperHex[c&0xF])
	}
	return b
}

// IsNull reports whether g is the null Guid (all zeros).
func (g GUID) IsNull() bool { return g == GUID{} }

// MarshalText implements encoding.TextMarshaler with the canonical form.
func (g GUID) MarshalText() ([]byte, error) {
	return g.appendText(make([]byte, 0, guidLen)), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseGUID.
func (g *GUID) UnmarshalText(text []byte) error {
	v, err := ParseGUID(string(text))
	if err != nil {
		return err
	}
	*g = v
	return nil
}
