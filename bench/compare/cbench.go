package main

// The open62541 (C) column: uabin against the C benchmark programs bench
// (W1-W7) and bench_w8 (W8), which time open62541 v1.5.7 on the same
// workloads and are kept outside this repository, in the directory named by
// $UABIN_OPEN62541_DIR (usually run through its run.sh). Their output is
// parsed here, and uabin with its fast paths (through uabin.Codec[T],
// testCase.typed) is timed in rounds that alternate with the C runs.

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// C operations of bench (the CSV lines' fourth field) that the comparison
// uses.
const (
	cEnc    = "enc"     // UA_encodeBinary into a preallocated buffer
	cDecClr = "dec+clr" // decode into a new value, then UA_clear it
	cDec    = "dec"     // decode alone (cleared in untimed batches)
	// bench_w8, per security mode:
	cFrame      = "frame"      // frame(exact): the body into 9 chunks
	cFrameAPI   = "frame-api"  // frame(api ByteString): the same through the public API
	cReassemble = "reassemble" // verify and join the 9 chunks
)

// cRun is the parsed output of one run of the C programs: median ns/op per
// case id (as in cases()) and operation.
type cRun struct {
	version string                        // "v1.5.7", from the header line
	ns      map[string]map[string]float64 // case id -> operation -> ns/op
}

// cIDs maps bench's workload names to case ids where identifier() does not
// give the id; "" skips the workload (a second representation of W7 that
// encodes to the same bytes).
var cIDs = map[string]string{
	"W2.Variant.Int32.2x3":            "W2VariantInt32Matrix",
	"W7.ExtensionObject.50.asEOArray": "",
}

// cCaseID returns the case id of a workload name of bench ("W1.NodeId.Guid"
// is W1NodeIdGuid), or "" for a workload that is not compared.
func cCaseID(name string) string {
	if id, ok := cIDs[name]; ok {
		return id
	}
	return identifier(name)
}

// w8Line is one line of bench_w8, e.g.
//
//	plain      chunks=9 wire=65752  frame(exact) median     1963 ns (min     1903)  frame(api ByteString, 9 chunks) median     1883 ns  reassemble median     1783 ns (min     1732)
var w8Line = regexp.MustCompile(`^(\w+)\s+chunks=\d+\s+wire=\d+\s+frame\(exact\) median\s+([0-9.]+) ns.*?frame\(api[^)]*\) median\s+([0-9.]+) ns\s+reassemble median\s+([0-9.]+) ns`)

// versionLine is the header of both programs: "# open62541 v1.5.7 ...".
var versionLine = regexp.MustCompile(`^# open62541 (\S+) `)

// parseC reads the standard output of bench, of bench_w8, or of both one
// after the other. bench's figures come from its CSV lines (CSV,name,bytes,
// op,median,min,cpu-median,iterations), bench_w8's from its one line per
// security mode. Other lines are ignored; a run with no figure at all, or a
// malformed CSV line, is an error.
func parseC(r io.Reader) (cRun, error) {
	run := cRun{ns: map[string]map[string]float64{}}
	put := func(id, op string, v float64) {
		if run.ns[id] == nil {
			run.ns[id] = map[string]float64{}
		}
		run.ns[id][op] = v
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if m := versionLine.FindStringSubmatch(text); m != nil && run.version == "" {
			run.version = m[1]
			continue
		}
		if strings.HasPrefix(text, "CSV,") {
			f := strings.Split(text, ",")
			if len(f) != 8 {
				return run, fmt.Errorf("line %d: %d fields in a CSV line, want 8: %q", line, len(f), text)
			}
			med, err := strconv.ParseFloat(f[4], 64)
			if err != nil || med <= 0 {
				return run, fmt.Errorf("line %d: median %q is not a positive number", line, f[4])
			}
			if id := cCaseID(f[1]); id != "" {
				put(id, f[3], med)
				n++
			}
			continue
		}
		if m := w8Line.FindStringSubmatch(text); m != nil {
			name := m[1]
			id := "W8Chunking" + strings.ToUpper(name[:1]) + name[1:]
			for i, op := range []string{cFrame, cFrameAPI, cReassemble} {
				v, err := strconv.ParseFloat(m[2+i], 64)
				if err != nil || v <= 0 {
					return run, fmt.Errorf("line %d: %s %q is not a positive number", line, op, m[2+i])
				}
				put(id, op, v)
				n++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return run, err
	}
	if n == 0 {
		return run, fmt.Errorf("no open62541 figure found (neither CSV lines of bench nor mode lines of bench_w8)")
	}
	return run, nil
}

// mergeC merges the runs of one round (bench and bench_w8 run separately)
// into one; a later run's figure for the same cell wins.
func mergeC(runs ...cRun) cRun {
	out := cRun{ns: map[string]map[string]float64{}}
	for _, r := range runs {
		if out.version == "" {
			out.version = r.version
		}
		for id, ops := range r.ns {
			if out.ns[id] == nil {
				out.ns[id] = map[string]float64{}
			}
			for op, v := range ops {
				out.ns[id][op] = v
			}
		}
	}
	return out
}

// median returns the median of xs (the mean of the two middle values for
// an even count), NaN for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// A cSource is where C's figures come from: a file of saved output, or a
// command run once per round.
type cSource struct {
	file string   // a file holding the output of bench and/or bench_w8
	cmd  []string // or a command whose standard output is that
}

func (s cSource) String() string {
	if s.file != "" {
		return "file " + s.file
	}
	return "`" + displayCommand(s.cmd) + "`"
}

// The directory of the C benchmark programs (run.sh, build.sh, bench.c,
// bench_w8.c and the open62541 tarball), which is not part of this
// repository: the environment variable o6DirVar names it; o6DefaultDir,
// relative to bench/compare, is ../shared/open62541-bench beside the
// repository.
const (
	o6DirVar     = "UABIN_OPEN62541_DIR"
	o6DefaultDir = "../../../shared/open62541-bench"
)

// displayCommand returns cmd as the report shows it: a program inside the
// directory of the C benchmark programs is written as
// $UABIN_OPEN62541_DIR/NAME, so that the report names no path of the
// machine it ran on.
func displayCommand(cmd []string) string {
	words := slices.Clone(cmd)
	dir := os.Getenv(o6DirVar)
	if dir == "" {
		dir = o6DefaultDir
	}
	absDir, err1 := filepath.Abs(dir)
	absProg, err2 := filepath.Abs(words[0])
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(absDir, absProg); err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			words[0] = "$" + o6DirVar + "/" + filepath.ToSlash(rel)
		}
	}
	return strings.Join(words, " ")
}

// read returns the parsed output of the source, running the command (its
// standard error goes to progress).
func (s cSource) read(progress io.Writer) (cRun, error) {
	if s.file != "" {
		f, err := os.Open(s.file)
		if err != nil {
			return cRun{}, err
		}
		defer f.Close()
		r, err := parseC(f)
		if err != nil {
			return r, fmt.Errorf("%s: %w", s.file, err)
		}
		return r, nil
	}
	cmd := exec.Command(s.cmd[0], s.cmd[1:]...)
	cmd.Stderr = progress
	out, err := cmd.Output()
	if err != nil {
		return cRun{}, fmt.Errorf("%s: %w", s, err)
	}
	r, err := parseC(strings.NewReader(string(out)))
	if err != nil {
		return r, fmt.Errorf("output of %s: %w", s, err)
	}
	return r, nil
}

// fixedSize are the fixed-size scalars (W1 UInt32, Double, Guid, DateTime,
// the numeric and Guid NodeIds): they own no memory and C decodes them into
// a variable it already has, so decoding into a new value is compared with
// uabin decoding into a reused value (a Go new(T) per call is the caller's
// cost, not the codec's).
var fixedSize = map[string]bool{
	"W1UInt32": true, "W1Double": true, "W1Guid": true, "W1DateTime": true,
	"W1NodeIdTwoByte": true, "W1NodeIdFourByte": true, "W1NodeIdNumeric": true, "W1NodeIdGuid": true,
}

// cRow is one case of the comparison: C's medians and uabin-fast's
// medians over the rounds, per direction.
type cRow struct {
	c *testCase
	// C medians over the rounds, by operation.
	cns map[string]float64
	// uabin-fast median ns/op and allocs/op per direction (0 encode or
	// frame, 1 decode into a reused value or reassemble, 2 decode into a
	// new value; W8 has no 2).
	ns     [3]float64
	allocs [3]int64
}

// The three ratio columns of W1-W7.
const (
	colEncode = iota
	colNew
	colReused
	numCols
)

var colNames = [numCols]string{
	"encode, reused buffer (C: enc)",
	"decode into a new value (C: dec+clr)",
	"decode into a reused value (C: dec)",
}

// ratio returns uabin/C for column col of a W1-W7 row: encode against enc,
// decode into a new value against dec+clr (the fixed-size scalars: decode
// into a reused value against dec+clr), decode into a reused value against
// dec. NaN if a figure is missing.
func (r cRow) ratio(col int) float64 {
	var u, c float64
	switch col {
	case colEncode:
		u, c = r.ns[0], r.cns[cEnc]
	case colNew:
		u, c = r.ns[2], r.cns[cDecClr]
		if fixedSize[r.c.id] {
			u = r.ns[1]
		}
	case colReused:
		u, c = r.ns[1], r.cns[cDec]
	}
	if u == 0 || c == 0 || math.IsNaN(u) || math.IsNaN(c) {
		return math.NaN()
	}
	return u / c
}

// w8Ratio returns uabin/C for direction dir (0 frame, 1 reassemble) of a
// W8 row.
func (r cRow) w8Ratio(dir int) float64 {
	c := r.cns[cFrame]
	if dir == 1 {
		c = r.cns[cReassemble]
	}
	if r.ns[dir] == 0 || c == 0 {
		return math.NaN()
	}
	return r.ns[dir] / c
}

// geomean returns the geometric mean of the ratios of column col over the
// W1-W7 rows that have one, and how many rows that is.
func geomean(rows []cRow, col int) (float64, int) {
	sum, n := 0.0, 0
	for _, r := range rows {
		if r.c.workload == "W8" {
			continue
		}
		if v := r.ratio(col); !math.IsNaN(v) {
			sum += math.Log(v)
			n++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return math.Exp(sum / float64(n)), n
}

// cComparison is the whole C comparison of one run of the tool.
type cComparison struct {
	version string
	sources []cSource
	rounds  int
	rows    []cRow
	// load is the load average (/proc/loadavg, 1, 5 and 15 minutes) before
	// the first and after the last round.
	loadBefore, loadAfter string
	start, end            time.Time
}

// loadAvg returns the first three fields of /proc/loadavg, or "unknown".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// compareC runs the rounds: in each, every command source is run (file
// sources are read once, before the first round), then uabin-fast times
// every direction of every selected case that C has figures for. The
// medians over the rounds (C: over the runs and files) make the rows.
func compareC(selected []*testCase, sources []cSource, rounds int, progress io.Writer) (*cComparison, error) {
	cmp := &cComparison{sources: sources, rounds: rounds, loadBefore: loadAvg(), start: time.Now().UTC()}
	cSamples := map[string]map[string][]float64{}
	addC := func(r cRun) {
		if cmp.version == "" {
			cmp.version = r.version
		}
		for id, ops := range r.ns {
			if cSamples[id] == nil {
				cSamples[id] = map[string][]float64{}
			}
			for op, v := range ops {
				cSamples[id][op] = append(cSamples[id][op], v)
			}
		}
	}
	var commands []cSource
	for _, s := range sources {
		if s.file == "" {
			commands = append(commands, s)
			continue
		}
		r, err := s.read(progress)
		if err != nil {
			return nil, err
		}
		addC(r)
	}
	type goSamples struct {
		ns     [3][]float64
		allocs [3][]float64
	}
	goS := map[string]*goSamples{}
	var compared []*testCase
	for round := 1; round <= rounds; round++ {
		var runs []cRun
		for _, s := range commands {
			fmt.Fprintf(progress, "C round %d/%d: %s\n", round, rounds, s)
			r, err := s.read(progress)
			if err != nil {
				return nil, err
			}
			runs = append(runs, r)
		}
		if len(runs) > 0 {
			addC(mergeC(runs...))
		}
		if round == 1 {
			for _, c := range selected {
				if cSamples[c.id] != nil && c.codecs[implFast].na == "" {
					compared = append(compared, c)
					goS[c.id] = &goSamples{}
				}
			}
			if len(compared) == 0 {
				return nil, fmt.Errorf("the open62541 output names none of the selected cases")
			}
		}
		fmt.Fprintf(progress, "uabin round %d/%d: %d cases (load %s)\n", round, rounds, len(compared), loadAvg())
		for _, c := range compared {
			cd := &c.typed
			if cd.encode == nil {
				cd = &c.codecs[implFast] // W8: the chunk layer
			}
			dirs := 3
			if c.workload == "W8" || cd.decodeNew == nil {
				dirs = 2
			}
			for dir := 0; dir < dirs; dir++ {
				r := testing.Benchmark(func(b *testing.B) { benchCodec(b, c, cd, dir, "uabin Codec[T]") })
				if r.N == 0 {
					return nil, fmt.Errorf("%s %s uabin Codec[T]: the benchmark failed", c.id, c.dirName(dir))
				}
				m := fromResult(r)
				goS[c.id].ns[dir] = append(goS[c.id].ns[dir], m.ns)
				goS[c.id].allocs[dir] = append(goS[c.id].allocs[dir], float64(m.allocs))
			}
		}
	}
	for _, c := range compared {
		row := cRow{c: c, cns: map[string]float64{}}
		for op, vs := range cSamples[c.id] {
			row.cns[op] = median(vs)
		}
		for dir := 0; dir < 3; dir++ {
			row.ns[dir] = median(goS[c.id].ns[dir])
			if a := median(goS[c.id].allocs[dir]); !math.IsNaN(a) {
				row.allocs[dir] = int64(math.Round(a))
			}
		}
		cmp.rows = append(cmp.rows, row)
	}
	cmp.loadAfter, cmp.end = loadAvg(), time.Now().UTC()
	return cmp, nil
}

// formatCRatio formats a uabin/C ratio: two decimals below 10.
func formatCRatio(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "–"
	case v < 10:
		return strconv.FormatFloat(v, 'f', 2, 64) + "x"
	default:
		return strconv.FormatFloat(v, 'f', 1, 64) + "x"
	}
}

// nsOrDash formats ns/op, "–" when missing.
func nsOrDash(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return "–"
	}
	return formatNs(v)
}

// renderCTable writes the comparison as markdown: the ratio table of
// W1-W7 with its geometric means, the W8 table, and the figures behind
// them.
func renderCTable(b *strings.Builder, cmp *cComparison) {
	b.WriteString("uabin/C time, lower is better (below 1.00x uabin is faster):\n\n")
	b.WriteString("| workload | " + strings.Join(colNames[:], " | ") + " |\n")
	b.WriteString("| --- | ---: | ---: | ---: |\n")
	anyFixed := false
	for _, r := range cmp.rows {
		if r.c.workload == "W8" {
			continue
		}
		mark := ""
		if fixedSize[r.c.id] {
			mark, anyFixed = " †", true
		}
		fmt.Fprintf(b, "| %s %s | %s | %s%s | %s |\n", r.c.workload, r.c.title,
			formatCRatio(r.ratio(colEncode)), formatCRatio(r.ratio(colNew)), mark, formatCRatio(r.ratio(colReused)))
	}
	var gm [numCols]string
	n := 0
	for col := range gm {
		var v float64
		v, n = geomean(cmp.rows, col)
		gm[col] = "**" + formatCRatio(v) + "**"
	}
	fmt.Fprintf(b, "| geometric mean, %d rows W1-W7 | %s | %s | %s |\n", n, gm[0], gm[1], gm[2])
	if anyFixed {
		b.WriteString("\n† fixed-size scalar: it owns no memory and C decodes it into a variable it\n")
		b.WriteString("already has, so this column is uabin decoding into a reused value against C\n")
		b.WriteString("dec+clr (a Go `new(T)` per call is the caller's cost, not the codec's; the\n")
		b.WriteString("figures below give uabin's decode into a `new(T)` as well).\n")
	}

	var w8 []cRow
	for _, r := range cmp.rows {
		if r.c.workload == "W8" {
			w8 = append(w8, r)
		}
	}
	if len(w8) > 0 {
		b.WriteString("\nW8, 64 KiB body in 9 chunks (C: bench_w8 frame(exact) and reassemble):\n\n")
		b.WriteString("| workload | frame uabin/C | reassemble uabin/C | uabin frame ns | C frame ns | uabin reassemble ns | C reassemble ns |\n")
		b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		for _, r := range w8 {
			fmt.Fprintf(b, "| %s %s | %s | %s | %s | %s | %s | %s |\n", r.c.workload, r.c.title,
				formatCRatio(r.w8Ratio(0)), formatCRatio(r.w8Ratio(1)),
				nsOrDash(r.ns[0]), nsOrDash(r.cns[cFrame]), nsOrDash(r.ns[1]), nsOrDash(r.cns[cReassemble]))
		}
	}

	b.WriteString("\nThe figures (medians, ns/op; uabin allocs/op in parentheses):\n\n")
	b.WriteString("| workload | uabin encode | C enc | uabin decode new | C dec+clr | uabin decode reused | C dec |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range cmp.rows {
		if r.c.workload == "W8" {
			continue
		}
		cell := func(dir int) string {
			if r.ns[dir] == 0 {
				return "–"
			}
			return fmt.Sprintf("%s (%d)", formatNs(r.ns[dir]), r.allocs[dir])
		}
		fmt.Fprintf(b, "| %s %s | %s | %s | %s | %s | %s | %s |\n", r.c.workload, r.c.title,
			cell(0), nsOrDash(r.cns[cEnc]), cell(2), nsOrDash(r.cns[cDecClr]), cell(1), nsOrDash(r.cns[cDec]))
	}
}

// renderCNotes writes how the comparison was run.
func renderCNotes(b *strings.Builder, cmp *cComparison) {
	version := cmp.version
	if version == "" {
		version = "(version not printed)"
	}
	fmt.Fprintf(b, "- open62541 %s, static, -O2, LTO, built by the `build.sh` of the C benchmark programs (`$%s`, not part of this repository).\n", version, o6DirVar)
	var srcs []string
	for _, s := range cmp.sources {
		srcs = append(srcs, s.String())
	}
	fmt.Fprintf(b, "- C figures from %s.\n", strings.Join(srcs, ", "))
	fmt.Fprintf(b, "- %d round(s), %s to %s: each round runs the C command(s), then times uabin\n",
		cmp.rounds, cmp.start.Format("2006-01-02 15:04"), cmp.end.Format("15:04 MST"))
	b.WriteString("  with its fast paths through `uabin.Codec[T]` (every direction of every compared\n")
	b.WriteString("  case, one `testing.Benchmark` each); the table\n")
	b.WriteString("  gives the median over the rounds, and C's own figure is already a median over\n")
	b.WriteString("  its interleaved passes. Figures from files count as one more C sample each.\n")
	fmt.Fprintf(b, "- Load average (1, 5, 15 min) before: %s; after: %s.\n", cmp.loadBefore, cmp.loadAfter)
	b.WriteString("- C \"dec\" decodes into values that are cleared in untimed batches; C \"dec+clr\"\n")
	b.WriteString("  decodes and clears every value, which is what a Go decode into a new value\n")
	b.WriteString("  costs with the garbage collector's share inside the benchmark. W4-W6 include\n")
	b.WriteString("  the 4-byte encoding NodeId on both sides.\n")
	b.WriteString("- W8 encrypted reassemble: C restores the decrypted-in-place stream outside the\n")
	b.WriteString("  timed region; uabin's timed loop includes that 64 KiB copy (a few µs).\n")
}
