package jsonenc

import (
	"encoding/binary"
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/uabin/wire"
)

// encoder appends the JSON text of one top-level value to b. It is the
// writer half of the tokenizer (docs/json.md, The tokenizer): every method
// appends to b, and every string written goes through str or key, which
// check UTF-8 and escape by RFC 8259 §7.
type encoder struct {
	b   []byte
	t   tables
	enc Encoding

	// indent is Options.Indent; level is the current nesting of objects
	// and arrays, for the line breaks of indented output.
	indent string
	level  int

	// depth counts the levels entered with enter (Variants, DataValues,
	// DiagnosticInfos, ExtensionObjects, structures), as the binary
	// encoder does, against maxDepth.
	depth, maxDepth int

	// dt writes DateTimes, keeping the text of the last second.
	dt uatext.DateTimeText
}

// enter records one more level of nesting; past maxDepth it fails with
// ErrLimitExceeded, so that a cyclic value (a DiagnosticInfo that is its own
// inner one) fails instead of exhausting the stack.
func (e *encoder) enter() error {
	e.depth++
	if e.depth > e.maxDepth {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrLimitExceeded, "nesting deeper than %d levels", e.maxDepth)}
	}
	return nil
}

func (e *encoder) leave() { e.depth-- }

// newline starts a new line at the current level (indented output only).
func (e *encoder) newline() {
	e.b = append(e.b, '\n')
	for i := 0; i < e.level; i++ {
		e.b = append(e.b, e.indent...)
	}
}

// open appends '{' or '[' and enters the container.
func (e *encoder) open(c byte) {
	e.b = append(e.b, c)
	e.level++
}

// close leaves the container opened with open and appends c ('}' or ']');
// empty says whether nothing was written inside it.
func (e *encoder) close(c byte, empty bool) {
	e.level--
	if e.indent != "" && !empty {
		e.newline()
	}
	e.b = append(e.b, c)
}

// elem starts an array element: a comma unless first, then the line break
// of indented output.
func (e *encoder) elem(first bool) {
	if !first {
		e.b = append(e.b, ',')
	}
	if e.indent != "" {
		e.newline()
	}
}

// key starts an object member named name, a constant of this package or a
// field name of the model (ASCII letters and digits, so it needs no
// escaping): the comma unless first, the line break of indented output,
// and "name": .
func (e *encoder) key(name string, first bool) {
	if !first {
		e.b = append(e.b, ',')
	}
	if e.indent != "" {
		e.newline()
		e.b = append(e.b, '"')
		e.b = append(e.b, name...)
		e.b = append(e.b, `": `...)
		return
	}
	e.b = append(e.b, '"')
	e.b = append(e.b, name...)
	e.b = append(e.b, `":`...)
}

// keyQuoted is key for a name given as JSON text with its quotes (a
// field name of a plan, escaped once when the plan was made).
func (e *encoder) keyQuoted(quoted []byte, first bool) {
	if !first {
		e.b = append(e.b, ',')
	}
	if e.indent != "" {
		e.newline()
		e.b = append(e.b, quoted...)
		e.b = append(e.b, ": "...)
		return
	}
	e.b = append(e.b, quoted...)
	e.b = append(e.b, ':')
}

// null appends the literal null.
func (e *encoder) null() { e.b = append(e.b, "null"...) }

// boolean appends true or false.
func (e *encoder) boolean(v bool) {
	if v {
		e.b = append(e.b, "true"...)
	} else {
		e.b = append(e.b, "false"...)
	}
}

// int appends v as a JSON number.
func (e *encoder) int(v int64) { e.b = strconv.AppendInt(e.b, v, 10) }

// uint appends v as a JSON number.
func (e *encoder) uint(v uint64) { e.b = strconv.AppendUint(e.b, v, 10) }

// int64 appends v as a JSON string holding the decimal number (Part 6
// §5.4.2.3: Int64 and UInt64 are JSON strings).
func (e *encoder) int64(v int64) {
	e.b = append(e.b, '"')
	e.b = strconv.AppendInt(e.b, v, 10)
	e.b = append(e.b, '"')
}

// uint64 appends v as a JSON string holding the decimal number.
func (e *encoder) uint64(v uint64) {
	e.b = append(e.b, '"')
	e.b = strconv.AppendUint(e.b, v, 10)
	e.b = append(e.b, '"')
}

// float appends v (bits 32 or 64) as a JSON number, or as the JSON string
// "NaN", "Infinity" or "-Infinity" (Part 6 §5.4.2.4). Finite values are
// written in the shortest form that reads back to the same value: plain
// decimal for magnitudes in [1e-6, 1e21), exponent form otherwise (the
// ECMAScript rule that encoding/json follows too).
func (e *encoder) float(v float64, bits int) {
	switch {
	case v != v:
		e.b = append(e.b, `"NaN"`...)
		return
	case v > math.MaxFloat64:
		e.b = append(e.b, `"Infinity"`...)
		return
	case v < -math.MaxFloat64:
		e.b = append(e.b, `"-Infinity"`...)
		return
	}
	// Whole numbers below 2^53 are exact as integers, and AppendInt is
	// about four times as fast as the shortest-float search (half of W2's
	// Double[1000] and many measured values are whole).
	if v == math.Trunc(v) && v > -1<<53 && v < 1<<53 && (v != 0 || !math.Signbit(v)) {
		e.b = strconv.AppendInt(e.b, int64(v), 10)
		return
	}
	abs := math.Abs(v)
	fmtc := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmtc = 'e'
		}
	}
	start := len(e.b)
	e.b = strconv.AppendFloat(e.b, v, fmtc, -1, bits)
	if fmtc == 'e' {
		// Shorten e-09 to e-9, as ECMAScript does.
		n := len(e.b) - start
		if n >= 4 && e.b[len(e.b)-4] == 'e' && e.b[len(e.b)-3] == '-' && e.b[len(e.b)-2] == '0' {
			e.b[len(e.b)-2] = e.b[len(e.b)-1]
			e.b = e.b[:len(e.b)-1]
		}
	}
}

// escapeTable marks the ASCII bytes that cannot be written as they are in a
// JSON string: the control characters, '"' and '\\'; bytes ≥ 0x80 are
// marked too, to check them as UTF-8.
var escapeTable = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'], t['\\'] = true, true
	for i := 0x80; i < 0x100; i++ {
		t[i] = true
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// str appends s as a JSON string. A string that is not valid UTF-8 has no
// JSON form (RFC 8259 §8.1): it is an ErrInvalid error, never a silent
// replacement.
func (e *encoder) str(s string) error {
	e.b = append(e.b, '"')
	if err := e.strBody(s); err != nil {
		return err
	}
	e.b = append(e.b, '"')
	return nil
}

// SWAR constants: one in every byte, and the high bit of every byte.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plain8 reports whether none of the 8 bytes of x (little-endian) needs
// escaping or UTF-8 checking: no control character, '"', '\\' or byte
// above 0x7F.
func plain8(x uint64) bool {
	hasLess := (x - ones*0x20) & ^x & highs
	q := x ^ (ones * '"')
	hasQuote := (q - ones) & ^q & highs
	bs := x ^ (ones * '\\')
	hasBackslash := (bs - ones) & ^bs & highs
	return (hasLess | hasQuote | hasBackslash | x&highs) == 0
}

// strBody appends the escaped text of s, without the quotes.
func (e *encoder) strBody(s string) error {
	start := 0
	bs := unsafe.Slice(unsafe.StringData(s), len(s))
	for i := 0; i < len(s); {
		if i+8 <= len(bs) && plain8(binary.LittleEndian.Uint64(bs[i:])) {
			i += 8
			continue
		}
		c := s[i]
		if !escapeTable[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "string is not valid UTF-8 (byte %#02x at %d)", c, i)}
			}
			i += size
			continue
		}
		e.b = append(e.b, s[start:i]...)
		switch c {
		case '"', '\\':
			e.b = append(e.b, '\\', c)
		case '\n':
			e.b = append(e.b, '\\', 'n')
		case '\r':
			e.b = append(e.b, '\\', 'r')
		case '\t':
			e.b = append(e.b, '\\', 't')
		case '\b':
			e.b = append(e.b, '\\', 'b')
		case '\f':
			e.b = append(e.b, '\\', 'f')
		default:
			e.b = append(e.b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	e.b = append(e.b, s[start:]...)
	return nil
}
