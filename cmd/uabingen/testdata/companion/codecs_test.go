package companion

import (
	"errors"
	"reflect"
	"testing"

	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// TestGeneratedCodecs holds the generated codec of every structure of the
// generated packages to the engine's plan with uabin.VerifyFastPaths (bytes,
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
	if err := uabin.VerifyFastPaths(fastpath.Default, fill.Samples[T]()...); err != nil {
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

// TestGeneratedCodecsDepth decodes a filled value of every structure with
// nesting limits of 1 to 4, generated codecs on and off: the same error
// (text and sentinel) or the same value, so that the generated codecs count
// levels as the plans do (recursive structures such as ISA-95's
// Subproperties enter one level each, Variants and DataValues one).
func TestGeneratedCodecsDepth(t *testing.T) {
	r, uris := registry(t)
	for _, c := range cases {
		v := c.new()
		fill.Value(reflect.ValueOf(v).Elem())
		b, err := uabin.Options{Types: r, NamespaceURIs: uris}.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for depth := 1; depth <= 4; depth++ {
			var errs [2]error
			var got [2]any
			for i, off := range []bool{false, true} {
				o := uabin.Options{Types: r, NamespaceURIs: uris, DisableFastPaths: off}
				o.MaxDepth = depth
				got[i] = c.new()
				errs[i] = o.Unmarshal(b, got[i])
			}
			switch {
			case (errs[0] == nil) != (errs[1] == nil):
				t.Errorf("%s, MaxDepth %d: generated codecs %v, plans %v", c.name, depth, errs[0], errs[1])
			case errs[0] != nil && (errs[0].Error() != errs[1].Error() || errors.Is(errs[0], uabin.ErrLimitExceeded) != errors.Is(errs[1], uabin.ErrLimitExceeded)):
				t.Errorf("%s, MaxDepth %d: generated codecs %v, plans %v", c.name, depth, errs[0], errs[1])
			case errs[0] == nil && !reflect.DeepEqual(got[0], got[1]):
				t.Errorf("%s, MaxDepth %d: the decoded values differ", c.name, depth)
			}
		}
	}
}
