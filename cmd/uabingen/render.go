package main

import (
	"bytes"
	"embed"
	"fmt"
	"go/format"
	"strconv"
	"text/template"

	"github.com/uabin/uabin/internal/uaname"
	"github.com/uabin/uabin/types"
)

// The templates: header.tmpl starts every file, types.tmpl writes the
// types and the files of package types, package.tmpl the file of a
// companion package.
//
//go:embed templates/*.tmpl
var templateFiles embed.FS

var templates = template.Must(template.New("uabingen").Funcs(template.FuncMap{
	"comment":      uaname.Comment,
	"commentLines": uaname.CommentLines,
	"hex":          func(v int64) string { return fmt.Sprintf("%#x", uint64(v)) },
	"hex32":        func(v uint32) string { return fmt.Sprintf("0x%08X", v) },
	"nodeID":       nodeIDExpr,
	"count":        count,
	"codecSource":  codecSource,
}).ParseFS(templateFiles, "templates/*.tmpl"))

// output is one generated file, its path relative to -o.
type output struct {
	path string
	src  []byte
}

// renderAll returns the files of the package: NAME_gen.go, or the files of
// package types (typesOutputs).
func renderAll(m *pkgModel) ([]output, error) {
	if !m.Types {
		src, err := render("package", m)
		if err != nil || len(m.Structs) == 0 {
			return []output{{m.Package + "_gen.go", src}}, err
		}
		codecs, err := render("codecs", m)
		return []output{{m.Package + "_gen.go", src}, {m.Package + "_codecs_gen.go", codecs}}, err
	}
	var outs []output
	for _, o := range typesOutputs {
		src, err := render(o.template, m)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.file, err)
		}
		outs = append(outs, output{o.file, src})
	}
	return outs, nil
}

// render executes one template and formats the result with go/format.
func render(name string, m *pkgModel) ([]byte, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, m); err != nil {
		return nil, fmt.Errorf("uabingen: %w", err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("uabingen: formatting the generated code: %w\n%s", err, buf.Bytes())
	}
	return src, nil
}

// HasIDs reports whether the package declares ids (and so imports types).
func (m *pkgModel) HasIDs() bool {
	return len(m.Structs)+len(m.Enums)+len(m.OptionSets)+len(m.Simples) > 0
}

// nodeIDExpr is a Go expression for the NodeID of x in namespace 0 (the
// namespace is given by URI).
func nodeIDExpr(x types.ExpandedNodeID) string {
	n := x.NodeID
	switch n.Type() {
	case types.IDTypeNumeric:
		return fmt.Sprintf("types.NewNumericNodeID(0, %d)", n.IntID())
	case types.IDTypeString:
		return fmt.Sprintf("types.NewStringNodeID(0, %s)", strconv.Quote(n.StringID()))
	default:
		return fmt.Sprintf("types.MustParseNodeID(%s)", strconv.Quote(n.String()))
	}
}

// count returns "1 structure", "2 structures".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
