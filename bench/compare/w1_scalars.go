package main

import (
	"time"

	"github.com/gopcua/opcua/ua"

	"github.com/uabin/uabin/types"
)

// W1: one built-in scalar per operation (docs/workloads.md, W1).

// w1GUID is the Guid of W1 (and of the W1 Guid NodeId), Part 6 Figure 5.
const w1GUID = "72962B91-FA75-4AE6-8D28-B404DC7DAF63"

// w1GUIDWire is w1GUID on the wire: Data1, Data2, Data3 little-endian, then
// Data4 as it is (§5.2.2.6).
const w1GUIDWire = "91 2B 96 72 75 FA E6 4A 8D 28 B4 04 DC 7D AF 63"

// t0 is T0 as a time.Time, for gopcua, which has no tick type.
var t0 = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)

// w1ByteString is the 64-byte ByteString of W1, byte i = i.
func w1ByteString() []byte {
	b := make([]byte, 64)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func w1Cases() []*testCase {
	const (
		str  = "Hello, OPC UA binary world!"
		sid  = "Demo.Static.Scalar.Double"
		uri  = "http://example.org/UA/"
		path = "Pump.Speed"
	)
	bs := w1ByteString()
	mk := func(name string, expected ref, u uabinSide, g codec) *testCase {
		c := &testCase{id: "W1" + identifier(name), workload: "W1", title: name, dirs: encodeDecode, expected: expected}
		c.codecs[implFast] = u.codec(false)
		c.typed = u.typed()
		c.codecs[implPlans] = u.codec(true)
		c.codecs[implGopcua] = g
		return c
	}
	return []*testCase{
		mk("UInt32", ref{}.hex("EF BE AD DE"),
			uabinOf(uint32(0xDEADBEEF)), gopcuaCodec(ptr(uint32(0xDEADBEEF)))),
		mk("Double", ref{}.hex("18 2D 44 54 FB 21 09 40"),
			uabinOf(3.141592653589793), gopcuaCodec(ptr(3.141592653589793))),
		mk("String", ref{}.hex("1B 00 00 00").ascii(str),
			uabinOf(str), gopcuaCodec(ptr(str))),
		mk("ByteString", ref{}.bytes(bs),
			uabinOf(bs), gopcuaCodec(&bs)),
		mk("Guid", ref{}.hex(w1GUIDWire),
			uabinOf(types.MustParseGUID(w1GUID)), gopcuaCodec(ua.NewGUID(w1GUID))),
		mk("DateTime", ref{}.hex("07 97 5B 58 28 3D DA 01"),
			uabinOf(types.DateTime(t0Ticks)), gopcuaCodec(ptr(t0))),
		mk("NodeId.TwoByte", ref{}.hex("00 55"),
			uabinOf(types.NewNumericNodeID(0, 85)), gopcuaCodec(ua.NewTwoByteNodeID(85))),
		mk("NodeId.FourByte", ref{}.hex("01 02 D2 04"),
			uabinOf(types.NewNumericNodeID(2, 1234)), gopcuaCodec(ua.NewFourByteNodeID(2, 1234))),
		mk("NodeId.Numeric", ref{}.hex("02 03 00 70 11 01 00"),
			uabinOf(types.NewNumericNodeID(3, 70000)), gopcuaCodec(ua.NewNumericNodeID(3, 70000))),
		mk("NodeId.String", ref{}.hex("03 02 00 19 00 00 00").ascii(sid),
			uabinOf(types.NewStringNodeID(2, sid)), gopcuaCodec(ua.NewStringNodeID(2, sid))),
		mk("NodeId.Guid", ref{}.hex("04 04 00").hex(w1GUIDWire),
			uabinOf(types.NewGUIDNodeID(4, types.MustParseGUID(w1GUID))), gopcuaCodec(ua.NewGUIDNodeID(4, w1GUID))),
		// Flags 0x80 (NamespaceUri) | form 03, namespace index written as 0,
		// identifier, then the URI (§5.2.2.10).
		mk("ExpandedNodeId", ref{}.hex("83 00 00 0A 00 00 00").ascii(path).hex("16 00 00 00").ascii(uri),
			uabinOf(types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, path), NamespaceURI: uri}),
			gopcuaCodec(ua.NewExpandedNodeID(ua.NewStringNodeID(0, path), uri, 0))),
	}
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
