package main

import "testing"

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
