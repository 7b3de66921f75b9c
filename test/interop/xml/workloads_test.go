package xml

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uaxml"
)

// A workload is one W1-W7 value of testdata/workloads.tsv: the row's name,
// the open62541 name of its DataType, and its UA Binary.
type workload struct {
	name, typeName string
	bin            []byte
}

func readWorkloads(t testing.TB) []workload {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "workloads.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []workload
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("workloads.tsv: %d fields in %.60q", len(fields), line)
		}
		bin, err := hex.DecodeString(fields[2])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, workload{fields[0], fields[1], bin})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// goValue returns a new Go value of the DataType named typeName.
func goValue(t testing.TB, typeName string) any {
	switch typeName {
	case "UInt32":
		return new(uint32)
	case "Double":
		return new(float64)
	case "String":
		return new(string)
	case "ByteString":
		return new([]byte)
	case "Guid":
		return new(types.GUID)
	case "DateTime":
		return new(types.DateTime)
	case "NodeId":
		return new(types.NodeID)
	case "ExpandedNodeId":
		return new(types.ExpandedNodeID)
	case "Variant":
		return new(types.Variant)
	case "DataValue":
		return new(types.DataValue)
	case "ReadRequest":
		return new(types.ReadRequest)
	case "ReadResponse":
		return new(types.ReadResponse)
	case "BrowseResponse":
		return new(types.BrowseResponse)
	}
	t.Fatalf("no Go type for %s", typeName)
	return nil
}

// o6Limits are the workload rows open62541 v1.5.7 cannot take, by
// direction, with the reason; every other row must give the value back.
var (
	o6CannotDecode = map[string]string{
		"W3.DataValue.Full":     "UA_decodeXml has no DataValue",
		"W4.ReadRequest.1":      "UA_decodeXml reads an enumeration as a bare number, not Name_Value (TimestampsToReturn Both_2)",
		"W4.ReadRequest.50":     "UA_decodeXml reads an enumeration as a bare number, not Name_Value (TimestampsToReturn Both_2)",
		"W4.ReadRequest.500":    "UA_decodeXml reads an enumeration as a bare number, not Name_Value (TimestampsToReturn Both_2)",
		"W5.ReadResponse.10":    "UA_decodeXml has no DiagnosticInfo (ResponseHeader.ServiceDiagnostics) and no DataValue",
		"W5.ReadResponse.100":   "UA_decodeXml has no DiagnosticInfo (ResponseHeader.ServiceDiagnostics) and no DataValue",
		"W5.ReadResponse.1000":  "UA_decodeXml has no DiagnosticInfo (ResponseHeader.ServiceDiagnostics) and no DataValue",
		"W6.BrowseResponse.500": "UA_decodeXml has no DiagnosticInfo (ResponseHeader.ServiceDiagnostics), and reads an enumeration as a bare number, not Name_Value (NodeClass Variable_2)",
	}
	o6CannotEncode = map[string]string{
		"W2.Variant.Int32.2x3":  "UA_encodeXml has no matrix",
		"W3.DataValue.Full":     "UA_encodeXml has no DataValue",
		"W4.ReadRequest.1":      "UA_encodeXml has no structures",
		"W4.ReadRequest.50":     "UA_encodeXml has no structures",
		"W4.ReadRequest.500":    "UA_encodeXml has no structures",
		"W5.ReadResponse.10":    "UA_encodeXml has no structures",
		"W5.ReadResponse.100":   "UA_encodeXml has no structures",
		"W5.ReadResponse.1000":  "UA_encodeXml has no structures",
		"W6.BrowseResponse.500": "UA_encodeXml has no structures",
		"W7.ExtensionObject.50": "UA_encodeXml has no structures (the Arguments of the ExtensionObjects)",
	}
)

// TestWorkloadsBothWays takes the W1-W7 values both ways between uaxml and
// open62541: open62541 decodes the XML uaxml writes, and uaxml decodes the
// XML open62541 writes; each must give the value's UA Binary, except where
// o6CannotDecode and o6CannotEncode say open62541 cannot (a row listed
// there that works fails the test, so the lists stay true).
func TestWorkloadsBothWays(t *testing.T) {
	prog := os.Getenv(O6XMLVar)
	if prog == "" {
		t.Skipf("%s is not set (%s)", O6XMLVar, runHint)
	}
	rows := readWorkloads(t)
	var decodeLines, encodeLines []string
	for _, w := range rows {
		v := goValue(t, w.typeName)
		if err := uabin.Unmarshal(w.bin, v); err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		x, err := uaxml.Marshal(v)
		if err != nil {
			t.Fatalf("%s: uaxml.Marshal: %v", w.name, err)
		}
		decodeLines = append(decodeLines, w.typeName+"\t"+base64.StdEncoding.EncodeToString(x))
		encodeLines = append(encodeLines, w.typeName+"\t"+hex.EncodeToString(w.bin))
	}
	decoded := runO6(t, prog, "decode", decodeLines)
	encoded := runO6(t, prog, "encode", encodeLines)
	for i, w := range rows {
		why, cannot := o6CannotDecode[w.name]
		d := decoded[i]
		ok := d.kind == "OK" && d.text == hex.EncodeToString(w.bin)
		switch {
		case ok && cannot:
			t.Errorf("%s: open62541 reads uaxml's XML now: remove it from o6CannotDecode (%s)", w.name, why)
		case !ok && !cannot:
			t.Errorf("%s: open62541 reads uaxml's XML as %s %.120s, want OK %.120x", w.name, d.kind, d.text, w.bin)
		case !ok:
			t.Logf("%s: open62541 does not read uaxml's XML (%s %s): %s", w.name, d.kind, d.text, why)
		}

		why, cannot = o6CannotEncode[w.name]
		e := encoded[i]
		if e.kind != "OK" {
			if !cannot {
				t.Errorf("%s: open62541 does not encode the value in XML: %s", w.name, e.text)
			} else {
				t.Logf("%s: open62541 does not encode the value in XML (%s): %s", w.name, e.text, why)
			}
			continue
		}
		if cannot {
			t.Errorf("%s: open62541 encodes the value in XML now: remove it from o6CannotEncode (%s)", w.name, why)
		}
		x, err := base64.StdEncoding.DecodeString(e.text)
		if err != nil {
			t.Fatal(err)
		}
		v := goValue(t, w.typeName)
		if err := uaxml.Unmarshal(x, v); err != nil {
			t.Errorf("%s: uaxml does not read open62541's XML %.200s: %v", w.name, x, err)
			continue
		}
		b, err := uabin.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, w.bin) {
			t.Errorf("%s: uaxml reads open62541's XML %.200s as another value (%s)", w.name, x, firstDifference(b, w.bin))
		}
	}
}
