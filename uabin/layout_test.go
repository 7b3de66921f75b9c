package uabin

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The shape of this package (docs/design.md, Packages): the API only, in
// small files that import neither unsafe nor reflect2 and call each other
// in no cycle; the engine below it never calls it.

// TestPackageLayout checks the size and the imports of every non-test
// file of the package.
func TestPackageLayout(t *testing.T) {
	fset := token.NewFileSet()
	for _, f := range sourceFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(src), "\n"); n > 300 {
			t.Errorf("%s: %d lines, more than 300", f, n)
		}
		a, err := parser.ParseFile(fset, f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range a.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "unsafe" || strings.Contains(p, "reflect2") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}

// TestNoCallCycle checks that the package's files call each other in no
// cycle, and that no package below it imports it (so that none of its
// files is on a call cycle with the engine's).
func TestNoCallCycle(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, f := range sourceFiles(t) {
		a, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, a)
	}
	// The imported packages are left empty: only the package's own
	// functions matter, and type-checking the imports from source would
	// take seconds. The errors that this gives are ignored.
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	pkg, _ := conf.Check("github.com/uabin/uabin/uabin", fset, files, info)
	calls := map[string]map[string]bool{}
	for _, a := range files {
		from := filepath.Base(fset.Position(a.Pos()).Filename)
		calls[from] = map[string]bool{}
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if fn, ok := info.Uses[id].(*types.Func); ok && fn.Pkg() == pkg {
					if to := filepath.Base(fset.Position(fn.Pos()).Filename); to != from {
						calls[from][to] = true
					}
				}
			}
			return true
		})
	}
	// A file is on a cycle if it reaches itself.
	for from := range calls {
		seen := map[string]bool{}
		var visit func(f string) bool
		visit = func(f string) bool {
			for to := range calls[f] {
				if to == from {
					return true
				}
				if !seen[to] {
					seen[to] = true
					if visit(to) {
						return true
					}
				}
			}
			return false
		}
		if visit(from) {
			var out []string
			for to := range calls[from] {
				out = append(out, to)
			}
			sort.Strings(out)
			t.Errorf("%s is on a call cycle (it calls %s)", from, strings.Join(out, ", "))
		}
	}
	for _, dir := range []string{"internal", "fastpath", "wire", filepath.Join("..", "internal", "uamodel")} {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			a, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, im := range a.Imports {
				if v, _ := strconv.Unquote(im.Path.Value); v == "github.com/uabin/uabin/uabin" {
					t.Errorf("%s imports package uabin", p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// emptyImporter imports every package as an empty one.
type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	p := types.NewPackage(path, path[strings.LastIndexByte(path, '/')+1:])
	p.MarkComplete()
	return p, nil
}

// sourceFiles returns the non-test Go files of the package.
func sourceFiles(t *testing.T) []string {
	all, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range all {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	return out
}
