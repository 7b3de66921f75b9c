// Package doccheck finds exported Go declarations without a doc comment.
// Its test runs over the whole module in CI, so that every exported name of
// uabin stays documented.
package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
)

// Missing walks the Go files below root (skipping tests, testdata, hidden
// folders and nested modules) and returns one "file:line: name" entry for
// every exported top-level declaration, and every exported method of an
// exported type, that has no doc comment. A const or var inside a
// documented group counts as documented.
func Missing(root string) ([]string, error) {
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || fileExists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil // commands document themselves in their package doc
		}
		out = append(out, missingInFile(fset, f)...)
		return nil
	})
	sort.Strings(out)
	return out, err
}

func missingInFile(fset *token.FileSet, f *ast.File) []string {
	var out []string
	report := func(pos token.Pos, name string) {
		p := fset.Position(pos)
		out = append(out, fmt.Sprintf("%s:%d: %s", p.Filename, p.Line, name))
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() || d.Doc != nil {
				continue
			}
			if d.Recv != nil {
				recv := receiverName(d.Recv)
				if !ast.IsExported(recv) {
					continue
				}
				report(d.Pos(), recv+"."+d.Name.Name)
				continue
			}
			report(d.Pos(), d.Name.Name)
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() && s.Doc == nil && d.Doc == nil {
						report(s.Pos(), s.Name.Name)
					}
				case *ast.ValueSpec:
					if d.Doc != nil || s.Doc != nil || s.Comment != nil {
						continue
					}
					for _, n := range s.Names {
						if n.IsExported() {
							report(n.Pos(), n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

func receiverName(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	t := fl.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// AliasFieldsMissing returns the exported fields of t that the doc comment
// of the type alias name, declared in the Go file path, does not list: a
// line of the comment that starts with the field's name. An alias of a
// struct defined in another package shows no fields in go doc, so its doc
// comment lists them; this keeps the list whole when a field is added.
func AliasFieldsMissing(path, name string, t reflect.Type) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var doc string
	found := false
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, sp := range g.Specs {
			if s := sp.(*ast.TypeSpec); s.Name.Name == name && s.Assign.IsValid() {
				found = true
				doc = g.Doc.Text() + s.Doc.Text()
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: no type alias %s", path, name)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(doc, "\n") {
		if fields := strings.Fields(line); len(fields) > 0 {
			listed[fields[0]] = true
		}
	}
	var missing []string
	for i := range t.NumField() {
		if sf := t.Field(i); sf.IsExported() && !listed[sf.Name] {
			missing = append(missing, sf.Name)
		}
	}
	return missing, nil
}
