package fastpath

import (
	"reflect"

	"github.com/uabin/uabin/uabin/wire"
)

// builtins lists the built-in fast paths, one per hot built-in type. It is
// built at package initialisation and never changed.
var builtins = []*Codec{
	nodeIDCodec,
	expandedNodeIDCodec,
	guidCodec,
	dateTimeCodec,
	timeCodec,
	statusCodeCodec,
	qualifiedNameCodec,
	localizedTextCodec,
	variantCodec,
	dataValueCodec,
	diagnosticInfoCodec,
	extensionObjectCodec,
}

var builtinByType = func() map[reflect.Type]*Codec {
	m := make(map[reflect.Type]*Codec, len(builtins))
	for _, c := range builtins {
		m[c.Type] = c
	}
	return m
}()

// maxEncodeDepth bounds the nesting that the size functions follow, so that
// a cyclic value (a DiagnosticInfo that is its own inner one, a []Variant
// holding itself) gives -1 instead of overflowing the stack. Encoding
// itself counts levels with wire.Writer.Enter, one counter shared with the
// engine and limited by Options.MaxDepth.
const maxEncodeDepth = wire.DefaultMaxDepth

// Helpers shared by the codecs of several types: String and ByteString
// bodies read without an intermediate copy.

// sizeStr is the wire size of a String (or a ByteString of len(s) bytes):
// the Int32 length and the bytes. A null and an empty String both take 4.
func sizeStr(s string) int { return 4 + len(s) }

// consumeStr consumes a String (null and empty give ""). If the text
// equals old, old itself is returned, so decoding the same text into a
// reused value (a NodeID, a LocalizedText, a Variant) does not allocate;
// the result is the same string value either way.
func consumeStr(r *wire.Reader, old string) string {
	b := r.StrRaw()
	switch {
	case len(b) == 0:
		return ""
	case string(b) == old: // compared without a conversion
		return old
	}
	return string(b)
}

// consumeByteString consumes a ByteString into new memory: null gives nil,
// empty a non-nil empty slice. The memory of the value decoded into is
// never reused, since other elements or values may share it.
func consumeByteString(r *wire.Reader) []byte {
	b := r.ByteStringRaw()
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}
