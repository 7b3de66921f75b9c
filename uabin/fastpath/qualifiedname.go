package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// appendQualifiedName appends the UInt16 namespace index and the Name
// String ("" as null unless w.EmptyStrings; Part 6 §5.2.2.13).
func appendQualifiedName(w *wire.Writer, q *types.QualifiedName) {
	w.Uint16(q.NamespaceIndex)
	w.Str(q.Name)
}

// consumeQualifiedName decodes a QualifiedName; a Name equal to the one q
// holds is kept without allocating.
func consumeQualifiedName(r *wire.Reader, q *types.QualifiedName) {
	q.NamespaceIndex = r.Uint16()
	q.Name = consumeStr(r, q.Name)
}
