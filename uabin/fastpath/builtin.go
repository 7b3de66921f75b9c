package fastpath

import (
	"reflect"
	"time"

	"github.com/uabin/uabin/types"
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// builtins are the codecs of the built-in types that the ua: tags cannot
// describe; the engine always uses them, whatever its options.
var builtins = []*erased.Codec{
	builtin(appendNodeID, consumeNodeID, 2, isZero[types.NodeID]),
	builtin(appendExpandedNodeID, consumeExpandedNodeID, 2, isZero[types.ExpandedNodeID]),
	builtin(appendTime, consumeTime, 8, func(t *time.Time) bool { return t.IsZero() }),
	builtin(appendVariant, consumeVariant, 1, func(v *types.Variant) bool { return v.IsNull() }),
	builtin(appendExtensionObject, consumeExtensionObject, 3, func(x *types.ExtensionObject) bool {
		return x.TypeID == types.NodeID{} && x.Encoding == 0 && x.Value == nil && x.Body == nil
	}),
}

// fastPaths are the fast paths of the structure-shaped built-in types,
// which every Set starts with; their tags describe the same encoding.
var fastPaths = []*erased.Codec{
	fastPath(appendGUID, consumeGUID),
	fastPath(appendQualifiedName, consumeQualifiedName),
	fastPath(appendLocalizedText, consumeLocalizedText),
	fastPath(appendDataValue, consumeDataValue),
	fastPath(appendDiagnosticInfo, consumeDiagnosticInfo),
}

// builtin erases a built-in codec, which never declines.
func builtin[T any](app func(*wire.Writer, *T), cons func(*wire.Reader, *T), minSize int, zero func(*T) bool) *erased.Codec {
	c := fastPath(app, cons)
	c.MinSize = minSize
	c.IsZero = func(p unsafe.Pointer) bool { return zero((*T)(p)) }
	return c
}

// fastPath erases a built-in fast path, which never declines. The
// closures call the typed functions directly: one indirect call per value.
func fastPath[T any](app func(*wire.Writer, *T), cons func(*wire.Reader, *T)) *erased.Codec {
	return &erased.Codec{
		Type:    reflect.TypeFor[T](),
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { app(w, (*T)(p)); return true },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { cons(r, (*T)(p)); return true },
	}
}

// present reports whether a string field whose presence is not written
// elsewhere (LocalizedText's mask, ExpandedNodeId's flag) is sent: when it
// is not "", or when it is an empty String as decoded.
func present(s string) bool { return s != "" || wire.IsEmptyString(s) }

func isZero[T comparable](v *T) bool {
	var zero T
	return *v == zero
}

// consumeStr consumes a String for decoding over old (wire.Reader.StrOver).
func consumeStr(r *wire.Reader, old string) string { return r.StrOver(old) }

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
