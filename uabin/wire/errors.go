package wire

import (
	"errors"
	"fmt"
	"strconv"
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
	// Offset is the byte offset in the input of the first byte of the
	// value that is wrong: the encoding byte of a NodeId or
	// ExtensionObject, the mask of a Variant, DataValue, LocalizedText,
	// DiagnosticInfo or structure with optional fields, the switch of a
	// union, the length of a String, ByteString or array; for an input
	// that ends too soon, the first byte of the value that is cut.
	Offset int
	// Path is the field path from the top-level value, such as
	// "ReadRequest.NodesToRead[3].NodeID", or "" at the top level. Every
	// array element has its index; a run of the same field, as in a
	// recursive type, is written once with a count ("Next×100"), and
	// paths longer than 512 bytes keep their innermost part after "...".
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
	// Path is the field path from the top-level value ("" at the top
	// level), written as in DecodeError.Path.
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

// trimPrefix returns the message of the cause of a DecodeError or
// EncodeError without the "uabin: " that the error's own message starts
// with, also where a wrapped error repeats it ("bad thing: uabin: invalid
// value", as fmt.Errorf("bad thing: %w", ErrInvalid) says), so that no
// message says "uabin:" twice.
func trimPrefix(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.ReplaceAll(strings.TrimPrefix(err.Error(), "uabin: "), ": uabin: ", ": ")
}

// WithPath prepends elem to the field path of err when err is a
// *DecodeError or *EncodeError, and returns err. elem is a field name
// ("NodesToRead") or an index ("[3]"); names are joined with dots, indexes
// are not. A name equal to the segment after it is counted instead of
// repeated ("Next.Next.Value" is "Next×2.Value"), and a path longer than
// maxPath bytes keeps its innermost part after "...", so a failure deep in
// a recursive value builds its path in linear time. It is meant for the
// failure path only.
func WithPath(err error, elem string) error {
	var path *string
	switch e := err.(type) {
	case *DecodeError:
		path = &e.Path
	case *EncodeError:
		path = &e.Path
	default:
		return err
	}
	if len(*path) > maxPath {
		if !strings.HasPrefix(*path, "...") {
			*path = "..." + *path
		}
		return err
	}
	*path = joinPath(elem, *path)
	return err
}

// maxPath bounds the length of error paths.
const maxPath = 512

// countMark separates a repeated path segment from its count.
const countMark = "×"

func joinPath(elem, rest string) string {
	if rest == "" {
		return elem
	}
	if strings.HasPrefix(elem, "[") {
		if strings.HasPrefix(rest, "[") {
			return elem + rest
		}
		return elem + "." + rest
	}
	// The head segment of the new path: elem with the indexes that
	// follow it ("Children" and "[0].X" make "Children[0]").
	head, tail := elem, rest
	if strings.HasPrefix(rest, "[") {
		k := strings.IndexByte(rest, '.')
		if k < 0 {
			return elem + rest
		}
		head, tail = elem+rest[:k], rest[k+1:]
	}
	next, after, more := strings.Cut(tail, ".")
	base, n := next, 1
	if b, c, ok := strings.Cut(next, countMark); ok {
		if v, err := strconv.Atoi(c); err == nil {
			base, n = b, v
		}
	}
	if base != head {
		return head + "." + tail
	}
	out := head + countMark + strconv.Itoa(n+1)
	if more {
		out += "." + after
	}
	return out
}

// IndexPath formats an array index as a path element, "[i]".
func IndexPath(i int) string { return "[" + strconv.Itoa(i) + "]" }
