package main

import (
	"bytes"
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
		`decoded: PumpReading{Pump: "P7", State: Running(1), Flow: FlowSample{`,
		`LitresPerMinute: 50}, History: [FlowSample{Time: `,
		`Temperature: 70}`,
		"State is Running",
		`"State": "Running_1"`,
		`"Temperature": 70`,
		"re-encoded to the same bytes: true",
		`Alarm: dry run}`,
		`State: Fault(2)`,
		"from the bsd dictionary: Command{SetSpeed: 1500} {\"SetSpeed\":1500}",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(got, "changed:") && strings.Contains(got[strings.Index(got, "changed:"):], "Temperature") {
		t.Error("Temperature still present after Clear")
	}
	t.Log("\n" + got)
}
