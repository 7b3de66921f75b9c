// Command uabingen generates a Go package for the DataTypes of an OPC UA
// information model published as a NodeSet2 file (a companion
// specification such as DI, Machinery or PackML):
//
//	go run github.com/uabin/uabin/cmd/uabingen -o DIR -package NAME [-import URI=IMPORTPATH ...] TARGET.NodeSet2.xml DEPENDENCY.NodeSet2.xml...
//
// TARGET is the file whose model (its first Model element) is generated;
// the dependencies are the files of every model it requires, namespace 0
// (Opc.Ua.NodeSet2.Services.xml of the OPC Foundation) included. DataTypes
// of another generated package are named through -import URI=IMPORTPATH
// (repeatable), the package name being the last element of IMPORTPATH
// (with a number added if that name is taken).
//
// It writes DIR/NAME_gen.go: a struct with ua: tags per structure, a type
// per enumeration, option set and simple subtype, the DataType and binary
// encoding ids and func Register(*uabin.Registry) error. It writes
// nothing if anything is wrong; errors name the file, the node and the
// problem. docs/codegen.md in the repository has the mapping and the
// rules.
package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/uabin/uabin/uabin/nodeset"
)

// importFlags collects repeated -import URI=IMPORTPATH flags.
type importFlags map[string]string

func (f importFlags) String() string { return "" }

func (f importFlags) Set(v string) error {
	uri, path, ok := strings.Cut(v, "=")
	// A URI may contain "=": the import path is after the last one.
	if i := strings.LastIndex(v, "="); ok && i > 0 {
		uri, path = v[:i], v[i+1:]
	}
	if !ok || uri == "" || path == "" {
		return fmt.Errorf("want URI=IMPORTPATH, got %q", v)
	}
	f[uri] = path
	return nil
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// options are the command-line arguments.
type options struct {
	out, pkg string
	imports  map[string]string
	files    []string
}

func parseArgs(args []string) (*options, error) {
	fs := flag.NewFlagSet("uabingen", flag.ContinueOnError)
	o := &options{imports: map[string]string{}}
	fs.StringVar(&o.out, "o", "", "directory to write the package into (created if needed)")
	fs.StringVar(&o.pkg, "package", "", "name of the generated package")
	fs.Var(importFlags(o.imports), "import", "URI=IMPORTPATH: the generated package of the namespace URI (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: uabingen -o DIR -package NAME [-import URI=IMPORTPATH ...] TARGET.NodeSet2.xml [DEPENDENCY.NodeSet2.xml ...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	o.files = fs.Args()
	switch {
	case o.out == "":
		return nil, errors.New("uabingen: -o DIR is required")
	case !token.IsIdentifier(o.pkg) || strings.ToLower(o.pkg) != o.pkg || token.IsKeyword(o.pkg):
		return nil, fmt.Errorf("uabingen: -package %q is not a lower-case Go package name", o.pkg)
	case len(o.files) == 0:
		return nil, errors.New("uabingen: no NodeSet2 file given")
	}
	return o, nil
}

// run is main without the exit.
func run(args []string) error {
	o, err := parseArgs(args)
	if err != nil {
		return err
	}
	src, _, err := generate(o)
	if err != nil {
		return err
	}
	return writeAtomically(filepath.Join(o.out, o.pkg+"_gen.go"), src)
}

// generate reads the files and returns the package source and model.
func generate(o *options) ([]byte, *pkgModel, error) {
	set, err := nodeset.Load(o.files...)
	if err != nil {
		if errors.Is(err, nodeset.ErrMissingModel) && strings.Contains(err.Error(), "requires model "+nodeset.UANamespace+" ") {
			return nil, nil, fmt.Errorf("uabingen: %w (give Opc.Ua.NodeSet2.Services.xml of the OPC Foundation as a dependency)", err)
		}
		return nil, nil, fmt.Errorf("uabingen: %w", err)
	}
	target := set.Files[0]
	if len(target.Models) == 0 {
		return nil, nil, fmt.Errorf("uabingen: %s: the target file defines no Model", target.File)
	}
	m := &pkgModel{Package: o.pkg, URI: target.Models[0].URI, Target: target, Model: target.Models[0], Deps: set.Files[1:]}
	m.License = licenseNotice(o.files[0])
	g := &generator{set: set, target: m.URI, imports: o.imports, names: map[string]map[*nodeset.DataType]string{},
		used: map[string]string{}, m: m}
	if err := g.build(); err != nil {
		return nil, nil, err
	}
	src, err := render(m)
	return src, m, err
}

// licenseNotice returns the text of the first XML comment of the file if it
// is a licence notice (it names a licence), without " * " line prefixes.
func licenseNotice(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	text := string(data)
	start, end := strings.Index(text, "<!--"), strings.Index(text, "-->")
	if start < 0 || end < start || start > 200 {
		return ""
	}
	var lines []string
	for _, l := range strings.Split(text[start+4:end], "\n") {
		l = strings.TrimSpace(strings.TrimRight(l, "\r"))
		l = strings.TrimSpace(strings.TrimPrefix(l, "*"))
		lines = append(lines, l)
	}
	notice := strings.TrimSpace(strings.Join(lines, "\n"))
	if !strings.Contains(strings.ToLower(notice), "license") {
		return ""
	}
	return notice
}

// writeAtomically writes data to a temporary file next to path and renames
// it to path, so that path is either the old file or the whole new one.
func writeAtomically(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("uabingen: %w", err)
	}
	f, err := os.CreateTemp(dir, ".uabingen-*.go.tmp")
	if err != nil {
		return fmt.Errorf("uabingen: %w", err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
		return fmt.Errorf("uabingen: %w", werr)
	}
	return nil
}
