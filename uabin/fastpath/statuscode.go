package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

var statusCodeCodec = erase(Funcs[types.StatusCode]{
	Append:  func(w *wire.Writer, s *types.StatusCode) bool { appendStatusCode(w, s); return true },
	Consume: func(r *wire.Reader, s *types.StatusCode) bool { consumeStatusCode(r, s); return true },
	Size:    sizeStatusCode,
})

// sizeStatusCode returns the wire size of a StatusCode: always 4.
func sizeStatusCode(*types.StatusCode) int { return 4 }

// appendStatusCode appends s as a UInt32 (Part 6 §5.2.2.11).
func appendStatusCode(w *wire.Writer, s *types.StatusCode) { w.Uint32(uint32(*s)) }

// consumeStatusCode decodes a UInt32 StatusCode, all 32 bits kept.
func consumeStatusCode(r *wire.Reader, s *types.StatusCode) { *s = types.StatusCode(r.Uint32()) }
