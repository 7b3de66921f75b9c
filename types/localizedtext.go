package types

// LocalizedText is an OPC UA LocalizedText (Part 6 §5.2.2.14): a text with
// an optional locale. Wire form: an encoding mask Byte (0x01 Locale, 0x02
// Text), then the Locale and the Text, each only when non-empty.
// Comparable.
type LocalizedText struct {
	_      uint8  `ua:"mask"`
	Locale string `ua:"String,bit=0"`
	Text   string `ua:"String,bit=1"`
}

// NewLocalizedText returns the LocalizedText with the given locale (an
// RFC 5646 tag such as "en-US", or "" for none) and text.
func NewLocalizedText(locale, text string) LocalizedText {
	return LocalizedText{Locale: locale, Text: text}
}

// String returns the text, prefixed by the locale in brackets when there
// is one: "Pump 1", "[de-DE] Pumpe 1".
func (l LocalizedText) String() string {
	if l.Locale == "" {
		return l.Text
	}
	return "[" + l.Locale + "] " + l.Text
}

// IsEmpty reports whether l has neither locale nor text (it is encoded as
// the single byte 00).
func (l LocalizedText) IsEmpty() bool { return l.Locale == "" && l.Text == "" }
