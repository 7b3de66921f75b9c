// Package companion holds ExtensionObjects of the companion nodesets'
// DataTypes encoded by node-opcua (testdata, made by gen-vectors.mjs; see
// README.md). Its test checks that the files are consistent: every
// ExtensionObject is its encoding id (under the file's namespace table) and
// its body, every Variant the same under its own table, and the counts are
// summary.json's. registry_test.go decodes the bodies into structures
// through the run-time registry loaded from the NodeSet2 files
// (nodeset.Set.Register); the harness of cmd/uabingen does the same
// through generated code.
package companion

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// vectorFile is one testdata/<nodeset>.json.
type vectorFile struct {
	Nodeset    string   `json:"nodeset"`
	ModelURI   string   `json:"modelUri"`
	Namespaces []string `json:"namespaces"`
	Structures int      `json:"structures"`
	Vectors    []struct {
		NamespaceURI    string            `json:"namespaceUri"`
		Name            string            `json:"name"`
		DataTypeID      string            `json:"dataTypeId"`
		EncodingID      string            `json:"encodingId"`
		Description     string            `json:"description"`
		Codecs          []string          `json:"codecs"`
		Rejected        map[string]string `json:"rejected"`
		Body            string            `json:"body"`
		ExtensionObject string            `json:"extensionObject"`
	} `json:"vectors"`
	Variants []struct {
		Name       string   `json:"name"`
		EncodingID string   `json:"encodingId"`
		Namespaces []string `json:"namespaces"`
		Body       string   `json:"body"`
		Variant    string   `json:"variant"`
	} `json:"variants"`
	Dropped []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	} `json:"dropped"`
	Skipped []json.RawMessage `json:"skipped"`
}

type summaryFile struct {
	Nodesets []struct {
		Nodeset          string `json:"nodeset"`
		Structures       int    `json:"structures"`
		Kept             int    `json:"kept"`
		Dropped          int    `json:"dropped"`
		Skipped          int    `json:"skipped"`
		DefinitionPassed int    `json:"definitionPassed"`
		DictionaryPassed int    `json:"dictionaryPassed"`
		Variants         int    `json:"variants"`
	} `json:"nodesets"`
}

// nodeIDIn resolves an "nsu=URI;i=N" id with a namespace table.
func nodeIDIn(t testing.TB, s string, table []string) types.NodeID {
	t.Helper()
	i := strings.LastIndex(s, ";i=")
	if !strings.HasPrefix(s, "nsu=") || i < 0 {
		t.Fatalf("id %q is not of the form nsu=URI;i=N", s)
	}
	uri := s[len("nsu="):i]
	n, err := strconv.ParseUint(s[i+len(";i="):], 10, 32)
	if err != nil {
		t.Fatalf("id %q: %v", s, err)
	}
	ns := slices.Index(table, uri)
	if ns < 0 {
		t.Fatalf("id %q: %s is not in the namespace table %q", s, uri, table)
	}
	return types.NewNumericNodeID(uint16(ns), uint32(n))
}

func unhex(t testing.TB, what, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return b
}

func readJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestVectorFiles checks every vector file against itself and summary.json.
func TestVectorFiles(t *testing.T) {
	var sum summaryFile
	readJSON(t, filepath.Join("testdata", "summary.json"), &sum)
	names, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != len(sum.Nodesets)+1 {
		t.Errorf("%d JSON files, summary.json lists %d nodesets", len(names), len(sum.Nodesets))
	}
	total, totalVariants := 0, 0
	for _, s := range sum.Nodesets {
		name := filepath.Join("testdata", strings.TrimSuffix(strings.TrimSuffix(s.Nodeset, ".xml"), ".XML")+".json")
		var f vectorFile
		readJSON(t, name, &f)
		if f.Nodeset != s.Nodeset || f.Structures != s.Structures || len(f.Vectors) != s.Kept ||
			len(f.Dropped) != s.Dropped || len(f.Skipped) != s.Skipped || len(f.Variants) != s.Variants {
			t.Errorf("%s does not agree with summary.json", name)
		}
		def, dict := 0, 0
		for i, v := range f.Vectors {
			what := fmt.Sprintf("%s: vector %d (%s, %s)", name, i, v.Name, v.Description)
			if v.NamespaceURI != f.ModelURI || !strings.HasPrefix(v.DataTypeID, "nsu="+v.NamespaceURI+";") {
				t.Errorf("%s: namespace %q, DataType %q, model %q", what, v.NamespaceURI, v.DataTypeID, f.ModelURI)
			}
			if len(v.Codecs) == 0 {
				t.Errorf("%s: kept with no codec that passed", what)
			}
			if slices.Contains(v.Codecs, "definition") {
				def++
			}
			if slices.Contains(v.Codecs, "dictionary") {
				dict++
			}
			body := unhex(t, what, v.Body)
			var eo types.ExtensionObject
			if err := uabin.Unmarshal(unhex(t, what, v.ExtensionObject), &eo); err != nil {
				t.Errorf("%s: the ExtensionObject does not decode: %v", what, err)
				continue
			}
			if want := nodeIDIn(t, v.EncodingID, f.Namespaces); eo.TypeID != want {
				t.Errorf("%s: TypeId %v, want %v (%s)", what, eo.TypeID, want, v.EncodingID)
			}
			if eo.Encoding != types.ExtensionObjectBinary || !bytes.Equal(eo.Body, body) {
				t.Errorf("%s: ExtensionObject encoding %v, body % x; want Binary, % x", what, eo.Encoding, eo.Body, body)
			}
		}
		if def != s.DefinitionPassed || dict != s.DictionaryPassed {
			t.Errorf("%s: %d vectors pass by definition and %d by dictionary, summary.json says %d and %d", name, def, dict, s.DefinitionPassed, s.DictionaryPassed)
		}
		for i, v := range f.Variants {
			what := fmt.Sprintf("%s: variant %d (%s)", name, i, v.Name)
			if slices.Equal(v.Namespaces, f.Namespaces) {
				t.Errorf("%s: the Variant's namespace table is the file's", what)
			}
			var vr types.Variant
			if err := uabin.Unmarshal(unhex(t, what, v.Variant), &vr); err != nil {
				t.Errorf("%s: the Variant does not decode: %v", what, err)
				continue
			}
			eo, ok := vr.Value().(types.ExtensionObject)
			if !ok {
				if p, isPtr := vr.Value().(*types.ExtensionObject); isPtr {
					eo, ok = *p, true
				}
			}
			if !ok {
				t.Errorf("%s: the Variant holds %T, not an ExtensionObject", what, vr.Value())
				continue
			}
			want := nodeIDIn(t, v.EncodingID, v.Namespaces)
			if eo.TypeID != want || !bytes.Equal(eo.Body, unhex(t, what, v.Body)) {
				t.Errorf("%s: TypeId %v and body % x; want %v and % x", what, eo.TypeID, eo.Body, want, unhex(t, what, v.Body))
			}
			if fileID := nodeIDIn(t, v.EncodingID, f.Namespaces); fileID == want {
				t.Errorf("%s: the encoding id has the same index %v in both tables", what, want)
			}
		}
		total += len(f.Vectors)
		totalVariants += len(f.Variants)
		t.Logf("%s: %d structures, %d vectors kept (%d pass by definition, %d by dictionary), %d dropped, %d variants",
			s.Nodeset, s.Structures, len(f.Vectors), def, dict, len(f.Dropped), len(f.Variants))
	}
	if total == 0 || totalVariants == 0 {
		t.Errorf("%d vectors and %d variants in all", total, totalVariants)
	}
}
