// Command uabingen generates Go types for the DataTypes of OPC UA
// information models published as NodeSet2 files (OPC UA Part 6 Annex F).
// It is the one generator of this module: the same model and templates
// write a companion specification's package and package types itself.
//
// A companion specification (DI, Machinery, PackML, ...) becomes a package:
//
//	go run github.com/uabin/uabin/cmd/uabingen -o DIR -package NAME [-import URI=IMPORTPATH ...] TARGET.NodeSet2.xml [DEPENDENCY.NodeSet2.xml ...]
//
// TARGET is the file whose model (its first Model element) is generated;
// the dependencies are the files of the other models it requires.
// Namespace 0 needs no file: it is package types, and its DataTypes come
// from there (nodeset.Namespace0). Opc.Ua.NodeSet2.Services.xml given as a
// dependency is used instead; a warning says so when its version is newer
// than package types' (types.SchemaVersion), whose Go types the generated
// code still uses. DataTypes of another generated package are named
// through -import URI=IMPORTPATH (repeatable), the package name being the
// last element of IMPORTPATH (with a number added if that name is taken).
// It writes DIR/NAME_gen.go: a struct with ua: tags per structure, a type
// per enumeration, option set and simple subtype, the DataType and binary
// encoding ids and func Register(*uabin.Registry) error; and, when there are
// structures, DIR/NAME_codecs_gen.go: their generated straight-line codecs
// (AppendX, ConsumeX), registered as fast paths in fastpath.Default, and
// RegisterFastPaths for a fastpath.Set of your own.
//
// Namespace 0 becomes package types (go generate ./types runs this):
//
//	go run github.com/uabin/uabin/cmd/uabingen -types SCHEMADIR -o DIR
//
// SCHEMADIR holds Opc.Ua.NodeSet2.Services.xml, NodeIds.csv, StatusCode.csv
// and AttributeIds.csv of the OPC Foundation; the structures, enumerations
// and option sets are written as for a companion package, with the tables
// only namespace 0 has (StandardTypes, SimpleTypes, CodeGeneratorStructures,
// the status codes, the attribute ids and the node ids of package types/id),
// into DIR/*_gen.go and DIR/id/nodeids_gen.go, and the codecs of the
// structures into package types/bincodec (DIR/bincodec/codecs_gen.go).
//
// Nothing is written if anything is wrong; errors name the file, the node
// and the problem. docs/codegen.md in the repository has the mapping and
// the rules.
package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/uabin/uabin/types"
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
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// options are the command-line arguments.
type options struct {
	out, pkg string
	imports  map[string]string
	files    []string
	types    string // -types SCHEMADIR
}

const usage = `usage: uabingen -o DIR -package NAME [-import URI=IMPORTPATH ...] TARGET.NodeSet2.xml [DEPENDENCY.NodeSet2.xml ...]
       uabingen -types SCHEMADIR -o DIR

The first form writes DIR/NAME_gen.go, the Go types of the DataTypes of
TARGET's model; namespace 0 is package types unless its NodeSet2 file is
given. The second writes package types from the namespace-0 schema files.
`

// parseArgs reads the command line. For -h it writes the usage to stdout
// and returns flag.ErrHelp.
func parseArgs(args []string, stdout io.Writer) (*options, error) {
	fs := flag.NewFlagSet("uabingen", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := &options{imports: map[string]string{}}
	fs.StringVar(&o.out, "o", "", "directory to write the package into (created if needed)")
	fs.StringVar(&o.pkg, "package", "", "name of the generated package")
	fs.Var(importFlags(o.imports), "import", "URI=IMPORTPATH: the generated package of the namespace URI (repeatable)")
	fs.StringVar(&o.types, "types", "", "generate package types from the namespace-0 schema files in this directory")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage+"\nflags:\n")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, fmt.Errorf("uabingen: %w (uabingen -h prints the usage)", err)
	}
	o.files = fs.Args()
	switch {
	case o.out == "":
		return nil, errors.New("uabingen: -o DIR is required")
	case o.types != "" && (o.pkg != "" || len(o.imports) > 0 || len(o.files) > 0):
		return nil, errors.New("uabingen: -types takes no -package, -import or NodeSet2 file")
	case o.types != "":
	case !token.IsIdentifier(o.pkg) || strings.ToLower(o.pkg) != o.pkg || token.IsKeyword(o.pkg):
		return nil, fmt.Errorf("uabingen: -package %q is not a lower-case Go package name", o.pkg)
	case len(o.files) == 0:
		return nil, errors.New("uabingen: no NodeSet2 file given")
	}
	return o, nil
}

// run is main without the exit: warnings go to stderr.
func run(args []string, stdout, stderr io.Writer) error {
	o, err := parseArgs(args, stdout)
	if err != nil {
		return err
	}
	outputs, _, err := generate(o, stderr)
	if err != nil {
		return err
	}
	for _, out := range outputs {
		if err := writeAtomically(filepath.Join(o.out, out.path), out.src); err != nil {
			return err
		}
	}
	return nil
}

// generate reads the files and returns the generated files and the model.
func generate(o *options, stderr io.Writer) ([]output, *pkgModel, error) {
	var m *pkgModel
	var err error
	if o.types != "" {
		m, err = generateTypes(o.types)
	} else {
		m, err = generatePackage(o, stderr)
	}
	if err != nil {
		return nil, nil, err
	}
	outputs, err := renderAll(m)
	return outputs, m, err
}

// generatePackage builds the model of a companion package.
func generatePackage(o *options, stderr io.Writer) (*pkgModel, error) {
	set, err := load(o.files, stderr)
	if err != nil {
		return nil, err
	}
	target := set.Files[0]
	if len(target.Models) == 0 {
		return nil, fmt.Errorf("uabingen: %s: the target file defines no Model", target.File)
	}
	model := target.Models[0]
	m := &pkgModel{Package: o.pkg, URI: model.URI, Generator: "uabingen from " + target.File}
	data, err := os.ReadFile(o.files[0])
	if err != nil {
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	m.License = licenseNotice(data)
	m.Source = fmt.Sprintf("Generated from %s (model %s", target.File, model.URI)
	if model.Version != "" {
		m.Source += " version " + model.Version
	}
	if d := strings.TrimSuffix(model.PublicationDate, "T00:00:00Z"); d != "" {
		m.Source += ", " + d
	}
	m.Source += ")"
	var deps []string
	for _, d := range set.Files[1:] {
		if d.File == nodeset.Namespace0File {
			deps = append(deps, fmt.Sprintf("%s (%s)", d.File, types.SchemaVersion))
		} else {
			deps = append(deps, d.File)
		}
	}
	m.Source += " with the dependencies " + strings.Join(deps, ", ") + "."
	if m.License != "" {
		m.Source += " The file carries this notice:"
	}
	if model.URI == nodeset.UANamespace {
		return nil, fmt.Errorf("uabingen: %s: namespace 0 is package types: generate it with -types", target.File)
	}
	g := &generator{set: set, target: model.URI, q: "types.", imports: o.imports,
		names: map[string]map[*nodeset.DataType]string{}, used: map[string]string{}, warn: stderr, m: m}
	if err := g.build(); err != nil {
		return nil, err
	}
	return m, nil
}

// load reads the NodeSet2 files into a Set, with namespace 0 from package
// types (nodeset.Namespace0) unless a file defines it; such a file newer
// than package types gets a warning on stderr.
func load(paths []string, stderr io.Writer) (*nodeset.Set, error) {
	var files []*nodeset.NodeSet
	ns0 := false
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("uabingen: %w", &nodeset.Error{File: filepath.Base(path), Err: err})
		}
		f, err := nodeset.Parse(filepath.Base(path), data)
		if err != nil {
			return nil, fmt.Errorf("uabingen: %w", err)
		}
		for _, m := range f.Models {
			if m.URI != nodeset.UANamespace {
				continue
			}
			ns0 = true
			if newerThanTypes(m) {
				fmt.Fprintf(stderr, "uabingen: warning: %s has namespace 0 version %s (%s), newer than package types' %s (%s): the generated code uses the Go types of package types, and a field of a namespace-0 structure package types lacks is an error; regenerate package types from the newer schema files (uabingen -types) to bring it up to date\n",
					f.File, m.Version, strings.TrimSuffix(m.PublicationDate, "T00:00:00Z"), types.SchemaVersion, types.SchemaPublished)
			}
		}
		files = append(files, f)
	}
	if !ns0 {
		files = append(files, nodeset.Namespace0())
	}
	set, err := nodeset.NewSet(files...)
	if err != nil {
		if errors.Is(err, nodeset.ErrMissingModel) && strings.Contains(err.Error(), "requires model "+nodeset.UANamespace+" ") {
			return nil, fmt.Errorf("uabingen: %w (give a newer Opc.Ua.NodeSet2.Services.xml of the OPC Foundation as a dependency)", err)
		}
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	return set, nil
}

// newerThanTypes reports whether a namespace-0 model is newer than the one
// package types is generated from: a higher version, or the same version
// published later.
func newerThanTypes(m nodeset.Model) bool {
	switch nodeset.CompareVersions(m.Version, types.SchemaVersion) {
	case 1:
		return true
	case 0:
		return strings.TrimSuffix(m.PublicationDate, "T00:00:00Z") > types.SchemaPublished
	}
	return false
}

// licenseNotice returns the text of the first XML comment of a file if it
// is a licence notice (it names a licence), without " * " line prefixes.
func licenseNotice(data []byte) string {
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
