package doccheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocsCompile builds every Go block of the repository's Markdown files
// (README.md, DEVELOPERS.md, docs/*.md, ...) in a module of its own that
// requires this one, and runs those that show an "// Output:": a block
// that does not compile, or prints something else, fails with its file
// and line. The gopcua blocks are compiled by bench/compare's
// TestDocsGopcua.
func TestDocsCompile(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	mds, err := MarkdownFiles(root)
	require.NoError(t, err)
	count := map[string]int{}
	for _, md := range mds {
		text, err := os.ReadFile(filepath.Join(root, md))
		require.NoError(t, err)
		for _, b := range Blocks(md, string(text)) {
			if b.Lang != "go" {
				continue
			}
			kind, reason, err := b.Kind()
			if err != nil {
				continue // Programs reports it
			}
			count[kind]++
			if kind == KindGopcua && (len(b.Code) == 0 || b.Code[0] != "// gopcua v0.8.0") {
				t.Errorf("%s:%d: a gopcua block starts with the line // gopcua v0.8.0", b.File, b.Line-1)
			}
			if kind == KindFragment {
				t.Logf("%s:%d: not compiled: %s", b.File, b.Line-1, reason)
			}
		}
	}
	require.NotZero(t, count[KindStandalone], "no Go blocks found below %s", root)
	t.Logf("Go blocks: %d standalone, %d continued, %d gopcua, %d mqtt, %d fragments", count[KindStandalone], count[KindContinued], count[KindGopcua], count[KindMQTT], count[KindFragment])
	files, err := Programs(root, Imports, func(kind string) bool { return kind == KindStandalone })
	require.NoError(t, err)

	dir := t.TempDir()
	require.NoError(t, Module(dir, "example.com/docsnippets", root, files))
	out, err := Check(dir)
	if err != nil {
		t.Fatalf("the documentation's Go blocks fail (file:line of the Markdown):\n%s", out)
	}
}

// TestDocsCompileCatches runs the checker on bad documents: each fault must
// fail the check, naming the Markdown file and line.
func TestDocsCompileCatches(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	for _, c := range []struct {
		docs map[string]string
		want []string
	}{{
		docs: map[string]string{
			// got is never defined (docs/migrating-from-gopcua.md had this).
			"undefined.md": "# x\n\n```go\nb, _ := uabin.Marshal(&types.ReadValueID{})\nfmt.Println(len(b), got.SentZero)\n```\n",
			// A continued block redeclares what the first declared.
			"continued.md": "```go\nb, err := uabin.Marshal(&types.ReadValueID{})\n```\n\ntext\n\n```go continued\nb, err := uabin.Marshal(&types.NodeID{})\n```\n",
			// A complete file with a type error.
			"file.md": "```go\npackage main\n\nfunc main() {\n\tvar x int = \"s\"\n\t_ = x\n}\n```\n",
			// Declarations: a function that returns nothing where it must.
			"decl.md": "```go\nfunc size() int {\n}\n```\n",
			// vet: a Printf verb that does not fit its argument.
			"vet.md": "```go\nfmt.Printf(\"%d\\n\", \"text\")\n```\n",
		},
		want: []string{
			"undefined.md:5", "undefined: got",
			"continued.md:8", "no new variables",
			"file.md:5", `"s"`,
			"decl.md:3", "missing return",
			"vet.md:2", "wrong type",
		},
	}, {
		// The output shown is not what the code prints.
		docs: map[string]string{"output.md": "```go\nfmt.Println(1 + 1)\n// Output: 3\n```\n"},
		want: []string{"--- FAIL: Example_line2", "got:\n2\nwant:\n3"},
	}} {
		var files []File
		for md, text := range c.docs {
			fs, err := Program(PackageName(md), Blocks(md, text), Imports, func(kind string) bool { return kind == KindStandalone })
			require.NoError(t, err, md)
			files = append(files, fs...)
		}
		dir := t.TempDir()
		require.NoError(t, Module(dir, "example.com/bad", root, files))
		out, err := Check(dir)
		require.Error(t, err, "the bad documents passed:\n%s", out)
		for _, want := range c.want {
			assert.Contains(t, string(out), want)
		}
	}
}

func TestKinds(t *testing.T) {
	blocks := Blocks("k.md", "```go\na\n```\n```go continued\nb\n```\n```go gopcua\nc\n```\n```go fragment: needs a server\nd\n```\n```go fragment:\ne\n```\n```go other\nf\n```\n```sh\ng\n```\n")
	require.Len(t, blocks, 7)
	var got []string
	for _, b := range blocks {
		kind, reason, err := b.Kind()
		if err != nil {
			got = append(got, err.Error())
			continue
		}
		got = append(got, b.Lang+"/"+kind+"/"+reason)
	}
	assert.Equal(t, []string{
		"go//",
		"go/continued/",
		"go/gopcua/",
		"go/fragment/needs a server",
		"k.md:13: a fragment needs its reason (```go fragment: why it cannot compile)",
		`k.md:16: unknown Go block kind "other" (want none, "continued", "gopcua", "mqtt" or "fragment: reason")`,
		"sh//",
	}, got)
	assert.Equal(t, 2, blocks[0].Line)
	assert.Equal(t, []string{"g"}, blocks[6].Code)

	_, err := Program("p", Blocks("c.md", "```go continued\nx := 1\n```\n"), Imports, func(string) bool { return true })
	assert.EqualError(t, err, "c.md:1: a continued block with no Go block before it")
}
