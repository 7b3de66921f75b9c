package engine

import (
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// primitiveStack returns the stack path of a fixed-size primitive (Bool to
// Float64): a closure per op that calls the Writer's or Reader's rule for
// it directly, without appendPrimitive's or consumePrimitive's switch (a
// call and a jump, a fifth of encoding a UInt32 through Codec[T]; log
// entry 37). Nil for the others (String: its rule can fail and takes the
// general closure of setStack).
func primitiveStack(o op) (erased.AppendTop, erased.ConsumeTop) {
	switch o {
	case opBool:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Bool(*(*bool)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*bool)(p) = r.Bool()
				return r.Offset(), r.OK()
			}
	case opInt8, opUint8:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Uint8(*(*uint8)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*uint8)(p) = r.Uint8()
				return r.Offset(), r.OK()
			}
	case opInt16, opUint16:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Uint16(*(*uint16)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*uint16)(p) = r.Uint16()
				return r.Offset(), r.OK()
			}
	case opInt32, opUint32:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Uint32(*(*uint32)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*uint32)(p) = r.Uint32()
				return r.Offset(), r.OK()
			}
	case opInt64, opUint64:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Uint64(*(*uint64)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*uint64)(p) = r.Uint64()
				return r.Offset(), r.OK()
			}
	case opFloat32:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Float32(*(*float32)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*float32)(p) = r.Float32()
				return r.Offset(), r.OK()
			}
	case opFloat64:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				w := wire.Writer{Buf: b}
				w.Float64(*(*float64)(p))
				return w.Buf, true
			}, func(b []byte, l *wire.Limits, p unsafe.Pointer) (int, bool) {
				var r wire.Reader
				r.Init(b, l)
				*(*float64)(p) = r.Float64()
				return r.Offset(), r.OK()
			}
	}
	return nil, nil
}
