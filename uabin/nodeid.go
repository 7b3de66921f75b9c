package uabin

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// NodeId (Part 6 §5.2.2.9). The encoding byte holds the form in its low 6
// bits; ExpandedNodeId adds its flags 0x80/0x40 (expandednodeid.go).
const (
	nodeIDTwoByte  = 0x00 // ns 0, id ≤ 255: 00 id
	nodeIDFourByte = 0x01 // ns ≤ 255, id ≤ 65535: 01 ns id16
	nodeIDNumeric  = 0x02 // 02 ns16 id32
	nodeIDString   = 0x03 // 03 ns16 String
	nodeIDGUID     = 0x04 // 04 ns16 Guid
	nodeIDOpaque   = 0x05 // 05 ns16 ByteString
	nodeIDFormMask = 0x3f
)

func encNodeID(e *encState, p pointer, _ *codec) { appendNodeID(&e.w, *as[types.NodeID](p), 0) }

func decNodeID(d *decState, p pointer, _ *codec) {
	b := d.r.Uint8()
	if d.r.Err() != nil {
		return
	}
	if b&^nodeIDFormMask != 0 {
		d.r.Failf(wire.ErrInvalid, "NodeId encoding byte 0x%02x has ExpandedNodeId flags", b)
		return
	}
	*as[types.NodeID](p) = consumeNodeIDBody(&d.r, b)
}

func zeroNodeID(p pointer, _ *codec) bool { return *as[types.NodeID](p) == types.NodeID{} }

// appendNodeID writes n in its smallest form, with flags or'ed into the
// encoding byte.
func appendNodeID(w *wire.Writer, n types.NodeID, flags byte) {
	ns := n.Namespace()
	switch n.Type() {
	case types.IDTypeNumeric:
		id := n.IntID()
		switch {
		case ns == 0 && id <= 0xff:
			w.Uint8(nodeIDTwoByte | flags)
			w.Uint8(uint8(id))
		case ns <= 0xff && id <= 0xffff:
			w.Uint8(nodeIDFourByte | flags)
			w.Uint8(uint8(ns))
			w.Uint16(uint16(id))
		default:
			w.Uint8(nodeIDNumeric | flags)
			w.Uint16(ns)
			w.Uint32(id)
		}
	case types.IDTypeString:
		w.Uint8(nodeIDString | flags)
		w.Uint16(ns)
		w.Str(n.StringID())
	case types.IDTypeGUID:
		w.Uint8(nodeIDGUID | flags)
		w.Uint16(ns)
		appendGUID(w, n.GUIDID())
	case types.IDTypeOpaque:
		w.Uint8(nodeIDOpaque | flags)
		w.Uint16(ns)
		s := n.OpaqueIDString()
		if s == "" {
			w.Null() // an empty opaque id is written as null
			return
		}
		w.Len(len(s))
		w.Buf = append(w.Buf, s...)
	default:
		w.Failf(wire.ErrInvalid, "NodeId of unknown identifier type %d", n.Type())
	}
}

// consumeNodeIDBody reads what follows the encoding byte b.
func consumeNodeIDBody(r *wire.Reader, b byte) types.NodeID {
	switch b & nodeIDFormMask {
	case nodeIDTwoByte:
		return types.NewNumericNodeID(0, uint32(r.Uint8()))
	case nodeIDFourByte:
		ns := r.Uint8()
		return types.NewNumericNodeID(uint16(ns), uint32(r.Uint16()))
	case nodeIDNumeric:
		ns := r.Uint16()
		return types.NewNumericNodeID(ns, r.Uint32())
	case nodeIDString:
		ns := r.Uint16()
		return types.NewStringNodeID(ns, r.Str())
	case nodeIDGUID:
		ns := r.Uint16()
		return types.NewGUIDNodeID(ns, consumeGUID(r))
	case nodeIDOpaque:
		ns := r.Uint16()
		return types.NewOpaqueNodeIDString(ns, consumeByteStringAsString(r))
	}
	r.Failf(wire.ErrInvalid, "NodeId encoding form %d", b&nodeIDFormMask)
	return types.NodeID{}
}

// appendGUID writes a Guid (§5.2.2.6): Data1 UInt32, Data2 and Data3 UInt16,
// Data4 as 8 raw bytes. The GUID type itself goes through its tag plan; the
// NodeId codec writes the identifier directly.
func appendGUID(w *wire.Writer, g types.GUID) {
	w.Uint32(g.Data1)
	w.Uint16(g.Data2)
	w.Uint16(g.Data3)
	w.Buf = append(w.Buf, g.Data4[:]...)
}

func consumeGUID(r *wire.Reader) types.GUID {
	var g types.GUID
	g.Data1 = r.Uint32()
	g.Data2 = r.Uint16()
	g.Data3 = r.Uint16()
	copy(g.Data4[:], r.Raw(8))
	return g
}

// consumeByteStringAsString reads a ByteString into a string with one copy
// (null and empty give ""), with the checks of wire.Reader.ByteString.
func consumeByteStringAsString(r *wire.Reader) string {
	n := int(r.Int32())
	switch {
	case r.Err() != nil || n == -1:
		return ""
	case n < -1:
		r.Failf(wire.ErrInvalid, "byte string length %d", n)
		return ""
	case n > r.Limits.MaxByteStringLength:
		r.Failf(wire.ErrLimitExceeded, "byte string length %d above the limit %d", n, r.Limits.MaxByteStringLength)
		return ""
	}
	return string(r.Raw(n))
}
