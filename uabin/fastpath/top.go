package fastpath

import (
	"encoding/binary"
	"reflect"
	"time"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/bulk"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// The top-level entry points (erased.Codec.AppendTop, ConsumeTop) of the
// built-ins: the one stack path (erased.AppendStack, ConsumeStack) with
// each typed function, called directly (through a function value the
// Writer would escape to the heap; no codec here takes one). A Variant or
// DataValue that may hold an ExtensionObject body, which needs the call's
// registry, is left to the engine's usual path (mayHoldBody, by its type
// or by its first bytes): returning false before any work costs nothing,
// where a failure inside would build an error. As a second guard their
// Readers have hook.Deferred and their Writers no body codec, so that a
// body fails rather than being kept undecoded.

func init() {
	setTop[types.NodeID](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			if n := (*types.NodeID)(p); n.Type() == types.IDTypeNumeric {
				return appendNumericNodeID(b, n.Namespace(), n.IntID()), true
			}
			return erased.AppendStack(b, e, d, (*types.NodeID)(p), appendNodeID)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			// The numeric forms directly, without a Reader (as appendNodeID
			// and consumeNodeID write and read them); the others, and input
			// too short, through consumeNodeID.
			switch {
			case len(b) >= 2 && b[0] == formTwoByte:
				*(*types.NodeID)(p) = types.NewNumericNodeID(0, uint32(b[1]))
				return 2, true
			case len(b) >= 4 && b[0] == formFourByte:
				*(*types.NodeID)(p) = types.NewNumericNodeID(uint16(b[1]), uint32(binary.LittleEndian.Uint16(b[2:])))
				return 4, true
			case len(b) >= 7 && b[0] == formNumeric:
				*(*types.NodeID)(p) = types.NewNumericNodeID(binary.LittleEndian.Uint16(b[1:]), binary.LittleEndian.Uint32(b[3:]))
				return 7, true
			}
			return erased.ConsumeStack(b, l, (*types.NodeID)(p), consumeNodeID)
		})
	setTop[types.ExpandedNodeID](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			return erased.AppendStack(b, e, d, (*types.ExpandedNodeID)(p), appendExpandedNodeID)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			return erased.ConsumeStack(b, l, (*types.ExpandedNodeID)(p), consumeExpandedNodeID)
		})
	// time.Time and GUID are fixed-size: their bytes are read and
	// appended directly, without a Writer or Reader (as the engine's
	// fixed-size primitives; issue 33, item 3), the rules of appendTime,
	// consumeTime, appendGUID and consumeGUID. Input too short reports
	// failure: the usual path gives the error.
	setTop[time.Time](builtins,
		func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			return binary.LittleEndian.AppendUint64(b, uint64(types.DateTimeFromTime(*(*time.Time)(p)))), true
		},
		func(b []byte, _ *wire.Limits, p unsafe.Pointer) (int, bool) {
			if len(b) < 8 {
				return 0, false
			}
			*(*time.Time)(p) = types.DateTime(binary.LittleEndian.Uint64(b)).Time()
			return 8, true
		})
	setTop[types.GUID](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			if bulk.LittleEndian { // the memory of a GUID is its wire form (appendGUID)
				return append(b, (*[16]byte)(p)[:]...), true
			}
			return erased.AppendStack(b, e, d, (*types.GUID)(p), appendGUID)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			if bulk.LittleEndian {
				if len(b) < 16 {
					return 0, false
				}
				*(*[16]byte)(p) = [16]byte(b)
				return 16, true
			}
			return erased.ConsumeStack(b, l, (*types.GUID)(p), consumeGUID)
		})
	setTop[types.QualifiedName](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			return erased.AppendStack(b, e, d, (*types.QualifiedName)(p), appendQualifiedName)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			return erased.ConsumeStack(b, l, (*types.QualifiedName)(p), consumeQualifiedName)
		})
	setTop[types.LocalizedText](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			return erased.AppendStack(b, e, d, (*types.LocalizedText)(p), appendLocalizedText)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			return erased.ConsumeStack(b, l, (*types.LocalizedText)(p), consumeLocalizedText)
		})
	setTop[types.Variant](builtins,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			v := (*types.Variant)(p)
			if mayHoldBody(v.Type()) {
				return b, false
			}
			return erased.AppendStack(b, e, d, v, appendVariant)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			if len(b) > 0 && mayHoldBody(types.BuiltinType(b[0]&variantTypeMask)) {
				return 0, false
			}
			return erased.ConsumeStackDeferred(b, l, (*types.Variant)(p), consumeVariant)
		})
	setTop[types.DataValue](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			dv := (*types.DataValue)(p)
			if mayHoldBody(dv.Value.Type()) {
				return b, false
			}
			return erased.AppendStack(b, e, d, dv, appendDataValue)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			if len(b) > 1 && b[0]&dvValue != 0 && mayHoldBody(types.BuiltinType(b[1]&variantTypeMask)) {
				return 0, false
			}
			return erased.ConsumeStackDeferred(b, l, (*types.DataValue)(p), consumeDataValue)
		})
	setTop[types.DiagnosticInfo](fastPaths,
		func(b []byte, e bool, d int, p unsafe.Pointer) ([]byte, bool) {
			return erased.AppendStack(b, e, d, (*types.DiagnosticInfo)(p), appendDiagnosticInfo)
		},
		func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
			return erased.ConsumeStack(b, l, (*types.DiagnosticInfo)(p), consumeDiagnosticInfo)
		})
}

// setTop sets the top-level entry points of T's codec in list.
func setTop[T any](list []*erased.Codec, app erased.AppendTop, cons erased.ConsumeTop) {
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
