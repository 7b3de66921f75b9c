package main

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixtures are real output of the C benchmark programs
// ($UABIN_OPEN62541_DIR/run.sh; the CPU was not recorded): `run.sh bench 3
// 5` (testdata/open62541-bench.txt) and `run.sh w8 200`
// (testdata/open62541-bench-w8.txt).

func readFixture(t *testing.T, name string) cRun {
	t.Helper()
	r, err := cSource{file: filepath.Join("testdata", name)}.read(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestParseCBench(t *testing.T) {
	r := readFixture(t, "open62541-bench.txt")
	if r.version != "v1.5.7" {
		t.Errorf("version %q, want v1.5.7", r.version)
	}
	for _, tt := range []struct {
		id, op string
		want   float64
	}{
		{"W1UInt32", cEnc, 6.90},
		{"W1UInt32", cDecClr, 11.01},
		{"W1UInt32", cDec, 6.65},
		{"W2VariantInt32Matrix", cEnc, 22.4},
		{"W2VariantDouble1000", cDecClr, 200.9},
		{"W7ExtensionObject50", cDec, 4081.7},
	} {
		got, ok := r.ns[tt.id][tt.op]
		if !ok {
			t.Errorf("%s %s: missing", tt.id, tt.op)
			continue
		}
		// The table lines print one decimal, the CSV lines two.
		if math.Abs(got-tt.want) > 0.051 {
			t.Errorf("%s %s = %v, want %v", tt.id, tt.op, got, tt.want)
		}
	}
	if _, ok := r.ns["W7ExtensionObject50asEOArray"]; ok {
		t.Errorf("the second W7 representation is not skipped")
	}
	// Every workload of bench is a case of this tool, with the three
	// operations compared.
	if len(r.ns) != 26 {
		t.Errorf("%d workloads, want 26", len(r.ns))
	}
	for id, ops := range r.ns {
		c := caseByID(id)
		if c == nil {
			t.Errorf("C workload %s is no case", id)
			continue
		}
		if c.workload == "W8" {
			t.Errorf("W8 in bench's output")
		}
		for _, op := range []string{cEnc, cDecClr, cDec} {
			if ops[op] <= 0 {
				t.Errorf("%s: no %s", id, op)
			}
		}
	}
}

func TestParseCBenchW8(t *testing.T) {
	r := readFixture(t, "open62541-bench-w8.txt")
	if r.version != "v1.5.7" {
		t.Errorf("version %q, want v1.5.7", r.version)
	}
	want := map[string][3]float64{
		"W8ChunkingPlain":     {1963, 1883, 1783},
		"W8ChunkingSigned":    {48782, 48652, 48222},
		"W8ChunkingEncrypted": {121530, 121279, 65657},
	}
	if len(r.ns) != len(want) {
		t.Errorf("%d cases, want %d: %v", len(r.ns), len(want), r.ns)
	}
	for id, w := range want {
		if caseByID(id) == nil {
			t.Errorf("%s is no case", id)
		}
		for i, op := range []string{cFrame, cFrameAPI, cReassemble} {
			if got := r.ns[id][op]; got != w[i] {
				t.Errorf("%s %s = %v, want %v", id, op, got, w[i])
			}
		}
	}
}

func TestParseCBoth(t *testing.T) {
	a, err := os.ReadFile(filepath.Join("testdata", "open62541-bench.txt"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("testdata", "open62541-bench-w8.txt"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := parseC(strings.NewReader(string(a) + string(b)))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.ns) != 29 {
		t.Errorf("bench and bench_w8 one after the other: %d cases, want 29", len(r.ns))
	}
	merged := mergeC(readFixture(t, "open62541-bench.txt"), readFixture(t, "open62541-bench-w8.txt"))
	if len(merged.ns) != 29 || merged.version != "v1.5.7" {
		t.Errorf("mergeC: %d cases, version %q", len(merged.ns), merged.version)
	}
}

func TestParseCErrors(t *testing.T) {
	for _, in := range []string{
		"",
		"hello\nworld\n",
		"CSV,W1.UInt32,4,enc,6.90\n",
		"CSV,W1.UInt32,4,enc,x,6.81,6.90,699895\n",
		"CSV,W1.UInt32,4,enc,-1,6.81,6.90,699895\n",
	} {
		if _, err := parseC(strings.NewReader(in)); err == nil {
			t.Errorf("parseC(%q): no error", in)
		}
	}
	if _, err := (cSource{file: filepath.Join("testdata", "no-such-file")}).read(nil); err == nil {
		t.Errorf("a missing file gives no error")
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Errorf("median of none is not NaN")
	}
}

// TestW8PerCall checks that w8PerCall warms up with 50 calls, times n more
// of the direction asked for, each with the bytes encode made, and returns
// an error of the codec.
func TestW8PerCall(t *testing.T) {
	var encodes, decodes int
	cd := &codec{
		encode: func(dst []byte) ([]byte, error) { encodes++; return append(dst, 1, 2, 3), nil },
		decode: func(src []byte) error {
			decodes++
			if string(src) != "\x01\x02\x03" {
				return errors.New("not what encode made")
			}
			return nil
		},
	}
	if ns, err := w8PerCall(cd, 1, 7); err != nil || ns < 0 || decodes != 57 || encodes != 1 {
		t.Fatalf("reassemble: %v ns, %v; %d decodes and %d encodes, want 57 and 1", ns, err, decodes, encodes)
	}
	if _, err := w8PerCall(cd, 0, 7); err != nil || encodes != 1+1+57 {
		t.Fatalf("frame: %v; %d encodes, want 59", err, encodes)
	}
	cd.decode = func([]byte) error { return errors.New("broken") }
	if _, err := w8PerCall(cd, 1, 7); err == nil || err.Error() != "broken" {
		t.Fatalf("error %v, want the codec's", err)
	}
}

// sampleCRows returns rows with made-up uabin figures and per-round
// ratios against C figures.
func sampleCRows() []cRow {
	uint32Row := cRow{c: caseByID("W1UInt32"), cns: map[string]float64{cEnc: 10, cDecClr: 20, cDec: 10},
		ns: [numPaths][3]float64{{40, 30, 80}, {44, 33, 88}}}
	uint32Row.ratio[pathCodec] = [numCols]samples{{4, 4.1, 3.9}, {1.5}, {3}}
	uint32Row.ratio[pathAPI] = [numCols]samples{{4.4}, {1.65}, {3.3}}
	uint32Row.apiCodec = [3]samples{{1.1, 1.1, 1.1}, {1.1}, {1.1}}
	stringRow := cRow{c: caseByID("W1String"), cns: map[string]float64{cEnc: 10, cDecClr: 20, cDec: 10},
		ns: [numPaths][3]float64{{10, 20, 80}, {11, 22, 88}}, allocs: [numPaths][3]int64{{0, 0, 1}, {0, 0, 1}},
		floor: 30, floorAllocs: 1, floorBytes: 27, floorExcess: samples{2, 2.1, 1.9},
		floorC: samples{1.5, 1.5, 1.5}, reachC: samples{2.4, 2.5, 2.6}}
	stringRow.ratio[pathCodec] = [numCols]samples{{1, 0.8, 1.2}, {4}, {2}}
	stringRow.ratio[pathAPI] = [numCols]samples{{1.1}, {4.4}, {2.2}}
	w8Row := cRow{c: caseByID("W8ChunkingPlain"), cns: map[string]float64{cFrame: 2000, cFrameAPI: 1900, cReassemble: 1000},
		ns: [numPaths][3]float64{{1000, 1500}}, w8: [2]samples{{0.5}, {1.5}}}
	return []cRow{uint32Row, stringRow, w8Row}
}

func TestRoundRatio(t *testing.T) {
	cns := map[string]float64{cEnc: 10, cDecClr: 20, cDec: 10}
	for _, tt := range []struct {
		id   string
		col  int
		want float64
	}{
		// Fixed-size scalar: the new-value column uses the reused decode.
		{"W1UInt32", colEncode, 4}, {"W1UInt32", colNew, 1.5}, {"W1UInt32", colReused, 3},
		{"W1String", colEncode, 4}, {"W1String", colNew, 4}, {"W1String", colReused, 3},
	} {
		if got := roundRatio(tt.id, tt.col, [3]float64{40, 30, 80}, cns); got != tt.want {
			t.Errorf("%s column %d = %v, want %v", tt.id, tt.col, got, tt.want)
		}
	}
	if !math.IsNaN(roundRatio("W1String", colEncode, [3]float64{1, 1, 1}, map[string]float64{})) {
		t.Errorf("a missing C figure gives no NaN")
	}
}

func TestSamples(t *testing.T) {
	s := samples{1.0, 1.2, 0.95}
	if s.med() != 1.0 {
		t.Errorf("median %v", s.med())
	}
	if lo, hi := s.spread(); lo != 0.95 || hi != 1.2 {
		t.Errorf("spread %v-%v", lo, hi)
	}
	if !s.noisy() {
		t.Errorf("a spread of 25%% is not noisy")
	}
	if (samples{1.0, 1.05, 0.96}).noisy() {
		t.Errorf("a spread of 9%% is noisy")
	}
	if (samples{1.0}).noisy() {
		t.Errorf("one round is noisy")
	}
}

func TestCRatios(t *testing.T) {
	rows := sampleCRows()
	if got := rows[0].ratioOf(pathCodec, colEncode); got != 4 {
		t.Errorf("median of 4, 4.1, 3.9 = %v", got)
	}
	if got := rows[2].w8Ratio(0); got != 0.5 {
		t.Errorf("W8 frame ratio %v, want 0.5", got)
	}
	if got := rows[2].w8Ratio(1); got != 1.5 {
		t.Errorf("W8 reassemble ratio %v, want 1.5", got)
	}
	// Geometric means over W1-W7 only: sqrt(4*1) = 2, sqrt(1.5*4), sqrt(3*2).
	for col, want := range []float64{2, math.Sqrt(6), math.Sqrt(6)} {
		got, n := geomean(rows, pathCodec, col)
		if n != 2 || math.Abs(got-want) > 1e-12 {
			t.Errorf("geomean column %d = %v over %d rows, want %v over 2", col, got, n, want)
		}
	}
}

func TestRenderCTable(t *testing.T) {
	cmp := &cComparison{version: "v1.5.7", rounds: 3, rows: sampleCRows(),
		sources:    []cSource{{cmd: []string{"run.sh", "bench"}}, {file: "saved.txt"}},
		loadBefore: "1.00 1.50 2.00", loadAfter: "1.10 1.40 1.90"}
	var b strings.Builder
	renderCTable(&b, cmp)
	renderCNotes(&b, cmp)
	out := b.String()
	for _, want := range []string{
		"| workload | encode Codec[T] | encode API | decode new Codec[T] | decode new API | decode reused Codec[T] | decode reused API |",
		"| W1 UInt32 † | 4.00x (3.90-4.10) | 4.40x | 1.50x | 1.65x | 3.00x | 3.30x |",
		"| W1 String | 1.00x (0.80-1.20) ⚠ | 1.10x | 4.00x | 4.40x | 2.00x | 2.20x |",
		"| geometric mean, 2 rows W1-W7 | **2.00x** | **2.20x** | **2.45x** | **2.69x** | **2.45x** | **2.69x** |",
		"| W1 UInt32 | 1.10x (1.10-1.10) | 1.10x | 1.10x |",
		"| W1 String | 20.0 | 80.0 | 30.0 | 1, 27.0 | 2.00x (1.90-2.10) ⚠ | no | 1.50x (1.50-1.50) | 2.50x (2.40-2.60) |",
		"Geometric mean of (reused + floor) / C dec+clr over these 1 rows: 2.50x",
		"| W8 Chunking.plain | 0.50x | 1.50x | 1,000 | 2,000 | 1,500 | 1,000 |",
		"| W1 String | 10.0 (0) / 11.0 (0) | 10.0 | 80.0 (1) / 88.0 (1) | 20.0 | 20.0 (0) / 22.0 (0) | 10.0 |",
		"† fixed-size scalar",
		"open62541 v1.5.7", "`run.sh bench`, file saved.txt", "3 round(s)",
		"before: 1.00 1.50 2.00; after: 1.10 1.40 1.90",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// No absolute path of this machine: not the repository's, not the
	// home directory's.
	repo, _ := filepath.Abs(filepath.Join("..", ".."))
	home, _ := os.UserHomeDir()
	for _, l := range strings.Split(out, "\n") {
		for _, abs := range []string{repo, home} {
			if len(abs) > 1 && strings.Contains(l, abs) {
				t.Errorf("an absolute path (%s) in the output: %s", abs, l)
			}
		}
	}
}

func TestRenderDocumentWithC(t *testing.T) {
	rows, floors := sampleRows()
	m := machine{cpu: "Test CPU", cores: 2, total: 4, procs: 2, goVersion: "go1.x", osArch: "linux/amd64"}
	cmp := &cComparison{version: "v1.5.7", rounds: 1, rows: sampleCRows(), sources: []cSource{{file: "c.txt"}}}
	doc := renderDocument(m, cases(), rows, floors, []*verdict{{c: cases()[0]}}, "", cmp)
	for _, want := range []string{"# Benchmarks: uabin against gopcua and open62541", "4 cores, this run pinned to 2",
		"## Results", "## Against open62541 (C)", "| W1 UInt32 † | 4.00x (3.90-4.10) |", "## Floors", "-c-run", "-c-rounds 1 "} {
		if !strings.Contains(doc, want) {
			t.Errorf("document lacks %q", want)
		}
	}
	if doc := renderDocument(m, cases(), rows, floors, nil, "", nil); strings.Contains(doc, "## Against open62541") {
		t.Errorf("the C section is there without C figures")
	}
}

// BenchmarkDecodeNew decodes into a new value with uabin-fast for every
// W1-W7 case, including W1-W3, whose decode-new direction is not in the
// gopcua table but is a column of the open62541 comparison:
// BenchmarkDecodeNew/W2VariantDouble1000, for profiles and benchstat.
func BenchmarkDecodeNew(b *testing.B) {
	for _, c := range cases() {
		if c.workload == "W8" || c.codecs[implFast].decodeNew == nil {
			continue
		}
		b.Run(c.id, func(b *testing.B) { benchOp(b, c, dirDecodeNew, implFast) })
	}
}

// TestDisplayCommand checks that the report writes the directory of the C
// benchmark programs as $UABIN_OPEN62541_DIR, whether it comes from the
// variable or is the default, and leaves other commands alone.
func TestDisplayCommand(t *testing.T) {
	t.Setenv(o6DirVar, "")
	if got := displayCommand([]string{"../../../shared/open62541-bench/run.sh", "bench"}); got != "$UABIN_OPEN62541_DIR/run.sh bench" {
		t.Errorf("default directory: %q", got)
	}
	dir := t.TempDir()
	t.Setenv(o6DirVar, dir)
	for _, tt := range []struct {
		cmd  []string
		want string
	}{
		{[]string{filepath.Join(dir, "run.sh"), "w8"}, "$UABIN_OPEN62541_DIR/run.sh w8"},
		{[]string{filepath.Join(dir, "out", "bin", "bench"), "31", "5"}, "$UABIN_OPEN62541_DIR/out/bin/bench 31 5"},
		{[]string{"run.sh", "bench"}, "run.sh bench"},
		{[]string{filepath.Join(filepath.Dir(dir), "run.sh")}, filepath.Join(filepath.Dir(dir), "run.sh")},
		{[]string{dir}, dir},
	} {
		if got := displayCommand(tt.cmd); got != tt.want {
			t.Errorf("displayCommand(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
