package companion

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// vectorDir holds node-opcua's encodings of the companion structures
// (test/companion/testdata, see the README there), seen from here.
var vectorDir = filepath.Join("..", "..", "..", "..", "test", "companion", "testdata")

// vectorFile is the part of a vector file this test reads.
type vectorFile struct {
	Nodeset    string   `json:"nodeset"`
	Namespaces []string `json:"namespaces"`
	Vectors    []struct {
		Name            string `json:"name"`
		DataTypeID      string `json:"dataTypeId"`
		Description     string `json:"description"`
		ExtensionObject string `json:"extensionObject"`
	} `json:"vectors"`
	Variants []struct {
		Name       string   `json:"name"`
		Namespaces []string `json:"namespaces"`
		Variant    string   `json:"variant"`
	} `json:"variants"`
}

// TestVectorsGenerated decodes every node-opcua vector (an ExtensionObject
// under the file's namespace table, and the Variants under their own
// table) into the generated Go types registered by the generated Register
// functions, and requires the same bytes back, in both modes.
func TestVectorsGenerated(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no vector files in %s (%v)", vectorDir, err)
	}
	r, _ := registry(t)
	typesSeen := map[string]bool{}
	vectors, variants, mismatches := 0, 0, 0
	check := func(what string, b []byte, uris []string, name string, v any) {
		t.Helper()
		for _, m := range modes {
			o := uabin.Options{Types: r, NamespaceURIs: uris, DisableFastPaths: m.opts.DisableFastPaths}
			if err := roundTripGenerated(o, b, name, v); err != nil {
				t.Errorf("%s (%s): %v", what, m.name, err)
				mismatches++
				return
			}
		}
	}
	for _, name := range names {
		if filepath.Base(name) == "summary.json" {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var f vectorFile
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, v := range f.Vectors {
			what := fmt.Sprintf("%s: vector %d (%s, %s)", f.Nodeset, i, v.Name, v.Description)
			check(what, mustHex(t, v.ExtensionObject), f.Namespaces, v.Name, &types.ExtensionObject{})
			typesSeen[v.DataTypeID] = true
			vectors++
		}
		for i, v := range f.Variants {
			what := fmt.Sprintf("%s: variant %d (%s)", f.Nodeset, i, v.Name)
			check(what, mustHex(t, v.Variant), v.Namespaces, v.Name, &types.Variant{})
			variants++
		}
	}
	if vectors == 0 {
		t.Fatal("no vectors")
	}
	t.Logf("generated types: %d structure types, %d vectors and %d variants, %d mismatches", len(typesSeen), vectors, variants, mismatches)
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// roundTripGenerated decodes b into v (an ExtensionObject or a Variant
// holding one), requires a generated Go value whose type is named like the
// structure, encodes it again and compares.
func roundTripGenerated(o uabin.Options, b []byte, name string, v any) error {
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
	if eo.Value == nil {
		return fmt.Errorf("TypeID %v is not registered: the body stayed raw", eo.TypeID)
	}
	rt := reflect.TypeOf(eo.Value)
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	if !strings.HasPrefix(rt.PkgPath(), harnessPkg+"/gen/") || !strings.EqualFold(rt.Name(), strings.TrimSuffix(name, "DataType")) && !strings.EqualFold(rt.Name(), name) {
		return fmt.Errorf("decoded to %v, want the generated type of %s", rt, name)
	}
	again, err := o.Marshal(v)
	if err != nil {
		return fmt.Errorf("re-encoding %+v: %w", eo.Value, err)
	}
	if !bytes.Equal(again, b) {
		return fmt.Errorf("bytes\n% x\nre-encoded as\n% x\n%+v", b, again, eo.Value)
	}
	return nil
}

// harnessPkg is the import path of this package.
const harnessPkg = "github.com/uabin/uabin/cmd/uabingen/testdata/companion"
