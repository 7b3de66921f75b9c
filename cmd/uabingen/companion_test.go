package main

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/uabin/uabin/internal/doccheck"
)

// Directories of the schema files (namespace 0) and of the companion
// NodeSet2 files in the repository, seen from this package's directory.
var (
	schemaDir  = filepath.Join("..", "..", "schema")
	nodesetDir = filepath.Join("..", "..", "test", "companion", "testdata", "nodesets")
)

// requireFile returns the path of a file of the repository, failing the
// test if it is missing.
func requireFile(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v (the file belongs to the repository)", err)
	}
	return path
}

// companion is one of the ten companion nodesets: the package to generate,
// the target file, the dependency files (namespace 0 comes from package
// types) and the packages of the dependencies to import.
type companion struct {
	pkg, file string
	deps      []string
	imports   []string // packages generated before, by package name
}

const (
	diFile    = "Opc.Ua.Di.NodeSet2.xml"
	isa95File = "opc.ua.isa95-jobcontrol.nodeset2.xml"
)

// companions are in dependency order.
var companions = []companion{
	{"di", diFile, nil, nil},
	{"ia", "Opc.Ua.IA.NodeSet2.xml", []string{diFile}, []string{"di"}},
	{"machinery", "Opc.Ua.Machinery.NodeSet2.xml", []string{diFile}, []string{"di"}},
	{"machineryresult", "Opc.Ua.Machinery.Result.NodeSet2.xml", nil, nil},
	{"isa95jobcontrol", isa95File, nil, nil},
	{"machineryjobs", "Opc.Ua.Machinery.Jobs.Nodeset2.xml", []string{isa95File}, []string{"isa95jobcontrol"}},
	{"packml", "Opc.Ua.PackML.NodeSet2.xml", nil, nil},
	{"machinevision", "Opc.Ua.MachineVision.NodeSet2.xml", nil, nil},
	{"autoid", "Opc.Ua.AutoID.NodeSet2.xml", []string{diFile}, []string{"di"}},
	{"robotics", "Opc.Ua.Robotics.NodeSet2.xml", []string{diFile}, []string{"di"}},
}

// harness is the directory of the round-trip test package, inside this
// module so that the generated packages build against it; its gen/ and
// cases_test.go are written here (and ignored by git).
const (
	harness       = "testdata/companion"
	harnessImport = "github.com/uabin/uabin/cmd/uabingen/testdata/companion"
)

// TestCompanions generates a package for each of the ten companion
// nodesets (and the Acme file of TestGolden), with namespace 0 from package
// types, checks that the output is deterministic, documented and the same
// with Opc.Ua.NodeSet2.Services.xml given (but for the header), then runs
// go vet on the packages and go test in the harness: every structure
// round-trips in both modes, agrees with its run-time definition, its
// generated codec agrees with the plan (uabin.VerifyFastPaths), and hand-made
// bytes match.
func TestCompanions(t *testing.T) {
	services := requireFile(t, schemaDir, servicesFile)
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("skipping: no go command in PATH")
	}
	if err := os.RemoveAll(filepath.Join(harness, "gen")); err != nil {
		t.Fatal(err)
	}
	uris := map[string]string{} // package -> namespace URI
	var cases, registers strings.Builder
	var imports []string
	var summary []string
	all := append([]companion{{pkg: "acme", file: acmeFile}}, companions...)
	for _, c := range all {
		args := []string{"-o", filepath.Join(harness, "gen", c.pkg), "-package", c.pkg}
		for _, imp := range c.imports {
			args = append(args, "-import", uris[imp]+"="+harnessImport+"/gen/"+imp)
		}
		if c.pkg == "acme" {
			args = append(args, c.file)
		} else {
			args = append(args, requireFile(t, nodesetDir, c.file))
			for _, d := range c.deps {
				args = append(args, requireFile(t, nodesetDir, d))
			}
		}
		o, err := parseArgs(args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var warnings strings.Builder
		outs, m, err := generate(o, &warnings)
		if err != nil {
			t.Fatalf("%s: %v", c.pkg, err)
		}
		src := outs[0].src
		// No field name of the ten nodesets is one that the name= option
		// cannot hold (AutoID's "N/S Hemisphere" has a space, which it can).
		if warnings.String() != "" {
			t.Errorf("%s: warnings\n%s", c.pkg, warnings.String())
		}
		if c.pkg == "autoid" && !bytes.Contains(src, []byte(`ua:"String,name=N/S Hemisphere"`)) {
			t.Errorf("autoid: no name=N/S Hemisphere in the generated WGS84Coordinate")
		}
		again, _, err := generate(o, io.Discard)
		if err != nil || !bytes.Equal(src, again[0].src) {
			t.Errorf("%s: a second run wrote different output (%v)", c.pkg, err)
		}
		// With namespace 0 from its NodeSet2 file, only the header differs.
		o.files = append(o.files, services)
		withFile, _, err := generate(o, io.Discard)
		if err != nil || !bytes.Equal(afterHeader(src), afterHeader(withFile[0].src)) {
			t.Errorf("%s: with %s the code differs from the code with namespace 0 from package types (%v)", c.pkg, servicesFile, err)
		}
		if err := run(args, io.Discard, io.Discard); err != nil {
			t.Fatalf("%s: %v", c.pkg, err)
		}
		uris[c.pkg] = m.URI
		imports = append(imports, harnessImport+"/gen/"+c.pkg)
		fmt.Fprintf(&registers, "\t{%q, %q, %s.Register},\n", c.pkg, m.URI, c.pkg)
		registered := 0
		for _, s := range m.Structs {
			reg := !s.Abstract && s.HasBinary
			if reg {
				registered++
			}
			fmt.Fprintf(&cases, "\t{%q, func() any { return new(%s.%s) }, %v, verify[%s.%s]},\n", c.pkg+"."+s.GoName, c.pkg, s.GoName, reg, c.pkg, s.GoName)
		}
		summary = append(summary, fmt.Sprintf("%s: %d structures (%d registered), %d enumerations, %d option sets, %d simple types",
			c.pkg, len(m.Structs), registered, len(m.Enums), len(m.OptionSets), len(m.Simples)))
	}
	sort.Strings(imports)
	// The NodeSet2 files, relative to the harness, for its run-time test.
	paths := []string{services}
	for _, c := range companions {
		paths = append(paths, filepath.Join(nodesetDir, c.file))
	}
	var rel []string
	for _, p := range paths {
		r, err := filepath.Rel(harness, p)
		if err != nil {
			t.Fatal(err)
		}
		rel = append(rel, filepath.ToSlash(r))
	}
	var src bytes.Buffer
	src.WriteString("// Code generated by TestCompanions in cmd/uabingen; DO NOT EDIT.\n\npackage companion\n\nimport (\n\t\"testing\"\n\n")
	for _, imp := range imports {
		fmt.Fprintf(&src, "\t%q\n", imp)
	}
	src.WriteString("\t\"github.com/uabin/uabin/uabin\"\n)\n\n")
	src.WriteString("// registers are the Register functions of the generated packages.\nvar registers = []struct {\n\tpkg, uri string\n\tregister func(*uabin.Registry) error\n}{\n")
	src.WriteString(registers.String() + "}\n\n")
	src.WriteString("// cases are the generated structures: a name, a constructor, whether Register registers it and the check of its generated codec.\nvar cases = []struct {\n\tname string\n\tnew func() any\n\tregistered bool\n\tverify func(*testing.T)\n}{\n")
	src.WriteString(cases.String() + "}\n\n")
	fmt.Fprintf(&src, "// nodesetFiles are namespace 0 and the ten companion nodesets, relative to this directory.\nvar nodesetFiles = %#v\n", rel)
	formatted, err := format.Source(src.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, src.Bytes())
	}
	if err := os.WriteFile(filepath.Join(harness, "cases_test.go"), formatted, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, s := range summary {
		t.Log(s)
	}

	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command(goTool, args...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if testing.Verbose() {
			t.Logf("go %s:\n%s", strings.Join(args, " "), out)
		}
	}
	missing, err := doccheck.Missing(filepath.Join(harness, "gen"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range missing {
		t.Errorf("generated exported name without a doc comment: %s", m)
	}
	goCmd("vet", "./"+harness+"/...")
	goCmd("test", "-count=1", "./"+harness)
}

// afterHeader returns the generated code after the header, from the
// package doc on.
func afterHeader(src []byte) []byte {
	if i := bytes.Index(src, []byte("\n// Package ")); i >= 0 {
		return src[i:]
	}
	return src
}
