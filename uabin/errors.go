package uabin

import "github.com/uabin/uabin/uabin/wire"

// DecodeError describes why decoding failed: the byte offset, the field
// path (such as "ReadRequest.NodesToRead[3].NodeID") and the cause, which
// wraps one of the sentinel errors below.
type DecodeError = wire.DecodeError

// EncodeError describes why encoding failed: the field path and the cause,
// which wraps one of the sentinel errors below.
type EncodeError = wire.EncodeError

// Limits are the decoder limits; see the package documentation, section
// Limits. The zero value means the defaults.
type Limits = wire.Limits

// Sentinel errors: every error of this package wraps exactly one of them
// (registration errors wrap ErrInvalid, and ErrDuplicateID or
// ErrDuplicateType too), so callers can branch with errors.Is. The one
// exception is the stream: Encoder and Decoder return the errors of the
// underlying io.Writer and io.Reader, and io.EOF at a clean end between
// values, as they are (a stream that ends inside a value is a
// *DecodeError wrapping ErrTruncated).
var (
	// ErrTruncated: the input ended before the value did.
	ErrTruncated = wire.ErrTruncated
	// ErrLimitExceeded: a length, size or nesting depth is above a limit.
	ErrLimitExceeded = wire.ErrLimitExceeded
	// ErrInvalid: the bytes or the value break an encoding rule.
	ErrInvalid = wire.ErrInvalid
	// ErrUnknownType: a type id (or Go type) no registry knows, where the
	// value cannot be kept raw.
	ErrUnknownType = wire.ErrUnknownType
	// ErrUnsupported: something this module does not support, named in
	// the message: a Go type with no OPC UA meaning, a bad ua: tag
	// (reported when the plan is built), a PubSub protocol version it does
	// not implement.
	ErrUnsupported = wire.ErrUnsupported
)
