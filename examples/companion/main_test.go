package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutput runs the example with the shared files found from this
// directory (../shared relative to the repository root); without them only
// the generated part is checked.
func TestOutput(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared")
	var out bytes.Buffer
	if err := run(&out, filepath.Join(shared, "nodesets"), filepath.Join(shared, "schema")); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	wants := []string{
		"generated: *machineryresult.ResultDataType with ResultContent",
		`generated: ResultMetaData is a *machineryresult.ResultMetaDataType with ResultID "text 13 Grüße"`,
		"generated: re-encoded to the same bytes: true",
	}
	if _, err := os.Stat(filepath.Join(shared, "nodesets", "Opc.Ua.Machinery.Result.NodeSet2.xml")); err == nil {
		wants = append(wants,
			`run time: ResultDataType{ResultMetaData: ExtensionObject{ResultMetaDataType{ResultId: "text 13 Grüße"}}, ResultContent: [`,
			`run time: JSON {"ResultMetaData":{"ResultId":"text 13 Grüße"},"ResultContent":[56,57]}`,
			`run time: ResultMetaData is a ResultMetaDataType with ResultId "text 13 Grüße", as generated: true`,
			"run time: re-encoded to the same bytes: true",
		)
	} else {
		t.Logf("the shared NodeSet2 files are not in %s: checking the generated part only", shared)
		wants = append(wants, "run time: skipped")
	}
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	t.Log("\n" + got)
}
