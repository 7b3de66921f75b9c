package doccheck

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Module writes, in dir, a Go module named path that requires the root
// module at root (a `replace` directive to the directory root), with the
// root's go.sum, and the given files below it. Go commands run in it
// through GoCommand need no network when the module cache holds what root
// needs (as it does once root's own tests were built).
func Module(dir, path, root string, files []File) error {
	rootMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	rootPath, _, _ := strings.Cut(strings.TrimPrefix(string(rootMod), "module "), "\n")
	mod := fmt.Sprintf("module %s\n\ngo 1.24\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		path, rootPath, rootPath, filepath.ToSlash(root))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	return WriteFiles(dir, files)
}

// WriteFiles writes files below dir.
func WriteFiles(dir string, files []File) error {
	for _, f := range files {
		d := filepath.Join(dir, f.Dir)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, f.Name), f.Src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// GoCommand returns the go command with args, run in dir, outside any
// workspace (GOWORK=off) and allowed to update go.mod and go.sum
// (-mod=mod, added to the GOFLAGS of the environment).
func GoCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	return cmd
}

// Check runs go vet in the module at dir (every block compiles and passes
// vet) and then go test (the Examples run; only the packages that have one
// link a test binary), and returns their output.
func Check(dir string) ([]byte, error) {
	out, err := GoCommand(dir, "vet", "./...").CombinedOutput()
	if err != nil {
		return out, err
	}
	return GoCommand(dir, "test", "-count=1", "./...").CombinedOutput()
}

// CheckKind builds and checks (Check) the Go blocks of one kind of the
// Markdown files below root in a new module at dir, whose go.mod and go.sum
// are given: the blocks of a module other than the root (gopcua's in
// bench/compare, the MQTT transport's in pubsub/mqtt), which only that
// module can build. imports maps the package names the blocks use to their
// paths. No block of the kind is an error, so that a renamed kind is seen.
func CheckKind(root, kind, dir string, imports map[string]string, goMod, goSum []byte) ([]byte, error) {
	files, err := Programs(root, imports, func(k string) bool { return k == kind })
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no %q Go blocks below %s", kind, root)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), goMod, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), goSum, 0o644); err != nil {
		return nil, err
	}
	if err := WriteFiles(dir, files); err != nil {
		return nil, err
	}
	return Check(dir)
}
