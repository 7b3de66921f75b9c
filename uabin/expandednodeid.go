package uabin

import "github.com/uabin/uabin/types"

// ExpandedNodeId flags in the NodeId encoding byte (Part 6 §5.2.2.10).
const (
	expandedURI    = 0x80 // NamespaceUri (String) follows the NodeId body
	expandedServer = 0x40 // ServerIndex (UInt32) follows
)

func encExpandedNodeID(e *encState, p pointer, _ *codec) {
	x := as[types.ExpandedNodeID](p)
	var flags byte
	n := x.NodeID
	if x.NamespaceURI != "" {
		flags |= expandedURI
		n = n.WithNamespace(0) // the index is written as 0 when the URI is sent
	}
	if x.ServerIndex != 0 {
		flags |= expandedServer
	}
	appendNodeID(&e.w, n, flags)
	if x.NamespaceURI != "" {
		e.w.Str(x.NamespaceURI)
	}
	if x.ServerIndex != 0 {
		e.w.Uint32(x.ServerIndex)
	}
}

func decExpandedNodeID(d *decState, p pointer, _ *codec) {
	b := d.r.Uint8()
	if d.r.Err() != nil {
		return
	}
	var x types.ExpandedNodeID
	x.NodeID = consumeNodeIDBody(&d.r, b)
	if b&expandedURI != 0 {
		x.NamespaceURI = d.r.Str()
		x.NodeID = x.NodeID.WithNamespace(0) // the index on the wire is ignored
	}
	if b&expandedServer != 0 {
		x.ServerIndex = d.r.Uint32()
	}
	if d.r.Err() == nil {
		*as[types.ExpandedNodeID](p) = x
	}
}

func zeroExpandedNodeID(p pointer, _ *codec) bool {
	return *as[types.ExpandedNodeID](p) == types.ExpandedNodeID{}
}
