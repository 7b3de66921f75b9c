package engine

import (
	"encoding/binary"
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// primitiveStack returns the stack path of a fixed-size primitive (Bool to
// Float64): a closure per op that reads or appends its bytes directly,
// without appendPrimitive's or consumePrimitive's switch (a call and a
// jump, a fifth of encoding a UInt32 through Codec[T]; log entry 37) and
// without a Writer or Reader at all (setting up a Reader on the stack, 170
// bytes, was a third of decoding a UInt32; issue 33, item 3): the bytes are
// the wire.Writer's and wire.Reader's rules for the type (little-endian,
// canonical NaNs, a Boolean is any non-zero byte). Input too short reports
// failure, and the usual path gives the error. Nil for the others (String:
// its rule can fail and takes the general closure of setStack).
func primitiveStack(o op) (erased.AppendTop, erased.ConsumeTop) {
	switch o {
	case opBool:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				var x byte
				if *(*bool)(p) {
					x = 1
				}
				return append(b, x), true
			}, func(b []byte, _ *wire.Limits, p unsafe.Pointer) (int, bool) {
				if len(b) < 1 {
					return 0, false
				}
				*(*bool)(p) = b[0] != 0
				return 1, true
			}
	case opInt8, opUint8:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				return append(b, *(*uint8)(p)), true
			}, func(b []byte, _ *wire.Limits, p unsafe.Pointer) (int, bool) {
				if len(b) < 1 {
					return 0, false
				}
				*(*uint8)(p) = b[0]
				return 1, true
			}
	case opInt16, opUint16:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
				return binary.LittleEndian.AppendUint16(b, *(*uint16)(p)), true
			}, func(b []byte, _ *wire.Limits, p unsafe.Pointer) (int, bool) {
				if len(b) < 2 {
					return 0, false
				}
				*(*uint16)(p) = binary.LittleEndian.Uint16(b)
				return 2, true
			}
	case opInt32, opUint32:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			return binary.LittleEndian.AppendUint32(b, *(*uint32)(p)), true
		}, consume32
	case opInt64, opUint64:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			return binary.LittleEndian.AppendUint64(b, *(*uint64)(p)), true
		}, consume64
	case opFloat32:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			return binary.LittleEndian.AppendUint32(b, wire.Float32Bits(*(*float32)(p))), true
		}, consume32 // the bits as they came: a NaN keeps its payload, as Reader.Float32
	case opFloat64:
		return func(b []byte, _ bool, _ int, p unsafe.Pointer) ([]byte, bool) {
			return binary.LittleEndian.AppendUint64(b, wire.Float64Bits(*(*float64)(p))), true
		}, consume64
	}
	return nil, nil
}

// consume32 and consume64 decode the 4 or 8 bytes of a fixed-size
// primitive into the value at p.
func consume32(b []byte, _ *wire.Limits, p unsafe.Pointer) (int, bool) {
	if len(b) < 4 {
		return 0, false
	}
	*(*uint32)(p) = binary.LittleEndian.Uint32(b)
	return 4, true
}

func consume64(b []byte, _ *wire.Limits, p unsafe.Pointer) (int, bool) {
	if len(b) < 8 {
		return 0, false
	}
	*(*uint64)(p) = binary.LittleEndian.Uint64(b)
	return 8, true
}
