package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/uabin/uabin/internal/doccheck"
)

// TestDocsGopcua builds the gopcua v0.8.0 blocks of the documentation
// (```go gopcua, in docs/migrating-from-gopcua.md) against gopcua v0.8.0,
// the version this module measures: the root module's TestDocsCompile
// builds every other Go block, and cannot, as gopcua is no dependency of
// the library. A block that does not compile fails with its Markdown file
// and line.
func TestDocsGopcua(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	imports := map[string]string{"ua": "github.com/gopcua/opcua/ua", "time": "time", "fmt": "fmt"}
	sum, err := os.ReadFile("go.sum")
	require.NoError(t, err)
	mod := "module example.com/gopcuadocs\n\ngo 1.24\n\nrequire github.com/gopcua/opcua v0.8.0\n"
	out, err := doccheck.CheckKind(root, doccheck.KindGopcua, t.TempDir(), imports, []byte(mod), sum)
	require.NoError(t, err, "the documentation's gopcua blocks fail (file:line of the Markdown):\n%s", out)
}
