package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// NodeId encoding byte (Part 6 §5.2.2.9): the form in the low 6 bits and,
// in an ExpandedNodeId only, two flags.
const (
	formTwoByte  = 0x00 // Byte id, namespace 0
	formFourByte = 0x01 // Byte namespace, UInt16 id
	formNumeric  = 0x02 // UInt16 namespace, UInt32 id
	formString   = 0x03 // UInt16 namespace, String id
	formGUID     = 0x04 // UInt16 namespace, Guid id
	formOpaque   = 0x05 // UInt16 namespace, ByteString id

	formMask         = 0x3f
	flagServerIndex  = 0x40 // ExpandedNodeId: ServerIndex follows
	flagNamespaceURI = 0x80 // ExpandedNodeId: NamespaceUri follows
)

// appendNodeID appends n in the smallest form (docs/types.md, NodeId).
func appendNodeID(w *wire.Writer, n *types.NodeID) { appendNodeIDFlags(w, n, 0) }

// appendNodeIDFlags appends n with the ExpandedNodeId flags or-ed into its
// encoding byte.
func appendNodeIDFlags(w *wire.Writer, n *types.NodeID, flags byte) {
	ns := n.Namespace()
	switch n.Type() {
	case types.IDTypeNumeric:
		if flags == 0 {
			w.Buf = appendNumericNodeID(w.Buf, ns, n.IntID())
			return
		}
		id := n.IntID()
		switch {
		case ns == 0 && id <= 0xff:
			w.Buf = append(w.Buf, formTwoByte|flags, byte(id))
		case ns <= 0xff && id <= 0xffff:
			w.Buf = append(w.Buf, formFourByte|flags, byte(ns), byte(id), byte(id>>8))
		default: // the encoding byte, UInt16 namespace and UInt32 id in one append
			w.Buf = append(w.Buf, formNumeric|flags, byte(ns), byte(ns>>8), byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
		}
	case types.IDTypeString:
		w.Buf = append(w.Buf, formString|flags, byte(ns), byte(ns>>8))
		w.Str(n.StringID())
	case types.IDTypeGUID:
		w.Buf = append(w.Buf, formGUID|flags, byte(ns), byte(ns>>8))
		g := n.GUIDID()
		appendGUID(w, &g)
	case types.IDTypeOpaque:
		w.Buf = append(w.Buf, formOpaque|flags, byte(ns), byte(ns>>8))
		if id := n.OpaqueIDString(); id != "" {
			w.StrEmpty(id) // a ByteString: Int32 length and the bytes
		} else {
			w.Null() // an empty opaque id is written as null
		}
	default:
		w.Failf(wire.ErrInvalid, "NodeId with identifier type %d", n.Type())
	}
}

// appendNumericNodeID appends the numeric NodeId ns, id in its smallest
// form, without ExpandedNodeId flags: appendNodeIDFlags's rule, for the
// stack path of NodeIDs too (top.go), which has no Writer.
func appendNumericNodeID(b []byte, ns uint16, id uint32) []byte {
	switch {
	case ns == 0 && id <= 0xff:
		return append(b, formTwoByte, byte(id))
	case ns <= 0xff && id <= 0xffff:
		return append(b, formFourByte, byte(ns), byte(id), byte(id>>8))
	}
	return append(b, formNumeric, byte(ns), byte(ns>>8), byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
}

// consumeNodeID decodes a NodeId in any form. Forms 6..63 and the flags
// 0x40/0x80 are ErrInvalid. A string or opaque id equal to the one n
// already holds is kept without allocating.
func consumeNodeID(r *wire.Reader, n *types.NodeID) {
	b := r.Uint8()
	if b&^formMask != 0 {
		r.FailAt(r.Offset()-1, wire.ErrInvalid, "NodeId encoding byte 0x%02x has ExpandedNodeId flags", b)
		return
	}
	consumeNodeIDBody(r, b, n)
}

// consumeNodeIDBody decodes what follows the encoding byte of form form
// (the byte just read: an invalid form is reported at its offset).
func consumeNodeIDBody(r *wire.Reader, form byte, n *types.NodeID) {
	switch form {
	case formTwoByte:
		*n = types.NewNumericNodeID(0, uint32(r.Uint8()))
	case formFourByte:
		ns := r.Uint8()
		*n = types.NewNumericNodeID(uint16(ns), uint32(r.Uint16()))
	case formNumeric:
		ns := r.Uint16()
		*n = types.NewNumericNodeID(ns, r.Uint32())
	case formString:
		ns := r.Uint16()
		*n = types.NewStringNodeID(ns, consumeStr(r, n.StringID()))
	case formGUID:
		ns := r.Uint16()
		var g types.GUID
		consumeGUID(r, &g)
		*n = types.NewGUIDNodeID(ns, g)
	case formOpaque:
		ns := r.Uint16()
		b := r.ByteStringRaw()
		id := n.OpaqueIDString()
		if string(b) != id {
			id = r.Text(b)
		}
		*n = types.NewOpaqueNodeIDString(ns, id)
	default:
		if r.Err() == nil {
			r.FailAt(r.Offset()-1, wire.ErrInvalid, "NodeId encoding form %d", form)
		}
	}
}
