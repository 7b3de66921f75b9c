package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/uabin/uabin/internal/doccheck"
)

// Directories of the shared schema and nodeset files: ../shared/schema and
// ../shared/nodesets relative to the repository root, seen from this
// package's directory.
var (
	schemaDir  = filepath.Join("..", "..", "..", "shared", "schema")
	nodesetDir = filepath.Join("..", "..", "..", "shared", "nodesets")
)

const servicesFile = "Opc.Ua.NodeSet2.Services.xml"

// requireFile skips the test when a shared file is not there (for example
// in a clone without the shared folder).
func requireFile(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		abs, _ := filepath.Abs(dir)
		t.Skipf("skipping: %s is not in %s (../shared relative to the repository root)", name, abs)
	}
	return path
}

// companion is one of the ten shared nodesets: the package to generate,
// the target file, the dependency files (namespace 0 is added) and the
// packages of the dependencies to import.
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

// TestCompanions generates a package for each of the ten shared companion
// nodesets (and the Acme file of TestGolden, and namespace 0, whose
// structures must encode like those of package types, which is made from
// the bsd instead of the NodeSet2 Definitions), checks that the output is
// deterministic and documented, then runs go vet on the packages and go
// test in the harness: every structure round-trips in both modes, agrees
// with its run-time definition, and hand-made bytes match.
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
	// The Acme file of TestGolden stands alone (it declares what it needs
	// of namespace 0). Namespace 0 itself is generated too, as a test of
	// the generator on some 300 structures (package types is the one to
	// use).
	all := append([]companion{{pkg: "acme", file: acmeFile}, {pkg: "ua", file: servicesFile}}, companions...)
	for _, c := range all {
		args := []string{"-o", filepath.Join(harness, "gen", c.pkg), "-package", c.pkg}
		for _, imp := range c.imports {
			args = append(args, "-import", uris[imp]+"="+harnessImport+"/gen/"+imp)
		}
		switch c.pkg {
		case "acme":
			args = append(args, c.file)
		case "ua":
			args = append(args, services)
		default:
			args = append(args, requireFile(t, nodesetDir, c.file))
			for _, d := range c.deps {
				args = append(args, requireFile(t, nodesetDir, d))
			}
			args = append(args, services)
		}
		o, err := parseArgs(args)
		if err != nil {
			t.Fatal(err)
		}
		src, m, err := generate(o)
		if err != nil {
			t.Fatalf("%s: %v", c.pkg, err)
		}
		again, _, err := generate(o)
		if err != nil || !bytes.Equal(src, again) {
			t.Errorf("%s: a second run wrote different output (%v)", c.pkg, err)
		}
		if err := run(args); err != nil {
			t.Fatalf("%s: %v", c.pkg, err)
		}
		uris[c.pkg] = m.URI
		imports = append(imports, harnessImport+"/gen/"+c.pkg)
		if c.pkg != "ua" {
			fmt.Fprintf(&registers, "\t{%q, %q, %s.Register},\n", c.pkg, m.URI, c.pkg)
		}
		registered, sameAsTypes := 0, 0
		for _, s := range m.Structs {
			// The registry has the types of package types for namespace 0.
			reg := !s.Abstract && s.HasBinary && c.pkg != "ua"
			if reg {
				registered++
			}
			std := "nil"
			if ti, ok := standardByID()[s.DT.ID.NodeID]; ok && c.pkg == "ua" && !s.Abstract { // abstract ones are never sent
				std = fmt.Sprintf("func() any { return new(types.%s) }", ti.Type.Name())
				sameAsTypes++
			}
			fmt.Fprintf(&cases, "\t{%q, func() any { return new(%s.%s) }, %v, %s},\n", c.pkg+"."+s.GoName, c.pkg, s.GoName, reg, std)
		}
		summary = append(summary, fmt.Sprintf("%s: %d structures (%d registered, %d compared with package types), %d enumerations, %d option sets, %d simple types",
			c.pkg, len(m.Structs), registered, sameAsTypes, len(m.Enums), len(m.OptionSets), len(m.Simples)))
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
	src.WriteString("// Code generated by TestCompanions in cmd/uabingen; DO NOT EDIT.\n\npackage companion\n\nimport (\n")
	for _, imp := range imports {
		fmt.Fprintf(&src, "\t%q\n", imp)
	}
	src.WriteString("\t\"github.com/uabin/uabin/types\"\n\t\"github.com/uabin/uabin/uabin\"\n)\n\n")
	src.WriteString("// registers are the Register functions of the generated packages.\nvar registers = []struct {\n\tpkg, uri string\n\tregister func(*uabin.Registry) error\n}{\n")
	src.WriteString(registers.String() + "}\n\n")
	src.WriteString("// cases are the generated structures: a name, a constructor, whether Register registers it and,\n// for namespace 0, a constructor of the same structure in package types.\nvar cases = []struct {\n\tname string\n\tnew func() any\n\tregistered bool\n\tstd func() any\n}{\n")
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
