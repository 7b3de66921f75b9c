package companion

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/nodeset"
)

// Directories of the NodeSet2 files: the companion nodesets in testdata
// and namespace 0 in schema/ at the repository root.
var (
	nodesetDir = filepath.Join("testdata", "nodesets")
	schemaDir  = filepath.Join("..", "..", "schema")
)

// loadSet reads namespace 0 and the ten companion nodesets.
func loadSet(t testing.TB) *nodeset.Set { return loadSetWith(t, false) }

// loadSetWith reads the ten companion nodesets with namespace 0 from
// Opc.Ua.NodeSet2.Services.xml, or from package types (nodeset.Namespace0)
// if ns0FromTypes is set.
func loadSetWith(t testing.TB, ns0FromTypes bool) *nodeset.Set {
	t.Helper()
	services := filepath.Join(schemaDir, "Opc.Ua.NodeSet2.Services.xml")
	paths := []string{services}
	names, _ := filepath.Glob(filepath.Join(nodesetDir, "*.xml"))
	if _, err := os.Stat(services); err != nil || len(names) != 10 {
		t.Fatalf("%d NodeSet2 files in %s, want 10; %v", len(names), nodesetDir, err)
	}
	if !ns0FromTypes {
		set, err := nodeset.Load(append(paths, names...)...)
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	files := []*nodeset.NodeSet{nodeset.Namespace0()}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := nodeset.Parse(filepath.Base(name), data)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	set, err := nodeset.NewSet(files...)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestRuntimeRegistryVectors loads the NodeSet2 files into a registry with
// one call (nodeset.Set.Register) and requires that every node-opcua
// vector decodes into a *uabin.Dynamic of the right name and re-encodes
// byte for byte, as an ExtensionObject under the file's namespace table
// and inside a Variant under the session table of the variants, in both
// modes; with namespace 0 from the NodeSet2 file and from package types
// (nodeset.Namespace0).
func TestRuntimeRegistryVectors(t *testing.T) {
	for _, fromTypes := range []bool{false, true} {
		t.Run(fmt.Sprintf("namespace 0 from types: %v", fromTypes), func(t *testing.T) {
			testRuntimeRegistryVectors(t, loadSetWith(t, fromTypes))
		})
	}
}

func testRuntimeRegistryVectors(t *testing.T, set *nodeset.Set) {
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		t.Fatal(err)
	}
	var sum summaryFile
	readJSON(t, filepath.Join("testdata", "summary.json"), &sum)
	typesSeen := map[string]bool{}
	vectors, variants, mismatches := 0, 0, 0
	check := func(what string, b []byte, uris []string, name string, v any) {
		t.Helper()
		for _, disable := range []bool{false, true} {
			o := uabin.Options{Types: r, NamespaceURIs: uris, DisableFastPaths: disable}
			if err := roundTripDynamic(o, b, name, v); err != nil {
				t.Errorf("%s (fast paths off: %v): %v", what, disable, err)
				mismatches++
				return
			}
		}
	}
	for _, s := range sum.Nodesets {
		var f vectorFile
		readJSON(t, filepath.Join("testdata", strings.TrimSuffix(s.Nodeset, filepath.Ext(s.Nodeset))+".json"), &f)
		for i, v := range f.Vectors {
			what := fmt.Sprintf("%s: vector %d (%s, %s)", s.Nodeset, i, v.Name, v.Description)
			check(what, unhex(t, what, v.ExtensionObject), f.Namespaces, v.Name, &types.ExtensionObject{})
			typesSeen[v.DataTypeID] = true
			vectors++
		}
		for i, v := range f.Variants {
			what := fmt.Sprintf("%s: variant %d (%s)", s.Nodeset, i, v.Name)
			check(what, unhex(t, what, v.Variant), v.Namespaces, v.Name, &types.Variant{})
			variants++
		}
	}
	if vectors == 0 {
		t.Fatal("no vectors")
	}
	t.Logf("run-time registry from the NodeSet2 files: %d structure types, %d vectors and %d variants, %d mismatches", len(typesSeen), vectors, variants, mismatches)
}

// roundTripDynamic decodes b (an ExtensionObject or a Variant holding
// one) into v, requires a *uabin.Dynamic named name in it, encodes it
// again and compares.
func roundTripDynamic(o uabin.Options, b []byte, name string, v any) error {
	if err := o.Unmarshal(b, v); err != nil {
		return err
	}
	var eo types.ExtensionObject
	switch v := v.(type) {
	case *types.ExtensionObject:
		eo = *v
	case *types.Variant:
		x, ok := v.ExtensionObject()
		if !ok {
			return fmt.Errorf("the Variant holds %v", v.Type())
		}
		eo = x
	}
	d, ok := eo.Value.(*uabin.Dynamic)
	if !ok {
		return fmt.Errorf("decoded to %T (TypeID %v), want *uabin.Dynamic", eo.Value, eo.TypeID)
	}
	if d.Name() != name {
		return fmt.Errorf("decoded a %s, want %s", d.Name(), name)
	}
	again, err := o.Marshal(v)
	if err != nil {
		return fmt.Errorf("re-encoding %v: %w", d, err)
	}
	if !bytes.Equal(again, b) {
		return fmt.Errorf("bytes\n% x\nre-encoded as\n% x\n%v", b, again, d)
	}
	return nil
}

// TestRegisterTwice checks that loading the same set twice into one
// registry fails with an error that names the node and wraps both
// nodeset.ErrRegister and uabin.ErrDuplicateID.
func TestRegisterTwice(t *testing.T) {
	set := loadSet(t)
	r := uabin.NewRegistry()
	if err := set.Register(r); err != nil {
		t.Fatal(err)
	}
	err := set.Register(r)
	var ne *nodeset.Error
	if !errors.Is(err, nodeset.ErrRegister) || !errors.Is(err, uabin.ErrDuplicateID) || !errors.As(err, &ne) || ne.Node == "" {
		t.Errorf("second Register: %v", err)
	}
}
