package bincodec_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// TestVerify holds the generated codec of every structure of package types
// to the engine's plan (uabin.VerifyFastPaths: the bytes, the decoded
// values, new and reused, and the errors of every truncation), on samples
// that reach its branches: the zero value (null arrays and strings), every
// field set (one-element arrays, present optional fields), and every array
// empty and every string an empty String.
func TestVerify(t *testing.T) {
	for _, s := range structures {
		t.Run(s.name, s.check)
	}
}

// verify checks the codec of T with uabin.VerifyFastPaths over its samples.
func verify[T any](t *testing.T) {
	if err := uabin.VerifyFastPaths(fastpath.Default, fill.Samples[T]()...); err != nil {
		t.Fatal(err)
	}
	// What Verify compared was the generated codec: fastpath.Default holds
	// a fast path for T.
	err := fastpath.Register(fastpath.Default, fastpath.Funcs[T]{
		Append:  func(*wire.Writer, *T) bool { return false },
		Consume: func(*wire.Reader, *T) bool { return false },
	})
	if !errors.Is(err, fastpath.ErrDuplicate) {
		t.Fatalf("registering %v in fastpath.Default again: %v, want ErrDuplicate", reflect.TypeFor[T](), err)
	}
}
