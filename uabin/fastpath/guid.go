package fastpath

import (
	"encoding/binary"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// appendGUID appends g: Data1 UInt32, Data2 and Data3 UInt16, Data4 as it
// is (Part 6 §5.2.2.6).
func appendGUID(w *wire.Writer, g *types.GUID) {
	w.Uint32(g.Data1)
	w.Uint16(g.Data2)
	w.Uint16(g.Data3)
	w.Raw(g.Data4[:])
}

// consumeGUID decodes a Guid from 16 bytes, checked once.
func consumeGUID(r *wire.Reader, g *types.GUID) {
	b := r.Raw(16)
	if len(b) < 16 {
		*g = types.GUID{}
		return
	}
	g.Data1 = binary.LittleEndian.Uint32(b)
	g.Data2 = binary.LittleEndian.Uint16(b[4:])
	g.Data3 = binary.LittleEndian.Uint16(b[6:])
	copy(g.Data4[:], b[8:16])
}
