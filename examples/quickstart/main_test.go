package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestOutput runs the example and checks the lines a reader relies on:
// sizes, exact bytes of a few fields, the decoded values in OPC UA notation
// and the round-trip verdicts.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		// W4 with N = 1 is 118 bytes (encoding-rules.md §15); each further
		// ReadValueId adds 48.
		"uabin.MarshalMessage: 214 bytes = type id i=631 (4 bytes) + ReadRequest body (210 bytes)",
		"uabin.UnmarshalMessage: *types.ReadRequest",
		"0000    01 00 77 02                                      TypeId = i=631 (ReadRequest_Encoding_DefaultBinary) → *types.ReadRequest",
		"001b    07 97 5b 58 28 3d da 01                          RequestHeader.Timestamp = 2024-01-02T03:04:05.1234567Z",
		"0033    00 00 00                                         RequestHeader.AdditionalHeader = null",
		"003e    02 00 00 00                                      TimestampsToReturn = Both",
		"00a6    03 02 00 1b 00 00 00 44 65 6d 6f 2e 53 74 61 74  NodesToRead[2].NodeID = ns=2;s=Demo.Static.Scalar.Double.2",
		"        2e 32\n",
		"00c8    0d 00 00 00                                      NodesToRead[2].AttributeID = 13 (Value)",

		"uabin.MarshalMessage: 158 bytes = type id i=634 (4 bytes) + ReadResponse body (154 bytes)",
		"uabin.UnmarshalMessage: *types.ReadResponse",
		"0000    01 00 7a 02                                      TypeId = i=634 (ReadResponse_Encoding_DefaultBinary) → *types.ReadResponse",
		"0014    00                                               ResponseHeader.ServiceDiagnostics = empty",
		"0080    0d                                               Results[4] = DataValue, mask 0x0d: Value, SourceTimestamp, ServerTimestamp (Status Good is not written)",
		"0081    0d 07 f1 bd 5a 28 3d da 01                       Results[4].Value = Variant DateTime(2024-01-02T03:04:09.1234567Z)",
		"0064    0c 07 00 00 00 76 61 6c 75 65 2d 33              Results[3].Value = Variant String(\"value-3\")",
		"0092    47 33 5c 58 28 3d da 01                          Results[4].ServerTimestamp = 2024-01-02T03:04:05.1274567Z",
		"009a    ff ff ff ff                                      DiagnosticInfos = null array (length -1)",
		"\nok: both messages decoded",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if n := strings.Count(got, "decode(encode(x)) equals x: true"); n != 2 {
		t.Errorf("decode(encode(x)) equals x: true appears %d times, want 2", n)
	}
	if n := strings.Count(got, "encode(decode(b)) equals b: true"); n != 2 {
		t.Errorf("encode(decode(b)) equals b: true appears %d times, want 2", n)
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}

// TestAnnotatorCatchesMismatch checks that the layout check can fail: a
// piece that is not the next bytes of the message is an error.
func TestAnnotatorCatchesMismatch(t *testing.T) {
	a := &annotator{w: &bytes.Buffer{}, msg: []byte{1, 2, 3}}
	a.piece("X.A", "1", []byte{1})
	a.piece("X.B", "3", []byte{3})
	if a.err == nil {
		t.Fatal("a piece that is not at its offset was accepted")
	}
}
