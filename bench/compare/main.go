// Command compare measures uabin against the peer Go library for OPC UA
// Binary, github.com/gopcua/opcua v0.8.0, on the fixed workloads W1-W8
// (docs/workloads.md), and prints one markdown table: for every workload
// and direction, uabin with fast paths, uabin with plans only and gopcua,
// each with ns/op, B/op, allocs/op and MB/s, and the ratios gopcua/uabin and
// plans/fast, followed by plain-copy floors, uabin's speed targets and the
// known differences of gopcua.
//
// Every case is verified before anything is timed (the same checks run as
// `go test`); a failed check stops the run.
//
// Usage:
//
//	go run . [-benchtime 300ms] [-run REGEXP] [-write ../../docs/benchmarks.md]
//	         [-c FILE]... [-c-run 'COMMAND ARGS']... [-c-rounds 3] [-c-only]
//	         [-chart ../../docs/benchmarks.svg] [-share-input]
//
// With -c or -c-run the report gains the comparison with open62541 (C):
// uabin/C time ratios per row for encoding into a reused buffer (C enc),
// decoding into a new value (C dec+clr) and decoding into a reused value
// (C dec), their geometric means over W1-W7, and W8 framing and
// reassembly. The C side is two C benchmark programs, bench and bench_w8,
// kept outside this repository in the directory named by the environment
// variable UABIN_OPEN62541_DIR (by default ../shared/open62541-bench beside
// the repository), whose run.sh builds open62541 v1.5.7 from its tarball and
// runs them. -c names a file with their saved output; -c-run a command that
// prints it, run once per round, for example
//
//	o6=${UABIN_OPEN62541_DIR:-../../../shared/open62541-bench}
//	taskset -c 1 go run . -c-run "$o6/run.sh bench" -c-run "$o6/run.sh w8" -c-rounds 5
//
// Each of the -c-rounds rounds runs the commands, then times uabin on the
// cases C has figures for, through uabin.Codec[T] and through the general
// API (Options.Append, Unmarshal, AppendMessage, UnmarshalMessage into a
// *T), and Go's allocation floor of every case that decodes into a new
// value (allocfloor.go), so C and Go alternate on the same (pinned) core.
// Every uabin/C ratio is taken within its round; the table gives the median
// over the rounds with the smallest and largest, and flags a cell whose
// spread exceeds 10% of its median.
//
// -share-input makes uabin decode with Limits.ShareInput (its decoded
// Strings and ByteStrings point into the input instead of copies), for the
// decode-new rows of that opt-in; the report says so.
//
// -chart draws the comparison with open62541 as an SVG chart (chart.go):
// per workload and direction uabin's and gopcua's time relative to C's;
// with -write the document shows it.
//
// Progress goes to standard error, one line per case; the table goes to
// standard output, and with -write the whole report (machine, Go version,
// date, table, floors, targets, peer differences, how to reproduce) to the
// named file.
//
// The same cases are Go benchmarks for benchstat users:
//
//	go test -run '^$' -bench . -benchmem
//
// runs BenchmarkW4ReadRequest50/encode/uabin-fast and the others.
//
// This is its own module, with a replace directive to the repository root,
// so that gopcua never becomes a dependency of uabin.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "json" {
		jsonMain(os.Args[2:]) // the OPC UA JSON rows (json.go)
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "xml" {
		xmlMain(os.Args[2:]) // the OPC UA XML rows beside open62541 (xml_c.go)
		return
	}
	testing.Init() // registers the test.* flags that testing.Benchmark reads
	benchtime := flag.Duration("benchtime", 300*time.Millisecond, "how long to run each benchmark")
	run := flag.String("run", "", "only the cases whose id (e.g. W4ReadRequest50) matches this regexp")
	write := flag.String("write", "", "also write the whole report to this markdown file")
	var sources []cSource
	flag.Func("c", "a file with the output of the C benchmark programs bench and/or bench_w8 (repeatable: each file is one more C sample)",
		func(s string) error { sources = append(sources, cSource{file: s}); return nil })
	flag.Func("c-run", "a command printing the output of bench or bench_w8, split at spaces, run once per round, e.g. 'PATH/run.sh bench' (repeatable)",
		func(s string) error {
			f := strings.Fields(s)
			if len(f) == 0 {
				return fmt.Errorf("empty command")
			}
			sources = append(sources, cSource{cmd: f})
			return nil
		})
	cRounds := flag.Int("c-rounds", 3, "rounds of the open62541 comparison: each runs the -c-run commands, then uabin (Codec[T])")
	cOnly := flag.Bool("c-only", false, "only the open62541 comparison: skip the gopcua table (not with -write)")
	flag.BoolVar(&shareInput, "share-input", false, "uabin decodes with Limits.ShareInput: decoded Strings and ByteStrings point into the input")
	chart := flag.String("chart", "", "also draw the open62541 comparison as an SVG chart into this file (needs -c or -c-run; -write shows it)")
	flag.Parse()
	if *chart != "" && len(sources) == 0 {
		fatal(fmt.Errorf("-chart needs -c or -c-run"))
	}
	if *cOnly && len(sources) == 0 {
		fatal(fmt.Errorf("-c-only needs -c or -c-run"))
	}
	if *cOnly && *write != "" {
		fatal(fmt.Errorf("-c-only cannot -write: the document needs the gopcua table"))
	}
	if *cRounds < 1 {
		fatal(fmt.Errorf("-c-rounds %d: at least 1", *cRounds))
	}
	if err := flag.Set("test.benchtime", benchtime.String()); err != nil {
		fatal(err)
	}

	selected := cases()
	if *run != "" {
		re, err := regexp.Compile(*run)
		if err != nil {
			fatal(err)
		}
		selected = nil
		for _, c := range cases() {
			if re.MatchString(c.id) {
				selected = append(selected, c)
			}
		}
		if len(selected) == 0 {
			fatal(fmt.Errorf("-run %q selects no case", *run))
		}
	}

	verdicts, ok := verifyAll(selected)
	if !ok {
		os.Exit(1)
	}

	m := currentMachine(*benchtime)
	fmt.Fprintf(os.Stderr, "timing %d cases on %s, %s, %s, %s per benchmark\n",
		len(selected), m.cpu, m.coresText(), m.goVersion, m.benchtime)
	start := time.Now()
	var floors []floor
	var rows []row
	if !*cOnly {
		floors = measureFloors()
		var err error
		if rows, err = measureAll(selected, os.Stderr); err != nil {
			fatal(err)
		}
	}
	var cmp *cComparison
	if len(sources) > 0 {
		var err error
		if cmp, err = compareC(selected, sources, *cRounds, os.Stderr); err != nil {
			fatal(err)
		}
	}
	fmt.Fprintf(os.Stderr, "done in %s\n", time.Since(start).Round(time.Second))
	if *chart != "" {
		if err := os.WriteFile(*chart, []byte(renderChart(cmp, rows)), 0o644); err != nil {
			fatal(err)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", *chart)
		if *write != "" {
			rel, err := filepath.Rel(filepath.Dir(*write), *chart)
			if err != nil {
				fatal(err)
			}
			cmp.chart = filepath.ToSlash(rel)
		}
	}

	var b strings.Builder
	if cmp != nil {
		b.WriteString("uabin against open62541 (C):\n\n")
		renderCTable(&b, cmp)
		b.WriteString("\n")
		renderCNotes(&b, cmp)
		b.WriteString("\n")
	}
	if *cOnly {
		fmt.Print(b.String())
		return
	}
	for _, line := range headline(rows, floors) {
		b.WriteString("- " + line + "\n")
	}
	b.WriteString("\n")
	renderTable(&b, rows, 0, 1)
	if hasDir(rows, dirDecodeNew) {
		b.WriteString("\nDecoding into a new value:\n\n")
		renderTable(&b, rows, dirDecodeNew)
	}
	b.WriteString("\n")
	renderFloors(&b, floors)
	b.WriteString("\n")
	renderTargets(&b, evaluateTargets(rows, floors))
	fmt.Print(b.String())

	if *write != "" {
		doc := renderDocument(m, selected, rows, floors, verdicts, *run, cmp) + keptSections(*write)
		if err := os.WriteFile(*write, []byte(doc), 0o644); err != nil {
			fatal(err)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", *write)
	}
}

// verifyAll verifies every case, printing a line per failed check and a
// summary to standard error, and reports whether all held.
func verifyAll(cs []*testCase) ([]*verdict, bool) {
	var verdicts []*verdict
	failed, diffs := 0, 0
	for _, c := range cs {
		v := verifyCase(c)
		verdicts = append(verdicts, v)
		for _, f := range v.failures {
			fmt.Fprintf(os.Stderr, "verify %s: %s\n", c.id, f)
		}
		if !v.ok() {
			failed++
		}
		diffs += len(v.peerDiffs)
	}
	fmt.Fprintf(os.Stderr, "verified %d cases: %d failed, %d known gopcua difference(s) seen\n", len(cs), failed, diffs)
	return verdicts, failed == 0
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "compare:", err)
	os.Exit(1)
}
