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
	// ErrUnsupported: something this module does not support, named in
	// the message: a Go type with no OPC UA meaning ("Go type chan int"),
	// a bad ua: tag option, a protocol version or message type it does not
	// implement ("UADPVersion 5").
	ErrUnsupported = errors.New("uabin: unsupported")
)

// DecodeError describes why decoding failed and where. Every package of
// this module that decodes bytes or text (uabin, uajson, pubsub) reports
// its decoding errors with this type; Package says which.
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
	// Package is the name of the package that reports the error, the
	// prefix of its message: "" means "uabin"; "uajson", "pubsub".
	Package string
}

// Error implements error: "uabin: decoding ReadRequest.NodesToRead[3] at
// offset 57: truncated input: need 4 bytes, 2 left", in the one shape of
// every error of this module: the package, what it was doing, the path,
// the offset, the kind (the sentinel's text) and what was found.
func (e *DecodeError) Error() string {
	var sb strings.Builder
	sb.WriteString(packageName(e.Package))
	sb.WriteString(": decoding ")
	if e.Path != "" {
		sb.WriteString(e.Path)
		sb.WriteString(" ")
	}
	fmt.Fprintf(&sb, "at offset %d: %s", e.Offset, trimPrefix(e.Err, e.Package))
	return sb.String()
}

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// EncodeError describes why encoding failed and where. Every package of
// this module that encodes (uabin, uajson, pubsub) reports its encoding
// errors with this type; Package says which.
type EncodeError struct {
	// Path is the field path from the top-level value ("" at the top
	// level), written as in DecodeError.Path.
	Path string
	// Err is the cause; it wraps one of the sentinel errors.
	Err error
	// Package is the name of the package that reports the error, as in
	// DecodeError.Package.
	Package string
}

// Error implements error: "uabin: encoding Pump.Count: invalid value:
// 70000 does not fit in UInt16", or "uabin: encoding: ..." where there is
// no path.
func (e *EncodeError) Error() string {
	if e.Path == "" {
		return packageName(e.Package) + ": encoding: " + trimPrefix(e.Err, e.Package)
	}
	return packageName(e.Package) + ": encoding " + e.Path + ": " + trimPrefix(e.Err, e.Package)
}

// packageName is the prefix of an error's message.
func packageName(p string) string {
	if p == "" {
		return "uabin"
	}
	return p
}

// InPackage sets the Package of err, when it is a *DecodeError or
// *EncodeError, to p (the name of the package whose API returns it), and
// returns err.
func InPackage(err error, p string) error {
	switch e := err.(type) {
	case *DecodeError:
		e.Package = p
	case *EncodeError:
		e.Package = p
	}
	return err
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
// EncodeError without the "uabin: " (or "PKG: ", for the error's package
// pkg) that the error's own message starts with, also where a wrapped
// error repeats it ("bad thing: uabin: invalid value", as
// fmt.Errorf("bad thing: %w", ErrInvalid) says), so that no message names
// its package twice.
func trimPrefix(err error, pkg string) string {
	if err == nil {
		return "<nil>"
	}
	s := strings.ReplaceAll(strings.TrimPrefix(err.Error(), "uabin: "), ": uabin: ", ": ")
	if pkg != "" {
		s = strings.ReplaceAll(strings.TrimPrefix(s, pkg+": "), ": "+pkg+": ", ": ")
	}
	return s
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
