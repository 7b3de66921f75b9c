package main

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	tests := []struct{ got, want string }{
		{formatNs(1.234), "1.23"},
		{formatNs(12.34), "12.3"},
		{formatNs(999.5), "1,000"},
		{formatNs(1234567.4), "1,234,567"},
		{thousands(0), "0"},
		{thousands(-1234), "-1,234"},
		{thousands(123456), "123,456"},
		{formatRatio(math.Inf(1)), "∞"},
		{formatRatio(math.NaN()), "–"},
		{formatRatio(12.34), "12.3x"},
		{formatRatio(123.4), "123x"},
		{preciseRatio(2.04), "2.04x"},
		{preciseRatio(math.NaN()), "–"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}

func TestRatios(t *testing.T) {
	fast := measurement{ns: 100, allocs: 0}
	gopcua := measurement{ns: 2500, allocs: 40}
	if r := timeRatio(gopcua, fast); r != 25 {
		t.Errorf("timeRatio = %v, want 25", r)
	}
	if r := allocRatio(gopcua, fast); !math.IsInf(r, 1) {
		t.Errorf("allocRatio with no fast allocation = %v, want +Inf", r)
	}
	if r := allocRatio(gopcua, measurement{allocs: 4}); r != 10 {
		t.Errorf("allocRatio = %v, want 10", r)
	}
	if r := allocRatio(fast, fast); !math.IsNaN(r) {
		t.Errorf("allocRatio of two allocation-free runs = %v, want NaN", r)
	}
	if r := timeRatio(measurement{na: "x"}, fast); !math.IsNaN(r) {
		t.Errorf("timeRatio with n/a = %v, want NaN", r)
	}
}

// sampleRows returns rows for W4 ReadRequest[50], W2 Double[1000] and W8
// plain with made-up figures.
func sampleRows() ([]row, []floor) {
	w4 := caseByID("W4ReadRequest50")
	w2 := caseByID("W2VariantDouble1000")
	w8 := caseByID("W8ChunkingPlain")
	rows := []row{
		// 25x faster, no allocations, plans 1.5x: both W4 targets met.
		{c: w4, dir: 0, m: [numImpls]measurement{{ns: 1000}, {ns: 1500}, {ns: 25000, allocs: 800}}},
		// 10x faster, plans 3x: both missed.
		{c: w4, dir: 1, m: [numImpls]measurement{{ns: 1000, allocs: 10}, {ns: 3000}, {ns: 10000, allocs: 500}}},
		// 150 ns against a 100 ns floor: met; plans 250 ns: missed.
		{c: w2, dir: 0, m: [numImpls]measurement{{ns: 150}, {ns: 250}, {ns: 40000, allocs: 1000}}},
		{c: w8, dir: 0, m: [numImpls]measurement{{ns: 1800}, {na: "n/a"}, {ns: 40000}}},
		// Decoding into a new value: in its own table, never a target.
		{c: w4, dir: dirDecodeNew, m: [numImpls]measurement{{ns: 9000, allocs: 52}, {ns: 9500, allocs: 52}, {ns: 30000, allocs: 600}}},
	}
	floors := []floor{{name: "copy 8,000", size: 8000, m: measurement{ns: 100}}, {name: "copy 64 KiB", size: 65536, m: measurement{ns: 1000}}}
	return rows, floors
}

func TestEvaluateTargets(t *testing.T) {
	rows, floors := sampleRows()
	got := evaluateTargets(rows, floors)
	want := []bool{true, true, false, false, true, false, true}
	if len(got) != len(want) {
		t.Fatalf("%d targets, want %d: %+v", len(got), len(want), got)
	}
	for i, tg := range got {
		if tg.met != want[i] {
			t.Errorf("target %d (%s, %s): met = %v, want %v (%s)", i, tg.goal, tg.subject, tg.met, want[i], tg.measured)
		}
	}
}

func TestRenderTable(t *testing.T) {
	rows, _ := sampleRows()
	var b strings.Builder
	renderTable(&b, rows, 0, 1)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2+len(rows)-1 {
		t.Fatalf("%d lines, want %d", len(lines), 2+len(rows)-1)
	}
	if strings.Contains(b.String(), "decode-new") {
		t.Errorf("the decode-new row is in the main table")
	}
	cells := strings.Count(lines[0], "|")
	if cells != 2+4*numImpls+3+1 {
		t.Errorf("header has %d separators, want %d", cells, 2+4*numImpls+3+1)
	}
	for i, l := range lines {
		if n := strings.Count(l, "|"); n != cells {
			t.Errorf("line %d has %d separators, want %d: %s", i, n, cells, l)
		}
	}
	for _, want := range []string{"| W4 ReadRequest[50] | encode | 1,000 |", "25.0x", "∞", "n/a"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

func TestRenderDocument(t *testing.T) {
	rows, floors := sampleRows()
	m := machine{cpu: "Test CPU", cores: 2, procs: 2, goVersion: "go1.x", osArch: "linux/amd64",
		date: time.Date(2026, 11, 29, 21, 15, 0, 0, time.UTC), commit: "abc1234", benchtime: 300 * time.Millisecond}
	doc := renderDocument(m, cases(), rows, floors, []*verdict{{c: cases()[0]}}, "", nil)
	for _, want := range []string{
		"# Benchmarks", "## Machine", "Test CPU, 2 cores", "go1.x", "2026-11-29 21:15 UTC", "abc1234",
		"## Results", "## Decoding into a new value", "| W4 ReadRequest[50] | decode-new | 9,000 |", "## Floors", "## Targets", "## Known differences of gopcua", "### Found outside the workload values", "UnixNano", "## Verification",
		"## How to reproduce", "go run . -write ../../docs/benchmarks.md", "1 cases verified, 0 failed",
		"n/a for gopcua in W8 Chunking.signed, W8 Chunking.encrypted",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("document lacks %q", want)
		}
	}
}

func TestHeadline(t *testing.T) {
	rows, floors := sampleRows()
	got := strings.Join(headline(rows, floors), "\n")
	for _, want := range []string{
		"uabin encodes 25.0 to 25.0x faster than gopcua, without allocating (gopcua: 800 to 800).",
		"uabin decodes (into a reused value) 10.0 to 10.0x faster than gopcua, with at most 10 allocations per message (gopcua: 500 to 500).",
		"Chunking 64 KiB (W8 plain): uabin frames 22.2x faster than gopcua's uasc, at 1.8x the time of a plain 64 KiB copy.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("headline lacks %q:\n%s", want, got)
		}
	}
}
