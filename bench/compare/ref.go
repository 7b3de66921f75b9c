package main

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"strings"
)

// ref builds expected wire bytes by hand, straight from the rules of OPC UA
// Part 6 §5.2 as summarised in docs/workloads.md. It is deliberately naive
// and shares no code with uabin or gopcua: it is the third opinion both are
// checked against. Every method appends and returns the grown slice.
type ref []byte

// u8 appends a Byte.
func (r ref) u8(v byte) ref { return append(r, v) }

// u16 appends a UInt16, little-endian (§5.2.2.2).
func (r ref) u16(v uint16) ref { return binary.LittleEndian.AppendUint16(r, v) }

// u32 appends a UInt32, little-endian.
func (r ref) u32(v uint32) ref { return binary.LittleEndian.AppendUint32(r, v) }

// i32 appends an Int32, two's complement little-endian.
func (r ref) i32(v int32) ref { return r.u32(uint32(v)) }

// i64 appends an Int64 (also a DateTime's ticks, §5.2.2.5).
func (r ref) i64(v int64) ref { return binary.LittleEndian.AppendUint64(r, uint64(v)) }

// f64 appends a Double, IEEE 754 binary64 little-endian (§5.2.2.3).
func (r ref) f64(v float64) ref { return r.i64(int64(math.Float64bits(v))) }

// str appends a String (§5.2.2.4): Int32 length and UTF-8 bytes; "" is the
// null String, length -1, as the workloads use it.
func (r ref) str(s string) ref {
	if s == "" {
		return r.i32(-1)
	}
	return append(r.i32(int32(len(s))), s...)
}

// bytes appends a ByteString (§5.2.2.7); nil is the null ByteString.
func (r ref) bytes(b []byte) ref {
	if b == nil {
		return r.i32(-1)
	}
	return append(r.i32(int32(len(b))), b...)
}

// hex appends bytes written as hex digits; spaces are ignored. It panics on
// a typo, which the verification test would show at once.
func (r ref) hex(s string) ref {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic("ref.hex: " + err.Error())
	}
	return append(r, b...)
}

// numericNodeID appends ns=<ns>;i=<id> in the smallest of the three numeric
// forms (§5.2.2.9): TwoByte 00, FourByte 01, Numeric 02.
func (r ref) numericNodeID(ns uint16, id uint32) ref {
	switch {
	case ns == 0 && id <= 0xFF:
		return r.u8(0x00).u8(byte(id))
	case ns <= 0xFF && id <= 0xFFFF:
		return r.u8(0x01).u8(byte(ns)).u16(uint16(id))
	default:
		return r.u8(0x02).u16(ns).u32(id)
	}
}

// stringNodeID appends ns=<ns>;s=<id>: form 03, UInt16 namespace, String.
func (r ref) stringNodeID(ns uint16, id string) ref {
	return r.u8(0x03).u16(ns).str(id)
}

// localizedText appends a LocalizedText (§5.2.2.14): mask 01 Locale,
// 02 Text, then the present fields.
func (r ref) localizedText(locale, text string) ref {
	var mask byte
	if locale != "" {
		mask |= 0x01
	}
	if text != "" {
		mask |= 0x02
	}
	r = r.u8(mask)
	if locale != "" {
		r = r.str(locale)
	}
	if text != "" {
		r = r.str(text)
	}
	return r
}

// qualifiedName appends a QualifiedName (§5.2.2.13).
func (r ref) qualifiedName(ns uint16, name string) ref { return r.u16(ns).str(name) }

// nullExtensionObject appends the null ExtensionObject (§5.2.2.15): null
// NodeId 00 00, encoding 00, no body.
func (r ref) nullExtensionObject() ref { return r.hex("00 00 00") }

// Benchmark constants of docs/workloads.md.
const (
	// t0Ticks is T0 = 2024-01-02T03:04:05.1234567Z in 100 ns ticks since
	// 1601-01-01 (encoding-rules §2: 07 97 5B 58 28 3D DA 01 on the wire).
	t0Ticks int64 = 133_486_382_451_234_567
	tickMs  int64 = 10_000     // ticks in one millisecond
	tickSec int64 = 10_000_000 // ticks in one second
)

// ascii appends the bytes of s as they are (no length prefix).
func (r ref) ascii(s string) ref { return append(r, s...) }
