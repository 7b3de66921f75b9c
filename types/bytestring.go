package types

// ByteString is an OPC UA ByteString (Part 6 §5.2.2.7). A plain []byte is
// encoded the same way; this named type exists for its String method and
// for clarity in Variants. nil is the null ByteString.
type ByteString []byte

// String returns "0x" followed by the bytes in upper-case hex
// ("0x0102FF"), or "null" for the null ByteString.
func (b ByteString) String() string { return string(appendBytesText(nil, b, -1)) }

// IsNull reports whether b is the null ByteString (nil, length -1 on the
// wire); an empty non-nil ByteString is not null.
func (b ByteString) IsNull() bool { return b == nil }
