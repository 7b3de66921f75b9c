// Package wire holds the OPC UA Binary wire primitives (OPC UA Part 6 §5.2.2)
// shared by the uabin engine and its fast paths: a Writer that appends
// little-endian values to a byte slice and a Reader that consumes them from
// one, with sticky errors, decoder limits and a single nesting-depth counter.
//
// It sits below both github.com/uabin/uabin/uabin (the reflection plans) and
// github.com/uabin/uabin/uabin/fastpath (the handwritten codecs), the way
// protowire sits below proto: neither of them writes a byte that does not go
// through this package.
//
// Most users never import wire directly. It is public for authors of fast
// paths for their own types (see fastpath.Register) and for tools that build
// or parse OPC UA Binary by hand.
//
// # Sticky errors
//
// Writer and Reader record the first error and ignore everything after it:
// a Reader that has failed returns zero values (and zero lengths, so nothing
// is allocated from a bad length), a Writer that has failed appends nothing
// more. Check Err once after a sequence of calls.
//
// # Errors
//
// Every error of this module's codec packages (wire, fastpath, uabin, bsd)
// wraps exactly one of the sentinels ErrTruncated, ErrLimitExceeded,
// ErrInvalid, ErrUnknownType and ErrUnsupported, so callers can branch with
// errors.Is. Decoding errors are *DecodeError values carrying the byte
// offset, the field path and the cause; encoding errors are *EncodeError
// values carrying the path and the cause (errors.As).
//
// # Vocabulary
//
// A Writer's methods append and a Reader's methods consume, each named
// after the OPC UA type it writes or reads (Uint32, Str, ByteString, ...);
// the codecs built on them are appendX and consumeX functions, and the
// user-facing verbs are Marshal, Append, Unmarshal and Decode.
package wire
