package jsonenc

import (
	"encoding/binary"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/uabin/uabin/uabin/wire"
)

// decoder reads the JSON text of one top-level value from data. It is the
// reader half of the tokenizer (docs/json.md, The tokenizer): a cursor over
// the whole input, with no token values of its own; the codecs ask it for
// exactly the JSON they expect (a string, a number, an object's members)
// and it checks RFC 8259 as it goes: UTF-8 in strings, escapes, number
// syntax, and no name twice in an object (Part 6 §5.4.2.16 asks decoders
// to reject that). Every error is a *wire.DecodeError with the byte offset
// of the value that is wrong; the codecs add the path while returning.
type decoder struct {
	data []byte
	pos  int
	t    tables
	lim  wire.Limits

	// depth counts the levels entered with enter, as the binary decoder
	// does (Variants, DataValues, DiagnosticInfos, ExtensionObjects,
	// structures), and every array and object skipped as unknown.
	depth int

	// scratch holds the unescaped text of the last string read with
	// escapes; views returned by rawString point into data or scratch and
	// are valid until the next read. escaped says which: true for scratch.
	scratch []byte
	escaped bool

	// hint is the string or opaque identifier of the NodeId being decoded
	// over, whose string is kept when the input has the same identifier;
	// idBuf holds decoded opaque identifiers.
	hint  string
	idBuf []byte
}

// fail returns a *wire.DecodeError at byte offset off.
func (d *decoder) fail(off int, kind error, format string, args ...any) error {
	return &wire.DecodeError{Offset: off, Err: wire.Errorf(kind, format, args...)}
}

// truncated returns the error for input that ends inside the value that
// starts at off.
func (d *decoder) truncated(off int, what string) error {
	return d.fail(off, wire.ErrTruncated, "the input ends inside %s", what)
}

// enter records one more level of nesting, for the value at off.
func (d *decoder) enter(off int) error {
	d.depth++
	if d.depth > d.lim.MaxDepth {
		return d.fail(off, wire.ErrLimitExceeded, "nesting deeper than %d levels", d.lim.MaxDepth)
	}
	return nil
}

func (d *decoder) leave() { d.depth-- }

// ws skips white space (RFC 8259 §2: space, tab, line feed, carriage
// return).
func (d *decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte, or 0 at the end.
func (d *decoder) peek() byte {
	d.ws()
	if d.pos < len(d.data) {
		return d.data[d.pos]
	}
	return 0
}

// kindName names the JSON value that starts with c, for messages.
func kindName(c byte) string {
	switch {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	case c == 0:
		return "the end of the input"
	}
	return "the byte " + strconv.QuoteRune(rune(c))
}

// unexpected returns the error for a value of the wrong JSON kind at the
// cursor; want says what was expected ("a string").
func (d *decoder) unexpected(want string) error {
	c := d.peek()
	if c == 0 {
		return d.truncated(d.pos, "a value: want "+want)
	}
	return d.fail(d.pos, wire.ErrInvalid, "want %s, found %s", want, kindName(c))
}

// literal consumes the literal lit ("null", "true", "false") at the
// cursor, which starts with lit[0].
func (d *decoder) literal(lit string) error {
	start := d.pos
	if len(d.data)-d.pos < len(lit) {
		if string(d.data[d.pos:]) == lit[:len(d.data)-d.pos] {
			return d.truncated(start, lit)
		}
		return d.fail(start, wire.ErrInvalid, "invalid literal (want %s)", lit)
	}
	if string(d.data[d.pos:d.pos+len(lit)]) != lit {
		return d.fail(start, wire.ErrInvalid, "invalid literal (want %s)", lit)
	}
	d.pos += len(lit)
	return nil
}

// null consumes a null literal if one is next and reports whether it did.
func (d *decoder) null() (bool, error) {
	if d.peek() != 'n' {
		return false, nil
	}
	return true, d.literal("null")
}

// boolean reads true or false.
func (d *decoder) boolean() (bool, error) {
	switch d.peek() {
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	}
	return false, d.unexpected("a boolean")
}

// rawString reads a JSON string and returns its unescaped bytes, which
// stay valid until the next read: a view of data when the string has no
// escapes, else of scratch. It checks the escapes, that the text is valid
// UTF-8 (RFC 8259 §8.1), and that no control character is unescaped;
// escaped lone surrogates (\ud800) are ErrInvalid, as they have no UTF-8
// form.
func (d *decoder) rawString() ([]byte, error) {
	if d.peek() != '"' {
		return nil, d.unexpected("a string")
	}
	start := d.pos
	i := start + 1
	// Fast path: printable ASCII up to the closing quote, 8 bytes at a
	// time while they need no look (plain8, as the writer checks).
	for i+8 <= len(d.data) && plain8(binary.LittleEndian.Uint64(d.data[i:])) {
		i += 8
	}
	for i < len(d.data) {
		c := d.data[i]
		if escapeTable[c] {
			break
		}
		i++
	}
	d.escaped = false
	if i < len(d.data) && d.data[i] == '"' {
		d.pos = i + 1
		return d.data[start+1 : i], nil
	}
	// Escapes, control characters or UTF-8 ahead. Until the first escape
	// the text is only checked; from it on, it is copied unescaped into
	// scratch.
	copying := false
	for {
		if i >= len(d.data) {
			return nil, d.truncated(start, "a string")
		}
		c := d.data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			if !copying {
				return d.data[start+1 : i], nil
			}
			d.escaped = true
			return d.scratch, nil
		case c == '\\':
			if !copying {
				d.scratch = append(d.scratch[:0], d.data[start+1:i]...)
				copying = true
			}
			if i+1 >= len(d.data) {
				return nil, d.truncated(start, "a string")
			}
			switch e := d.data[i+1]; e {
			case '"', '\\', '/':
				d.scratch = append(d.scratch, e)
				i += 2
			case 'b':
				d.scratch = append(d.scratch, '\b')
				i += 2
			case 'f':
				d.scratch = append(d.scratch, '\f')
				i += 2
			case 'n':
				d.scratch = append(d.scratch, '\n')
				i += 2
			case 'r':
				d.scratch = append(d.scratch, '\r')
				i += 2
			case 't':
				d.scratch = append(d.scratch, '\t')
				i += 2
			case 'u':
				r, n, err := d.unicodeEscape(start, i)
				if err != nil {
					return nil, err
				}
				d.scratch = utf8.AppendRune(d.scratch, r)
				i += n
			default:
				return nil, d.fail(i, wire.ErrInvalid, "invalid escape %q in a string", d.data[i:i+2])
			}
		case c < 0x20:
			return nil, d.fail(i, wire.ErrInvalid, "control character %#02x in a string must be escaped", c)
		case c < utf8.RuneSelf:
			if copying {
				d.scratch = append(d.scratch, c)
			}
			i++
		default:
			r, size := utf8.DecodeRune(d.data[i:])
			if r == utf8.RuneError && size == 1 {
				return nil, d.fail(i, wire.ErrInvalid, "invalid UTF-8 (byte %#02x) in a string", c)
			}
			if copying {
				d.scratch = append(d.scratch, d.data[i:i+size]...)
			}
			i += size
		}
	}
}

// unicodeEscape reads the \uXXXX escape at i (and the low surrogate that
// must follow a high one) of the string starting at start, and returns
// the rune and the number of bytes used.
func (d *decoder) unicodeEscape(start, i int) (rune, int, error) {
	r, ok := d.hex4(i + 2)
	if !ok {
		if i+6 > len(d.data) {
			return 0, 0, d.truncated(start, "a string")
		}
		return 0, 0, d.fail(i, wire.ErrInvalid, "invalid escape %q in a string", d.data[i:i+6])
	}
	if !utf16.IsSurrogate(r) {
		return r, 6, nil
	}
	if r < 0xDC00 && i+12 <= len(d.data) && d.data[i+6] == '\\' && d.data[i+7] == 'u' {
		if lo, ok := d.hex4(i + 8); ok {
			if p := utf16.DecodeRune(r, lo); p != utf8.RuneError {
				return p, 12, nil
			}
		}
	}
	return 0, 0, d.fail(i, wire.ErrInvalid, "lone surrogate %q in a string", d.data[i:i+6])
}

// hex4 reads four hex digits at i.
func (d *decoder) hex4(i int) (rune, bool) {
	if i+4 > len(d.data) {
		return 0, false
	}
	var r rune
	for _, c := range d.data[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// string reads a JSON string as a Go string of at most MaxStringLength
// bytes. old is the value being decoded over: when the text is the same,
// old is returned and nothing is allocated (decoding into a reused value).
func (d *decoder) string(old string, limit int) (string, error) {
	start := d.pos
	raw, err := d.rawString()
	if err != nil {
		return "", err
	}
	if len(raw) > limit {
		return "", d.fail(start, wire.ErrLimitExceeded, "string of %d bytes, limit %d", len(raw), limit)
	}
	if len(raw) == 0 {
		return wire.EmptyString, nil
	}
	if string(raw) == old {
		return old, nil
	}
	return string(raw), nil
}

// number reads a JSON number and returns its text (RFC 8259 §6 grammar:
// -? int frac? exp?) and whether it has a fraction or an exponent.
func (d *decoder) number() ([]byte, bool, error) {
	d.ws()
	start := d.pos
	i := start
	n := len(d.data)
	if i < n && d.data[i] == '-' {
		i++
	}
	switch {
	case i >= n:
		return nil, false, d.truncated(start, "a number")
	case d.data[i] == '0':
		i++
	case d.data[i] >= '1' && d.data[i] <= '9':
		for i < n && d.data[i] >= '0' && d.data[i] <= '9' {
			i++
		}
	default:
		if i == start {
			return nil, false, d.unexpected("a number")
		}
		return nil, false, d.fail(start, wire.ErrInvalid, "invalid number: no digit after '-'")
	}
	float := false
	if i < n && d.data[i] == '.' {
		float = true
		i++
		j := i
		for i < n && d.data[i] >= '0' && d.data[i] <= '9' {
			i++
		}
		if i == j {
			if i >= n {
				return nil, false, d.truncated(start, "a number")
			}
			return nil, false, d.fail(start, wire.ErrInvalid, "invalid number: no digit after '.'")
		}
	}
	if i < n && (d.data[i] == 'e' || d.data[i] == 'E') {
		float = true
		i++
		if i < n && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		j := i
		for i < n && d.data[i] >= '0' && d.data[i] <= '9' {
			i++
		}
		if i == j {
			if i >= n {
				return nil, false, d.truncated(start, "a number")
			}
			return nil, false, d.fail(start, wire.ErrInvalid, "invalid number: no digit in the exponent")
		}
	}
	d.pos = i
	return d.data[start:i], float, nil
}

// integer reads a JSON number that is an integer in [lo, hi] (what is
// the name of the OPC UA type, for messages). A number with a fraction or
// an exponent is accepted when its value is a whole number in range
// ("1.0", "2e3").
func (d *decoder) integer(lo int64, hi uint64, what string) (neg bool, mag uint64, err error) {
	if c := d.peek(); c != '-' && (c < '0' || c > '9') {
		return false, 0, d.unexpected("a number (" + what + ")")
	}
	start := d.pos
	text, float, err := d.number()
	if err != nil {
		return false, 0, err
	}
	if float {
		return d.integralFloat(start, text, lo, hi, what)
	}
	neg = text[0] == '-'
	digits := text
	if neg {
		digits = text[1:]
	}
	if len(digits) <= 19 {
		// 19 digits are below 10^19 < 2^64: no overflow to check.
		for _, c := range digits {
			mag = mag*10 + uint64(c-'0')
		}
	} else {
		for _, c := range digits {
			v := uint64(c - '0')
			if mag > (math.MaxUint64-v)/10 {
				return false, 0, d.fail(start, wire.ErrInvalid, "%s out of the range of %s", clip(text), what)
			}
			mag = mag*10 + v
		}
	}
	if neg && mag != 0 {
		if lo == 0 || mag-1 > uint64(-(lo+1)) {
			return false, 0, d.fail(start, wire.ErrInvalid, "%s out of the range of %s", clip(text), what)
		}
	} else if mag > hi {
		return false, 0, d.fail(start, wire.ErrInvalid, "%s out of the range of %s", clip(text), what)
	}
	return neg && mag != 0, mag, nil
}

// integralFloat handles integer's numbers with a fraction or an exponent.
func (d *decoder) integralFloat(start int, text []byte, lo int64, hi uint64, what string) (bool, uint64, error) {
	f, err := strconv.ParseFloat(bytesString(text), 64)
	if err != nil || f != math.Trunc(f) || f < float64(lo) || f > float64(hi) || f >= 1<<63 && lo < 0 || f >= 1<<64 {
		return false, 0, d.fail(start, wire.ErrInvalid, "%s is not a whole number in the range of %s", clip(text), what)
	}
	if f < 0 {
		return true, uint64(-f), nil
	}
	return false, uint64(f), nil
}

// signed reads an integer of the signed type what in [lo, hi].
func (d *decoder) signed(lo, hi int64, what string) (int64, error) {
	neg, mag, err := d.integer(lo, uint64(hi), what)
	if neg {
		return -int64(mag-1) - 1, err
	}
	return int64(mag), err
}

// unsigned reads an integer of the unsigned type what in [0, hi].
func (d *decoder) unsigned(hi uint64, what string) (uint64, error) {
	_, mag, err := d.integer(0, hi, what)
	return mag, err
}

// float reads a Float (bits 32) or Double (bits 64): a JSON number, or one
// of the JSON strings "NaN", "Infinity", "-Infinity" (Part 6 §5.4.2.4). A
// number outside the type's range is ErrInvalid (it is not rounded to an
// infinity).
func (d *decoder) float(bits int) (float64, error) {
	what := "Double"
	if bits == 32 {
		what = "Float"
	}
	if d.peek() == '"' {
		start := d.pos
		s, err := d.rawString()
		if err != nil {
			return 0, err
		}
		switch string(s) {
		case "NaN":
			return math.NaN(), nil
		case "Infinity":
			return math.Inf(1), nil
		case "-Infinity":
			return math.Inf(-1), nil
		}
		return 0, d.fail(start, wire.ErrInvalid, "%s: want a number, \"NaN\", \"Infinity\" or \"-Infinity\", found the string %q", what, clip(s))
	}
	if c := d.peek(); c != '-' && (c < '0' || c > '9') {
		return 0, d.unexpected("a number (" + what + ")")
	}
	start := d.pos
	text, _, err := d.number()
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(bytesString(text), bits)
	if err != nil {
		return 0, d.fail(start, wire.ErrInvalid, "%s out of the range of %s", clip(text), what)
	}
	return f, nil
}

// clip shortens s for an error message.
func clip(s []byte) string {
	if len(s) > 40 {
		return string(s[:40]) + "..."
	}
	return string(s)
}

// object starts reading an object: it consumes '{'. Then the codec calls
// member until it reports false, reading each member's value in between.
func (d *decoder) object(what string) error {
	if d.peek() != '{' {
		return d.unexpected("an object (" + what + ")")
	}
	d.pos++
	return nil
}

// member moves to the next member of the object being read and returns
// its name (valid until the next read) and the name's offset; ok is false
// after the closing '}'. first is true for the first call of an object.
func (d *decoder) member(first bool) (name []byte, off int, ok bool, err error) {
	c := d.peek()
	if c == '}' {
		d.pos++
		return nil, 0, false, nil
	}
	if !first {
		if c != ',' {
			if c == 0 {
				return nil, 0, false, d.truncated(d.pos, "an object")
			}
			return nil, 0, false, d.fail(d.pos, wire.ErrInvalid, "want ',' or '}' after an object member, found %s", kindName(c))
		}
		d.pos++
		c = d.peek()
	}
	if c != '"' {
		if c == 0 {
			return nil, 0, false, d.truncated(d.pos, "an object")
		}
		return nil, 0, false, d.fail(d.pos, wire.ErrInvalid, "want a member name, found %s", kindName(c))
	}
	off = d.pos
	name, err = d.rawString()
	if err != nil {
		return nil, off, false, err
	}
	if d.peek() != ':' {
		if d.pos >= len(d.data) {
			return nil, off, false, d.truncated(off, "an object member")
		}
		return nil, off, false, d.fail(d.pos, wire.ErrInvalid, "want ':' after the member name, found %s", kindName(d.data[d.pos]))
	}
	d.pos++
	return name, off, true, nil
}

// array starts reading an array: it consumes '['. Then the codec calls
// element until it reports false, reading each element in between.
func (d *decoder) array(what string) error {
	if d.peek() != '[' {
		return d.unexpected("an array (" + what + ")")
	}
	d.pos++
	return nil
}

// element moves to the next element of the array being read; ok is false
// after the closing ']'.
func (d *decoder) element(first bool) (bool, error) {
	c := d.peek()
	if c == ']' {
		d.pos++
		return false, nil
	}
	if first {
		if c == 0 {
			return false, d.truncated(d.pos, "an array")
		}
		return true, nil
	}
	if c != ',' {
		if c == 0 {
			return false, d.truncated(d.pos, "an array")
		}
		return false, d.fail(d.pos, wire.ErrInvalid, "want ',' or ']' after an array element, found %s", kindName(c))
	}
	d.pos++
	return true, nil
}

// skip reads over one JSON value of any kind, checking it as strictly as
// values that are decoded (strings, numbers, names given twice); arrays
// and objects count against MaxDepth.
func (d *decoder) skip() error {
	switch c := d.peek(); {
	case c == '"':
		_, err := d.rawString()
		return err
	case c == '{':
		start := d.pos
		if err := d.enter(start); err != nil {
			return err
		}
		d.pos++
		var names nameSet
		for first := true; ; first = false {
			name, off, ok, err := d.member(first)
			if err != nil || !ok {
				d.leave()
				return err
			}
			if err := names.add(d, name, off); err != nil {
				return err
			}
			if err := d.skip(); err != nil {
				return err
			}
		}
	case c == '[':
		if err := d.enter(d.pos); err != nil {
			return err
		}
		d.pos++
		for first := true; ; first = false {
			ok, err := d.element(first)
			if err != nil || !ok {
				d.leave()
				return err
			}
			if err := d.skip(); err != nil {
				return err
			}
		}
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		_, _, err := d.number()
		return err
	case c == 0:
		return d.truncated(d.pos, "a value")
	default:
		return d.fail(d.pos, wire.ErrInvalid, "want a JSON value, found %s", kindName(c))
	}
}

// nameSet remembers the names of the members of one object that no codec
// field took (unknown fields and the members of skipped objects), to find
// a name given twice. Names are kept as views of the input where they have
// no escapes (copied otherwise), the first eight in the set itself, so that
// a typical object costs no allocation; a map takes over past 16 names, so
// that an object with many members costs linear time.
type nameSet struct {
	small [8][]byte
	n     int
	more  [][]byte
	m     map[string]struct{}
}

// add records name (at offset off), or fails if it was seen before.
func (s *nameSet) add(d *decoder, name []byte, off int) error {
	if s.m != nil {
		if _, dup := s.m[string(name)]; dup {
			return d.duplicate(off, name)
		}
		s.m[string(name)] = struct{}{}
		return nil
	}
	for _, n := range s.small[:min(s.n, len(s.small))] {
		if string(n) == string(name) {
			return d.duplicate(off, name)
		}
	}
	for _, n := range s.more {
		if string(n) == string(name) {
			return d.duplicate(off, name)
		}
	}
	if d.escaped {
		name = append([]byte(nil), name...) // a view of scratch: copy it
	}
	switch {
	case s.n < len(s.small):
		s.small[s.n] = name
	case s.n < 16:
		s.more = append(s.more, name)
	default:
		s.m = make(map[string]struct{}, 2*s.n)
		for _, n := range s.small {
			s.m[string(n)] = struct{}{}
		}
		for _, n := range s.more {
			s.m[string(n)] = struct{}{}
		}
		s.m[string(name)] = struct{}{}
	}
	s.n++
	return nil
}

// nested starts reading a value that is an object and a nesting level
// (Variant, DataValue, DiagnosticInfo, ExtensionObject): ok is false for
// null (err nil) and on failure; otherwise the '{' is consumed and start
// is its offset. The caller leaves the level after the object.
func (d *decoder) nested(what string) (ok bool, start int, err error) {
	if isNull, err := d.null(); isNull || err != nil {
		return false, 0, err
	}
	start = d.pos
	if err := d.object(what); err != nil {
		return false, start, err
	}
	if err := d.enter(start); err != nil {
		return false, start, err
	}
	return true, start, nil
}

// unknown handles a member that no codec field takes: its name must not
// have been given before in the object (names), and its value is skipped.
func (d *decoder) unknown(names *nameSet, name []byte, off int) error {
	if err := names.add(d, name, off); err != nil {
		return err
	}
	if err := d.skip(); err != nil {
		return wire.WithPath(err, string(name))
	}
	return nil
}

// once records the member bit of an object in seen, or fails if the
// member (name, at offset off) was given before.
func (d *decoder) once(seen *int, bit int, name []byte, off int) error {
	if *seen&bit != 0 {
		return d.duplicate(off, name)
	}
	*seen |= bit
	return nil
}

// duplicate returns the error for a member name given twice.
func (d *decoder) duplicate(off int, name []byte) error {
	return d.fail(off, wire.ErrInvalid, "member %q given twice in one object", clip(name))
}

// end checks that nothing but white space follows the top-level value.
func (d *decoder) end() error {
	if c := d.peek(); c != 0 {
		return d.fail(d.pos, wire.ErrInvalid, "%s after the top-level value", kindName(c))
	}
	return nil
}
