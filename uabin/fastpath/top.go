package fastpath

import (
	"reflect"
	"time"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// The top-level entry points (erased.Codec.AppendTop, ConsumeTop) of the
// built-ins: a Writer or Reader on the stack of the closure, which calls
// the typed function directly (through a function value the Writer would
// escape to the heap; no codec here takes one). A Variant or DataValue
// that may hold an ExtensionObject body, which needs the call's registry,
// is left to the engine's usual path (mayHoldBody, by its type or by its
// first bytes): returning false before any work costs nothing, where a
// failure inside would build an error. As a second guard their Readers
// have hook.Deferred and their Writers no body codec, so that a body
// fails rather than being kept undecoded. The Writers are assigned field
// by field: a composite literal is built aside and copied, which stalls
// (docs/performance.md, entry 20).

func init() {
	setTop[types.NodeID](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendNodeID(&w, (*types.NodeID)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeNodeID(&r, (*types.NodeID)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.ExpandedNodeID](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendExpandedNodeID(&w, (*types.ExpandedNodeID)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeExpandedNodeID(&r, (*types.ExpandedNodeID)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[time.Time](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendTime(&w, (*time.Time)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeTime(&r, (*time.Time)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.GUID](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendGUID(&w, (*types.GUID)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeGUID(&r, (*types.GUID)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.QualifiedName](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendQualifiedName(&w, (*types.QualifiedName)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeQualifiedName(&r, (*types.QualifiedName)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.LocalizedText](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendLocalizedText(&w, (*types.LocalizedText)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeLocalizedText(&r, (*types.LocalizedText)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.Variant](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			v := (*types.Variant)(p)
			if mayHoldBody(v.Type()) {
				return b, false
			}
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendVariant(&w, v)
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			if len(b) > 0 && mayHoldBody(types.BuiltinType(b[0]&variantTypeMask)) {
				return 0, false
			}
			var r wire.Reader
			r.Init(b, l)
			*hook.ReaderBodies(&r) = hook.Deferred
			consumeVariant(&r, (*types.Variant)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.DataValue](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			dv := (*types.DataValue)(p)
			if mayHoldBody(dv.Value.Type()) {
				return b, false
			}
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendDataValue(&w, dv)
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			if len(b) > 1 && b[0]&dvValue != 0 && mayHoldBody(types.BuiltinType(b[1]&variantTypeMask)) {
				return 0, false
			}
			var r wire.Reader
			r.Init(b, l)
			*hook.ReaderBodies(&r) = hook.Deferred
			consumeDataValue(&r, (*types.DataValue)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.DiagnosticInfo](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			var w wire.Writer
			w.Buf, w.EmptyStrings, w.MaxDepth = b, e, d
			appendDiagnosticInfo(&w, (*types.DiagnosticInfo)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, l)
			consumeDiagnosticInfo(&r, (*types.DiagnosticInfo)(p))
			return r.Offset(), r.Err() == nil
		})
}

// setTop sets the top-level entry points of T's codec in list.
func setTop[T any](list []*erased.Codec, app func([]byte, bool, int, unsafe.Pointer) ([]byte, bool),
	cons func([]byte, *wire.Limits, unsafe.Pointer) (int, bool)) {
	for _, c := range list {
		if c.Type == reflect.TypeFor[T]() {
			c.AppendTop, c.ConsumeTop = app, cons
			return
		}
	}
	panic("fastpath: no codec of " + reflect.TypeFor[T]().String())
}

// mayHoldBody reports whether a Variant of built-in type t may hold an
// ExtensionObject body: an ExtensionObject, or a DataValue or Variant
// (array) that nests one.
func mayHoldBody(t types.BuiltinType) bool {
	return t == types.TypeExtensionObject || t == types.TypeDataValue || t == types.TypeVariant
}
