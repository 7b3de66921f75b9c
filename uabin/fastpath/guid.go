package fastpath

import (
	"encoding/binary"
	"unsafe"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/bulk"
	"github.com/uabin/uabin/uabin/wire"
)

// appendGUID appends g: Data1 UInt32, Data2 and Data3 UInt16, Data4 as it
// is (Part 6 §5.2.2.6).
func appendGUID(w *wire.Writer, g *types.GUID) {
	if bulk.LittleEndian {
		// The memory of a GUID is its wire form here (no padding, the
		// integers little-endian): one copy.
		w.Raw((*[16]byte)(unsafe.Pointer(g))[:])
		return
	}
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
	if bulk.LittleEndian {
		// One 16-byte copy, as in appendGUID: field by field, a GUID read
		// whole right after (NodeID's GUID form) stalls on the stores.
		*(*[16]byte)(unsafe.Pointer(g)) = [16]byte(b)
		return
	}
	g.Data1 = binary.LittleEndian.Uint32(b)
	g.Data2 = binary.LittleEndian.Uint16(b[4:])
	g.Data3 = binary.LittleEndian.Uint16(b[6:])
	copy(g.Data4[:], b[8:16])
}

// The build fails here if types.GUID is not 16 bytes of memory, which the
// copies above rely on.
var _ [16 - unsafe.Sizeof(types.GUID{})]struct{}
var _ [unsafe.Sizeof(types.GUID{}) - 16]struct{}
