package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestOutput runs the example and checks the key lines: the TypeId written
// for each namespace table, the decoded vendor value, and the raw round trip.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		`uabin.RegisterType[PumpSettings](reg, "nsu=http://example.com/pumps/;i=5001")`,
		"  02  01 02 89 13                                     TypeId ns=2;i=5001",
		"  07  31 00 00 00                                     body length 49",
		"decoded: TypeID=ns=2;i=5001 Encoding=Binary Value=*main.PumpSettings {MaxSpeed:2900 Direction:1 Label:[en] Pump 1 Sensors:[PT-1 TT-1]}",
		"decoded PumpSettings equals the original: true",
		"re-encoded bytes equal the original bytes: true",
		"the TypeId is written 01 05 89 13 (ns=5;i=5001) and decodes to *PumpSettings: true",
		"decoding it without a namespace table fails: uabin: decoding DataValue.Value at offset 11: unknown type: ExtensionObject body type id ns=2;i=5001: namespace index 2 is not in Options.NamespaceURIs (0 entries), and main.PumpSettings is registered by namespace URI \"http://example.com/pumps/\" with this identifier",
		"with index 2 another namespace the body stays raw: TypeID=ns=2;i=5001 Value=<nil> Body=49 bytes; re-encoded equal: true",
		"encoding it without the namespace in the table fails: uabin: encoding DataValue.Value: unknown type",
		"decoded: TypeID=ns=3;s=Recipe Encoding=Binary Value=<nil> Body=01 02 03 04 05 06 07 08 09 0a 0b",
		"Status=Uncertain",
		"bytes.Equal(in, out): true",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	in := lineAfter(got, "in:  ")
	if in == "" || in != lineAfter(got, "out: ") {
		t.Errorf("in and out lines differ or are missing:\n%q\n%q", in, lineAfter(got, "out: "))
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}

func lineAfter(s, prefix string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			return strings.TrimPrefix(l, prefix)
		}
	}
	return ""
}

// TestPrintLayoutChecksCoverage checks that a layout that does not cover
// the bytes exactly is an error.
func TestPrintLayoutChecksCoverage(t *testing.T) {
	for _, lens := range [][]int{{1}, {2, 2}} {
		err := printLayout(&bytes.Buffer{}, []byte{1, 2, 3}, func(yield func(int, string) bool) {
			for _, n := range lens {
				if !yield(n, "x") {
					return
				}
			}
		})
		if err == nil {
			t.Errorf("layout %v of 3 bytes accepted", lens)
		}
	}
}
