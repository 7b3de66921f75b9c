package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// LocalizedText encoding mask bits (Part 6 §5.2.2.14).
const (
	ltLocale = 0x01
	ltText   = 0x02
)

// appendLocalizedText appends the mask and each non-empty field.
func appendLocalizedText(w *wire.Writer, l *types.LocalizedText) {
	var mask byte
	if present(l.Locale) {
		mask |= ltLocale
	}
	if present(l.Text) {
		mask |= ltText
	}
	w.Uint8(mask)
	if mask&ltLocale != 0 {
		w.Str(l.Locale)
	}
	if mask&ltText != 0 {
		w.Str(l.Text)
	}
}

// consumeLocalizedText decodes a LocalizedText; mask bits 0x04..0x80 are
// ErrInvalid. Text equal to what l holds is kept without allocating.
func consumeLocalizedText(r *wire.Reader, l *types.LocalizedText) {
	mask := r.Uint8()
	if mask&^(ltLocale|ltText) != 0 {
		r.FailAt(r.Offset()-1, wire.ErrInvalid, "LocalizedText encoding mask 0x%02x has unassigned bits", mask)
		return
	}
	locale, text := "", ""
	if mask&ltLocale != 0 {
		locale = consumeStr(r, l.Locale)
	}
	if mask&ltText != 0 {
		text = consumeStr(r, l.Text)
	}
	l.Locale, l.Text = locale, text
}
