package xmlenc

// The text layer of encoding: elements and escaped character data.

import (
	"reflect"
	"unicode/utf8"

	"github.com/uabin/uabin/internal/uatext"
	"github.com/uabin/uabin/uabin/wire"
)

// encoder is the state of one encoding call.
type encoder struct {
	b []byte
	t tables
	// depth counts the levels entered (Variants, DataValues,
	// DiagnosticInfos, ExtensionObjects, structures that can contain
	// themselves) against maxDepth, as the binary encoder does.
	depth, maxDepth int
	// top: the next element is the top-level one, which carries the
	// xmlns of the OPC UA types.
	top bool
	dt  uatext.DateTimeText
}

// enter records one more level of nesting.
func (e *encoder) enter() error {
	if e.depth++; e.depth > e.maxDepth {
		return &wire.EncodeError{Err: wire.Errorf(wire.ErrLimitExceeded, "nesting depth above MaxDepth %d", e.maxDepth)}
	}
	return nil
}

func (e *encoder) leave() { e.depth-- }

// open writes the start tag of name.
func (e *encoder) open(name string) {
	e.b = append(append(e.b, '<'), name...)
	if e.top {
		e.b = append(e.b, ` xmlns="`+TypesNamespace+`">`...)
		e.top = false
		return
	}
	e.b = append(e.b, '>')
}

// close writes the end tag of name.
func (e *encoder) close(name string) {
	e.b = append(append(append(e.b, '<', '/'), name...), '>')
}

// nilElement writes <name xsi:nil="true" />, a null value where an
// element must stand (an array element, a Variant's value).
func (e *encoder) nilElement(name string) {
	e.b = append(e.b, '<')
	e.b = append(e.b, name...)
	if e.top {
		e.b = append(e.b, ` xmlns="`+TypesNamespace+`"`...)
		e.top = false
	}
	e.b = append(e.b, ` xmlns:xsi="`+XSINamespace+`" xsi:nil="true" />`...)
}

// element writes v as the element name with the codec c.
func (e *encoder) element(name string, c *codec, v reflect.Value) error {
	if c.null != nil && c.null(v) {
		e.nilElement(name)
		return nil
	}
	e.open(name)
	if err := c.enc(e, v); err != nil {
		return err
	}
	e.close(name)
	return nil
}

// text writes s as character data, escaped. Characters that XML 1.0 cannot
// hold (C0 controls other than tab, newline and carriage return) and text
// that is not UTF-8 are an error.
func (e *encoder) text(s string) error {
	start := 0
	i := plainPrefix(s)
	for i < len(s) {
		c := s[i]
		if !textStop[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || r == 0xFFFE || r == 0xFFFF {
				return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "text is not UTF-8 XML characters at byte %d", i)}
			}
			i += n
			continue
		}
		var esc string
		switch c {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '\r':
			esc = "&#xD;"
		case '\t', '\n':
		default:
			if c < 0x20 {
				return &wire.EncodeError{Err: wire.Errorf(wire.ErrInvalid, "character U+%04X at byte %d cannot be written in XML 1.0", c, i)}
			}
		}
		if esc != "" {
			e.b = append(e.b, s[start:i]...)
			e.b = append(e.b, esc...)
			start = i + 1
		}
		i++
	}
	e.b = append(e.b, s[start:]...)
	return nil
}

// textStop marks the bytes text looks at: what is escaped or refused, and
// the bytes of non-ASCII characters (checked for UTF-8); text copies the
// others as they are.
var textStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = c != '\t' && c != '\n'
	}
	for c := utf8.RuneSelf; c < 0x100; c++ {
		t[c] = true
	}
	t['<'], t['>'], t['&'] = true, true, true
	return t
}()

// plainPrefix returns the length of a prefix of s, a multiple of 8 bytes
// or all of s, that text copies as it is: printable ASCII without '<', '>'
// and '&'.
func plainPrefix(s string) int { return plainWords(s, '<', '>', '&') }

// plainWords returns the length of the prefix of s, in whole words of 8
// bytes or all of s, that holds printable ASCII (0x20-0x7F) other than a,
// b and c, tested a word at a time (the last one overlapping the others).
func plainWords(s string, a, b, c byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// zero reports whether a byte of x is 0.
	zero := func(x uint64) bool { return (x-ones)&^x&highs != 0 }
	wa, wb, wc := uint64(a)*ones, uint64(b)*ones, uint64(c)*ones
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if (w|(w-0x20*ones))&highs != 0 || zero(w^wa) || zero(w^wb) || zero(w^wc) {
			return i
		}
	}
	if i < len(s) && i >= 8 && plainWords(s[len(s)-8:], a, b, c) == 8 {
		return len(s) // the last word, overlapping the plain ones, is plain
	}
	return i
}
