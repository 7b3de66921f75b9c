package doccheck

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestModuleDocumented fails for every exported name in the module that has
// no doc comment.
func TestModuleDocumented(t *testing.T) {
	missing, err := Missing("../..")
	require.NoError(t, err)
	assert.Empty(t, missing, "exported names without a doc comment")
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
	require.NoError(t, err)
	assert.Equal(t, []string{"p.go:4: Bare", "p.go:5: T", "p.go:8: T.N", "p.go:14: B"}, missingInFile(fset, f))
}
