package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// TestOutput runs the example and checks the lines that explain the bytes.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		"uabin.Marshal gives 64 bytes",
		"  05 00 00 00                                     EncodingMask      UInt32 0x00000005: Temperature (bit 0), History (bit 2)",
		"  01 02 d2 04                                     Node              NodeId ns=2;i=1234",
		"  00 00 76 42                                     Temperature       Float 61.5",
		"  02 00 00 00                                     Setpoint.Switch   UInt32 2: Percent",
		"  00 00 a0 42                                     Setpoint.Percent  Float 80",
		"  03 00 00 00 03 00 00 00 05 00 00 00 08 00 00 00 History           Int32 array [3 5 8]",
		"  11 00                                           Starts            UInt16 17",
		"uabin.Marshal gives 49 bytes",
		"  02 00 00 00                                     EncodingMask      UInt32 0x00000002: Alarm (bit 1)",
		"  00 00 00 00                                     Setpoint.Switch   UInt32 0: none",
		"Temperature=absent (nil)",
		"mask bit 5 set     -> uabin: decoding PumpStatus at offset 0: invalid value",
		"Offset=30 Path=\"PumpStatus.Setpoint.Switch\" errors.Is(err, uabin.ErrInvalid)=true",
		"Path=\"PumpStatus.Starts\" errors.Is(err, uabin.ErrTruncated)=true",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if n := strings.Count(got, "decoded value equals the original: true"); n != 2 {
		t.Errorf("%d round trips reported equal, want 2", n)
	}
	if n := strings.Count(got, "are exactly the bytes uabin.Marshal returned"); n != 2 {
		t.Errorf("%d layouts checked, want 2", n)
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}

// TestExplainCoversAllBranches checks the layout against uabin.Marshal for
// every union alternative and every combination of optional fields, so the
// explanation cannot drift from the encoder.
func TestExplainCoversAllBranches(t *testing.T) {
	temp := float32(-1)
	for sw := uint32(0); sw <= 3; sw++ {
		for opt := 0; opt < 8; opt++ {
			p := PumpStatus{Name: "x", Node: types.NewStringNodeID(1, "n"), Setpoint: Setpoint{Switch: sw, Absolute: 1, Percent: 2, Named: "s"}}
			if opt&1 != 0 {
				p.Temperature = &temp
			}
			if opt&2 != 0 {
				p.Alarm = "a"
			}
			if opt&4 != 0 {
				p.History = []int32{}
			}
			pieces, err := explain(p)
			if err != nil {
				t.Fatal(err)
			}
			var joined []byte
			for _, pc := range pieces {
				joined = append(joined, pc.b...)
			}
			b, err := uabin.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(joined, b) {
				t.Errorf("switch %d, optionals %03b: layout % x, Marshal % x", sw, opt, joined, b)
			}
		}
	}
}
