package main

import (
	"bytes"
	"fmt"

	"github.com/gopcua/opcua/ua"
)

// The gopcua side: values built with gopcua's ua package and run through
// its public codec, ua.Encode and ua.Decode, the calls its client makes.

// gopcuaCodec encodes *want with ua.Encode and decodes with ua.Decode into
// one reused *T. gopcua has no append API: encode returns the slice
// ua.Encode allocated (copying it only when dst already holds bytes).
// gopcua values are pointer graphs with unexported fields, so a decoded
// value is checked by encoding it again: it must give the bytes of want.
func gopcuaCodec[T any](want *T) codec {
	got := new(T)
	var fresh *T
	return codec{
		encode: func(dst []byte) ([]byte, error) {
			b, err := ua.Encode(want)
			return appendOwned(dst, b), err
		},
		decode: func(src []byte) error {
			n, err := ua.Decode(src, got)
			return consumedAll(n, len(src), err)
		},
		check: func() error { return sameGopcuaEncoding(want, got) },
		decodeNew: func(src []byte) error {
			fresh = new(T)
			n, err := ua.Decode(src, fresh)
			return consumedAll(n, len(src), err)
		},
		checkNew: func() error { return sameGopcuaEncoding(want, fresh) },
	}
}

// gopcuaServiceCodec is gopcuaCodec for a service message: the body is
// preceded by the type's binary encoding id, written and read the way
// gopcua's uasc.Message does (an ExpandedNodeID, then the structure).
// Decoding reads the id, checks it, and decodes the rest into one reused
// *T (ua.DecodeService allocates a new value on every call; decodeNew
// uses it).
func gopcuaServiceCodec[T any](encodingID uint16, want *T) codec {
	typeID := ua.NewFourByteExpandedNodeID(0, encodingID)
	got := new(T)
	var gotID ua.ExpandedNodeID
	var fresh any
	return codec{
		encode: func(dst []byte) ([]byte, error) {
			buf := ua.NewBuffer(nil)
			buf.WriteStruct(typeID)
			buf.WriteStruct(want)
			return appendOwned(dst, buf.Bytes()), buf.Error()
		},
		decode: func(src []byte) error {
			n, err := gotID.Decode(src)
			if err != nil {
				return err
			}
			if id := gotID.NodeID.IntID(); id != uint32(encodingID) {
				return fmt.Errorf("gopcua: service type id %d, want %d", id, encodingID)
			}
			m, err := ua.Decode(src[n:], got)
			return consumedAll(n+m, len(src), err)
		},
		check: func() error { return sameGopcuaEncoding(want, got) },
		decodeNew: func(src []byte) (err error) {
			_, fresh, err = ua.DecodeService(src)
			return err
		},
		checkNew: func() error {
			if _, ok := fresh.(*T); !ok {
				return fmt.Errorf("gopcua: ua.DecodeService returned %T, want %T", fresh, want)
			}
			return sameGopcuaEncoding(want, fresh)
		},
	}
}

// appendOwned returns b itself when dst is empty (no copy, so gopcua is not
// charged for one), else dst with b appended.
func appendOwned(dst, b []byte) []byte {
	if len(dst) == 0 {
		return b
	}
	return append(dst, b...)
}

// consumedAll turns a decoder that stopped before the end into an error.
func consumedAll(n, size int, err error) error {
	if err == nil && n != size {
		err = fmt.Errorf("decoded %d of %d bytes", n, size)
	}
	return err
}

// sameGopcuaEncoding reports whether got encodes to the same bytes as want.
func sameGopcuaEncoding(want, got any) error {
	w, err := ua.Encode(want)
	if err != nil {
		return fmt.Errorf("gopcua: encoding the original: %w", err)
	}
	g, err := ua.Encode(got)
	if err != nil {
		return fmt.Errorf("gopcua: encoding the decoded value: %w", err)
	}
	if !bytes.Equal(w, g) {
		return fmt.Errorf("gopcua: the decoded value encodes differently: %s", firstDifference(w, g))
	}
	return nil
}

// firstDifference describes where a and b first differ, with a little
// context in hex.
func firstDifference(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) && i == len(b) {
		return "equal"
	}
	lo := max(0, i-4)
	excerpt := func(x []byte) string {
		return fmt.Sprintf("% x", x[min(lo, len(x)):min(i+12, len(x))])
	}
	return fmt.Sprintf("lengths %d and %d, first difference at byte %d: [%s] vs [%s] (from byte %d)",
		len(a), len(b), i, excerpt(a), excerpt(b), lo)
}
