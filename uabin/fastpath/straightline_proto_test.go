package fastpath

// A prototype, not committed: straight-line fast paths for ReadRequest,
// RequestHeader and ReadValueID, to measure what generated codecs for the
// standard structures would gain over the plans' field loop.

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

func appendRequestHeader(w *wire.Writer, v *types.RequestHeader) {
	appendNodeID(w, &v.AuthenticationToken)
	w.Int64(int64(v.Timestamp))
	w.Uint32(v.RequestHandle)
	w.Uint32(v.ReturnDiagnostics)
	w.Str(v.AuditEntryID)
	w.Uint32(v.TimeoutHint)
	appendExtensionObject(w, &v.AdditionalHeader)
}

func consumeRequestHeader(r *wire.Reader, v *types.RequestHeader) {
	consumeNodeID(r, &v.AuthenticationToken)
	v.Timestamp = types.DateTime(r.Int64())
	v.RequestHandle = r.Uint32()
	v.ReturnDiagnostics = r.Uint32()
	v.AuditEntryID = consumeStr(r, v.AuditEntryID)
	v.TimeoutHint = r.Uint32()
	consumeExtensionObject(r, &v.AdditionalHeader)
}

func appendReadValueID(w *wire.Writer, v *types.ReadValueID) {
	appendNodeID(w, &v.NodeID)
	w.Uint32(v.AttributeID)
	w.Str(v.IndexRange)
	appendQualifiedName(w, &v.DataEncoding)
}

func consumeReadValueID(r *wire.Reader, v *types.ReadValueID) {
	consumeNodeID(r, &v.NodeID)
	v.AttributeID = r.Uint32()
	v.IndexRange = consumeStr(r, v.IndexRange)
	consumeQualifiedName(r, &v.DataEncoding)
}

// ProtoFuncs is for straightline_proto_ext_test.go.
func ProtoFuncs() Funcs[types.ReadRequest] {
	return Funcs[types.ReadRequest]{
		Append: func(w *wire.Writer, v *types.ReadRequest) bool {
			appendRequestHeader(w, &v.RequestHeader)
			w.Float64(v.MaxAge)
			w.Int32(int32(v.TimestampsToReturn))
			if v.NodesToRead == nil {
				w.Null()
			} else {
				w.Len(len(v.NodesToRead))
				for i := range v.NodesToRead {
					appendReadValueID(w, &v.NodesToRead[i])
				}
			}
			return true
		},
		Consume: func(r *wire.Reader, v *types.ReadRequest) bool {
			consumeRequestHeader(r, &v.RequestHeader)
			v.MaxAge = r.Float64()
			v.TimestampsToReturn = types.TimestampsToReturn(r.Int32())
			n := r.ArrayLen(8)
			if !r.OK() {
				return true
			}
			if n < 0 {
				v.NodesToRead = nil
				return true
			}
			if cap(v.NodesToRead) >= n {
				v.NodesToRead = v.NodesToRead[:n]
			} else {
				v.NodesToRead = make([]types.ReadValueID, n)
			}
			for i := range v.NodesToRead {
				consumeReadValueID(r, &v.NodesToRead[i])
			}
			return true
		},
	}
}
