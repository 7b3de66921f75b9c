package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// appendExpandedNodeID appends e: the NodeId with flag 0x80 and namespace
// index 0 when NamespaceURI is set, flag 0x40 when ServerIndex is not 0,
// then the URI and the server index (docs/types.md, ExpandedNodeId).
func appendExpandedNodeID(w *wire.Writer, e *types.ExpandedNodeID) {
	var flags byte
	n := e.NodeID
	if present(e.NamespaceURI) {
		flags |= flagNamespaceURI
		n = n.WithNamespace(0)
	}
	if e.ServerIndex != 0 {
		flags |= flagServerIndex
	}
	appendNodeIDFlags(w, &n, flags)
	if flags&flagNamespaceURI != 0 {
		w.Str(e.NamespaceURI)
	}
	if flags&flagServerIndex != 0 {
		w.Uint32(e.ServerIndex)
	}
}

// consumeExpandedNodeID decodes an ExpandedNodeId. With a URI on the wire
// the NodeID's namespace index is 0 whatever was sent; a null or empty URI
// decodes to "".
func consumeExpandedNodeID(r *wire.Reader, e *types.ExpandedNodeID) {
	b := r.Uint8()
	consumeNodeIDBody(r, b&formMask, &e.NodeID)
	old := e.NamespaceURI
	e.NamespaceURI, e.ServerIndex = "", 0
	if b&flagNamespaceURI != 0 {
		e.NodeID = e.NodeID.WithNamespace(0)
		e.NamespaceURI = consumeStr(r, old)
	}
	if b&flagServerIndex != 0 {
		e.ServerIndex = r.Uint32()
	}
}
