package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONCases verifies every JSON row: uajson's text decodes to a value
// with the binary encoding of the row's value, encoding/json's to a value
// that gives its text again; and the values are those of the binary rows.
func TestJSONCases(t *testing.T) {
	cs := jsonCases()
	if len(cs) != 26 {
		t.Fatalf("%d JSON rows, want the 26 of W1-W7", len(cs))
	}
	for _, c := range cs {
		if caseByID(c.id) == nil {
			t.Errorf("%s: no binary row of that id", c.id)
		}
		if err := verifyJSON(c); err != nil {
			t.Error(err)
		}
	}
}

// TestParseO6json reads o6json bench's figures and names them by row id.
func TestParseO6json(t *testing.T) {
	out := "# open62541 v1.5.7 UA_encodeJson/UA_decodeJson, 5 passes of 5.0 ms\n" +
		"CSV,W1.UInt32,10,enc,101.0,99.5\n" +
		"CSV,W2.Variant.Int32.2x3,40,dec+clr,902.5,880.0\n" +
		"CSV,W7.ExtensionObject.50,4000,enc,41732.0,40000.0\n" +
		"# W7.ExtensionObject.50: UA_decodeJson of its own text fails\n"
	c := map[string]map[string][]float64{}
	n, err := parseO6json(strings.NewReader(out), c)
	if err != nil || n != 3 {
		t.Fatalf("%d figures, %v", n, err)
	}
	if c["W1UInt32"]["enc"][0] != 101 || c["W2VariantInt32Matrix"]["dec+clr"][0] != 902.5 || c["W7ExtensionObject50"]["enc"][0] != 41732 {
		t.Errorf("figures %v", c)
	}
	for id := range c {
		if caseByID(id) == nil {
			t.Errorf("%s names no row", id)
		}
	}
}

// TestWriteJSONSection replaces the table between the markers and keeps
// the text around it.
func TestWriteJSONSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.md")
	doc := "# B\n\ntext\n\n<!-- section: json, by hand -->\n\n## JSON\n\nintro\n\n" +
		"<!-- json table: written by `go run . json -write` in bench/compare -->\n\nold table\n\n<!-- end json table -->\n\nReproduce: x\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeJSONSection(path, "new table\n"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := strings.Replace(doc, "old table\n", "new table\n", 1)
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := os.WriteFile(path, []byte("# B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeJSONSection(path, "t"); err == nil {
		t.Error("a file without a json section: no error")
	}
}

// BenchmarkJSON runs every JSON row as <row>/<direction>/<implementation>:
// go test -run '^$' -bench JSON -benchmem.
func BenchmarkJSON(b *testing.B) {
	for _, c := range jsonCases() {
		for dir, dirName := range []string{"encode", "decode"} {
			for impl := 0; impl < numJSON; impl++ {
				b.Run(c.id+"/"+dirName+"/"+jsonImplNames[impl], func(b *testing.B) { benchJSON(b, c, dir, impl) })
			}
		}
	}
}
