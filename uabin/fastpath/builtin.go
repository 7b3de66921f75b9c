package fastpath

import (
	"reflect"
	"time"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// builtinCodecs are the codecs of the built-in types that the ua: tags
// cannot describe, by Go type; the engine always uses them, whatever its
// options (every Set holds them).
var builtinCodecs = func() map[reflect.Type]*erased.Codec {
	m := make(map[reflect.Type]*erased.Codec, len(builtins))
	for _, c := range builtins {
		m[c.Type] = c
	}
	return m
}()

// builtins are the codecs of builtinCodecs, in a list.
var builtins = []*erased.Codec{
	{Type: reflect.TypeFor[types.NodeID](), MinSize: 2,
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { appendNodeID(w, (*types.NodeID)(p)); return true },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { consumeNodeID(r, (*types.NodeID)(p)); return true },
		IsZero:  func(p unsafe.Pointer) bool { return *(*types.NodeID)(p) == types.NodeID{} }},
	{Type: reflect.TypeFor[types.ExpandedNodeID](), MinSize: 2,
		Append: func(w *wire.Writer, p unsafe.Pointer) bool {
			appendExpandedNodeID(w, (*types.ExpandedNodeID)(p))
			return true
		},
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool {
			consumeExpandedNodeID(r, (*types.ExpandedNodeID)(p))
			return true
		},
		IsZero: func(p unsafe.Pointer) bool { return *(*types.ExpandedNodeID)(p) == types.ExpandedNodeID{} }},
	{Type: reflect.TypeFor[time.Time](), MinSize: 8,
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { appendTime(w, (*time.Time)(p)); return true },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { consumeTime(r, (*time.Time)(p)); return true },
		IsZero:  func(p unsafe.Pointer) bool { return (*time.Time)(p).IsZero() }},
	{Type: reflect.TypeFor[types.Variant](), MinSize: 1,
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { appendVariant(w, (*types.Variant)(p)); return true },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { consumeVariant(r, (*types.Variant)(p)); return true },
		IsZero:  func(p unsafe.Pointer) bool { return (*types.Variant)(p).IsNull() }},
	{Type: reflect.TypeFor[types.ExtensionObject](), MinSize: 3,
		Append: func(w *wire.Writer, p unsafe.Pointer) bool {
			appendExtensionObject(w, (*types.ExtensionObject)(p))
			return true
		},
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool {
			consumeExtensionObject(r, (*types.ExtensionObject)(p))
			return true
		},
		IsZero: func(p unsafe.Pointer) bool {
			x := (*types.ExtensionObject)(p)
			return x.TypeID == types.NodeID{} && x.Encoding == 0 && x.Value == nil && x.Body == nil
		}},
}

// fastPaths are the fast paths of the structure-shaped built-in types,
// which every Set starts with; their tags describe the same encoding. Like
// the built-ins above they never decline. Each closure calls its typed
// function directly: one indirect call per value (a generic wrapper over a
// function value made two, 1% of W5 decoding).
var fastPaths = []*erased.Codec{
	{Type: reflect.TypeFor[types.GUID](),
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { appendGUID(w, (*types.GUID)(p)); return true },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { consumeGUID(r, (*types.GUID)(p)); return true }},
	{Type: reflect.TypeFor[types.QualifiedName](),
		Append: func(w *wire.Writer, p unsafe.Pointer) bool {
			appendQualifiedName(w, (*types.QualifiedName)(p))
			return true
		},
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool {
			consumeQualifiedName(r, (*types.QualifiedName)(p))
			return true
		}},
	{Type: reflect.TypeFor[types.LocalizedText](),
		Append: func(w *wire.Writer, p unsafe.Pointer) bool {
			appendLocalizedText(w, (*types.LocalizedText)(p))
			return true
		},
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool {
			consumeLocalizedText(r, (*types.LocalizedText)(p))
			return true
		}},
	{Type: reflect.TypeFor[types.DataValue](),
		Append:  func(w *wire.Writer, p unsafe.Pointer) bool { appendDataValue(w, (*types.DataValue)(p)); return true },
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool { consumeDataValue(r, (*types.DataValue)(p)); return true }},
	{Type: reflect.TypeFor[types.DiagnosticInfo](),
		Append: func(w *wire.Writer, p unsafe.Pointer) bool {
			appendDiagnosticInfo(w, (*types.DiagnosticInfo)(p))
			return true
		},
		Consume: func(r *wire.Reader, p unsafe.Pointer) bool {
			consumeDiagnosticInfo(r, (*types.DiagnosticInfo)(p))
			return true
		}},
}

// present reports whether a string field whose presence is not written
// elsewhere (LocalizedText's mask, ExpandedNodeId's flag) is sent: when it
// is not "", or when it is an empty String as decoded.
func present(s string) bool { return s != "" || wire.IsEmptyString(s) }

// consumeStr consumes a String for decoding over old (wire.Reader.StrOver).
func consumeStr(r *wire.Reader, old string) string { return r.StrOver(old) }

// consumeByteString consumes a ByteString into new memory: null gives nil,
// empty a non-nil empty slice. The memory of the value decoded into is
// never reused, since other elements or values may share it. With
// Limits.ShareInput it is the input's memory.
func consumeByteString(r *wire.Reader) []byte {
	b := r.ByteStringRaw()
	if b == nil || r.Limits.ShareInput { // shared: the input's memory, capacity capped
		return b
	}
	return append(make([]byte, 0, len(b)), b...)
}
