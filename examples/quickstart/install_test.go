package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeInstallFromClone runs the README's commands for using uabin
// from a clone, word for word, in an empty directory beside a "clone"
// (a link to this repository): once with the replace directive as the
// block has it, once with the workspace the next paragraph describes
// (`go work init . ../uabin` in place of the go mod edit and go mod tidy
// lines). Each must build and print what the block's last comment says.
// The commands run offline (GOPROXY=off, GOSUMDB=off; for the replace,
// GOFLAGS=-mod=mod, which workspaces refuse), with what they need in the
// module cache.
func TestReadmeInstallFromClone(t *testing.T) {
	const replaceLine = "go mod edit -replace github.com/uabin/uabin=../uabin"
	const workInit = "go work init . ../uabin"
	readme := readFile(t, "../../README.md")
	var script []string
	for _, b := range blocks(readme, "sh") {
		if len(b) > 0 && strings.Contains(strings.Join(b, "\n"), "\n"+replaceLine+"\n") {
			script = b
		}
	}
	require.NotNil(t, script, "the README has no sh block with the line %q", replaceLine)
	require.Contains(t, section(readme, "## Quick start"), "`"+workInit+"` instead of the `go mod edit` and `go mod tidy`")
	last := script[len(script)-1]
	_, want, ok := strings.Cut(last, "# prints ")
	require.True(t, ok, "the block's last line %q says what it prints (# prints ...)", last)

	var workspace []string
	for _, l := range script {
		switch {
		case l == replaceLine:
			workspace = append(workspace, workInit)
		case strings.HasPrefix(l, "go mod tidy"):
		default:
			workspace = append(workspace, l)
		}
	}
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	// The commands below run offline; the modules they need (uabin's own
	// dependencies) come from the module cache, filled here if this
	// package's tests ran alone on a fresh machine (a no-op when go test
	// ./... has downloaded them).
	download := exec.Command("go", "mod", "download")
	download.Dir = root
	out, err := download.CombinedOutput()
	require.NoError(t, err, "go mod download:\n%s", out)
	// One directory for both, one after the other: the packages of the
	// "clone" compile once (their directory is part of the build cache's
	// keys), and the second run takes a fraction of a second.
	dir := t.TempDir()
	require.NoError(t, os.Symlink(root, filepath.Join(dir, "uabin")))
	for _, v := range []struct {
		name  string
		lines []string
	}{{"replace", script}, {"go.work", workspace}} {
		name, lines := v.name, v.lines
		t.Run(name, func(t *testing.T) {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, "hello")))
			cmd := exec.Command("bash", "-euo", "pipefail", "-c", strings.Join(lines, "\n")+"\n")
			cmd.Dir = dir
			// Offline: no proxy, and no checksum database (the module
			// cache's copies were checked against this module's go.sum).
			cmd.Env = append(os.Environ(), "GOPROXY=off", "GOSUMDB=off", "GOWORK=")
			if name == "replace" { // -mod=mod is refused in workspace mode
				cmd.Env = append(cmd.Env, "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
			}
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Contains(t, strings.Split(string(out), "\n"), strings.TrimSpace(want), "the output")
		})
	}
}
