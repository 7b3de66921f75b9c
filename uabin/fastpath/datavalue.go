package fastpath

import (
	"encoding/binary"
	"math"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// DataValue encoding mask bits (Part 6 §5.2.2.17). The fields are written
// in the order Value, Status, SourceTimestamp, SourcePicoseconds,
// ServerTimestamp, ServerPicoseconds, which is not bit order.
const (
	dvValue             = 0x01
	dvStatus            = 0x02
	dvSourceTimestamp   = 0x04
	dvServerTimestamp   = 0x08
	dvSourcePicoseconds = 0x10
	dvServerPicoseconds = 0x20

	dvAll          = dvValue | dvStatus | dvSourceTimestamp | dvServerTimestamp | dvSourcePicoseconds | dvServerPicoseconds
	maxPicoseconds = 9999 // decoding clamps larger values to this
)

// dataValueMask returns the mask of the fields that are written: those
// that are not zero, and those SentZero keeps.
func dataValueMask(d *types.DataValue) byte { return nonZero(d) | d.SentZero&dvAll }

// nonZero returns the mask bits of the fields that are not zero (Value:
// not null).
func nonZero(d *types.DataValue) byte {
	var mask byte
	if !d.Value.IsNull() {
		mask |= dvValue
	}
	if d.Status != 0 {
		mask |= dvStatus
	}
	if d.SourceTimestamp != 0 {
		mask |= dvSourceTimestamp
	}
	if d.SourcePicoseconds != 0 {
		mask |= dvSourcePicoseconds
	}
	if d.ServerTimestamp != 0 {
		mask |= dvServerTimestamp
	}
	if d.ServerPicoseconds != 0 {
		mask |= dvServerPicoseconds
	}
	return mask
}

// appendDataValue appends the mask and the fields that are not zero.
// A DataValue counts one nesting level (w.Enter).
func appendDataValue(w *wire.Writer, d *types.DataValue) {
	if !w.Enter() {
		return
	}
	mask := dataValueMask(d)
	if mask&dvValue != 0 && appendDataValueFixed(w, d, mask) {
		w.Leave()
		return
	}
	w.Uint8(mask)
	if mask&dvValue != 0 {
		appendVariant(w, &d.Value)
	}
	if mask&dvStatus != 0 {
		w.Uint32(uint32(d.Status))
	}
	if mask&dvSourceTimestamp != 0 {
		w.Int64(int64(d.SourceTimestamp))
	}
	if mask&dvSourcePicoseconds != 0 {
		w.Uint16(d.SourcePicoseconds)
	}
	if mask&dvServerTimestamp != 0 {
		w.Int64(int64(d.ServerTimestamp))
	}
	if mask&dvServerPicoseconds != 0 {
		w.Uint16(d.ServerPicoseconds)
	}
	w.Leave()
}

// fixedScalarSize is the wire size of the scalar Variants of fixed size
// (0 for every other type).
var fixedScalarSize = [...]uint8{
	types.TypeBoolean: 1, types.TypeSByte: 1, types.TypeByte: 1,
	types.TypeInt16: 2, types.TypeUInt16: 2,
	types.TypeInt32: 4, types.TypeUInt32: 4, types.TypeFloat: 4, types.TypeStatusCode: 4,
	types.TypeInt64: 8, types.TypeUInt64: 8, types.TypeDouble: 8, types.TypeDateTime: 8,
}

// appendDataValueFixed appends a DataValue with mask whose Value is a scalar
// of fixed size, the bytes appendVariant and appendDataValue would write,
// through a local slice instead of a Writer call per field (W5 encoding,
// docs/performance.md entry 48). It reports false, having written nothing,
// for any other Value and when the Variant's nesting level would pass
// MaxDepth (the general path then fails as before).
func appendDataValueFixed(w *wire.Writer, d *types.DataValue, mask byte) bool {
	v := &d.Value
	t := v.Type()
	if v.IsArray() || int(t) >= len(fixedScalarSize) || fixedScalarSize[t] == 0 || w.Depth() >= w.MaxDepth {
		return false
	}
	bits := v.Bits()
	b := append(w.Buf, mask, byte(t))
	switch fixedScalarSize[t] {
	case 1:
		if t == types.TypeBoolean && bits != 0 {
			bits = 1
		}
		b = append(b, byte(bits))
	case 2:
		b = binary.LittleEndian.AppendUint16(b, uint16(bits))
	case 4:
		if t == types.TypeFloat {
			bits = uint64(wire.Float32Bits(math.Float32frombits(uint32(bits))))
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(bits))
	default:
		if t == types.TypeDouble {
			bits = wire.Float64Bits(math.Float64frombits(bits))
		}
		b = binary.LittleEndian.AppendUint64(b, bits)
	}
	if mask&dvStatus != 0 {
		b = binary.LittleEndian.AppendUint32(b, uint32(d.Status))
	}
	if mask&dvSourceTimestamp != 0 {
		b = binary.LittleEndian.AppendUint64(b, uint64(d.SourceTimestamp))
	}
	if mask&dvSourcePicoseconds != 0 {
		b = binary.LittleEndian.AppendUint16(b, d.SourcePicoseconds)
	}
	if mask&dvServerTimestamp != 0 {
		b = binary.LittleEndian.AppendUint64(b, uint64(d.ServerTimestamp))
	}
	if mask&dvServerPicoseconds != 0 {
		b = binary.LittleEndian.AppendUint16(b, d.ServerPicoseconds)
	}
	w.Buf = b
	return true
}

// consumeDataValue decodes a DataValue into d, entering one nesting level.
// Mask bits 0x40 and 0x80 are ErrInvalid; picoseconds above 9999 are
// clamped to 9999; absent fields are zeroed; SentZero gets the bits of the
// fields present with a zero value. A Value of the same array type
// and length as d.Value holds is decoded in place.
func consumeDataValue(r *wire.Reader, d *types.DataValue) {
	if !r.Enter() {
		return
	}
	mask := r.Uint8()
	if mask&^dvAll != 0 {
		r.FailAt(r.Offset()-1, wire.ErrInvalid, "DataValue encoding mask 0x%02x has unassigned bits", mask)
		r.Leave()
		return
	}
	var zero byte // the fields present with a zero value: SentZero
	if mask&dvValue != 0 {
		if consumeVariantMask(r, &d.Value) == 0 {
			zero |= dvValue
		}
	} else {
		d.Value = types.Variant{}
	}
	d.Status = 0
	if mask&dvStatus != 0 {
		if d.Status = types.StatusCode(r.Uint32()); d.Status == 0 {
			zero |= dvStatus
		}
	}
	d.SourceTimestamp = 0
	if mask&dvSourceTimestamp != 0 {
		if d.SourceTimestamp = types.DateTime(r.Int64()); d.SourceTimestamp == 0 {
			zero |= dvSourceTimestamp
		}
	}
	d.SourcePicoseconds = 0
	if mask&dvSourcePicoseconds != 0 {
		if d.SourcePicoseconds = min(r.Uint16(), maxPicoseconds); d.SourcePicoseconds == 0 {
			zero |= dvSourcePicoseconds
		}
	}
	d.ServerTimestamp = 0
	if mask&dvServerTimestamp != 0 {
		if d.ServerTimestamp = types.DateTime(r.Int64()); d.ServerTimestamp == 0 {
			zero |= dvServerTimestamp
		}
	}
	d.ServerPicoseconds = 0
	if mask&dvServerPicoseconds != 0 {
		if d.ServerPicoseconds = min(r.Uint16(), maxPicoseconds); d.ServerPicoseconds == 0 {
			zero |= dvServerPicoseconds
		}
	}
	d.SentZero = zero
	r.Leave() // not deferred: a defer costs more than the calls (W5 decoding, performance.md entry 43)
}
