package main

// The XML rows beside open62541: uaxml on the W1-W7 rows (xml_cases.go)
// against open62541 v1.5.7's UA_encodeXml and UA_decodeXml + UA_clear,
// timed by o6xml bench (test/interop/xml/c/o6xml.c, built by
// test/interop/xml/build.sh) on the same values, which it reads from
// test/interop/xml/testdata/workloads.tsv (xml_cvectors_test.go keeps that
// file equal to the rows):
//
//	o6=$(bash ../../test/interop/xml/build.sh | tail -1)
//	taskset -c 1 go run . xml -c-run "$o6 bench 5 5 ../../test/interop/xml/testdata/workloads.tsv" [-rounds 5] [-run REGEXP]
//
// Each round runs the C commands, then times every Go cell once, so C and
// Go alternate on the same (pinned) core; the table gives the medians over
// the rounds. open62541 has no figure where its codec cannot: UA_encodeXml
// writes no structure, matrix or DataValue, and UA_decodeXml reads no
// DataValue, DiagnosticInfo or Name_Value enumeration (W3-W6); o6xml
// decodes uaxml's XML where it cannot write its own (the W2 matrix, W7).

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// xmlCell is the Go figures of one row and direction over the rounds.
type xmlCell struct {
	ns            []float64
	bytes, allocs int64 // of the last round
}

// xmlMain is `go run . xml`.
func xmlMain(args []string) {
	testing.Init()
	fs := flag.NewFlagSet("xml", flag.ExitOnError)
	benchtime := fs.Duration("benchtime", 200*time.Millisecond, "how long to run each benchmark")
	rounds := fs.Int("rounds", 5, "rounds: each runs the -c-run commands, then every Go cell")
	run := fs.String("run", "", "only the rows whose id (e.g. W4ReadRequest50) matches this regexp")
	var sources []cSource
	fs.Func("c", "a file with the output of o6xml bench (repeatable)", func(s string) error {
		sources = append(sources, cSource{file: s})
		return nil
	})
	fs.Func("c-run", "a command printing the output of o6xml bench, split at spaces, run once per round (repeatable)", func(s string) error {
		f := strings.Fields(s)
		if len(f) == 0 {
			return errors.New("empty command")
		}
		sources = append(sources, cSource{cmd: f})
		return nil
	})
	_ = fs.Parse(args)
	re, err := regexp.Compile(*run) // "" selects every row
	switch {
	case err != nil:
		fatal(err)
	case *rounds < 1:
		fatal(fmt.Errorf("-rounds %d: at least 1", *rounds))
	}
	fatalIf(flag.Set("test.benchtime", benchtime.String()))
	var rows []*xmlCase
	for _, c := range xmlCases() {
		if re.MatchString(c.id) {
			fatalIf(verifyXML(c))
			rows = append(rows, c)
		}
	}
	if len(rows) == 0 {
		fatal(fmt.Errorf("-run %q selects no row", *run))
	}
	cfig := map[string]map[string][]float64{} // row id -> C op -> ns/op per round
	cells := map[string]*[2]xmlCell{}
	for _, c := range rows {
		cells[c.id] = new([2]xmlCell)
	}
	loadStart := loadAvg()
	for r := 1; r <= *rounds; r++ {
		fmt.Fprintf(os.Stderr, "-- round %d of %d\n", r, *rounds)
		for _, s := range sources {
			if s.file != "" && r > 1 {
				continue // a file is one sample, not one per round
			}
			run, err := readO6xml(s)
			fatalIf(err)
			for id, ops := range run.ns {
				if cfig[id] == nil {
					cfig[id] = map[string][]float64{}
				}
				for op, v := range ops {
					cfig[id][op] = append(cfig[id][op], v)
				}
			}
		}
		for _, c := range rows {
			for dir := 0; dir < 2; dir++ {
				res := testing.Benchmark(func(b *testing.B) {
					benchCodec(b, &testCase{id: c.id, workload: "XML"}, &c.codec, dir, "uaxml")
				})
				if res.N == 0 {
					fatal(fmt.Errorf("%s: the benchmark failed (go test -run '^$' -bench 'XML/%s/')", c.id, c.id))
				}
				cell := &cells[c.id][dir]
				cell.ns = append(cell.ns, float64(res.T.Nanoseconds())/float64(res.N))
				cell.bytes, cell.allocs = res.AllocedBytesPerOp(), res.AllocsPerOp()
			}
		}
	}
	header := fmt.Sprintf("CPU: %s; %d cores; load average at start %s, at end %s; %d rounds, medians; %s",
		cpuModel(), cpuCount(), loadStart, loadAvg(), *rounds, currentMachine(*benchtime).goVersion)
	var b strings.Builder
	renderXML(&b, header, rows, cells, cfig)
	fmt.Print(b.String())
}

// fatalIf stops the program on a non-nil err.
func fatalIf(err error) {
	if err != nil {
		fatal(err)
	}
}

// verifyXML checks a row before it is timed: its text decodes to a value
// with the binary encoding of the row's value.
func verifyXML(c *xmlCase) error {
	if err := c.codec.decode(c.text); err != nil {
		return fmt.Errorf("%s: decode: %w", c.id, err)
	}
	if err := c.codec.check(); err != nil {
		return fmt.Errorf("%s: %w", c.id, err)
	}
	return nil
}

// readO6xml reads one output of o6xml bench, from a file or a command.
func readO6xml(s cSource) (cRun, error) {
	var out []byte
	var err error
	if s.file != "" {
		out, err = os.ReadFile(s.file)
	} else {
		out, err = exec.Command(s.cmd[0], s.cmd[1:]...).Output()
	}
	if err != nil {
		return cRun{}, fmt.Errorf("%s: %w", s, err)
	}
	run, err := parseC(bytes.NewReader(out))
	if err != nil {
		return cRun{}, fmt.Errorf("%s: %w", s, err)
	}
	return run, nil
}

// renderXML writes the table and the geometric means over the rows
// open62541 has a figure for.
func renderXML(b *strings.Builder, header string, rows []*xmlCase, cells map[string]*[2]xmlCell, cfig map[string]map[string][]float64) {
	fmt.Fprintf(b, "%s\n\n", header)
	b.WriteString("| row | XML bytes (uaxml) | C enc | uaxml enc | uaxml/C | C dec+clr | uaxml dec (reused) | uaxml/C | uaxml allocs enc/dec |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	var logs [2]float64
	var counts [2]int
	for _, c := range rows {
		x := cells[c.id]
		line := fmt.Sprintf("| %s | %d |", c.id, len(c.text))
		for dir, op := range []string{cEnc, cDecClr} {
			g := median(x[dir].ns)
			cText, ratio := "-", "-"
			if cs := cfig[c.id][op]; len(cs) > 0 {
				cv := median(cs)
				cText, ratio = fmt.Sprintf("%.0f", cv), fmt.Sprintf("%.2fx", g/cv)
				logs[dir] += math.Log(g / cv)
				counts[dir]++
			}
			line += fmt.Sprintf(" %s | %.0f | %s |", cText, g, ratio)
		}
		fmt.Fprintf(b, "%s %d / %d |\n", line, x[0].allocs, x[1].allocs)
	}
	b.WriteString("\n")
	if counts[0]+counts[1] > 0 {
		fmt.Fprintf(b, "Geometric means uaxml/open62541 (ns/op, lower is faster): encode %.2fx (%d rows), decode %.2fx (%d rows); \"-\": open62541 cannot.\n",
			math.Exp(logs[0]/float64(max(counts[0], 1))), counts[0], math.Exp(logs[1]/float64(max(counts[1], 1))), counts[1])
	}
}
