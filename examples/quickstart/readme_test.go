package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/internal/doccheck"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
)

// The README's quick start, compiled and run: TestReadmeCodeIsHere checks
// that every line of the README's Go blocks appears, in order, in this file.
// The quick start, the messages and the timestamps are one function, so
// they compile one after the other as a reader would paste them; lines
// between them (the error checks, the prints) are the test's.

func Example_readme() {
	check := func(err error) {
		if err != nil {
			log.Fatal(err)
		}
	}

	type Sample struct {
		Name    string       `ua:"String"`
		Node    types.NodeID `ua:"NodeId"`
		Values  []float64    `ua:"Double"`
		When    time.Time    `ua:"DateTime"`
		Comment *string      `ua:"optional"` // written only if non-nil; adds a UInt32 mask
	}

	in := Sample{Name: "pump", Node: types.NewNumericNodeID(2, 1234), Values: []float64{1.5}}
	b, err := uabin.Marshal(&in) // 36 bytes: mask, "pump", ns=2;i=1234, [1.5], DateTime 0
	if err != nil {
		log.Fatal(err)
	}
	var out Sample
	err = uabin.Unmarshal(b, &out) // all of b, or a *uabin.DecodeError with offset and path

	fmt.Println(len(b), "bytes:", err, reflect.DeepEqual(in, out))
	fmt.Printf("% x\n", b)

	// the Value (attribute 13) of i=2259, the State of the server's ServerStatus
	nodes := []types.ReadValueID{{NodeID: types.NewNumericNodeID(0, 2259), AttributeID: 13}}
	msg, err := uabin.MarshalMessage(&types.ReadRequest{NodesToRead: nodes}) // 01 00 77 02 ...
	check(err)
	fmt.Printf("% x ...\n", msg[:4])
	var req types.ReadRequest
	err = uabin.UnmarshalMessage(msg, &req) // the type id must be ReadRequest's; req is reused
	check(err)
	var v any
	err = uabin.UnmarshalMessage(msg, &v) // any registered type: v holds a new *types.ReadRequest
	check(err)
	if r, ok := v.(*types.ReadRequest); ok {
		fmt.Println(len(r.NodesToRead), len(req.NodesToRead), "nodes")
	}
	buf := make([]byte, 0, 1024)        // a buffer kept from call to call
	b, err = uabin.Append(buf[:0], &in) // no allocation into a reused buffer
	check(err)
	fmt.Println(len(b), "bytes in buf:", &b[0] == &buf[:1][0])

	req.RequestHeader.Timestamp = types.Now() // not time.Now(): the field is a types.DateTime
	sent := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	req.RequestHeader.Timestamp = types.DateTimeFromTime(sent) // from a time.Time
	sent = req.RequestHeader.Timestamp.Time()                  // back to a time.Time, in UTC

	fmt.Println(req.RequestHeader.Timestamp, sent)
	// Output:
	// 36 bytes: <nil> true
	// 00 00 00 00 04 00 00 00 70 75 6d 70 01 02 d2 04 01 00 00 00 00 00 00 00 00 00 f8 3f 00 00 00 00 00 00 00 00
	// 01 00 77 02 ...
	// 1 1 nodes
	// 36 bytes in buf: true
	// 2024-01-02T03:04:05.0000000Z 2024-01-02 03:04:05 +0000 UTC
}

// Example_readmeLimits is the README's block on decoder limits.
func Example_readmeLimits() {
	var b []byte // a ReadResponse from an untrusted peer
	var v types.ReadResponse
	b, _ = uabin.Marshal(&types.ReadResponse{Results: make([]types.DataValue, 70000)})

	opts := uabin.Options{Limits: uabin.Limits{MaxArrayLength: 1 << 20}}
	err := opts.Unmarshal(b, &v)

	fmt.Println(len(v.Results), err)
	// Output: 70000 <nil>
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// blocks returns the lines of the fenced blocks of a Markdown text whose
// info string's first word is lang ("" for none).
func blocks(md, lang string) [][]string {
	var out [][]string
	for _, b := range doccheck.Blocks("", md) {
		if b.Lang == lang {
			out = append(out, b.Code)
		}
	}
	return out
}

// TestReadmeCodeIsHere checks that the README's Go code is the code of the
// examples above, so that it compiles and does what the README says.
func TestReadmeCodeIsHere(t *testing.T) {
	readme := readFile(t, "../../README.md")
	src := readFile(t, "readme_test.go")
	var have []string
	for _, l := range strings.Split(src, "\n") {
		have = append(have, strings.Join(strings.Fields(l), " "))
	}
	goBlocks := blocks(readme, "go")
	if len(goBlocks) < 3 {
		t.Fatalf("README has %d Go blocks, want the quick start, the messages and the timestamps", len(goBlocks))
	}
	// One index for all blocks: they appear in the README's order, in one
	// function, so they compile one after the other.
	i := 0
	for _, blk := range goBlocks {
		for _, l := range blk {
			want := strings.Join(strings.Fields(l), " ")
			if want == "" {
				continue
			}
			for i < len(have) && have[i] != want {
				i++
			}
			if i == len(have) {
				t.Fatalf("README line %q is not in readme_test.go (in the README's order)", l)
			}
		}
	}
}

// TestReadmeCommands keeps the first screen's two commands exact.
func TestReadmeCommands(t *testing.T) {
	sh := blocks(readFile(t, "../../README.md"), "sh")
	if len(sh) == 0 || len(sh[0]) != 2 ||
		!strings.HasPrefix(sh[0][0], "go run ./examples/quickstart ") ||
		!strings.HasPrefix(sh[0][1], "go test ./... ") {
		t.Errorf("the README's first commands are %q", sh)
	}
}

// TestReadmeOutputExcerpt checks that the output shown in the README is
// what the example prints.
func TestReadmeOutputExcerpt(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	plain := blocks(readFile(t, "../../README.md"), "")
	require.NotEmpty(t, plain, "the README shows no output")
	for _, l := range plain[0] {
		if l != "..." {
			assert.Contains(t, out.String(), l+"\n", "the README shows a line the example does not print")
		}
	}
}

// TestReadmeLimits checks the defaults in the README's limits table and in
// docs/limits.md against the constants of package wire.
func TestReadmeLimits(t *testing.T) {
	defaults := map[string]int{
		"MaxDepth":            wire.DefaultMaxDepth,
		"MaxArrayLength":      wire.DefaultMaxArrayLength,
		"MaxStringLength":     wire.DefaultMaxStringLength,
		"MaxByteStringLength": wire.DefaultMaxByteStringLength,
		"MaxMessageSize":      wire.DefaultMaxMessageSize,
	}
	for _, c := range []struct {
		file string
		row  *regexp.Regexp
	}{
		{"../../README.md", regexp.MustCompile("^\\| `(Max\\w+)` \\| ([0-9]+) ")},
		{"../../docs/limits.md", regexp.MustCompile("^\\| `(Max\\w+)` \\| ([0-9 ]+) \\(`wire\\.Default")},
	} {
		seen := map[string]bool{}
		for _, l := range strings.Split(readFile(t, c.file), "\n") {
			m := c.row.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			want, ok := defaults[m[1]]
			if !ok {
				t.Errorf("%s: unknown limit %s", c.file, m[1])
				continue
			}
			if got := strings.ReplaceAll(m[2], " ", ""); got != fmt.Sprint(want) {
				t.Errorf("%s: %s default %s, the code says %d", c.file, m[1], m[2], want)
			}
			seen[m[1]] = true
		}
		if len(seen) != len(defaults) {
			t.Errorf("%s: the limits table has %d of the %d limits", c.file, len(seen), len(defaults))
		}
	}
}

var (
	mdLink     = regexp.MustCompile(`\]\(([^)#:]+)(#[^)]*)?\)`)
	codeSpan   = regexp.MustCompile("`[^`]*`")
	codeFences = regexp.MustCompile("(?s)\n```.*?\n```")
)

// TestDocLinks checks that docs/README.md lists every document in docs/ and
// that every relative link of the README, docs/README.md and docs/limits.md
// points to a file.
func TestDocLinks(t *testing.T) {
	index := readFile(t, "../../docs/README.md")
	docs, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	for _, d := range docs {
		name := filepath.Base(d)
		if name != "README.md" && !strings.Contains(index, "]("+name+")") {
			t.Errorf("docs/README.md does not list %s", name)
		}
	}
	for _, f := range []string{"../../README.md", "../../docs/README.md", "../../docs/limits.md"} {
		text := codeSpan.ReplaceAllString(codeFences.ReplaceAllString(readFile(t, f), ""), "")
		links := mdLink.FindAllStringSubmatch(text, -1)
		if len(links) == 0 {
			t.Errorf("%s: no links found", f)
		}
		for _, m := range links {
			target := filepath.Join(filepath.Dir(f), m[1])
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to %s, which does not exist", f, m[1])
			}
		}
	}
}

// TestReadmeSpeed checks that the figures the README quotes are the
// headline of docs/benchmarks.md, so that a new benchmark run cannot leave
// old numbers in the README.
func TestReadmeSpeed(t *testing.T) {
	readme := readFile(t, "../../README.md")
	bench, err := os.ReadFile("../../docs/benchmarks.md")
	if err != nil {
		t.Skipf("no benchmark run recorded yet: %v", err)
	}
	speed := section(readme, "## Speed")
	headline := section(string(bench), "## Headline")
	var quoted int
	for _, l := range strings.Split(speed, "\n") {
		if strings.HasPrefix(l, "- ") {
			quoted++
			if !strings.Contains(headline, l+"\n") {
				t.Errorf("the README quotes %q, which is not in the headline of docs/benchmarks.md:\n%s", l, headline)
			}
		}
	}
	if quoted == 0 {
		t.Error("the README's Speed section quotes no figures")
	}
}

// section returns the Markdown section that starts with the heading line.
func section(md, heading string) string {
	i := strings.Index(md, "\n"+heading+"\n")
	if i < 0 {
		return ""
	}
	s := md[i+1:]
	if j := strings.Index(s[len(heading):], "\n## "); j >= 0 {
		s = s[:len(heading)+j+1]
	}
	return s
}

// TestReadmeGoGet checks the README's go get line against go.mod.
func TestReadmeGoGet(t *testing.T) {
	mod := readFile(t, "../../go.mod")
	path, _, _ := strings.Cut(strings.TrimPrefix(mod, "module "), "\n")
	want := "go get " + path
	for _, blk := range blocks(readFile(t, "../../README.md"), "sh") {
		for _, l := range blk {
			if l == want {
				return
			}
		}
	}
	t.Errorf("the README has no %q line", want)
}

// TestExamplesListed checks that every example program (a directory of
// examples/ with a main.go) is in the README's table of examples and in
// the examples line of docs/README.md, and that both name no other.
func TestExamplesListed(t *testing.T) {
	mains, err := filepath.Glob("../../examples/*/main.go")
	require.NoError(t, err)
	var want []string
	for _, m := range mains {
		want = append(want, filepath.Base(filepath.Dir(m)))
	}
	sort.Strings(want)

	var table []string
	for _, m := range regexp.MustCompile(`(?m)^\| \[([\w-]+)\]\(examples/([\w-]+)\) \|`).FindAllStringSubmatch(section(readFile(t, "../../README.md"), "## Examples"), -1) {
		assert.Equal(t, m[1], m[2], "README's examples table links %s to examples/%s", m[1], m[2])
		table = append(table, m[1])
	}
	sort.Strings(table)
	assert.Equal(t, want, table, "the examples in README's table")

	line := regexp.MustCompile(`(?m)^\| \[examples/\]\(\.\./examples\) \| runnable programs: ([^|]*) \|$`).FindStringSubmatch(readFile(t, "../../docs/README.md"))
	require.NotNil(t, line, "docs/README.md has no examples/ row")
	listed := strings.Split(strings.TrimSpace(line[1]), ", ")
	sort.Strings(listed)
	assert.Equal(t, want, listed, "the examples in docs/README.md")
}

// TestReadmeFeaturesOnce checks that no two bullets of the README's
// Features start alike (the JSON encoding was listed twice).
func TestReadmeFeaturesOnce(t *testing.T) {
	seen := map[string]bool{}
	n := 0
	for _, l := range strings.Split(section(readFile(t, "../../README.md"), "## Features"), "\n") {
		if !strings.HasPrefix(l, "- ") {
			continue
		}
		n++
		head, _, _ := strings.Cut(l, ",")
		head, _, _ = strings.Cut(head, ":")
		assert.False(t, seen[head], "README's Features has two bullets starting %q", head)
		seen[head] = true
	}
	assert.Greater(t, n, 5, "README's Features bullets")
}

// TestSpeedFigures checks that the figures docs/speed.md and the README's
// Speed section quote are those of docs/benchmarks.md, with its machine:
// the headline's lines, the geometric means against open62541 and the CPU
// and Go version of the run (the run's "- CPU:" and "- Go:" lines).
func TestSpeedFigures(t *testing.T) {
	bench, err := os.ReadFile("../../docs/benchmarks.md")
	require.NoError(t, err)
	cpu := regexp.MustCompile(`(?m)^- CPU: (.*)$`).FindStringSubmatch(string(bench))
	goVersion := regexp.MustCompile(`(?m)^- Go: (.*)$`).FindStringSubmatch(string(bench))
	require.NotNil(t, cpu, "docs/benchmarks.md names no CPU")
	require.NotNil(t, goVersion, "docs/benchmarks.md names no Go version")
	machine := "CPU: " + cpu[1] + "; Go: " + goVersion[1]
	headline := section(string(bench), "## Headline")

	speed := readFile(t, "../../docs/speed.md")
	figures := section(speed, "## The figures")
	require.NotEmpty(t, figures, "docs/speed.md has no section The figures")
	for _, doc := range []struct{ name, text string }{
		{"docs/speed.md", figures},
		{"README.md", section(readFile(t, "../../README.md"), "## Speed")},
	} {
		assert.Contains(t, strings.Join(strings.Fields(doc.text), " "), machine,
			"%s quotes figures without the machine of docs/benchmarks.md", doc.name)
		n := 0
		for _, l := range strings.Split(doc.text, "\n") {
			if strings.HasPrefix(l, "- ") && strings.Contains(l, "faster than gopcua") {
				n++
				assert.Contains(t, headline, l+"\n", "%s quotes a line that is not in the headline of docs/benchmarks.md", doc.name)
			}
		}
		assert.NotZero(t, n, "%s quotes no figures against gopcua", doc.name)
	}
	geomean := regexp.MustCompile(`(?m)^\| geometric mean, 26 rows W1-W7 \|.*$`).FindString(figures)
	require.NotEmpty(t, geomean, "docs/speed.md has no geometric means against open62541")
	assert.Contains(t, string(bench), geomean+"\n", "docs/speed.md's geometric means are not those of docs/benchmarks.md")

	// The README quotes two of them: encode and decode into a reused
	// value, through Codec[T] (the table's first and fifth columns).
	cells := strings.Split(strings.Trim(geomean, "| "), " | ")
	require.Len(t, cells, 7, "the geometric means row")
	m := regexp.MustCompile(`takes ([0-9.]+x) C's time to encode and ([0-9.]+x) to decode into a reused value`).FindStringSubmatch(
		strings.Join(strings.Fields(section(readFile(t, "../../README.md"), "## Speed")), " "))
	require.NotNil(t, m, "the README's Speed section quotes no geometric means against open62541")
	assert.Equal(t, []string{cells[1], cells[5]}, []string{"**" + m[1] + "**", "**" + m[2] + "**"}, "the README's geometric means against open62541")
}

// userDocs are the Markdown files written for users: the README and
// docs/, but for the maintainers' log (performance.md) and the file
// bench/compare writes (benchmarks.md).
func userDocs(t *testing.T) []string {
	docs, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	out := []string{"../../README.md"}
	for _, d := range docs {
		if b := filepath.Base(d); b != "performance.md" && b != "benchmarks.md" {
			out = append(out, d)
		}
	}
	return out
}

var (
	// commitHash matches what looks like an abbreviated commit: 7 to 12
	// hex digits, with a letter and a digit, standing alone.
	commitHash = regexp.MustCompile(`(^|[^\w-])([0-9a-f]{7,12})([^\w-]|$)`)
	loadRemark = regexp.MustCompile(`(?i)load average|load of|other (work|jobs|builds)|busy with`)
)

// TestUserDocsSpeakToUsers checks that the user documents quote no commit
// hashes and say nothing of the load from other work under a figure: a
// figure says its CPU and how it was measured.
func TestUserDocsSpeakToUsers(t *testing.T) {
	for _, d := range userDocs(t) {
		for i, l := range strings.Split(readFile(t, d), "\n") {
			for _, m := range commitHash.FindAllStringSubmatch(l, -1) {
				h := m[2]
				if strings.ContainsAny(h, "0123456789") && strings.ContainsAny(h, "abcdef") && h != "ed25519" {
					t.Errorf("%s:%d: a commit hash? %q in %q", d, i+1, h, l)
				}
			}
			if loadRemark.MatchString(l) {
				t.Errorf("%s:%d: a remark on the machine's load: %q", d, i+1, l)
			}
		}
	}
}
