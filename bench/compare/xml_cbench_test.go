package main

import (
	"fmt"
	"strings"
	"testing"
)

// testdata/open62541-xml-bench.txt is real output of the C side of the XML
// rows, `o6xml bench 3 2 < test/interop/xml/testdata/workloads.tsv`
// (test/interop/xml/c/o6xml.c; the CPU was not recorded): the CSV shape of
// bench, so parseC reads it as it reads bench's output, with the operations
// enc (UA_encodeXml into a preallocated buffer) and dec+clr (UA_decodeXml +
// UA_clear), and "# skip" lines for what open62541 cannot encode or decode.
func TestParseCXMLBench(t *testing.T) {
	r := readFixture(t, "open62541-xml-bench.txt")
	if r.version != "v1.5.7" {
		t.Errorf("version %q, want v1.5.7", r.version)
	}
	// open62541's UA_encodeXml writes built-in types and one-dimensional
	// Variants of them: W1 and W2 but the matrix.
	for _, id := range []string{"W1UInt32", "W1ExpandedNodeId", "W2VariantDouble", "W2VariantDouble1000"} {
		for _, op := range []string{cEnc, cDecClr} {
			if v := r.ns[id][op]; v <= 0 {
				t.Errorf("%s %s: %v ns/op, want a positive figure", id, op, v)
			}
		}
	}
	// The matrix and W7's Arguments: decoded from uaxml's XML (the vector
	// file's), not encoded.
	for _, id := range []string{"W2VariantInt32Matrix", "W7ExtensionObject50"} {
		if v := r.ns[id][cDecClr]; v <= 0 {
			t.Errorf("%s dec+clr: %v ns/op, want a positive figure", id, v)
		}
		if v, ok := r.ns[id][cEnc]; ok {
			t.Errorf("%s enc: %v ns/op for a value UA_encodeXml cannot write", id, v)
		}
	}
	for _, id := range []string{"W3DataValueFull", "W4ReadRequest50", "W5ReadResponse100", "W6BrowseResponse500"} {
		if ops, ok := r.ns[id]; ok {
			t.Errorf("%s: figures %v for a value open62541 cannot encode or decode in XML", id, ops)
		}
	}
}

// TestRenderXML renders the XML table from the fixture's C figures and
// made-up Go figures: a ratio where open62541 has a figure, "-" where it
// cannot, and the geometric means over the rows with figures.
func TestRenderXML(t *testing.T) {
	run := readFixture(t, "open62541-xml-bench.txt")
	cfig := map[string]map[string][]float64{}
	for id, ops := range run.ns {
		cfig[id] = map[string][]float64{}
		for op, v := range ops {
			cfig[id][op] = []float64{v}
		}
	}
	byID := map[string]*xmlCase{}
	for _, c := range xmlCases() {
		byID[c.id] = c
	}
	var rows []*xmlCase
	cells := map[string]*[2]xmlCell{}
	for _, id := range []string{"W1UInt32", "W4ReadRequest1", "W7ExtensionObject50"} {
		rows = append(rows, byID[id])
		// uaxml at twice open62541's time where it has one, else 1000 ns.
		x := new([2]xmlCell)
		for dir, op := range []string{cEnc, cDecClr} {
			g := 1000.0
			if v := run.ns[id][op]; v > 0 {
				g = 2 * v
			}
			x[dir] = xmlCell{ns: []float64{g}, allocs: int64(dir + 1)}
		}
		cells[id] = x
	}
	var b strings.Builder
	renderXML(&b, "header", rows, cells, cfig)
	out := b.String()
	for _, want := range []string{
		fmt.Sprintf("| W1UInt32 | %d | %.0f | %.0f | 2.00x | %.0f | %.0f | 2.00x | 1 / 2 |", len(byID["W1UInt32"].text),
			run.ns["W1UInt32"][cEnc], 2*run.ns["W1UInt32"][cEnc], run.ns["W1UInt32"][cDecClr], 2*run.ns["W1UInt32"][cDecClr]),
		fmt.Sprintf("| W4ReadRequest1 | %d | - | 1000 | - | - | 1000 | - | 1 / 2 |", len(byID["W4ReadRequest1"].text)),
		fmt.Sprintf("| W7ExtensionObject50 | %d | - | 1000 | - | %.0f | %.0f | 2.00x | 1 / 2 |", len(byID["W7ExtensionObject50"].text),
			run.ns["W7ExtensionObject50"][cDecClr], 2*run.ns["W7ExtensionObject50"][cDecClr]),
		"encode 2.00x (1 rows), decode 2.00x (2 rows)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
}
