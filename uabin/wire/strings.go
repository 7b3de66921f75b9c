package wire

import "unsafe"

// Null and empty Strings (Part 6 §5.2.2.4) both decode to "", and a Go
// string cannot say which it was by its value. It can by its data pointer:
// an empty String decodes to EmptyString, whose (zero-length) data is the
// byte emptyByte, and a null String to "", whose data pointer is nil. The
// two are equal as Go values (== and len see no difference), but
// Writer.Str writes EmptyString as an empty String and any other "" as
// null, so that a String re-encodes as it was decoded, while a "" that a
// program builds keeps the default (null, or empty with EmptyStrings).

// emptyByte is what EmptyString points to; it is never read or written.
var emptyByte byte

// EmptyString is "" as an empty (not null) String decodes: it equals "",
// and Writer.Str writes it as an empty String (length 0) whatever
// EmptyStrings says. Assign it to a string field to send an empty String
// where the default would send null.
var EmptyString = unsafe.String(&emptyByte, 0)

// IsEmptyString reports whether s is EmptyString, an empty String as
// decoded, rather than any other "".
func IsEmptyString(s string) bool { return len(s) == 0 && unsafe.StringData(s) == &emptyByte }

// An ExtensionObject body is an Int32 length and that many bytes; a length
// of -1 is not in Part 6, but some servers send it for an empty body. It
// decodes to a raw empty body, NullBody, which Writer code writes back as
// -1, so that such an ExtensionObject re-encodes as it came; an empty Body
// that a program builds (nil or []byte{}) is written with length 0, the
// canonical form. NullBody is told apart by its data pointer, as
// EmptyString is.

// nullBodyByte is what NullBody points to; it is never read or written
// (NullBody has capacity 0, so an append copies).
var nullBodyByte byte

// NullBody is the Body of an ExtensionObject decoded from a body length of
// -1: empty, and written back as -1. Assign it to send that form to a
// legacy peer that expects it.
var NullBody = unsafe.Slice(&nullBodyByte, 1)[:0:0]

// IsNullBody reports whether b is NullBody, rather than any other empty
// slice.
func IsNullBody(b []byte) bool { return cap(b) == 0 && unsafe.SliceData(b) == &nullBodyByte }
