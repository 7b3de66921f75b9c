package mqtt_test

import (
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/uabin/uabin/internal/doccheck"
)

// TestDocsMQTT builds the Go blocks of the documentation that use this
// module (```go mqtt, in docs/pubsub.md): the root module's TestDocsCompile
// builds every other block and cannot build these, as this module is no
// dependency of the root. A block that does not compile fails with its
// Markdown file and line.
func TestDocsMQTT(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	here, err := filepath.Abs(".")
	require.NoError(t, err)
	imports := maps.Clone(doccheck.Imports)
	imports["mqtt"] = "github.com/uabin/uabin/pubsub/mqtt"
	imports["tls"] = "crypto/tls"
	sum, err := os.ReadFile("go.sum")
	require.NoError(t, err)
	mod := "module example.com/mqttdocs\n\ngo 1.24\n\n" +
		"require (\n\tgithub.com/uabin/uabin v0.0.0\n\tgithub.com/uabin/uabin/pubsub/mqtt v0.0.0\n)\n\n" +
		"replace github.com/uabin/uabin => " + root + "\n\n" +
		"replace github.com/uabin/uabin/pubsub/mqtt => " + here + "\n"
	out, err := doccheck.CheckKind(root, doccheck.KindMQTT, t.TempDir(), imports, []byte(mod), sum)
	require.NoError(t, err, "the documentation's mqtt blocks fail (file:line of the Markdown):\n%s", out)
}
