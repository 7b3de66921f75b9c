package main

import (
	"encoding/xml"
	"strings"
	"testing"
)

// TestRenderChart draws the chart of the sample comparison: well-formed
// SVG, a row per W1-W7 case with its uabin/C ratio, gopcua's bars from the
// gopcua table, and the document's reference to it.
func TestRenderChart(t *testing.T) {
	rows, floors := sampleRows()
	rows = append(rows, row{c: caseByID("W1String"), dir: 0, m: [numImpls]measurement{{ns: 10}, {ns: 12}, {ns: 80}}})
	cmp := &cComparison{version: "v1.5.7", rounds: 1, rows: sampleCRows(), sources: []cSource{{file: "c.txt"}}}
	svg := renderChart(cmp, rows)
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := d.Token(); err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not well-formed: %v\n%s", err, svg)
			}
			break
		}
	}
	for _, want := range []string{"<svg ", "W1 UInt32", "W1 String", "4.00x", "decode into a new value",
		"open62541 (C)", "gopcua v0.8.0", "1/8x", "64x", "open62541 v1.5.7"} {
		if !strings.Contains(svg, want) {
			t.Errorf("chart lacks %q", want)
		}
	}
	if strings.Contains(svg, "W8 ") {
		t.Errorf("the chart has W8 rows")
	}
	if !strings.Contains(svg, "W1 String encode gopcua v0.8.0: 8.00x") {
		t.Errorf("no gopcua bar: the sample rows have gopcua figures")
	}
	m := machine{cpu: "Test CPU", cores: 2, total: 4, procs: 2, goVersion: "go1.x", osArch: "linux/amd64"}
	cmp.chart = "benchmarks.svg"
	doc := renderDocument(m, cases(), rows, floors, nil, "", cmp)
	if !strings.Contains(doc, "](benchmarks.svg)") || !strings.Contains(doc, "-chart ../../docs/benchmarks.svg") {
		t.Errorf("the document does not show the chart or how to draw it")
	}
}
