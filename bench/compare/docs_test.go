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
	files, err := doccheck.Programs(root, imports, func(kind string) bool { return kind == doccheck.KindGopcua })
	require.NoError(t, err)
	require.NotEmpty(t, files, "no gopcua blocks found")

	dir := t.TempDir()
	sum, err := os.ReadFile("go.sum")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	mod := "module example.com/gopcuadocs\n\ngo 1.24\n\nrequire github.com/gopcua/opcua v0.8.0\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644))
	require.NoError(t, doccheck.WriteFiles(dir, files))
	out, err := doccheck.Check(dir)
	require.NoError(t, err, "the documentation's gopcua blocks fail (file:line of the Markdown):\n%s", out)
}
