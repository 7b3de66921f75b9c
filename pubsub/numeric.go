package pubsub

import (
	"encoding/binary"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// The numeric built-ins (Boolean..Double, DateTime, StatusCode) are held
// unboxed in a types.Variant (Bits); their wire form is their bits in
// little-endian order, a Float or Double NaN canonicalised (Part 6
// §5.2.2.3). Encoding and decoding them here, without a call into the
// Variant codec per field, is what brings a key frame of 100 numeric fields
// from about 2.1x to about the time of open62541 (bench/compare/pubsub); the
// bytes are the codec's (the grid and round-trip tests compare them).

// appendNumericBits appends the wire form of a numeric scalar of type t
// (numericSize(t) > 0) held as bits.
func appendNumericBits(b []byte, t types.BuiltinType, bits uint64) []byte {
	switch t {
	case types.TypeFloat, types.TypeDouble:
		bits = canonicalNaN(t, bits)
	case types.TypeBoolean:
		bits &= 1
	}
	return appendBits(b, numericSize(t), bits)
}

// appendBits appends the low size bytes of bits, little-endian: small
// enough to be inlined into the field loops.
func appendBits(b []byte, size int, bits uint64) []byte {
	switch size {
	case 1:
		return append(b, byte(bits))
	case 2:
		return binary.LittleEndian.AppendUint16(b, uint16(bits))
	case 4:
		return binary.LittleEndian.AppendUint32(b, uint32(bits))
	}
	return binary.LittleEndian.AppendUint64(b, bits)
}

// canonicalNaN replaces the bits of a Float or Double NaN by the canonical
// NaN of Part 6 §5.2.2.3.
func canonicalNaN(t types.BuiltinType, bits uint64) uint64 {
	if t == types.TypeFloat {
		if u := uint32(bits); u&0x7f800000 == 0x7f800000 && u&0x007fffff != 0 {
			return uint64(wire.NaN32)
		}
		return bits
	}
	if bits&0x7ff0000000000000 == 0x7ff0000000000000 && bits&0x000fffffffffffff != 0 {
		return wire.NaN64
	}
	return bits
}

// consumeNumericBits reads a numeric scalar of type t from r and returns it
// as Variant bits (signed types sign-extended, Boolean 0 or 1).
func consumeNumericBits(r *wire.Reader, t types.BuiltinType) uint64 {
	switch t {
	case types.TypeBoolean:
		return boolBits(r.Bool())
	case types.TypeSByte:
		return uint64(int64(r.Int8()))
	case types.TypeByte:
		return uint64(r.Uint8())
	case types.TypeInt16:
		return uint64(int64(r.Int16()))
	case types.TypeUInt16:
		return uint64(r.Uint16())
	case types.TypeInt32:
		return uint64(int64(r.Int32()))
	case types.TypeUInt32, types.TypeFloat, types.TypeStatusCode:
		return uint64(r.Uint32())
	}
	return r.Uint64()
}

// numericScalar reports whether v is a numeric scalar (not an array).
func numericScalar(v *types.Variant) bool {
	return numericSize(v.Type()) > 0 && !v.IsArray()
}

// numericBits reads the numeric scalar of field f (f.num > 0) as Variant
// bits: signed types sign-extended, Boolean 0 or 1.
func (f *rawField) numericBits(r *wire.Reader) uint64 {
	switch f.num {
	case 1:
		v := r.Uint8()
		switch f.bt {
		case types.TypeBoolean:
			return boolBits(v != 0)
		case types.TypeSByte:
			return uint64(int64(int8(v)))
		}
		return uint64(v)
	case 2:
		v := r.Uint16()
		if f.bt == types.TypeInt16 {
			return uint64(int64(int16(v)))
		}
		return uint64(v)
	case 4:
		v := r.Uint32()
		if f.bt == types.TypeInt32 {
			return uint64(int64(int32(v)))
		}
		return uint64(v)
	}
	return r.Uint64()
}
