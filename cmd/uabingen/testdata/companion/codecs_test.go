package companion

import (
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// TestGeneratedCodecs holds the generated codec of every structure of the
// generated packages to the engine's plan with fastpath.Verify (bytes,
// values decoded new and reused, the errors of every truncation), on the
// zero value, a filled value (present optional fields, one-element arrays,
// the first alternative of a union) and the filled value with empty arrays
// and empty Strings.
func TestGeneratedCodecs(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, c.verify)
	}
}

// verify checks the generated codec of T, which fastpath.Default must hold.
func verify[T any](t *testing.T) {
	if err := fastpath.Verify(fastpath.Default, fill.Samples[T]()...); err != nil {
		t.Fatal(err)
	}
	err := fastpath.Register(fastpath.Default, fastpath.Funcs[T]{
		Append:  func(*wire.Writer, *T) bool { return false },
		Consume: func(*wire.Reader, *T) bool { return false },
	})
	if !errors.Is(err, fastpath.ErrDuplicate) {
		t.Fatalf("registering %v in fastpath.Default again: %v, want ErrDuplicate", reflect.TypeFor[T](), err)
	}
}
