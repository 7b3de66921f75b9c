package doccheck

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A Block is one fenced code block of a Markdown file.
type Block struct {
	File string   // the Markdown file, as named to Blocks
	Line int      // the line of the block's first code line (1-based)
	Lang string   // the first word of the info string ("go", "sh", "" for none)
	Attr string   // the rest of the info string ("continued", "gopcua", "fragment: why")
	Code []string // the lines between the fences
}

// Blocks returns the fenced code blocks (``` fences) of a Markdown text.
// An unclosed block runs to the end of the text.
func Blocks(file, md string) []Block {
	var out []Block
	var cur *Block
	sc := bufio.NewScanner(strings.NewReader(md))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			info := strings.TrimSpace(strings.TrimPrefix(l, "```"))
			lang, attr, _ := strings.Cut(info, " ")
			cur = &Block{File: file, Line: n + 1, Lang: lang, Attr: strings.TrimSpace(attr)}
		case cur != nil && strings.TrimSpace(l) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.Code = append(cur.Code, l)
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// The kinds of Go block, named by the word after "go" in the fence's info
// string (DEVELOPERS.md, "Go code in the documentation").
const (
	// KindStandalone (```go): a complete file if it starts with a package
	// clause, else code the checker compiles as a function body (or, when it
	// declares functions, as top-level declarations), importing the packages
	// it names.
	KindStandalone = ""
	// KindContinued (```go continued): continues the previous Go block of
	// the same file, in the same function, as a reader pasting both would.
	KindContinued = "continued"
	// KindGopcua (```go gopcua): code of the peer library gopcua v0.8.0,
	// compiled by bench/compare's tests (the module that depends on it).
	KindGopcua = "gopcua"
	// KindMQTT (```go mqtt): code using the MQTT transport, package
	// github.com/uabin/uabin/pubsub/mqtt, a module of its own that the root
	// module does not require; compiled by that module's TestDocsMQTT.
	KindMQTT = "mqtt"
	// KindFragment (```go fragment: reason): not compiled; the reason is
	// required and says why the code cannot stand alone.
	KindFragment = "fragment"
)

// Kind returns the kind of a Go block and, for a fragment, its reason; an
// info string it does not know is an error.
func (b Block) Kind() (kind, reason string, err error) {
	switch {
	case b.Attr == KindStandalone, b.Attr == KindContinued, b.Attr == KindGopcua, b.Attr == KindMQTT:
		return b.Attr, "", nil
	case strings.HasPrefix(b.Attr, KindFragment+":"):
		reason = strings.TrimSpace(strings.TrimPrefix(b.Attr, KindFragment+":"))
		if reason == "" {
			return "", "", fmt.Errorf("%s:%d: a fragment needs its reason (```go fragment: why it cannot compile)", b.File, b.Line-1)
		}
		return KindFragment, reason, nil
	}
	return "", "", fmt.Errorf("%s:%d: unknown Go block kind %q (want none, %q, %q, %q or %q)",
		b.File, b.Line-1, b.Attr, KindContinued, KindGopcua, KindMQTT, KindFragment+": reason")
}

// MarkdownFiles returns the Markdown files below root, skipping hidden
// folders, testdata and node_modules, relative to root and sorted.
func MarkdownFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Programs runs Program over every Markdown file below root
// (MarkdownFiles), one package per file (PackageName), and joins the
// errors of all files.
func Programs(root string, imports map[string]string, keep func(kind string) bool) ([]File, error) {
	mds, err := MarkdownFiles(root)
	if err != nil {
		return nil, err
	}
	var files []File
	var errs []error
	for _, md := range mds {
		text, err := os.ReadFile(filepath.Join(root, md))
		if err != nil {
			return nil, err
		}
		// Absolute names: go vet reads a relative //line name as relative
		// to the generated package's directory.
		fs, err := Program(PackageName(md), Blocks(filepath.Join(root, md), string(text)), imports, keep)
		errs = append(errs, err)
		files = append(files, fs...)
	}
	return files, errors.Join(errs...)
}

// PackageName makes a package name of a Markdown file's path
// ("docs/json.md" → "doc_docs_json").
func PackageName(md string) string {
	return "doc_" + nonName.ReplaceAllString(strings.ToLower(strings.TrimSuffix(md, ".md")), "_")
}

var nonName = regexp.MustCompile(`[^a-z0-9]+`)

// A File is a Go source file made from documentation blocks: Dir is a
// package directory (one per Markdown file, or per complete-file block),
// Name the file's name in it.
type File struct {
	Dir, Name string
	Src       []byte
}

// Program turns the Go blocks of one Markdown file that keep(kind) accepts
// into the files of a package named pkg, to be checked by `go vet` and run
// by `go test` in a module that provides the imports. Each group (a block
// and the blocks that continue it) becomes one function, with the imports
// the code names (from imports: package name → import path) and a use of
// each variable it declares at its top level, so that code written to be
// read compiles as a reader would paste it. A group that ends in an
// "// Output:" comment becomes an Example in the package's test file, run
// and checked by `go test`; the others are functions of its source file,
// compiled only (no test binary to link). A group that declares functions
// is compiled as top-level declarations instead, and a block that starts
// with a package clause as a file of a package of its own. Every block's
// lines carry //line directives, so the errors name the Markdown file and
// line.
func Program(pkg string, blocks []Block, imports map[string]string, keep func(kind string) bool) ([]File, error) {
	type group struct {
		blocks []Block
	}
	var groups []*group
	var last *group // the group a continued block joins; nil if not kept
	started := false
	for _, b := range blocks {
		if b.Lang != "go" {
			continue
		}
		kind, _, err := b.Kind()
		if err != nil {
			return nil, err
		}
		if kind == KindContinued {
			if !started {
				return nil, fmt.Errorf("%s:%d: a continued block with no Go block before it", b.File, b.Line-1)
			}
			if last != nil {
				last.blocks = append(last.blocks, b)
			}
			continue
		}
		started = true
		last = nil
		if keep(kind) {
			last = &group{blocks: []Block{b}}
			groups = append(groups, last)
		}
	}
	var files []File
	var src, test goFile // compiled only; run as Examples
	for _, g := range groups {
		first := g.blocks[0]
		if len(first.Code) > 0 && strings.HasPrefix(strings.TrimSpace(first.Code[0]), "package ") {
			if len(g.blocks) > 1 {
				return nil, fmt.Errorf("%s:%d: a complete file cannot be continued", g.blocks[1].File, g.blocks[1].Line-1)
			}
			files = append(files, File{
				Dir:  fmt.Sprintf("%s_line%d", pkg, first.Line),
				Name: "snippet.go",
				Src:  []byte(lineDirective(first) + strings.Join(first.Code, "\n") + "\n"),
			})
			continue
		}
		body, names, output, err := functionBody(g.blocks)
		if err == nil {
			if output {
				test.add(fmt.Sprintf("func Example_line%d() {\n%s}\n", first.Line, body), names)
			} else {
				src.add(fmt.Sprintf("func line%d() {\n%s}\n", first.Line, body), names)
			}
			continue
		}
		// Not a function body: top-level declarations.
		var decl strings.Builder
		for _, b := range g.blocks {
			decl.WriteString(lineDirective(b) + strings.Join(b.Code, "\n") + "\n")
		}
		f, perr := parser.ParseFile(token.NewFileSet(), "", "package p\n"+decl.String(), parser.ParseComments)
		if perr != nil {
			return nil, fmt.Errorf("neither statements nor declarations:\n%v\n%v", err, perr)
		}
		var unresolved []string
		for _, u := range f.Unresolved {
			unresolved = append(unresolved, u.Name)
		}
		src.add(decl.String(), unresolved)
	}
	if f, ok := src.file(pkg, "snippets.go", imports); ok {
		files = append(files, f)
	}
	if f, ok := test.file(pkg, "snippets_test.go", imports); ok {
		files = append(files, f)
	}
	return files, nil
}

// goFile collects the parts of one generated file and the names they
// leave unresolved.
type goFile struct {
	parts []string
	used  map[string]bool
}

func (g *goFile) add(part string, names []string) {
	if g.used == nil {
		g.used = map[string]bool{}
	}
	g.parts = append(g.parts, part)
	for _, n := range names {
		g.used[n] = true
	}
}

// file returns the file with its package clause and the imports its parts
// use; false if it has no parts.
func (g *goFile) file(pkg, name string, imports map[string]string) (File, bool) {
	if len(g.parts) == 0 {
		return File{}, false
	}
	var src strings.Builder
	fmt.Fprintf(&src, "// Code generated by internal/doccheck from Markdown; DO NOT EDIT.\n\npackage %s\n\n", pkg)
	var paths []string
	for n, path := range imports {
		if g.used[n] {
			paths = append(paths, fmt.Sprintf("%s %q", n, path))
		}
	}
	sort.Strings(paths)
	if len(paths) > 0 {
		src.WriteString("import (\n\t" + strings.Join(paths, "\n\t") + "\n)\n\n")
	}
	for _, p := range g.parts {
		src.WriteString(p + "\n")
	}
	return File{Dir: pkg, Name: name, Src: []byte(src.String())}, true
}

// lineDirective maps the lines after it to the block's first code line.
func lineDirective(b Block) string {
	return fmt.Sprintf("//line %s:%d\n", b.File, b.Line)
}

// functionBody returns the blocks as the body of one function, with a use
// of every variable declared at its top level placed before the final
// "// Output:" comment, and the names the code leaves unresolved (the
// packages it uses among them). An error means the code is not a function
// body (it declares functions, say).
func functionBody(blocks []Block) (body string, unresolved []string, output bool, err error) {
	var code []string
	for _, b := range blocks {
		code = append(code, strings.TrimSuffix(lineDirective(b), "\n"))
		code = append(code, b.Code...)
	}
	// The output comment and what follows it (comments only) stay last.
	tail := len(code)
	for i := len(code) - 1; i >= 0; i-- {
		t := strings.TrimSpace(code[i])
		if strings.HasPrefix(t, "// Output:") || strings.HasPrefix(t, "// Unordered output:") {
			tail = i
			break
		}
		if t != "" && !strings.HasPrefix(t, "//") {
			break
		}
	}
	head := strings.Join(code[:tail], "\n") + "\n"
	src := "package p\nfunc _() {\n" + head + "}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return "", nil, false, err
	}
	var declared []string
	seen := map[string]bool{}
	add := func(id *ast.Ident) {
		if id.Name != "_" && !seen[id.Name] {
			seen[id.Name] = true
			declared = append(declared, id.Name)
		}
	}
	for _, s := range f.Decls[0].(*ast.FuncDecl).Body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, e := range s.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, spec := range g.Specs {
					for _, id := range spec.(*ast.ValueSpec).Names {
						add(id)
					}
				}
			}
		}
	}
	for _, u := range f.Unresolved {
		unresolved = append(unresolved, u.Name)
	}
	var b strings.Builder
	b.WriteString(head)
	if len(declared) > 0 {
		last := blocks[len(blocks)-1]
		// Errors in these generated lines point at the block's last line.
		fmt.Fprintf(&b, "//line %s:%d\n", last.File, last.Line+len(last.Code)-1)
		for _, n := range declared {
			fmt.Fprintf(&b, "_ = %s; ", n)
		}
		b.WriteString("\n")
	}
	if tail < len(code) {
		b.WriteString(strings.Join(code[tail:], "\n") + "\n")
	}
	return b.String(), unresolved, tail < len(code), nil
}

// Imports maps the package names a documentation block may use without
// importing them to their import paths: uabin's packages and the parts of
// the standard library the documents use.
var Imports = map[string]string{
	"uabin":    "github.com/uabin/uabin/uabin",
	"types":    "github.com/uabin/uabin/types",
	"wire":     "github.com/uabin/uabin/uabin/wire",
	"fastpath": "github.com/uabin/uabin/uabin/fastpath",
	"nodeset":  "github.com/uabin/uabin/uabin/nodeset",
	"uajson":   "github.com/uabin/uabin/uajson",
	"chunk":    "github.com/uabin/uabin/chunk",
	"pubsub":   "github.com/uabin/uabin/pubsub",
	// the package examples/companion generates from Machinery Result
	"machineryresult": "github.com/uabin/uabin/examples/companion/machineryresult",
	"bytes":           "bytes",
	"context":         "context",
	"crypto":          "crypto",
	"ecdsa":           "crypto/ecdsa",
	"elliptic":        "crypto/elliptic",
	"rand":            "crypto/rand",
	"rsa":             "crypto/rsa",
	"x509":            "crypto/x509",
	"errors":          "errors",
	"fmt":             "fmt",
	"io":              "io",
	"log":             "log",
	"net":             "net",
	"os":              "os",
	"strings":         "strings",
	"time":            "time",
}
