package fastpath

import (
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
