package uabin

import "github.com/uabin/uabin/uabin/wire"

// DecodeError describes why decoding failed and where. Every decoding
// error of uabin, uajson and pubsub is a *DecodeError (an alias of
// wire.DecodeError, so errors.As with either finds it):
//
//	type DecodeError struct {
//		Offset  int    // byte offset in the input of the first byte of the value that is wrong
//		Path    string // field path from the top-level value ("ReadRequest.NodesToRead[3].NodeID"), "" at the top level
//		Err     error  // the cause; it wraps one of the sentinel errors below
//		Package string // the package that reports it, the prefix of Error(): "" for uabin, "uajson", "pubsub"
//	}
//
// Error returns, for example, "uabin: decoding
// ReadRequest.NodesToRead[3].NodeID at offset 57: truncated input: need 4
// bytes, 2 left". The package documentation, section Errors, says where
// the offset points for each kind of value.
type DecodeError = wire.DecodeError

// EncodeError describes why encoding failed and where. Every encoding
// error of uabin, uajson and pubsub is an *EncodeError (an alias of
// wire.EncodeError):
//
//	type EncodeError struct {
//		Path    string // field path from the top-level value ("Pump.Count"), "" at the top level
//		Err     error  // the cause; it wraps one of the sentinel errors below
//		Package string // the package that reports it, as in DecodeError
//	}
//
// Error returns, for example, "uabin: encoding Pump.Count: invalid value:
// 70000 does not fit in UInt16".
type EncodeError = wire.EncodeError

// Limits are the decoder limits (an alias of wire.Limits); a zero field
// means the default, and the package documentation, section Limits, gives
// the defaults and what each one bounds:
//
//	type Limits struct {
//		MaxDepth            int  // nesting levels
//		MaxArrayLength      int  // elements per array
//		MaxStringLength     int  // bytes per String or XmlElement
//		MaxByteStringLength int  // bytes per ByteString and ExtensionObject body
//		MaxMessageSize      int  // bytes given to one decoding call
//		ShareInput          bool // decoded Strings and ByteStrings point into the input (docs/limits.md)
//	}
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
