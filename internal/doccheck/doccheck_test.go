package doccheck

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestModuleDocumented fails for every exported name in the module that has
// no doc comment.
func TestModuleDocumented(t *testing.T) {
	missing, err := Missing("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range missing {
		t.Errorf("exported name without a doc comment: %s", m)
	}
}

func TestMissingFindsUndocumented(t *testing.T) {
	src := `package p
// Documented is fine.
func Documented() {}
func Bare() {}
type T struct{}
// M is fine.
func (T) M() {}
func (*T) N() {}
func (unexported) X() {}
// Group is documented.
const (
	A = 1
)
var B = 2
var c = 3
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(missingInFile(fset, f), "\n")
	want := "p.go:4: Bare\np.go:5: T\np.go:8: T.N\np.go:14: B"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
