package fastpath

import (
	"reflect"
	"time"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// The top-level entry points (erased.Codec.AppendTop, ConsumeTop) of the
// built-ins that need nothing of the call: a Writer or Reader on the
// stack of the closure, which calls the typed function directly (through a
// function value the Writer would escape to the heap).

func init() {
	setTop[types.NodeID](builtins,
		func(b []byte, e bool, p unsafe.Pointer) ([]byte, bool) {
			w := wire.Writer{Buf: b, EmptyStrings: e}
			appendNodeID(&w, (*types.NodeID)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, &l)
			consumeNodeID(&r, (*types.NodeID)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.ExpandedNodeID](builtins,
		func(b []byte, e bool, p unsafe.Pointer) ([]byte, bool) {
			w := wire.Writer{Buf: b, EmptyStrings: e}
			appendExpandedNodeID(&w, (*types.ExpandedNodeID)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, &l)
			consumeExpandedNodeID(&r, (*types.ExpandedNodeID)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[time.Time](builtins,
		func(b []byte, e bool, p unsafe.Pointer) ([]byte, bool) {
			w := wire.Writer{Buf: b, EmptyStrings: e}
			appendTime(&w, (*time.Time)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, &l)
			consumeTime(&r, (*time.Time)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.GUID](fastPaths,
		func(b []byte, e bool, p unsafe.Pointer) ([]byte, bool) {
			w := wire.Writer{Buf: b, EmptyStrings: e}
			appendGUID(&w, (*types.GUID)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, &l)
			consumeGUID(&r, (*types.GUID)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.QualifiedName](fastPaths,
		func(b []byte, e bool, p unsafe.Pointer) ([]byte, bool) {
			w := wire.Writer{Buf: b, EmptyStrings: e}
			appendQualifiedName(&w, (*types.QualifiedName)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, &l)
			consumeQualifiedName(&r, (*types.QualifiedName)(p))
			return r.Offset(), r.Err() == nil
		})
	setTop[types.LocalizedText](fastPaths,
		func(b []byte, e bool, p unsafe.Pointer) ([]byte, bool) {
			w := wire.Writer{Buf: b, EmptyStrings: e}
			appendLocalizedText(&w, (*types.LocalizedText)(p))
			return w.Buf, w.Err() == nil
		},
		func(b []byte, l wire.Limits, p unsafe.Pointer) (int, bool) {
			var r wire.Reader
			r.Init(b, &l)
			consumeLocalizedText(&r, (*types.LocalizedText)(p))
			return r.Offset(), r.Err() == nil
		})
}

// setTop sets the top-level entry points of T's codec in list.
func setTop[T any](list []*erased.Codec, app func([]byte, bool, unsafe.Pointer) ([]byte, bool),
	cons func([]byte, wire.Limits, unsafe.Pointer) (int, bool)) {
	for _, c := range list {
		if c.Type == reflect.TypeFor[T]() {
			c.AppendTop, c.ConsumeTop = app, cons
			return
		}
	}
	panic("fastpath: no codec of " + reflect.TypeFor[T]().String())
}
