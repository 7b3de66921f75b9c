// Command gen generates the standard OPC UA data model of package types
// from the official schema files (Opc.Ua.Types.bsd for layouts,
// Opc.Ua.NodeSet2.Services.xml for metadata, NodeIds.csv, StatusCode.csv
// and AttributeIds.csv). It is run by go generate in package types:
//
//	go run ./internal/gen -schema ../../shared/schema -out .
//
// It writes the *_gen.go files of package types into -out and
// id/nodeids_gen.go into -out/id, each formatted with go/format and
// starting with the "Code generated" line and the OPC Foundation MIT
// License notice of the schema.
package main

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"text/template"

	"github.com/uabin/uabin/internal/uaname"
)

// outputs lists the generated files (relative to -out) and the template
// that writes each.
var outputs = []struct{ file, template string }{
	{"structs_gen.go", "structs"},
	{"enums_gen.go", "enums"},
	{"optionsets_gen.go", "optionsets"},
	{"registry_gen.go", "registry"},
	{"simpletypes_gen.go", "simpletypes"},
	{"statuscodes_gen.go", "statuscodes"},
	{"attributeids_gen.go", "attributeids"},
	{filepath.Join("id", "nodeids_gen.go"), "nodeids"},
}

//go:embed templates/*.tmpl
var templateFiles embed.FS

// templates are the parsed templates, one named template per output plus
// the named sub-templates they share.
var templates = template.Must(template.New("gen").Funcs(template.FuncMap{
	"comment":      comment,
	"commentLines": commentLines,
	"hex32":        func(v uint32) string { return fmt.Sprintf("0x%08X", v) },
}).ParseFS(templateFiles, "templates/*.tmpl"))

func main() {
	schemaDir := flag.String("schema", "../../shared/schema", "directory holding the OPC UA schema files")
	outDir := flag.String("out", ".", "directory of package types to write into")
	flag.Parse()
	if err := run(*schemaDir, *outDir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run reads the schema in schemaDir and writes every output below outDir.
func run(schemaDir, outDir string) error {
	raw, err := readSchema(schemaDir)
	if err != nil {
		return err
	}
	m, err := buildModel(raw)
	if err != nil {
		return err
	}
	for _, o := range outputs {
		src, err := render(o.template, m)
		if err != nil {
			return fmt.Errorf("%s: %w", o.file, err)
		}
		path := filepath.Join(outDir, o.file)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// render executes one template and formats the result.
func render(name string, m *model) ([]byte, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, m); err != nil {
		return nil, err
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated code: %w\n%s", err, buf.Bytes())
	}
	return src, nil
}

// comment and commentLines are uaname.Comment and uaname.CommentLines.
func comment(indent, text string) string { return uaname.Comment(indent, text) }
func commentLines(text string) string    { return uaname.CommentLines(text) }
