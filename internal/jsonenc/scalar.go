package jsonenc

import (
	"encoding/base64"
	"math"
	"time"

	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// This file holds the codecs of the built-ins that are one JSON number or
// string (Part 6 §5.4.2.2-5.4.2.9): Boolean, the integers, Float, Double,
// String, DateTime, Guid, ByteString and XmlElement. Each decoder accepts
// JSON null as the type's null or default value.

func encBool(e *encoder, v *bool) error { e.boolean(*v); return nil }

func decBool(d *decoder, v *bool) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = false
		return err
	}
	b, err := d.boolean()
	*v = b
	return err
}

// The integers of up to 32 bits are JSON numbers (§5.4.2.3).

func encInt8(e *encoder, v *int8) error     { e.int(int64(*v)); return nil }
func encUint8(e *encoder, v *uint8) error   { e.uint(uint64(*v)); return nil }
func encInt16(e *encoder, v *int16) error   { e.int(int64(*v)); return nil }
func encUint16(e *encoder, v *uint16) error { e.uint(uint64(*v)); return nil }
func encInt32(e *encoder, v *int32) error   { e.int(int64(*v)); return nil }
func encUint32(e *encoder, v *uint32) error { e.uint(uint64(*v)); return nil }

// Int64 and UInt64 are JSON strings holding the decimal number
// (§5.4.2.3), so that JavaScript's doubles do not round them.

func encInt64(e *encoder, v *int64) error   { e.int64(*v); return nil }
func encUint64(e *encoder, v *uint64) error { e.uint64(*v); return nil }

// decSigned reads an integer of a signed type in [lo, hi], as a JSON
// number or, for the 64-bit types that are written as strings, as a JSON
// string holding one (decoders take both forms for every integer type).
func decSigned(d *decoder, lo, hi int64, what string) (int64, error) {
	if isNull, err := d.null(); isNull || err != nil {
		return 0, err
	}
	if d.peek() == '"' {
		return d.quotedSigned(lo, hi, what)
	}
	return d.signed(lo, hi, what)
}

// decUnsigned is decSigned for unsigned types.
func decUnsigned(d *decoder, hi uint64, what string) (uint64, error) {
	if isNull, err := d.null(); isNull || err != nil {
		return 0, err
	}
	if d.peek() == '"' {
		return d.quotedUnsigned(hi, what)
	}
	return d.unsigned(hi, what)
}

// quotedSigned reads a JSON string holding a decimal integer.
func (d *decoder) quotedSigned(lo, hi int64, what string) (int64, error) {
	sub, base, err := d.quotedInteger(what)
	if err != nil {
		return 0, err
	}
	v, err := sub.signed(lo, hi, what)
	return v, rebase(err, base)
}

// quotedUnsigned reads a JSON string holding a decimal unsigned integer.
func (d *decoder) quotedUnsigned(hi uint64, what string) (uint64, error) {
	sub, base, err := d.quotedInteger(what)
	if err != nil {
		return 0, err
	}
	v, err := sub.unsigned(hi, what)
	return v, rebase(err, base)
}

// quotedInteger reads a JSON string that must hold a decimal integer and
// returns a decoder over its text and the offset of that text.
func (d *decoder) quotedInteger(what string) (decoder, int, error) {
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		return decoder{}, 0, err
	}
	if !isDecimal(s) {
		return decoder{}, 0, d.fail(start, wire.ErrInvalid, "%q is not a decimal %s", clip(s), what)
	}
	return decoder{data: s}, start + 1, nil
}

// isDecimal reports whether s is an integer in JSON's syntax: an optional
// '-' and digits, with no leading zero.
func isDecimal(s []byte) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if len(s) == 0 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// rebase moves the offset of a *wire.DecodeError found in a sub-decoder
// over a string's text to the input: base is the offset of the string's
// first byte after the quote (exact when the string has no escapes).
func rebase(err error, base int) error {
	if de, ok := err.(*wire.DecodeError); ok && de != nil {
		de.Offset += base
	}
	return err
}

func decInt8(d *decoder, v *int8) error {
	x, err := decSigned(d, math.MinInt8, math.MaxInt8, "SByte")
	*v = int8(x)
	return err
}

func decUint8(d *decoder, v *uint8) error {
	x, err := decUnsigned(d, math.MaxUint8, "Byte")
	*v = uint8(x)
	return err
}

func decInt16(d *decoder, v *int16) error {
	x, err := decSigned(d, math.MinInt16, math.MaxInt16, "Int16")
	*v = int16(x)
	return err
}

func decUint16(d *decoder, v *uint16) error {
	x, err := decUnsigned(d, math.MaxUint16, "UInt16")
	*v = uint16(x)
	return err
}

func decInt32(d *decoder, v *int32) error {
	x, err := decSigned(d, math.MinInt32, math.MaxInt32, "Int32")
	*v = int32(x)
	return err
}

func decUint32(d *decoder, v *uint32) error {
	x, err := decUnsigned(d, math.MaxUint32, "UInt32")
	*v = uint32(x)
	return err
}

func decInt64(d *decoder, v *int64) error {
	x, err := decSigned(d, math.MinInt64, math.MaxInt64, "Int64")
	*v = x
	return err
}

func decUint64(d *decoder, v *uint64) error {
	x, err := decUnsigned(d, math.MaxUint64, "UInt64")
	*v = x
	return err
}

// Float and Double are JSON numbers, or the strings "NaN", "Infinity" and
// "-Infinity" (§5.4.2.4).

func encFloat32(e *encoder, v *float32) error { e.float(float64(*v), 32); return nil }
func encFloat64(e *encoder, v *float64) error { e.float(*v, 64); return nil }

func decFloat32(d *decoder, v *float32) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = 0
		return err
	}
	f, err := d.float(32)
	*v = float32(f)
	return err
}

func decFloat64(d *decoder, v *float64) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = 0
		return err
	}
	f, err := d.float(64)
	*v = f
	return err
}

// A String is a JSON string (§5.4.2.5). A Go "" is the null String, written
// as null, unless it is wire.EmptyString (an empty String as decoded) or
// Options.EmptyStrings is set; decoding gives "" for null and
// wire.EmptyString for "", so a String re-encodes as it came, in JSON and
// in binary.

// nullString reports whether s is written as a null String.
func (e *encoder) nullString(s string) bool {
	return s == "" && !e.t.emptyStrings && !wire.IsEmptyString(s)
}

func encString(e *encoder, v *string) error {
	if e.nullString(*v) {
		e.null()
		return nil
	}
	return e.str(*v)
}

func decString(d *decoder, v *string) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = ""
		return err
	}
	s, err := d.string(*v, d.lim.MaxStringLength)
	*v = s
	return err
}

// An XmlElement is a String (§5.4.2.9).

func encXML(e *encoder, v *types.XmlElement) error { return encString(e, as[string](ptr(v))) }
func decXML(d *decoder, v *types.XmlElement) error { return decString(d, as[string](ptr(v))) }

// A ByteString is a JSON string holding its standard base64 (RFC 4648 §4,
// with padding) (§5.4.2.8); nil is null, an empty non-nil slice is "".
// Decoding takes base64 with or without padding.

func encByteString(e *encoder, v *[]byte) error {
	if *v == nil {
		e.null()
		return nil
	}
	e.b = append(e.b, '"')
	e.b = base64.StdEncoding.AppendEncode(e.b, *v)
	e.b = append(e.b, '"')
	return nil
}

func decByteString(d *decoder, v *[]byte) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = nil
		return err
	}
	b, err := d.base64((*v)[:0], d.lim.MaxByteStringLength, "ByteString")
	*v = b
	return err
}

// base64 reads a JSON string of base64 and appends the bytes to dst (which
// may be nil: an empty text gives an empty non-nil slice).
func (d *decoder) base64(dst []byte, limit int, what string) ([]byte, error) {
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		return nil, err
	}
	enc := base64.StdEncoding
	if len(s)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	n := enc.DecodedLen(len(s))
	if n > limit {
		return nil, d.fail(start, wire.ErrLimitExceeded, "%s of %d bytes, limit %d", what, n, limit)
	}
	if dst == nil {
		dst = make([]byte, 0, n)
	}
	out, err := enc.AppendDecode(dst, s)
	if err != nil {
		return nil, d.fail(start, wire.ErrInvalid, "%s is not base64: %v", what, err)
	}
	return out, nil
}

// A Guid is a JSON string in the form of Part 6 §5.1.3,
// "72962B91-FA75-4AE6-8D28-B404DC7DAF63" (§5.4.2.7), written in upper case
// and read in either; the null Guid (all zeros) is null.

func encGUID(e *encoder, v *types.GUID) error {
	if *v == (types.GUID{}) {
		e.null()
		return nil
	}
	e.b = append(e.b, '"')
	e.b = appendGUID(e.b, *v)
	e.b = append(e.b, '"')
	return nil
}

func decGUID(d *decoder, v *types.GUID) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = types.GUID{}
		return err
	}
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		return err
	}
	g, ok := parseGUID(s)
	if !ok {
		return d.fail(start, wire.ErrInvalid, "Guid: %q is not of the form 72962B91-FA75-4AE6-8D28-B404DC7DAF63", clip(s))
	}
	*v = g
	return nil
}

const upperHex = "0123456789ABCDEF"

// appendGUID appends the 36 characters of g.
func appendGUID(b []byte, g types.GUID) []byte {
	var t [36]byte
	put := func(i int, v uint64, digits int) {
		for k := digits - 1; k >= 0; k-- {
			t[i+k] = upperHex[v&0xF]
			v >>= 4
		}
	}
	put(0, uint64(g.Data1), 8)
	t[8] = '-'
	put(9, uint64(g.Data2), 4)
	t[13] = '-'
	put(14, uint64(g.Data3), 4)
	t[18] = '-'
	put(19, uint64(g.Data4[0])<<8|uint64(g.Data4[1]), 4)
	t[23] = '-'
	for i, c := range g.Data4[2:] {
		t[24+2*i], t[25+2*i] = upperHex[c>>4], upperHex[c&0xF]
	}
	return append(b, t[:]...)
}

// parseGUID parses the 36 characters of a Guid, in either case.
func parseGUID(s []byte) (types.GUID, bool) {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return types.GUID{}, false
	}
	var b [16]byte
	bad := byte(0)
	for k, i := range guidPairs {
		hi, lo := hexDigit[s[i]], hexDigit[s[i+1]]
		bad |= hi | lo
		b[k] = hi<<4 | lo&0xF
	}
	if bad&0xF0 != 0 {
		return types.GUID{}, false
	}
	return types.GUID{
		Data1: uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3]),
		Data2: uint16(b[4])<<8 | uint16(b[5]),
		Data3: uint16(b[6])<<8 | uint16(b[7]),
		Data4: [8]byte(b[8:16]),
	}, true
}

// guidPairs are the offsets of the 16 hex digit pairs of a Guid's text.
var guidPairs = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// hexDigit maps a byte to its hex value, 0xFF for a byte that is not a
// hex digit.
var hexDigit = func() (t [256]byte) {
	for i := range t {
		v, ok := hexValue(byte(i))
		if !ok {
			v = 0xFF
		}
		t[i] = v
	}
	return t
}()

// hexValue returns the value of the hex digit c.
func hexValue(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// A DateTime is a JSON string in ISO 8601-1 (the RFC 3339 profile), in UTC,
// with as many fraction digits as the 100 ns ticks need (none for a whole
// second, at most 7) (§5.4.2.6): "2024-01-02T03:04:05.1234567Z". The null
// DateTime (0, and every instant at or before 1601-01-01, which the binary
// encoding clamps to 0) is null; instants at or after
// 9999-12-31T23:59:59Z are "9999-12-31T23:59:59Z", the JSON encoding's
// maximum. Decoding takes any RFC 3339 offset and any number of fraction
// digits (truncated to 100 ns), gives 0 for null, "0001-01-01T00:00:00Z"
// and every instant at or before 1601, and types.MaxDateTime for every
// instant at or after 9999-12-31T23:59:59Z (Part 6 §5.1.4 and §5.2.2.5).

func encDateTime(e *encoder, v *types.DateTime) error {
	if *v <= 0 {
		e.null()
		return nil
	}
	e.dateTime(*v)
	return nil
}

func decDateTime(d *decoder, v *types.DateTime) error {
	if isNull, err := d.null(); isNull || err != nil {
		*v = 0
		return err
	}
	t, err := d.dateTime()
	*v = t
	return err
}

func encTime(e *encoder, v *time.Time) error {
	t := types.DateTimeFromTime(*v)
	return encDateTime(e, &t)
}

func decTime(d *decoder, v *time.Time) error {
	var t types.DateTime
	err := decDateTime(d, &t)
	*v = t.Time()
	return err
}

// dateTime appends the JSON string of a DateTime above 0.
func (e *encoder) dateTime(t types.DateTime) {
	e.b = append(e.b, '"')
	e.b = e.dt.Append(e.b, t)
	e.b = append(e.b, '"')
}

// dateTime reads the JSON string of a DateTime.
func (d *decoder) dateTime() (types.DateTime, error) {
	start := d.pos
	s, err := d.rawString()
	if err != nil {
		return 0, err
	}
	t, ok := uatext.ParseDateTime(s)
	if !ok {
		return 0, d.fail(start, wire.ErrInvalid, "DateTime: %q is not an ISO 8601 date and time like 2024-01-02T03:04:05.1234567Z", clip(s))
	}
	return t, nil
}
