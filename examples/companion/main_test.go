package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOutput(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		"generated: *machineryresult.ResultDataType with ResultContent [56 57]",
		`generated: ResultMetaData is a *machineryresult.ResultMetaDataType with ResultID "text 13 Grüße"`,
		"generated: re-encoded to the same bytes: true",
		// The Variants print as types.Variant.String makes them.
		`run time: ResultDataType{ResultMetaData: ExtensionObject{ResultMetaDataType{ResultId: "text 13 Grüße"}}, ResultContent: [`,
		`run time: JSON {"ResultMetaData":{"UaTypeId":"nsu=http://opcfoundation.org/UA/Machinery/Result/;i=3007","EncodingMask":0,"ResultId":"text 13 Grüße"},"ResultContent":[{"UaType":6,"Value":56},{"UaType":6,"Value":57}]}`,
		`run time: ResultMetaData is a ResultMetaDataType with ResultId "text 13 Grüße", as generated: true`,
		"run time: re-encoded to the same bytes: true",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	t.Log("\n" + got)
}

// TestNodeSetCopy checks that the embedded NodeSet2 file is the one of the
// companion test corpus (test/companion/testdata/nodesets).
func TestNodeSetCopy(t *testing.T) {
	corpus, err := os.ReadFile(filepath.Join("..", "..", "test", "companion", "testdata", "nodesets", "Opc.Ua.Machinery.Result.NodeSet2.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(corpus, machineryResult) {
		t.Error("Opc.Ua.Machinery.Result.NodeSet2.xml differs from the one in test/companion/testdata/nodesets: copy it again and run go generate")
	}
}
