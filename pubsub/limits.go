package pubsub

import "github.com/uabin/uabin/uabin"

// Limits bound what a Decoder, a Reassembler and a Subscriber accept from the
// network. A zero field means the default given with it; a negative field
// means no limit other than the bytes present (and the field's wire width).
type Limits struct {
	// MaxMessageSize bounds a NetworkMessage (one datagram). Default 65535,
	// the largest UDP payload a PayloadHeader's UInt16 sizes can describe.
	MaxMessageSize int
	// MaxDataSetMessages bounds the Count of a PayloadHeader (a Byte, so at
	// most 255). Default 255.
	MaxDataSetMessages int
	// MaxFields bounds the FieldCount of a DataSetMessage. Default 4096.
	MaxFields int
	// MaxPromotedFields bounds the PromotedFields of a NetworkMessage.
	// Default 64.
	MaxPromotedFields int
	// MaxChunkTotalSize bounds the TotalSize of a chunked payload, and so
	// the memory one reassembly can take. Default 1 MiB.
	MaxChunkTotalSize int
	// MaxPendingChunks bounds the payloads a Reassembler holds at once
	// (each under reassembly); the oldest is dropped for a new one.
	// Default 16.
	MaxPendingChunks int
	// MaxChunksPerMessage bounds the chunks of one payload. Default 1024.
	MaxChunksPerMessage int
	// Values bounds the Variants, DataValues, Strings and structures in
	// the fields (see uabin.Limits).
	Values uabin.Limits
}

// Default limits.
const (
	DefaultMaxMessageSize      = 65535
	DefaultMaxDataSetMessages  = 255
	DefaultMaxFields           = 4096
	DefaultMaxPromotedFields   = 64
	DefaultMaxChunkTotalSize   = 1 << 20
	DefaultMaxPendingChunks    = 16
	DefaultMaxChunksPerMessage = 1024
)

const unlimited = int(^uint(0) >> 1)

func resolve(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return unlimited
	}
	return v
}

// Resolved returns l with zero fields replaced by the defaults and negative
// fields by the largest int.
func (l Limits) Resolved() Limits {
	return Limits{
		MaxMessageSize:      resolve(l.MaxMessageSize, DefaultMaxMessageSize),
		MaxDataSetMessages:  resolve(l.MaxDataSetMessages, DefaultMaxDataSetMessages),
		MaxFields:           resolve(l.MaxFields, DefaultMaxFields),
		MaxPromotedFields:   resolve(l.MaxPromotedFields, DefaultMaxPromotedFields),
		MaxChunkTotalSize:   resolve(l.MaxChunkTotalSize, DefaultMaxChunkTotalSize),
		MaxPendingChunks:    resolve(l.MaxPendingChunks, DefaultMaxPendingChunks),
		MaxChunksPerMessage: resolve(l.MaxChunksPerMessage, DefaultMaxChunksPerMessage),
		Values:              l.Values.Resolved(),
	}
}
