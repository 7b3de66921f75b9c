package main

import (
	"fmt"
	"reflect"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/uabin"
)

// The uabin side: values built from types.* and run through
// uabin.Options.Append and Unmarshal, with fast paths (the default) and
// with plans only (DisableFastPaths).

// uabinSide is a uabin workload value that makes a codec for either mode.
type uabinSide interface {
	codec(plansOnly bool) codec
	typed() codec // through uabin.Codec[T], with fast paths (testCase.typed)
}

// uabinOf returns the uabin side of a plain value: encoded with
// Options.Append into the reused buffer, decoded with Options.Unmarshal
// into one reused T.
func uabinOf[T any](v T) uabinSide { return uabinValue[T]{want: v} }

type uabinValue[T any] struct{ want T }

func (u uabinValue[T]) codec(plansOnly bool) codec {
	opts := uabinOptions(plansOnly)
	want := u.want
	var got T
	var fresh *T
	return codec{
		encode: func(dst []byte) ([]byte, error) { return opts.Append(dst, &want) },
		decode: func(src []byte) error { return opts.Unmarshal(src, &got) },
		check:  func() error { return sameValue(&want, &got) },
		decodeNew: func(src []byte) error {
			fresh = new(T)
			return opts.Unmarshal(src, fresh)
		},
		checkNew: func() error { return sameValue(&want, fresh) },
		newValue: func() any { return fresh },
	}
}

// typed is codec(false) through a uabin.Codec[T]: Codec.Append into the
// reused buffer, Codec.Unmarshal into one reused T or a new one.
func (u uabinValue[T]) typed() codec {
	k, err := uabin.NewCodec[T](uabinOptions(false))
	if err != nil {
		return codec{na: err.Error()}
	}
	return typedCodec(u.want, k.Append, k.Unmarshal)
}

// typedCodec is the codec of want through the typed functions of a Codec
// or MessageCodec: app into the reused buffer, unm into one reused T or a
// new one.
func typedCodec[T any](want T, app func([]byte, *T) ([]byte, error), unm func([]byte, *T) error) codec {
	var got T
	var fresh *T
	return codec{
		encode: func(dst []byte) ([]byte, error) { return app(dst, &want) },
		decode: func(src []byte) error { return unm(src, &got) },
		check:  func() error { return sameValue(&want, &got) },
		decodeNew: func(src []byte) error {
			fresh = new(T)
			return unm(src, fresh)
		},
		checkNew: func() error { return sameValue(&want, fresh) },
		newValue: func() any { return fresh },
	}
}

// uabinMessageOf returns the uabin side of a service message: encoded with
// Options.AppendMessage (the binary encoding NodeId, then the structure).
// Decoding checks the NodeId and unmarshals the rest into one reused T
// (Options.UnmarshalMessage into a *T); decodeNew decodes into a *any,
// which receives a new value on every call.
func uabinMessageOf[T any](encodingID uint32, v T) uabinSide {
	return uabinMessage[T]{id: encodingID, want: v}
}

type uabinMessage[T any] struct {
	id   uint32
	want T
}

func (u uabinMessage[T]) codec(plansOnly bool) codec {
	opts := uabinOptions(plansOnly)
	want := u.want // u.id is checked by UnmarshalMessage: the id registered for T
	var got T
	var fresh any
	return codec{
		encode: func(dst []byte) ([]byte, error) { return opts.AppendMessage(dst, &want) },
		decode: func(src []byte) error { return opts.UnmarshalMessage(src, &got) },
		check:  func() error { return sameValue(&want, &got) },
		decodeNew: func(src []byte) (err error) {
			return opts.UnmarshalMessage(src, &fresh)
		},
		checkNew: func() error { return sameValue(&want, fresh) },
		newValue: func() any { return fresh },
	}
}

// typed is codec(false) through a uabin.MessageCodec[T], the message form
// of Codec: Append into the reused buffer, Unmarshal into one reused T or
// a new one.
func (u uabinMessage[T]) typed() codec {
	k, err := uabin.NewMessageCodec[T](uabinOptions(false))
	if err != nil {
		return codec{na: err.Error()}
	}
	return typedCodec(u.want, k.Append, k.Unmarshal)
}

// sameValue reports how got differs from want (both pointers to the same
// type); nil if they are deeply equal. The workloads hold no NaN, so
// reflect.DeepEqual is exact.
func sameValue(want, got any) error {
	if reflect.DeepEqual(want, got) {
		return nil
	}
	diff := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true }))
	if len(diff) > 2000 {
		diff = diff[:2000] + "\n..."
	}
	return fmt.Errorf("the decoded value differs (-want +got):\n%s", diff)
}

// shareInput is the -share-input flag: uabin decodes with
// Limits.ShareInput (decoded Strings and ByteStrings point into the
// input), the opt-in for decoding into new values.
var shareInput bool

// uabinOptions are the options of uabin's codecs: fast paths or plans
// only, and ShareInput with -share-input.
func uabinOptions(plansOnly bool) uabin.Options {
	o := uabin.Options{DisableFastPaths: plansOnly}
	o.ShareInput = shareInput
	return o
}
