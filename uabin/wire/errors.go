package wire

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel causes. Every error of this module's codec packages (wire,
// fastpath, uabin, bsd) wraps exactly one of them, so callers can test the
// kind of failure with errors.Is.
var (
	// ErrTruncated: the input ended before the value did.
	ErrTruncated = errors.New("uabin: truncated input")
	// ErrLimitExceeded: a length, size or nesting depth is above the
	// configured limit (OPC UA Bad_EncodingLimitsExceeded).
	ErrLimitExceeded = errors.New("uabin: limit exceeded")
	// ErrInvalid: the bytes, or the value to encode, break an encoding rule
	// (OPC UA Bad_DecodingError / Bad_EncodingError).
	ErrInvalid = errors.New("uabin: invalid value")
	// ErrUnknownType: a type id that no registry knows, where the value
	// cannot be kept raw (for example a service message with an unknown
	// encoding id).
	ErrUnknownType = errors.New("uabin: unknown type")
	// ErrUnsupported: a Go type or value that has no OPC UA Binary meaning.
	ErrUnsupported = errors.New("uabin: unsupported Go type")
)

// DecodeError describes why decoding failed and where.
type DecodeError struct {
	// Offset is the byte offset in the input at which the problem was found.
	Offset int
	// Path is the field path from the top-level value, such as
	// "ReadRequest.NodesToRead[3].NodeID", or "" at the top level.
	Path string
	// Err is the cause; it wraps one of the sentinel errors.
	Err error
}

// Error implements error: "uabin: decoding ReadRequest.NodesToRead[3] at offset 57: truncated input".
func (e *DecodeError) Error() string {
	var sb strings.Builder
	sb.WriteString("uabin: decoding ")
	if e.Path != "" {
		sb.WriteString(e.Path)
		sb.WriteString(" ")
	}
	fmt.Fprintf(&sb, "at offset %d: %s", e.Offset, trimPrefix(e.Err))
	return sb.String()
}

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// EncodeError describes why encoding failed and where.
type EncodeError struct {
	// Path is the field path from the top-level value ("" at the top level).
	Path string
	// Err is the cause; it wraps one of the sentinel errors.
	Err error
}

// Error implements error.
func (e *EncodeError) Error() string {
	if e.Path == "" {
		return "uabin: encoding: " + trimPrefix(e.Err)
	}
	return "uabin: encoding " + e.Path + ": " + trimPrefix(e.Err)
}

// Unwrap returns the cause.
func (e *EncodeError) Unwrap() error { return e.Err }

// cause is an error with a message and a sentinel kind.
type cause struct {
	kind error
	msg  string
}

func (c *cause) Error() string { return c.kind.Error() + ": " + c.msg }
func (c *cause) Unwrap() error { return c.kind }

// Errorf returns an error of the given sentinel kind with a formatted
// message, for use as the cause of a DecodeError or EncodeError.
func Errorf(kind error, format string, args ...any) error {
	return &cause{kind: kind, msg: fmt.Sprintf(format, args...)}
}

func trimPrefix(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "uabin: ")
}

// WithPath prepends elem to the field path of err when err is a
// *DecodeError or *EncodeError, and returns err. elem is a field name
// ("NodesToRead") or an index ("[3]"); names are joined with dots, indexes
// are not. It is meant for the failure path only.
func WithPath(err error, elem string) error {
	switch e := err.(type) {
	case *DecodeError:
		e.Path = joinPath(elem, e.Path)
	case *EncodeError:
		e.Path = joinPath(elem, e.Path)
	}
	return err
}

func joinPath(elem, rest string) string {
	if rest == "" {
		return elem
	}
	if strings.HasPrefix(rest, "[") {
		return elem + rest
	}
	return elem + "." + rest
}

// IndexPath formats an array index as a path element, "[i]".
func IndexPath(i int) string { return fmt.Sprintf("[%d]", i) }
