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

// w8Calls is how many calls w8PerCall times, as many as `run.sh w8`
// times by default.
const w8Calls = 1000

// w8PerCall times one direction of a W8 codec (0 frame, 1 reassemble) the
// way bench_w8 times open62541: 50 calls to warm up, then n calls, each
// timed on its own with the monotonic clock, and returns the median time
// of a call in ns. C's W8 figure is that median; the mean of
// testing.Benchmark also counts the calls that a busy machine interrupts,
// which on a loaded machine doubled uabin's plain reassembly while C's
// median did not move (docs/performance.md, entry 50).
func w8PerCall(cd *codec, dir, n int) (float64, error) {
	wire, err := cd.encode(nil)
	if err != nil {
		return 0, err
	}
	buf := make([]byte, 0, len(wire))
	call := func() error {
		if dir == 0 {
			buf, err = cd.encode(buf[:0])
			return err
		}
		return cd.decode(wire)
	}
	for range 50 {
		if err := call(); err != nil {
			return 0, err
		}
	}
	ns := make([]float64, n)
	for i := range ns {
		t0 := time.Now()
		err := call()
		ns[i] = float64(time.Since(t0).Nanoseconds())
		if err != nil {
			return 0, err
		}
	}
	return median(ns), nil
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

// The two ways into uabin that the comparison times side by side.
const (
	pathCodec = iota // uabin.Codec[T] (testCase.typed; the service messages through uabin.MessageCodec[T])
	pathAPI          // the general API: Options.Append and Unmarshal into a *T, AppendMessage and UnmarshalMessage (testCase.codecs[implFast])
	numPaths
)

var pathNames = [numPaths]string{"Codec[T]", "API"}

// noisySpread is the spread (max - min over the median) of the per-round
// ratios above which a cell is flagged: the window was too noisy for that
// figure.
const noisySpread = 0.10

// samples are one figure per round.
type samples []float64

// med is the median of the rounds' figures (NaN for none).
func (s samples) med() float64 { return median(s) }

// spread returns the smallest and largest figure.
func (s samples) spread() (lo, hi float64) {
	if len(s) == 0 {
		return math.NaN(), math.NaN()
	}
	return slices.Min(s), slices.Max(s)
}

// noisy reports whether the figures spread by more than noisySpread of
// their median.
func (s samples) noisy() bool {
	lo, hi := s.spread()
	m := s.med()
	return len(s) > 1 && m > 0 && (hi-lo)/m > noisySpread
}

// cRow is one case of the comparison: C's medians, uabin's medians per path
// and direction, and the ratios taken within each round (C and uabin back
// to back), whose median over the rounds the table gives.
type cRow struct {
	c *testCase
	// C medians over the rounds, by operation.
	cns map[string]float64
	// uabin median ns/op and allocs/op per path and direction (0 encode or
	// frame, 1 decode into a reused value or reassemble, 2 decode into a
	// new value; W8 has no 2 and only pathCodec, the chunk layer).
	ns     [numPaths][3]float64
	allocs [numPaths][3]int64
	// ratio holds uabin/C per round, per path and W1-W7 column.
	ratio [numPaths][numCols]samples
	// w8 holds uabin/C per round for W8 frame (0) and reassemble (1).
	w8 [2]samples
	// apiCodec holds API / Codec[T] time per round, per direction.
	apiCodec [3]samples
	// floor is the median ns/op of Go's allocation floor of decoding into
	// a new value (0: none measured), floorAllocs its allocations per op
	// and floorBytes their bytes; floorExcess holds per round (new -
	// reused) / floor for Codec[T].
	floor       float64
	floorAllocs int64
	floorBytes  int
	floorExcess samples
	// floorC holds per round floor / C's dec+clr, and reachC (reused +
	// floor) / C's dec+clr: the decode-new ratio that the floor leaves
	// reachable at today's decode into a reused value.
	floorC, reachC samples
}

// The three ratio columns of W1-W7.
const (
	colEncode = iota
	colNew
	colReused
	numCols
)

// colShort are the columns' names in the two-path table.
var colShort = [numCols]string{"encode", "decode new", "decode reused"}

// roundRatio returns uabin/C for column col of a W1-W7 case from one
// round's figures: u holds uabin's ns per direction, cns C's per operation.
// Encode is against enc, decoding into a new value against dec+clr (the
// fixed-size scalars: decoding into a reused value against dec+clr),
// decoding into a reused value against dec. NaN if a figure is missing.
func roundRatio(id string, col int, u [3]float64, cns map[string]float64) float64 {
	var a, c float64
	switch col {
	case colEncode:
		a, c = u[0], cns[cEnc]
	case colNew:
		a, c = u[2], cns[cDecClr]
		if fixedSize[id] {
			a = u[1]
		}
	case colReused:
		a, c = u[1], cns[cDec]
	}
	if a == 0 || c == 0 || math.IsNaN(a) || math.IsNaN(c) {
		return math.NaN()
	}
	return a / c
}

// ratioOf returns the median over the rounds of uabin/C for path and
// column col of a W1-W7 row (NaN if none).
func (r cRow) ratioOf(path, col int) float64 { return r.ratio[path][col].med() }

// w8Ratio returns the median over the rounds of uabin/C for direction dir
// (0 frame, 1 reassemble) of a W8 row.
func (r cRow) w8Ratio(dir int) float64 { return r.w8[dir].med() }

// geomean returns the geometric mean of the ratios of path and column col
// over the W1-W7 rows that have one, and how many rows that is.
func geomean(rows []cRow, path, col int) (float64, int) {
	var vs []float64
	for _, r := range rows {
		if r.c.workload == "W8" {
			continue
		}
		if v := r.ratioOf(path, col); !math.IsNaN(v) {
			vs = append(vs, v)
		}
	}
	return geomeanOf(vs), len(vs)
}

// geomeanOf returns the geometric mean of vs (NaN if vs is empty).
func geomeanOf(vs []float64) float64 {
	if len(vs) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, v := range vs {
		sum += math.Log(v)
	}
	return math.Exp(sum / float64(len(vs)))
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
	// chart is the path of the chart (-chart) relative to the document
	// (-write) that shows it, or "".
	chart string
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

// cPaths returns the codecs of c that the comparison times, by path: W8
// has only the chunk layer (at pathCodec).
func cPaths(c *testCase) [numPaths]*codec {
	if c.workload == "W8" {
		return [numPaths]*codec{&c.codecs[implFast], nil}
	}
	return [numPaths]*codec{&c.typed, &c.codecs[implFast]}
}

// compareC runs the rounds: in each, every command source is run (file
// sources are read once, before the first round), then uabin times every
// direction of every selected case that C has figures for, through
// Codec[T] and through the general API, and the allocation floor of the
// cases that decode into a new value. Ratios are taken within each round;
// the rows give their medians over the rounds.
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
		ns     [numPaths][3]samples
		allocs [numPaths][3]samples
		floor  samples
		fAlloc samples
	}
	goS := map[string]*goSamples{}
	rowOf := map[string]*cRow{}
	plans := map[string]allocPlan{}
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
		var thisRound cRun
		if len(runs) > 0 {
			thisRound = mergeC(runs...)
			addC(thisRound)
		}
		if round == 1 {
			for _, c := range selected {
				if cSamples[c.id] != nil && c.codecs[implFast].na == "" {
					compared = append(compared, c)
					goS[c.id] = &goSamples{}
					rowOf[c.id] = &cRow{c: c, cns: map[string]float64{}}
					if c.workload != "W8" && !fixedSize[c.id] {
						if wire, err := c.typed.encode(nil); err == nil {
							if p, ok := decodeNewPlan(&c.typed, wire); ok {
								plans[c.id] = p
							}
						}
					}
				}
			}
			if len(compared) == 0 {
				return nil, fmt.Errorf("the open62541 output names none of the selected cases")
			}
		}
		fmt.Fprintf(progress, "uabin round %d/%d: %d cases (load %s)\n", round, rounds, len(compared), loadAvg())
		for _, c := range compared {
			gs, row := goS[c.id], rowOf[c.id]
			var u [numPaths][3]float64
			for path, cd := range cPaths(c) {
				if cd == nil || cd.encode == nil {
					continue
				}
				dirs := 3
				if c.workload == "W8" || cd.decodeNew == nil {
					dirs = 2
				}
				for dir := 0; dir < dirs; dir++ {
					r := testing.Benchmark(func(b *testing.B) { benchCodec(b, c, cd, dir, "uabin "+pathNames[path]) })
					if r.N == 0 {
						return nil, fmt.Errorf("%s %s uabin %s: the benchmark failed", c.id, c.dirName(dir), pathNames[path])
					}
					m := fromResult(r)
					if c.workload == "W8" {
						// Timed as bench_w8 times open62541 (w8PerCall).
						ns, err := w8PerCall(cd, dir, w8Calls)
						if err != nil {
							return nil, fmt.Errorf("%s %s uabin %s: %w", c.id, c.dirName(dir), pathNames[path], err)
						}
						m.ns = ns
					}
					u[path][dir] = m.ns
					gs.ns[path][dir] = append(gs.ns[path][dir], m.ns)
					gs.allocs[path][dir] = append(gs.allocs[path][dir], float64(m.allocs))
				}
			}
			var floorNS float64
			if p, ok := plans[c.id]; ok {
				r := testing.Benchmark(func(b *testing.B) { benchAllocFloor(b, p) })
				m := fromResult(r)
				floorNS = m.ns
				gs.floor = append(gs.floor, m.ns)
				gs.fAlloc = append(gs.fAlloc, float64(m.allocs))
			}
			// This round's C figure: the round's command output, or the
			// files' median without commands.
			cns := map[string]float64{}
			for op, vs := range cSamples[c.id] {
				cns[op] = median(vs)
			}
			for op, v := range thisRound.ns[c.id] {
				cns[op] = v
			}
			if c.workload == "W8" {
				for dir, op := range []string{cFrame, cReassemble} {
					if u[pathCodec][dir] > 0 && cns[op] > 0 {
						row.w8[dir] = append(row.w8[dir], u[pathCodec][dir]/cns[op])
					}
				}
				continue
			}
			for path := range u {
				for col := 0; col < numCols; col++ {
					if v := roundRatio(c.id, col, u[path], cns); !math.IsNaN(v) {
						row.ratio[path][col] = append(row.ratio[path][col], v)
					}
				}
			}
			for dir := 0; dir < 3; dir++ {
				if a, k := u[pathAPI][dir], u[pathCodec][dir]; a > 0 && k > 0 {
					row.apiCodec[dir] = append(row.apiCodec[dir], a/k)
				}
			}
			if floorNS > 0 && u[pathCodec][2] > 0 {
				row.floorExcess = append(row.floorExcess, (u[pathCodec][2]-u[pathCodec][1])/floorNS)
			}
			if c := cns[cDecClr]; floorNS > 0 && c > 0 && u[pathCodec][1] > 0 {
				row.floorC = append(row.floorC, floorNS/c)
				row.reachC = append(row.reachC, (u[pathCodec][1]+floorNS)/c)
			}
		}
	}
	for _, c := range compared {
		row, gs := rowOf[c.id], goS[c.id]
		for op, vs := range cSamples[c.id] {
			row.cns[op] = median(vs)
		}
		for path := 0; path < numPaths; path++ {
			for dir := 0; dir < 3; dir++ {
				if len(gs.ns[path][dir]) == 0 {
					continue
				}
				row.ns[path][dir] = gs.ns[path][dir].med()
				row.allocs[path][dir] = int64(math.Round(gs.allocs[path][dir].med()))
			}
		}
		if len(gs.floor) > 0 {
			row.floor = gs.floor.med()
			row.floorAllocs = int64(math.Round(gs.fAlloc.med()))
			row.floorBytes = plans[c.id].bytes
		}
		cmp.rows = append(cmp.rows, *row)
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

// ratioCell formats the median of per-round ratios with their spread,
// "1.05x (0.98-1.12)", flagged with ⚠ when the spread exceeds noisySpread.
func ratioCell(s samples) string {
	if len(s) == 0 {
		return "–"
	}
	out := formatCRatio(s.med())
	if len(s) > 1 {
		lo, hi := s.spread()
		out += " (" + strings.TrimSuffix(formatCRatio(lo), "x") + "-" + strings.TrimSuffix(formatCRatio(hi), "x") + ")"
	}
	if s.noisy() {
		out += " ⚠"
	}
	return out
}

// nsOrDash formats ns/op, "–" when missing.
func nsOrDash(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return "–"
	}
	return formatNs(v)
}

// isMessage reports whether c is a service message (W4-W6): its Codec[T]
// columns time uabin.MessageCodec[T].
func isMessage(c *testCase) bool {
	return c.workload == "W4" || c.workload == "W5" || c.workload == "W6"
}

// renderCTable writes the comparison as markdown: the ratio table of
// W1-W7 for both paths with their geometric means, the general API against
// Codec[T], decoding into a new value against Go's allocation floor, the W8
// table, and the figures behind them.
func renderCTable(b *strings.Builder, cmp *cComparison) {
	b.WriteString("uabin/C time, lower is better (below 1.00x uabin is faster): the median over\n")
	b.WriteString("the rounds of the ratio taken within each round (C and uabin back to back),\n")
	fmt.Fprintf(b, "with the smallest and largest in parentheses; ⚠ marks a spread above %.0f%% of\n", noisySpread*100)
	b.WriteString("the median (a noisy window). Codec[T] is `uabin.Codec[T]`; API is `Options.Append`\n")
	b.WriteString("and `Options.Unmarshal` into a `*T` (W4-W6: `AppendMessage`, `UnmarshalMessage`).\n\n")
	b.WriteString("| workload |")
	for col := 0; col < numCols; col++ {
		for path := 0; path < numPaths; path++ {
			fmt.Fprintf(b, " %s %s |", colShort[col], pathNames[path])
		}
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", numCols*numPaths) + "\n")
	anyFixed, anyMsg := false, false
	for _, r := range cmp.rows {
		if r.c.workload == "W8" {
			continue
		}
		mark := ""
		if fixedSize[r.c.id] {
			mark, anyFixed = " †", true
		}
		if isMessage(r.c) {
			mark, anyMsg = " ‡", true
		}
		fmt.Fprintf(b, "| %s %s%s |", r.c.workload, r.c.title, mark)
		for col := 0; col < numCols; col++ {
			for path := 0; path < numPaths; path++ {
				fmt.Fprintf(b, " %s |", ratioCell(r.ratio[path][col]))
			}
		}
		b.WriteString("\n")
	}
	n := 0
	var gm []string
	for col := 0; col < numCols; col++ {
		for path := 0; path < numPaths; path++ {
			var v float64
			v, n = geomean(cmp.rows, path, col)
			gm = append(gm, "**"+formatCRatio(v)+"**")
		}
	}
	fmt.Fprintf(b, "| geometric mean, %d rows W1-W7 | %s |\n", n, strings.Join(gm, " | "))
	if anyFixed {
		b.WriteString("\n† fixed-size scalar: it owns no memory and C decodes it into a variable it\n")
		b.WriteString("already has, so its decode-new columns are uabin decoding into a reused value\n")
		b.WriteString("against C dec+clr (a Go `new(T)` per call is the caller's cost, not the\n")
		b.WriteString("codec's; the figures below give uabin's decode into a `new(T)` as well).\n")
	}
	if anyMsg {
		b.WriteString("\n‡ service message: Codec[T] is `uabin.MessageCodec[T]` (decoding into a new\n")
		b.WriteString("value into a `new(T)`), API is `AppendMessage` and `UnmarshalMessage` (decoding\n")
		b.WriteString("into a new value into a `*any`, which receives a new value).\n")
	}

	b.WriteString("\nThe general API against `Codec[T]` (API time / Codec[T] time, taken within\n")
	b.WriteString("each round; the target is at most 1.10x):\n\n")
	b.WriteString("| workload | encode | decode new | decode reused |\n| --- | ---: | ---: | ---: |\n")
	for _, r := range cmp.rows {
		if r.c.workload == "W8" {
			continue
		}
		fmt.Fprintf(b, "| %s %s | %s | %s | %s |\n", r.c.workload, r.c.title,
			ratioCell(r.apiCodec[0]), ratioCell(r.apiCodec[2]), ratioCell(r.apiCodec[1]))
	}

	var withFloor []cRow
	for _, r := range cmp.rows {
		if r.floor > 0 {
			withFloor = append(withFloor, r)
		}
	}
	if len(withFloor) > 0 {
		b.WriteString("\nDecoding into a new value against Go's allocation floor (Codec[T]): the\n")
		b.WriteString("floor allocates, alone and in the same round, the objects one decoded value\n")
		b.WriteString("holds (found by walking it: pointer targets, backing arrays, String bytes,\n")
		b.WriteString("boxed interface values), the garbage collector's share included. The target\n")
		b.WriteString("is new ≤ reused + 1.1 × floor, that is (new − reused) / floor ≤ 1.10\n")
		b.WriteString("(median over the rounds of the per-round quotient). The last two columns\n")
		b.WriteString("set the floor against C's dec+clr: the floor alone, and reused + floor, the\n")
		b.WriteString("decode-new ratio reachable at today's decode into a reused value if the\n")
		b.WriteString("target above were met exactly (1.0 × floor):\n\n")
		b.WriteString("| workload | decode reused ns | decode new ns | floor ns | floor allocs, bytes | (new − reused) / floor | met | floor / C dec+clr | (reused + floor) / C dec+clr |\n")
		b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | :---: | ---: | ---: |\n")
		var reach []float64
		for _, r := range withFloor {
			met := "yes"
			if r.floorExcess.med() > 1.10 {
				met = "no"
			}
			fmt.Fprintf(b, "| %s %s | %s | %s | %s | %d, %s | %s | %s | %s | %s |\n", r.c.workload, r.c.title,
				nsOrDash(r.ns[pathCodec][1]), nsOrDash(r.ns[pathCodec][2]), nsOrDash(r.floor),
				r.floorAllocs, formatNs(float64(r.floorBytes)), ratioCell(r.floorExcess), met,
				ratioCell(r.floorC), ratioCell(r.reachC))
			if m := r.reachC.med(); m > 0 && !math.IsNaN(m) {
				reach = append(reach, m)
			}
		}
		if len(reach) > 0 {
			fmt.Fprintf(b, "\nGeometric mean of (reused + floor) / C dec+clr over these %d rows: %.2fx\n", len(reach), geomeanOf(reach))
		}
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
				ratioCell(r.w8[0]), ratioCell(r.w8[1]),
				nsOrDash(r.ns[pathCodec][0]), nsOrDash(r.cns[cFrame]), nsOrDash(r.ns[pathCodec][1]), nsOrDash(r.cns[cReassemble]))
		}
	}

	b.WriteString("\nThe figures (medians over the rounds, ns/op; uabin allocs/op in parentheses;\n")
	b.WriteString("Codec[T] / API):\n\n")
	b.WriteString("| workload | uabin encode | C enc | uabin decode new | C dec+clr | uabin decode reused | C dec |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range cmp.rows {
		if r.c.workload == "W8" {
			continue
		}
		cell := func(dir int) string {
			var parts []string
			for path := 0; path < numPaths; path++ {
				if r.ns[path][dir] == 0 {
					parts = append(parts, "–")
					continue
				}
				parts = append(parts, fmt.Sprintf("%s (%d)", formatNs(r.ns[path][dir]), r.allocs[path][dir]))
			}
			return strings.Join(parts, " / ")
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
	b.WriteString("  with its fast paths through `uabin.Codec[T]` and through the general API\n")
	b.WriteString("  (every direction of every compared case, one `testing.Benchmark` each) and\n")
	b.WriteString("  the allocation floor; each ratio is taken within its round, and the table\n")
	b.WriteString("  gives the median over the rounds (C's own figure is already a median over its\n")
	b.WriteString("  interleaved passes). Without a command, C's figure in every round is the\n")
	b.WriteString("  median of the files.\n")
	if shareInput {
		b.WriteString("- uabin decoded with `Limits.ShareInput` (`-share-input`): its decoded Strings and\n")
		b.WriteString("  ByteStrings point into the input instead of copies (docs/limits.md).\n")
	}
	fmt.Fprintf(b, "- Load average (1, 5, 15 min) before: %s; after: %s.\n", cmp.loadBefore, cmp.loadAfter)
	b.WriteString("- C \"dec\" decodes into values that are cleared in untimed batches; C \"dec+clr\"\n")
	b.WriteString("  decodes and clears every value, which is what a Go decode into a new value\n")
	b.WriteString("  costs with the garbage collector's share inside the benchmark. W4-W6 include\n")
	b.WriteString("  the 4-byte encoding NodeId on both sides.\n")
	b.WriteString("- W8: both sides are the median wall time of 1,000 single calls after 50 to\n")
	b.WriteString("  warm up (bench_w8's method; uabin's allocations from testing.Benchmark).\n")
	b.WriteString("- W8 encrypted reassemble: C restores the decrypted-in-place stream outside the\n")
	b.WriteString("  timed region; uabin's timed loop includes that 64 KiB copy (a few µs).\n")
}
