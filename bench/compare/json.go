package main

// The OPC UA JSON rows: W1-W7 (the Go values of the binary rows) encoded
// and decoded with package uajson, and with encoding/json on the same Go
// values (what a Go program reaches for today; its text is not OPC UA
// JSON), and, with -c-run or -c, beside open62541 v1.5.7's UA_encodeJson
// and UA_decodeJson + UA_clear (test/interop/json/c/o6json.c bench).
//
//	go run . json [-benchtime 200ms] [-rounds 5] [-run REGEXP]
//	              [-c FILE]... [-c-run 'COMMAND ARGS']... [-write ../../docs/benchmarks.md]
//
// Each round runs the C commands, then times every Go cell once, so C and
// Go alternate on the same (pinned) core; the table gives the medians over
// the rounds. -write replaces the json section of the file (from its
// "<!-- section: json" line to the next section or the end).

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uajson"
)

// The implementations of a JSON row, in column order. Their names end the
// benchmark names (BenchmarkJSON/W4ReadRequest50/encode/uajson).
const (
	jsonUajson = 0 // uajson, Compact: Options.Append into a reused buffer, Unmarshal into a reused value
	jsonStd    = 1 // encoding/json: Marshal, Unmarshal into a reused value
	numJSON    = 2
)

var jsonImplNames = [numJSON]string{"uajson", "encoding-json"}

// A jsonCase is one W1-W7 row in JSON: the Go value of the binary row of
// the same id, and its codecs.
type jsonCase struct {
	id     string
	codecs [numJSON]codec
}

var (
	jsonOnce     sync.Once
	jsonAllCases []*jsonCase
)

// jsonCases returns the rows, built once. W1-W3 and W7 take their values by
// decoding the binary row's expected bytes (worked out by hand from Part 6,
// ref.go), W4-W6 from the functions the binary rows use, so the values are
// those of the binary rows.
func jsonCases() []*jsonCase {
	jsonOnce.Do(func() {
		fromBinary := func(id string, fresh func() any) *jsonCase {
			c := caseByID(id)
			if c == nil {
				panic("no binary case " + id)
			}
			v := fresh()
			if err := uabin.Unmarshal(c.expected, v); err != nil {
				panic(fmt.Sprintf("%s: the expected bytes do not decode: %v", id, err))
			}
			return newJSONCase(id, v, fresh)
		}
		nodeID := func() any { return new(types.NodeID) }
		variant := func() any { return new(types.Variant) }
		jsonAllCases = []*jsonCase{
			fromBinary("W1UInt32", func() any { return new(uint32) }),
			fromBinary("W1Double", func() any { return new(float64) }),
			fromBinary("W1String", func() any { return new(string) }),
			fromBinary("W1ByteString", func() any { return new([]byte) }),
			fromBinary("W1Guid", func() any { return new(types.GUID) }),
			fromBinary("W1DateTime", func() any { return new(types.DateTime) }),
			fromBinary("W1NodeIdTwoByte", nodeID),
			fromBinary("W1NodeIdFourByte", nodeID),
			fromBinary("W1NodeIdNumeric", nodeID),
			fromBinary("W1NodeIdString", nodeID),
			fromBinary("W1NodeIdGuid", nodeID),
			fromBinary("W1ExpandedNodeId", func() any { return new(types.ExpandedNodeID) }),
			fromBinary("W2VariantDouble", variant),
			fromBinary("W2VariantUInt32", variant),
			fromBinary("W2VariantString", variant),
			fromBinary("W2VariantDouble1000", variant),
			fromBinary("W2VariantInt32Matrix", variant),
			fromBinary("W3DataValueFull", func() any { return new(types.DataValue) }),
		}
		forMessageValues(func(id string, v any, fresh func() any) {
			jsonAllCases = append(jsonAllCases, newJSONCase(id, v, fresh))
		})
	})
	return jsonAllCases
}

// forMessageValues calls add with the case id, a pointer to the uabin value
// and a constructor of an empty value of its type, for each value of W4-W7
// (the rows the text encodings time beside the binary one).
func forMessageValues(add func(id string, v any, fresh func() any)) {
	for _, n := range []int{1, 50, 500} {
		v := w4Uabin(n)
		add(fmt.Sprintf("W4ReadRequest%d", n), &v, func() any { return new(types.ReadRequest) })
	}
	for _, n := range []int{10, 100, 1000} {
		v := w5Uabin(n)
		add(fmt.Sprintf("W5ReadResponse%d", n), &v, func() any { return new(types.ReadResponse) })
	}
	w6 := w6Uabin()
	add("W6BrowseResponse500", &w6, func() any { return new(types.BrowseResponse) })
	w7 := w7Uabin()
	add("W7ExtensionObject50", &w7, func() any { return new(types.Variant) })
}

// newJSONCase makes the codecs of the value v (a pointer), decoding into
// a reused value made by fresh.
func newJSONCase(id string, v any, fresh func() any) *jsonCase {
	c := &jsonCase{id: id}
	var o uajson.Options
	want, err := uabin.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", id, err))
	}
	got := fresh()
	c.codecs[jsonUajson] = codec{
		encode: func(dst []byte) ([]byte, error) { return o.Append(dst, v) },
		decode: func(src []byte) error { return o.Unmarshal(src, got) },
		// The decoded value has the binary encoding of the value.
		check: func() error {
			b, err := uabin.Marshal(got)
			if err != nil {
				return err
			}
			if !bytes.Equal(b, want) {
				return fmt.Errorf("the decoded value encodes in binary as % x, want % x", b, want)
			}
			return nil
		},
	}
	gotStd := fresh()
	var text []byte
	c.codecs[jsonStd] = codec{
		encode: func(dst []byte) ([]byte, error) {
			b, err := stdjson.Marshal(v)
			text = b
			return append(dst, b...), err
		},
		decode: func(src []byte) error { return stdjson.Unmarshal(src, gotStd) },
		// encoding/json's text is not OPC UA JSON and loses what its
		// mapping cannot see (a Variant's value): the check is that the
		// decoded value gives the same text again.
		check: func() error {
			b, err := stdjson.Marshal(gotStd)
			if err != nil {
				return err
			}
			if !bytes.Equal(b, text) {
				return fmt.Errorf("encoding/json: the decoded value encodes as %.80s, want %.80s", b, text)
			}
			return nil
		},
	}
	return c
}

// verifyJSON encodes, decodes and checks every implementation of c.
func verifyJSON(c *jsonCase) error {
	for i := range c.codecs {
		cd := &c.codecs[i]
		text, err := cd.encode(nil)
		if err != nil {
			return fmt.Errorf("%s %s encode: %w", c.id, jsonImplNames[i], err)
		}
		if err := cd.decode(text); err != nil {
			return fmt.Errorf("%s %s decode: %w", c.id, jsonImplNames[i], err)
		}
		if err := cd.check(); err != nil {
			return fmt.Errorf("%s %s: %w", c.id, jsonImplNames[i], err)
		}
	}
	return nil
}

// benchJSON is the timed loop of one direction (0 encode, 1 decode) of one
// implementation, the binary rows' loop (benchCodec): encoding appends into
// one reused buffer, decoding reads the implementation's own text into its
// reused value.
func benchJSON(b *testing.B, c *jsonCase, dir, impl int) {
	benchCodec(b, &testCase{id: c.id, workload: "JSON"}, &c.codecs[impl], dir, jsonImplNames[impl])
}

// jsonCell is the samples of one direction of one implementation of a row.
type jsonCell struct {
	ns            []float64
	bytes, allocs int64 // of the last round
	textLen       int
}

// o6jsonLine is a figure of o6json bench: CSV,name,json_bytes,op,median_ns,min_ns.
var o6jsonLine = regexp.MustCompile(`^CSV,(W[1-7][^,]*),(\d+),(enc|dec\+clr),([0-9.]+),([0-9.]+)$`)

// o6jsonID turns o6json's name (W2.Variant.Int32.2x3) into the row id
// (W2VariantInt32Matrix).
func o6jsonID(name string) string {
	id := strings.ReplaceAll(name, ".", "")
	return strings.Replace(id, "Int322x3", "Int32Matrix", 1)
}

// parseO6json adds the figures of o6json bench's output to c (by row id,
// then "enc" or "dec+clr") and returns how many it read.
func parseO6json(r io.Reader, c map[string]map[string][]float64) (int, error) {
	n := 0
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := o6jsonLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[4], 64)
		if err != nil {
			return n, err
		}
		id := o6jsonID(m[1])
		if c[id] == nil {
			c[id] = map[string][]float64{}
		}
		c[id][m[3]] = append(c[id][m[3]], v)
		n++
	}
	return n, sc.Err()
}

// jsonMain is `go run . json`.
func jsonMain(args []string) {
	testing.Init()
	fs := flag.NewFlagSet("json", flag.ExitOnError)
	benchtime := fs.Duration("benchtime", 200*time.Millisecond, "how long to run each benchmark")
	rounds := fs.Int("rounds", 5, "rounds: each runs the -c-run commands, then every Go cell")
	run := fs.String("run", "", "only the rows whose id (e.g. W4ReadRequest50) matches this regexp")
	write := fs.String("write", "", "also write the report as the json section of this markdown file (docs/benchmarks.md)")
	var files []string
	var cmds [][]string
	fs.Func("c", "a file with the output of o6json bench (repeatable)", func(s string) error { files = append(files, s); return nil })
	fs.Func("c-run", "a command printing the output of o6json bench, split at spaces, run once per round (repeatable)", func(s string) error {
		f := strings.Fields(s)
		if len(f) == 0 {
			return errors.New("empty command")
		}
		cmds = append(cmds, f)
		return nil
	})
	_ = fs.Parse(args)
	if *rounds < 1 {
		fatal(fmt.Errorf("-rounds %d: at least 1", *rounds))
	}
	if err := flag.Set("test.benchtime", benchtime.String()); err != nil {
		fatal(err)
	}
	var re *regexp.Regexp
	if *run != "" {
		var err error
		if re, err = regexp.Compile(*run); err != nil {
			fatal(err)
		}
	}
	var rows []*jsonCase
	for _, c := range jsonCases() {
		if re == nil || re.MatchString(c.id) {
			if err := verifyJSON(c); err != nil {
				fatal(err)
			}
			rows = append(rows, c)
		}
	}
	if len(rows) == 0 {
		fatal(fmt.Errorf("-run %q selects no row", *run))
	}
	cfig := map[string]map[string][]float64{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fatal(err)
		}
		if n, err := parseO6json(bytes.NewReader(b), cfig); err != nil || n == 0 {
			fatal(fmt.Errorf("%s: %d figures, %v", f, n, err))
		}
	}
	cells := make(map[string]*[2][numJSON]jsonCell)
	for _, c := range rows {
		cells[c.id] = new([2][numJSON]jsonCell)
	}
	loadStart := loadAvg()
	for r := 1; r <= *rounds; r++ {
		fmt.Fprintf(os.Stderr, "-- round %d of %d\n", r, *rounds)
		for _, cmd := range cmds {
			out, err := exec.Command(cmd[0], cmd[1:]...).Output()
			if err != nil {
				fatal(fmt.Errorf("%s: %w", strings.Join(cmd, " "), err))
			}
			if n, err := parseO6json(bytes.NewReader(out), cfig); err != nil || n == 0 {
				fatal(fmt.Errorf("%s: %d figures, %v", strings.Join(cmd, " "), n, err))
			}
		}
		for _, c := range rows {
			for dir := 0; dir < 2; dir++ {
				for impl := 0; impl < numJSON; impl++ {
					res := testing.Benchmark(func(b *testing.B) { benchJSON(b, c, dir, impl) })
					if res.N == 0 {
						fatal(fmt.Errorf("%s: the benchmark failed (go test -run '^$' -bench JSON/%s)", c.id, c.id))
					}
					cell := &cells[c.id][dir][impl]
					cell.ns = append(cell.ns, float64(res.T.Nanoseconds())/float64(res.N))
					cell.bytes, cell.allocs = res.AllocedBytesPerOp(), res.AllocsPerOp()
					cell.textLen = int(res.Bytes)
				}
			}
		}
	}
	header := fmt.Sprintf("CPU: %s; %d cores; load average at start %s, at end %s; %d rounds, medians; %s",
		cpuModel(), cpuCount(), loadStart, loadAvg(), *rounds, currentMachine(*benchtime).goVersion)
	var b strings.Builder
	renderJSON(&b, header, rows, cells, cfig)
	fmt.Print(b.String())
	if *write != "" {
		if err := writeJSONSection(*write, b.String()); err != nil {
			fatal(err)
		}
		fmt.Fprintf(os.Stderr, "wrote the json section of %s\n", *write)
	}
}

// renderJSON writes the table and the geometric means.
func renderJSON(b *strings.Builder, header string, rows []*jsonCase, cells map[string]*[2][numJSON]jsonCell, cfig map[string]map[string][]float64) {
	hasC := len(cfig) > 0
	fmt.Fprintf(b, "%s\n\n", header)
	if hasC {
		b.WriteString("| row | C enc | uajson enc | ratio | C dec+clr | uajson dec (reused) | ratio | encoding/json enc | ratio | encoding/json dec | ratio | uajson allocs enc/dec |\n")
		b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	} else {
		b.WriteString("| row | JSON bytes | uajson enc | uajson dec (reused) | encoding/json enc | ratio | encoding/json dec | ratio | uajson allocs enc/dec |\n")
		b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	}
	var lce, lcd, lse, lsd float64
	var nce, ncd, ns int
	for _, c := range rows {
		x := cells[c.id]
		ue, ud := median(x[0][jsonUajson].ns), median(x[1][jsonUajson].ns)
		se, sd := median(x[0][jsonStd].ns), median(x[1][jsonStd].ns)
		allocs := fmt.Sprintf("%d / %d", x[0][jsonUajson].allocs, x[1][jsonUajson].allocs)
		if strings.HasPrefix(c.id, "W4") || strings.HasPrefix(c.id, "W5") || strings.HasPrefix(c.id, "W6") {
			lse += math.Log(se / ue)
			lsd += math.Log(sd / ud)
			ns++
		}
		if !hasC {
			fmt.Fprintf(b, "| %s | %d | %.0f | %.0f | %.0f | %.1fx | %.0f | %.1fx | %s |\n",
				c.id, x[0][jsonUajson].textLen, ue, ud, se, se/ue, sd, sd/ud, allocs)
			continue
		}
		ce, cd := median(cfig[c.id]["enc"]), median(cfig[c.id]["dec+clr"])
		ceText, ceRatio, cdText, cdRatio := "-", "-", "-", "-"
		if !math.IsNaN(ce) {
			ceText, ceRatio = fmt.Sprintf("%.0f", ce), fmt.Sprintf("%.2fx", ue/ce)
			lce += math.Log(ue / ce)
			nce++
		}
		if !math.IsNaN(cd) {
			cdText, cdRatio = fmt.Sprintf("%.0f", cd), fmt.Sprintf("%.2fx", ud/cd)
			lcd += math.Log(ud / cd)
			ncd++
		}
		fmt.Fprintf(b, "| %s | %s | %.0f | %s | %s | %.0f | %s | %.0f | %.1fx | %.0f | %.1fx | %s |\n",
			c.id, ceText, ue, ceRatio, cdText, ud, cdRatio, se, se/ue, sd, sd/ud, allocs)
	}
	b.WriteString("\n")
	if nce > 0 {
		fmt.Fprintf(b, "Geometric means uajson/open62541: encode %.2fx (%d rows), decode %.2fx (%d rows) (ns/op, lower is faster).\n",
			math.Exp(lce/float64(nce)), nce, math.Exp(lcd/float64(max(ncd, 1))), ncd)
	}
	if ns > 0 {
		fmt.Fprintf(b, "Geometric means encoding/json/uajson over the service messages W4-W6: encode %.1fx, decode %.1fx (higher: uajson faster).\n",
			math.Exp(lse/float64(ns)), math.Exp(lsd/float64(ns)))
	}
}

// jsonSectionMarker starts the json section of docs/benchmarks.md.
const jsonSectionMarker = sectionMarker + "json"

// writeJSONSection replaces, in the json section of the markdown file at
// path, what lies between the lines "<!-- json table: ... -->" and
// "<!-- end json table -->" with table; the hand-written text around them
// stays. A file without them is an error.
func writeJSONSection(path, table string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(old)
	const begin, end = "<!-- json table: written by `go run . json -write` in bench/compare -->\n", "<!-- end json table -->\n"
	i := strings.Index(s, jsonSectionMarker)
	if i < 0 {
		return fmt.Errorf("%s has no json section (%q)", path, strings.TrimSpace(jsonSectionMarker))
	}
	j := strings.Index(s[i:], begin)
	k := strings.Index(s[i:], end)
	if j < 0 || k < j {
		return fmt.Errorf("%s: the json section has no %q ... %q lines", path, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	s = s[:i+j+len(begin)] + "\n" + table + "\n" + s[i+k:]
	return os.WriteFile(path, []byte(s), 0o644)
}
