package interop

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// binDir holds the example binary built by clientBinary; TestMain removes
// it.
var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// clientBinary builds examples/client once.
var clientBinary = sync.OnceValues(func() (string, error) {
	var err error
	if binDir, err = os.MkdirTemp("", "uabin-interop-"); err != nil {
		return "", err
	}
	bin := filepath.Join(binDir, "client")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/uabin/uabin/examples/client").CombinedOutput()
	if err != nil {
		return "", errors.New(string(out))
	}
	return bin, nil
})

// runClient runs the example command with args and returns its output and
// exit code.
func runClient(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	bin, err := clientBinary()
	if err != nil {
		t.Fatalf("go build ./examples/client: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.ExitCode()
	default:
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// TestCommand runs `go run ./examples/client` as the issue asks, under each
// security setting: reads print NODEID = VALUE (TYPE) STATUS, browsing i=85
// prints the server's top-level objects.
func TestCommand(t *testing.T) {
	ep := endpoint(t)
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			args := []string{"-endpoint", ep, "-timeout", "30s",
				"-read", "ns=1;s=Scalar.Double", "-read", "ns=1;s=Array.Int32", "-read", "ns=1;s=Matrix.Int32",
				"-read", "ns=1;s=LargeDoubleArray", "-read", "ns=1;s=Scalar.LocalizedText",
				"-browse", "i=85", "-bufsize", "8192"}
			if !s.policy.IsNone() {
				args = append(args, "-security", s.policy.Name, "-mode", s.mode.String())
			}
			stdout, stderr, code := runClient(t, args...)
			if code != 0 {
				t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
			}
			for _, want := range []string{
				"ns=1;s=Scalar.Double = Double(3.141592653589793) Good\n",
				"ns=1;s=Array.Int32 = Int32[3] [-2147483648, 0, 2147483647] Good\n",
				"ns=1;s=Matrix.Int32 = Int32[2x3] [1, 2, 3, 4, 5, 6] Good\n",
				"ns=1;s=LargeDoubleArray = Double[20000] [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, ... (20000 elements)] Good\n",
				"ns=1;s=Scalar.LocalizedText = LocalizedText([de-DE] \"Pumpe\") Good\n",
				"i=85 -> i=2253 \"Server\" (Object)\n",
				"i=85 -> ns=1;s=Interop \"1:Interop\" (Object)\n",
				"i=85 -> i=61 \"FolderType\" (ObjectType)\n",
			} {
				if !strings.Contains(stdout, want) {
					t.Errorf("output lacks %q; it is:\n%s", want, stdout)
				}
			}
			if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
		})
	}
}

// TestCommandErrors checks the one-line reports and exit codes of failures
// against the real server.
func TestCommandErrors(t *testing.T) {
	ep := endpoint(t)
	cases := []struct {
		name     string
		args     []string
		code     int
		stdout   string // a line the output must hold
		stderrRe string // a text stderr must hold
	}{
		{"unknown node read", []string{"-read", "ns=1;s=NoSuchNode", "-read", "ns=1;s=Scalar.Boolean"}, 1,
			"ns=1;s=NoSuchNode = null BadNodeIdUnknown\n", "1 of 2 nodes read with a bad status"},
		{"unknown node browse", []string{"-browse", "ns=1;s=NoSuchNode"}, 1, "", "BadNodeIdUnknown (0x80340000)"},
		{"unknown policy", []string{"-security", "Basic999"}, 2, "", "not one of None"},
		{"missing endpoint", []string{"-endpoint", ""}, 2, "", "-endpoint is required"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"-endpoint", ep}, c.args...)
			stdout, stderr, code := runClient(t, args...)
			if code != c.code {
				t.Errorf("exit code %d, want %d; stderr: %s", code, c.code, stderr)
			}
			if c.stdout != "" && !strings.Contains(stdout, c.stdout) {
				t.Errorf("stdout lacks %q:\n%s", c.stdout, stdout)
			}
			if c.stderrRe != "" && !strings.Contains(stderr, c.stderrRe) {
				t.Errorf("stderr lacks %q:\n%s", c.stderrRe, stderr)
			}
			if n := strings.Count(stderr, "\n"); n > 1 {
				t.Errorf("stderr has %d lines, want one:\n%s", n, stderr)
			}
		})
	}
}
