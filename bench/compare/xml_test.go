package main

import "testing"

// TestXMLRows: every XML row encodes, decodes to a value with the binary
// encoding of the row's value, and encodes to the same text again.
func TestXMLRows(t *testing.T) {
	for _, c := range xmlCases() {
		text, err := c.codec.encode(nil)
		if err != nil {
			t.Fatalf("%s encode: %v", c.id, err)
		}
		if err := c.codec.decode(text); err != nil {
			t.Fatalf("%s decode: %v", c.id, err)
		}
		if err := c.codec.check(); err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
	}
}

// BenchmarkXML times uaxml on the W1-W7 rows, the binary rows' loop:
// encoding appends into one reused buffer, decoding reads the row's text
// into a reused value.
func BenchmarkXML(b *testing.B) {
	for _, c := range xmlCases() {
		for dir, dirName := range []string{"encode", "decode"} {
			b.Run(c.id+"/"+dirName+"/uaxml", func(b *testing.B) {
				benchCodec(b, &testCase{id: c.id, workload: "XML"}, &c.codec, dir, "uaxml")
			})
		}
	}
}
