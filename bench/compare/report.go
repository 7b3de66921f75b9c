package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// machine describes where a run happened.
type machine struct {
	cpu       string // model name from /proc/cpuinfo
	cores     int    // runtime.NumCPU: the cores this process may run on
	total     int    // processors in /proc/cpuinfo, 0 if unknown
	procs     int    // GOMAXPROCS
	goVersion string
	osArch    string
	date      time.Time
	commit    string // uabin commit, "" if unknown
	benchtime time.Duration
}

// currentMachine collects the machine description.
func currentMachine(benchtime time.Duration) machine {
	return machine{
		cpu:       cpuModel(),
		cores:     runtime.NumCPU(),
		total:     cpuCount(),
		procs:     runtime.GOMAXPROCS(0),
		goVersion: runtime.Version(),
		osArch:    runtime.GOOS + "/" + runtime.GOARCH,
		date:      time.Now().UTC(),
		commit:    gitCommit(),
		benchtime: benchtime,
	}
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or "unknown".
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// cpuCount returns the number of "processor" lines of /proc/cpuinfo, 0 if
// it cannot be read. runtime.NumCPU counts only the cores of the affinity
// mask (1 under taskset -c 1).
func cpuCount() int {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if k, _, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "processor" {
			n++
		}
	}
	return n
}

// coresText describes the cores: "2 cores", or "2 cores, this run pinned
// to 1" when the affinity mask has fewer.
func (m machine) coresText() string {
	if m.total > m.cores {
		return fmt.Sprintf("%d cores, this run pinned to %d", m.total, m.cores)
	}
	return fmt.Sprintf("%d cores", m.cores)
}

// gitCommit returns the short commit of the checkout (with "+changes" when
// files outside docs/ differ from it, such as the report being rewritten),
// or "" outside a git checkout.
func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return ""
	}
	commit := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no", "--", ":(top)", ":(top,exclude)docs").Output(); err == nil && len(st) > 0 {
		commit += "+changes"
	}
	return commit
}

// Number formatting: three significant digits for small values, thousands
// separators for large ones.

func formatNs(v float64) string {
	switch {
	case v < 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case v < 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return thousands(int64(math.Round(v)))
	}
}

func formatMBps(v float64) string { return formatNs(v) }

func thousands(v int64) string {
	s := strconv.FormatInt(v, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func formatRatio(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "∞"
	case math.IsNaN(v):
		return "–"
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64) + "x"
	default:
		return strconv.FormatFloat(v, 'f', 1, 64) + "x"
	}
}

// preciseRatio formats a ratio that is compared with a limit (2x) with two
// decimals, so that 2.04x does not print as a missed "2.0x".
func preciseRatio(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return formatRatio(v)
	}
	return strconv.FormatFloat(v, 'f', 2, 64) + "x"
}

// timeRatio is a.ns / b.ns, NaN if either is missing.
func timeRatio(a, b measurement) float64 {
	if a.na != "" || b.na != "" || b.ns == 0 {
		return math.NaN()
	}
	return a.ns / b.ns
}

// allocRatio is a.allocs / b.allocs: +Inf when only b allocates nothing,
// NaN when neither allocates or one is missing.
func allocRatio(a, b measurement) float64 {
	switch {
	case a.na != "" || b.na != "":
		return math.NaN()
	case b.allocs == 0 && a.allocs == 0:
		return math.NaN()
	case b.allocs == 0:
		return math.Inf(1)
	}
	return float64(a.allocs) / float64(b.allocs)
}

// renderTable writes the results of the directions in dirs as one
// markdown table.
func renderTable(b *strings.Builder, rows []row, dirs ...int) {
	b.WriteString("| workload | op |")
	for _, name := range implNames {
		fmt.Fprintf(b, " %s ns/op | B/op | allocs/op | MB/s |", name)
	}
	b.WriteString(" gopcua/fast time | gopcua/fast allocs | plans/fast time |\n")
	b.WriteString("| --- | --- |" + strings.Repeat(" ---: |", 4*numImpls+3) + "\n")
	for _, r := range rows {
		if !slices.Contains(dirs, r.dir) {
			continue
		}
		fmt.Fprintf(b, "| %s %s | %s |", r.c.workload, r.c.title, r.c.dirName(r.dir))
		for _, m := range r.m {
			if m.na != "" {
				b.WriteString(" n/a | | | |")
				continue
			}
			fmt.Fprintf(b, " %s | %s | %s | %s |", formatNs(m.ns), thousands(m.bytes), thousands(m.allocs), formatMBps(m.mbps))
		}
		fast, plans, gopcua := r.m[implFast], r.m[implPlans], r.m[implGopcua]
		fmt.Fprintf(b, " %s | %s | %s |\n", formatRatio(timeRatio(gopcua, fast)),
			formatRatio(allocRatio(gopcua, fast)), formatRatio(timeRatio(plans, fast)))
	}
}

// hasDir reports whether rows holds a row of direction dir.
func hasDir(rows []row, dir int) bool {
	for _, r := range rows {
		if r.dir == dir {
			return true
		}
	}
	return false
}

// renderFloors writes the copy floors as a markdown table.
func renderFloors(b *strings.Builder, floors []floor) {
	b.WriteString("| floor | ns/op | B/op | allocs/op | MB/s |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, f := range floors {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", f.name, formatNs(f.m.ns), thousands(f.m.bytes),
			thousands(f.m.allocs), formatMBps(f.m.mbps))
	}
}

// target is one of uabin's speed targets (see renderDocument's Targets
// section for why each), with what the run measured.
type target struct {
	goal     string
	subject  string
	measured string
	met      bool
}

// evaluateTargets checks the measured figures against uabin's speed
// targets. Nothing here is asserted in a test: it is reported.
func evaluateTargets(rows []row, floors []floor) []target {
	var out []target
	for _, r := range rows {
		if r.dir == dirDecodeNew {
			continue // the targets are about the reused value
		}
		subject := fmt.Sprintf("%s %s %s", r.c.workload, r.c.title, r.c.dirName(r.dir))
		fast, plans, gopcua := r.m[implFast], r.m[implPlans], r.m[implGopcua]
		switch {
		case r.c.workload == "W4" || r.c.workload == "W5" || r.c.workload == "W6":
			t, a := timeRatio(gopcua, fast), allocRatio(gopcua, fast)
			out = append(out, target{
				goal:     "uabin-fast ≥ 20x faster than gopcua, ≥ 20x fewer allocations",
				subject:  subject,
				measured: fmt.Sprintf("%s faster, %s fewer allocations (%s vs %s allocs/op)", formatRatio(t), formatRatio(a), thousands(gopcua.allocs), thousands(fast.allocs)),
				met:      t >= 20 && a >= 20,
			})
			p := timeRatio(plans, fast)
			out = append(out, target{
				goal:     "uabin-plans within 2x of uabin-fast",
				subject:  subject,
				measured: "plans/fast " + preciseRatio(p),
				met:      p <= 2,
			})
		case r.c.id == "W2VariantDouble1000" && len(floors) > 0:
			for _, impl := range []int{implFast, implPlans} {
				out = append(out, floorTarget(subject+", "+implNames[impl], r.m[impl], floors[0]))
			}
		case r.c.id == "W8ChunkingPlain" && len(floors) > 1:
			out = append(out, floorTarget(subject, fast, floors[1]))
		}
	}
	return out
}

// floorTarget is the goal "m within 2x of the floor f".
func floorTarget(subject string, m measurement, f floor) target {
	t := target{goal: "within 2x of " + f.name, subject: subject, measured: "not measured"}
	if r := timeRatio(m, f.m); !math.IsNaN(r) {
		t.measured = fmt.Sprintf("%s ns = %s the floor (%s ns)", formatNs(m.ns), preciseRatio(r), formatNs(f.m.ns))
		t.met = r <= 2
	}
	return t
}

// headline returns the few sentences a README quotes: the range of
// gopcua/fast ratios on the service messages (W4-W6) per direction, their
// allocations, and W8 plain against gopcua and the copy floor.
func headline(rows []row, floors []floor) []string {
	var out []string
	for dir, verb := range []string{"encodes", "decodes (into a reused value)"} {
		lo, hi := math.Inf(1), math.Inf(-1)
		var fastAllocs, gLo, gHi int64 = 0, math.MaxInt64, 0
		n := 0
		for _, r := range rows {
			w := r.c.workload
			if r.dir != dir || (w != "W4" && w != "W5" && w != "W6") {
				continue
			}
			t := timeRatio(r.m[implGopcua], r.m[implFast])
			if math.IsNaN(t) {
				continue
			}
			n++
			lo, hi = math.Min(lo, t), math.Max(hi, t)
			fastAllocs = max(fastAllocs, r.m[implFast].allocs)
			gLo, gHi = min(gLo, r.m[implGopcua].allocs), max(gHi, r.m[implGopcua].allocs)
		}
		if n == 0 {
			continue
		}
		allocs := "without allocating"
		if fastAllocs > 0 {
			allocs = "with at most " + thousands(fastAllocs) + " allocations per message"
		}
		out = append(out, fmt.Sprintf("Service messages (W4-W6): uabin %s %s to %s faster than gopcua, "+
			"%s (gopcua: %s to %s).",
			verb, strings.TrimSuffix(formatRatio(lo), "x"), formatRatio(hi), allocs, thousands(gLo), thousands(gHi)))
	}
	for _, r := range rows {
		if r.c.id != "W8ChunkingPlain" || len(floors) < 2 {
			continue
		}
		out = append(out, fmt.Sprintf("Chunking 64 KiB (W8 plain): uabin %s %s faster than gopcua's uasc, at %s the time of a plain 64 KiB copy.",
			map[int]string{0: "frames", 1: "reassembles"}[r.dir], formatRatio(timeRatio(r.m[implGopcua], r.m[implFast])),
			formatRatio(timeRatio(r.m[implFast], floors[1].m))))
	}
	return out
}

// renderTargets writes the targets as a markdown table.
func renderTargets(b *strings.Builder, targets []target) {
	met := 0
	for _, t := range targets {
		if t.met {
			met++
		}
	}
	fmt.Fprintf(b, "%d of %d targets met.\n\n", met, len(targets))
	b.WriteString("| goal | case | measured | met |\n| --- | --- | --- | --- |\n")
	for _, t := range targets {
		verdict := "yes"
		if !t.met {
			verdict = "**no**"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", t.goal, t.subject, t.measured, verdict)
	}
}

// renderNotes writes what the reader needs to read the table right,
// including every "n/a" reason.
func renderNotes(b *strings.Builder, cs []*testCase) {
	b.WriteString(`- ns/op, B/op and allocs/op are per operation; MB/s is the encoded size
  (W8: the 65,536-byte body) divided by the time. "gopcua/fast" is gopcua's
  time (or allocation count) divided by uabin-fast's: higher is better for
  uabin; "∞" means uabin-fast made no allocation. "plans/fast" is the price
  of switching fast paths off.
- Encoding appends into one reused buffer: uabin ` + "`Options.Append`" + ` (messages:
  ` + "`Options.AppendMessage`" + `). gopcua has no append form; ` + "`ua.Encode`" + ` returns a new
  slice every time, which is what its client uses.
- Decoding reads into one reused value: uabin ` + "`Options.Unmarshal`" + ` into the same
  Go value every time, which lets it reuse slice capacity and keep a String
  whose text has not changed, so decoding the same message again allocates
  nothing (the section "Decoding into a new value" shows the cost without
  reuse). gopcua ` + "`ua.Decode`" + ` also decodes into the same top-level value, but
  its decoder allocates every nested pointer, slice and string again; its
  ByteString decoder aliases the input instead of copying (so W1 ByteString
  decode costs it no copy).
- Service messages (W4-W6) are the binary encoding NodeId followed by the
  structure. Decoding reads the NodeId, checks it and decodes the structure
  into the reused value, in both libraries (uabin: ` + "`UnmarshalMessage`" + ` into a
  ` + "`*T`" + `; gopcua's ` + "`ua.DecodeService`" + ` would allocate a new value per call).
- W8 frame writes all chunks into one reused buffer (uabin: one
  ` + "`chunk.Sender`" + `, whose sequence numbers go on across operations as on a real
  channel); reassemble verifies every chunk (headers, sequence numbers,
  signatures, padding) and joins the body parts (uabin: one ` + "`chunk.Receiver`" + `,
  told to accept any first sequence number before each operation, since the
  same stream is received again; encrypted chunks are decrypted in place, so
  that mode first copies the 64 KiB stream into a scratch buffer, which is
  timed). The gopcua column of W8 plain runs gopcua's public uasc pieces
  the way its SecureChannel does (` + "`Message.EncodeChunks`" + ` plus the sequence
  number fix-up of its send path; ` + "`MessageChunk.Decode`" + `, ` + "`SequenceHeader.Decode`" + `
  and the concatenation of its mergeChunks), without a socket; it checks no
  sequence numbers and its chunks are copied once more into one buffer.
`)
	seen := map[string]bool{}
	for _, c := range cs {
		for impl, cd := range c.codecs {
			if cd.na == "" {
				continue
			}
			key := implNames[impl] + ": " + cd.na
			if seen[key] {
				continue
			}
			seen[key] = true
			var ids []string
			for _, d := range cs {
				if d.codecs[impl].na == cd.na {
					ids = append(ids, d.workload+" "+d.title)
				}
			}
			fmt.Fprintf(b, "- n/a for %s in %s: %s.\n", implNames[impl], strings.Join(ids, ", "), cd.na)
		}
	}
}

// renderPeerDiffs writes the known gopcua differences as a markdown table.
func renderPeerDiffs(b *strings.Builder) {
	if len(peerDiffs) == 0 {
		b.WriteString("None: gopcua's bytes equal uabin's on every workload.\n")
		return
	}
	b.WriteString("| workloads | gopcua writes | Part 6 says | impact |\n| --- | --- | --- | --- |\n")
	for _, d := range peerDiffs {
		var names []string
		for _, id := range d.cases {
			if c := caseByID(id); c != nil {
				names = append(names, c.workload+" "+c.title)
			}
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", strings.Join(names, ", "), d.what, d.spec, d.impact)
	}
}

// renderFindings writes gopcuaFindings as a markdown table.
func renderFindings(b *strings.Builder) {
	b.WriteString("| gopcua v0.8.0 | Part 6 |\n| --- | --- |\n")
	for _, f := range gopcuaFindings {
		fmt.Fprintf(b, "| %s | %s |\n", f.what, f.spec)
	}
}

// renderDocument returns the whole docs/benchmarks.md.
func renderDocument(m machine, cs []*testCase, rows []row, floors []floor, verdicts []*verdict, selection string, cmp *cComparison) string {
	var b strings.Builder
	if cmp != nil {
		b.WriteString("# Benchmarks: uabin against gopcua and open62541\n\n")
	} else {
		b.WriteString("# Benchmarks: uabin against gopcua\n\n")
	}
	b.WriteString("<!-- Written by `go run . -write ../../docs/benchmarks.md` in bench/compare; do not edit by hand. -->\n\n")
	b.WriteString("One run of `bench/compare` on the machine below: the workloads W1-W8 of\n")
	b.WriteString("[workloads.md](workloads.md), encoded and decoded by uabin with its fast paths\n")
	b.WriteString("(the default), by uabin with plans only (`uabin.Options{DisableFastPaths: true}`),\n")
	b.WriteString("and by the peer Go library `github.com/gopcua/opcua` v0.8.0. Every value was\n")
	b.WriteString("verified before it was timed (see [Verification](#verification)).\n\n")

	if h := headline(rows, floors); len(h) > 0 {
		b.WriteString("## Headline\n\n")
		for _, line := range h {
			b.WriteString("- " + line + "\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("## Machine\n\n")
	fmt.Fprintf(&b, "- CPU: %s, %s (GOMAXPROCS %d), %s\n", m.cpu, m.coresText(), m.procs, m.osArch)
	fmt.Fprintf(&b, "- Go: %s\n", m.goVersion)
	fmt.Fprintf(&b, "- Date: %s\n", m.date.Format("2006-01-02 15:04 MST"))
	if m.commit != "" {
		fmt.Fprintf(&b, "- uabin commit: %s\n", m.commit)
	}
	fmt.Fprintf(&b, "- Peer: github.com/gopcua/opcua v0.8.0\n")
	fmt.Fprintf(&b, "- Duration of each benchmark: %s (`-benchtime`)", m.benchtime)
	if selection != "" {
		fmt.Fprintf(&b, "; cases selected by `-run %s`", selection)
	}
	b.WriteString("\n\n")

	b.WriteString("## Results\n\n")
	renderTable(&b, rows, 0, 1)
	b.WriteString("\n")
	renderNotes(&b, cs)

	if hasDir(rows, dirDecodeNew) {
		b.WriteString("\n## Decoding into a new value\n\n")
		b.WriteString("The decode rows above reuse one value, so uabin keeps the slices it\n")
		b.WriteString("decoded before and a String whose text has not changed. A program that\n")
		b.WriteString("keeps every decoded message pays for new memory instead: here every\n")
		b.WriteString("operation decodes into a new value (uabin `Options.Unmarshal` into a new\n")
		b.WriteString("value; gopcua `ua.DecodeService` for messages, `ua.Decode` into a new value\n")
		b.WriteString("for W7).\n\n")
		renderTable(&b, rows, dirDecodeNew)
	}

	if cmp != nil {
		b.WriteString("\n## Against open62541 (C)\n\n")
		b.WriteString("The same workloads timed by open62541, the widely used C implementation of\n")
		b.WriteString("OPC UA, as the reference for what a codec without a garbage collector\n")
		b.WriteString("achieves, side by side with uabin with its fast paths, on the machine above.\n")
		b.WriteString("C's figures come from two C programs written for this comparison, `bench`\n")
		b.WriteString("(W1-W7) and `bench_w8` (W8), which call open62541's API and are built with\n")
		b.WriteString("open62541 from its source tarball; they are not part of this repository (see\n")
		b.WriteString("[How to reproduce](#how-to-reproduce)). uabin runs two ways, side by side in\n")
		b.WriteString("every round: through `uabin.Codec[T]` (`NewCodec`: the type resolved once, as\n")
		b.WriteString("open62541's callers pass its type descriptor; the service messages W4-W6\n")
		b.WriteString("through `uabin.MessageCodec[T]`), and through the general API that the table\n")
		b.WriteString("above times (`Append`/`Unmarshal` into a `*T`, `AppendMessage`/`UnmarshalMessage`),\n")
		b.WriteString("with the same bytes and errors.\n\n")
		if cmp.chart != "" {
			fmt.Fprintf(&b, "![uabin and gopcua against open62541: time relative to C per workload and direction](%s)\n\n", cmp.chart)
		}
		renderCTable(&b, cmp)
		b.WriteString("\n")
		renderCNotes(&b, cmp)
	}

	b.WriteString("\n## Floors\n\n")
	b.WriteString("Plain `copy` calls measured in the same run: the least any codec could take\n")
	b.WriteString("to move the same bytes.\n\n")
	renderFloors(&b, floors)

	b.WriteString("\n## Targets\n\n")
	b.WriteString("uabin's speed targets, against this run's figures (reported, never asserted\n")
	b.WriteString("in a test): on the service messages W4-W6, uabin with fast paths at least 20x\n")
	b.WriteString("faster than gopcua with at least 20x fewer allocations, and uabin with plans\n")
	b.WriteString("only within 2x of the fast paths (a program's own structures run through\n")
	b.WriteString("plans unless it writes fast paths for them); W2 Variant.Double[1000] and W8\n")
	b.WriteString("plain within 2x of a plain copy of the same bytes (the floors above).\n\n")
	renderTargets(&b, evaluateTargets(rows, floors))

	b.WriteString("\n## Known differences of gopcua\n\n")
	b.WriteString("Each place where gopcua's bytes differ from uabin's (which equal the bytes\n")
	b.WriteString("worked out from Part 6). The verification accepts gopcua's bytes only if\n")
	b.WriteString("undoing exactly these differences gives uabin's bytes.\n\n")
	renderPeerDiffs(&b)

	b.WriteString("\n### Found outside the workload values\n\n")
	b.WriteString("gopcua behaviour that differs from Part 6, found while building the\n")
	b.WriteString("workloads (their values avoid it, so it does not show in the comparison\n")
	b.WriteString("above). Each is reproduced by `TestGopcuaFindings`.\n\n")
	renderFindings(&b)

	b.WriteString("\n## Verification\n\n")
	b.WriteString("Before anything is timed, `go run .` (and `go test`) checks every case: both\n")
	b.WriteString("uabin modes encode without error into a reused buffer and decode their bytes\n")
	b.WriteString("(twice, into the same reused value) to a value deeply equal to the original;\n")
	b.WriteString("both modes give identical bytes; those bytes equal the bytes worked out by\n")
	b.WriteString("hand from Part 6 (`bench/compare/ref.go`; for W8 an independent framer using\n")
	b.WriteString("crypto/hmac and crypto/aes); gopcua's bytes equal them up to the known\n")
	b.WriteString("differences above; gopcua decodes uabin's bytes, and its own bytes to a value\n")
	b.WriteString("that encodes the same again.\n\n")
	failed := 0
	for _, v := range verdicts {
		if !v.ok() {
			failed++
		}
	}
	fmt.Fprintf(&b, "This run: %d cases verified, %d failed.\n", len(verdicts), failed)

	b.WriteString("\n## How to reproduce\n\n")
	b.WriteString("```\ncd bench/compare\n")
	b.WriteString("go run .                                  # verify, then print the table (about 2-3 minutes)\n")
	b.WriteString("go run . -write ../../docs/benchmarks.md  # the same, and write this file\n")
	b.WriteString("go run . -run 'W4|W5' -benchtime 1s       # some cases, longer runs\n")
	b.WriteString("go test                                   # the verification only\n")
	b.WriteString("go test -run '^$' -bench . -benchmem -count 10 > new.txt  # for benchstat\n")
	b.WriteString("# with the open62541 (C) comparison, pinned to one core, C and uabin alternating:\n")
	rounds := 5
	if cmp != nil {
		rounds = cmp.rounds
	}
	fmt.Fprintf(&b, "o6=${%s:-%s}\n", o6DirVar, o6DefaultDir)
	fmt.Fprintf(&b, "taskset -c 1 go run . -write ../../docs/benchmarks.md -chart ../../docs/benchmarks.svg -c-rounds %d \\\n", rounds)
	b.WriteString("    -c-run \"$o6/run.sh bench\" -c-run \"$o6/run.sh w8\"\n")
	b.WriteString("go run . -c-only -c saved-c-output.txt     # the comparison alone, against saved C output\n")
	b.WriteString("```\n\n")
	b.WriteString("The C comparison needs the directory of the C benchmark programs (`run.sh`,\n")
	b.WriteString("`build.sh`, `bench.c`, `bench_w8.c` and the open62541 v1.5.7 source tarball\n")
	b.WriteString("`open62541-1.5.7.tar.xz`), which is not part of this repository: the\n")
	fmt.Fprintf(&b, "environment variable `%s` names it, and without it the commands\n", o6DirVar)
	b.WriteString("above look for `../shared/open62541-bench` beside the repository. `run.sh`\n")
	b.WriteString("builds open62541 once (cmake, gcc, libssl-dev; about a minute on 2 cores)\n")
	b.WriteString("and prints the programs' output, which `-c-run` reads.\n\n")
	b.WriteString("Benchmark names are `Benchmark<case>/<op>/<implementation>`, for example\n")
	b.WriteString("`BenchmarkW4ReadRequest50/encode/uabin-fast`; the floors are\n")
	b.WriteString("`BenchmarkFloorCopy8000` and `BenchmarkFloorCopy64KiB`. Single figures move\n")
	b.WriteString("from run to run, and more when other processes load the machine; compare runs\n")
	b.WriteString("with benchstat (`-count 10`) rather than single figures.\n")
	return b.String()
}
