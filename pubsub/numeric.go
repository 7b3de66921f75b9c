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
	case types.TypeBoolean:
		return append(b, byte(bits&1))
	case types.TypeSByte, types.TypeByte:
		return append(b, byte(bits))
	case types.TypeInt16, types.TypeUInt16:
		return binary.LittleEndian.AppendUint16(b, uint16(bits))
	case types.TypeFloat:
		u := uint32(bits)
		if u&0x7f800000 == 0x7f800000 && u&0x007fffff != 0 {
			u = wire.NaN32
		}
		return binary.LittleEndian.AppendUint32(b, u)
	case types.TypeInt32, types.TypeUInt32, types.TypeStatusCode:
		return binary.LittleEndian.AppendUint32(b, uint32(bits))
	case types.TypeDouble:
		if bits&0x7ff0000000000000 == 0x7ff0000000000000 && bits&0x000fffffffffffff != 0 {
			bits = wire.NaN64
		}
		return binary.LittleEndian.AppendUint64(b, bits)
	}
	return binary.LittleEndian.AppendUint64(b, bits)
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
