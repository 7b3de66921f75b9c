package message

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPerflogHarness builds the optimisation log's benchmarks
// (testdata/perflog, see docs/performance.md) against the current tree and
// runs each benchmark once, so that their checks (same bytes with and
// without fast paths, decoded values equal) pass and the recipe keeps
// working as the API changes.
func TestPerflogHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a separate module")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "perflog", "perflog_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module perflog\n\ngo 1.24\n\nrequire github.com/uabin/uabin v0.0.0\n\nreplace github.com/uabin/uabin => " + root + "\n"
	for name, data := range map[string][]byte{"perflog_test.go": src, "go.sum": sum, "go.mod": []byte(mod)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "test", "-count=1", "-run", "^$", "-bench", ".", "-benchtime", "1x", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "GOPROXY=off") {
		// A module the library needs is not in the module cache, and
		// the test does not download.
		t.Skipf("go test in %s needs a module that is not cached:\n%s", dir, out)
	}
	if err != nil {
		t.Fatalf("go test in %s: %v\n%s", dir, err, out)
	}
	for _, want := range []string{"BenchmarkLog/W5ReadResponse100/decode/plans", "BenchmarkText/ParseGUID", "PASS"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
