package pubsub

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// Errors of this package wrap one of the sentinels of package uabin
// (uabin.ErrTruncated, uabin.ErrLimitExceeded, uabin.ErrInvalid,
// uabin.ErrUnsupported, uabin.ErrUnknownType) or ErrSecurity, so callers
// can branch with errors.Is. Decoding errors are *uabin.DecodeError values
// with the byte offset in the NetworkMessage and a field path such as
// "NetworkMessage.Messages[1].Fields[3]", encoding errors
// *uabin.EncodeError values; their Package is "pubsub":
//
//	pubsub: decoding NetworkMessage at offset 0: unsupported: UADPVersion 5 (only 1 is defined)
var (
	// ErrSecurity: the NetworkMessage failed a security check (OPC UA
	// Bad_SecurityChecksFailed): a signature that does not match or has
	// the wrong length, an unknown SecurityTokenId, a security mode the
	// Decoder does not accept, a bad MessageNonce.
	ErrSecurity = errors.New("pubsub: security checks failed")
	// ErrReplay: a signed NetworkMessage whose MessageNonce sequence number
	// was already seen, or is too old (wraps ErrSecurity).
	ErrReplay = fmt.Errorf("%w: replayed or too old message nonce", ErrSecurity)
	// ErrClosed: the Publisher, Subscriber or transport is closed.
	ErrClosed = errors.New("pubsub: closed")
)

// pkg is the Package of this package's *wire.DecodeError and
// *wire.EncodeError values, the prefix of their messages.
const pkg = "pubsub"

// own marks err, the result of an exported function or method, as this
// package's error (wire.InPackage).
func own(err error) error { return wire.InPackage(err, pkg) }

// decodeError builds a *wire.DecodeError at off.
func decodeError(off int, path string, kind error, format string, args ...any) error {
	return &wire.DecodeError{Offset: off, Path: path, Err: wire.Errorf(kind, format, args...), Package: pkg}
}

// securityError builds a *wire.DecodeError wrapping ErrSecurity.
func securityError(off int, format string, args ...any) error {
	return &wire.DecodeError{Offset: off, Path: "NetworkMessage.Security", Err: fmt.Errorf("%w: "+format, append([]any{ErrSecurity}, args...)...), Package: pkg}
}

// encodeError builds a *wire.EncodeError.
func encodeError(path string, kind error, format string, args ...any) error {
	return &wire.EncodeError{Path: path, Err: wire.Errorf(kind, format, args...), Package: pkg}
}

// The top-level types of the field values, whose names uabin's paths
// start with.
var (
	typeVariant   = reflect.TypeFor[types.Variant]()
	typeDataValue = reflect.TypeFor[types.DataValue]()
)

// shift moves a decoding error of a value of Go type top decoded from
// b[base:] to the offsets of b, and puts path in front of its path instead
// of the type's name, which uabin puts first ("Variant.Value[2]" becomes
// "Value[2]" under the caller's "Fields[3]").
func shift(err error, base int, path string, top reflect.Type) error {
	var de *wire.DecodeError
	if errors.As(err, &de) {
		c := *de
		c.Package = pkg
		c.Offset += base
		for top != nil && top.Kind() == reflect.Pointer {
			top = top.Elem()
		}
		if top != nil && top.Name() != "" {
			if rest, ok := strings.CutPrefix(c.Path, top.Name()); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
				c.Path = strings.TrimPrefix(rest, ".")
			}
		}
		switch {
		case path == "":
		case c.Path == "":
			c.Path = path
		case c.Path[0] == '[':
			c.Path = path + c.Path
		default:
			c.Path = path + "." + c.Path
		}
		return &c
	}
	return &wire.DecodeError{Offset: base, Path: path, Err: err, Package: pkg}
}
