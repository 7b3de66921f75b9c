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
