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
	e.b = append(e.b, '<')
	e.b = append(e.b, name...)
	if e.top {
		e.b = append(e.b, ` xmlns="`+TypesNamespace+`"`...)
		e.top = false
	}
	e.b = append(e.b, '>')
}

// close writes the end tag of name.
func (e *encoder) close(name string) {
	e.b = append(e.b, "</"...)
	e.b = append(e.b, name...)
	e.b = append(e.b, '>')
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
	for i := 0; i < len(s); {
		c := s[i]
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
