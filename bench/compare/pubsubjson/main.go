// Command pubsubjson (bench/compare/pubsubjson) times pubsub's JSON
// NetworkMessage encoder and decoder against open62541 v1.5.7's
// UA_NetworkMessage_encodeJson / decodeJson on the workloads of issue 35: a
// NetworkMessage of 10 DataSetMessages × 10 fields, and a key frame of 100
// fields (both with the NetworkMessage and DataSetMessage headers, PublisherId,
// SequenceNumber, Timestamp and MessageType, Variant fields of four types).
// It checks first that both sides write the same text, then alternates rounds
// of the C program and of the Go benchmarks (into reused values) and prints a
// markdown table of the medians of CPU time per operation with the CPU and
// the load; -write puts the table between the pubsubjson markers of FILE
// (docs/benchmarks.md).
//
//	go run ./pubsubjson [-rounds 5] [-benchtime 300ms] [-write FILE]
//
// The C program is test/interop/pubsubjson/c/o6nmjson.c (its bench and
// benchtext modes), built through test/interop/pubsubjson/build.sh (cached).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
)

func main() {
	rounds := flag.Int("rounds", 5, "rounds of C then Go")
	benchtime := flag.Duration("benchtime", 300*time.Millisecond, "time per measurement, both sides")
	write := flag.String("write", "", "also write the table to this file")
	flag.Parse()
	if err := run(*rounds, *benchtime, *write); err != nil {
		fmt.Fprintln(os.Stderr, "pubsubjson:", err)
		os.Exit(1)
	}
}

// workload is one message of the comparison.
type workload struct {
	name      string
	msgs, nfs int
}

var workloads = []workload{{"10x10", 10, 10}, {"KeyFrame100", 1, 100}}

// message builds the workload as c/o6nmjson.c's buildBench does.
func message(w workload) *pubsub.JSONNetworkMessage {
	m := &pubsub.JSONNetworkMessage{
		Content:   pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader | pubsub.JSONNetworkPublisherID,
		MessageID: "5c1b0e3a-1f6e-4c1b-9d7a-000000000001", PublisherID: pubsub.UInt16ID(2234),
	}
	for i := 0; i < w.msgs; i++ {
		d := pubsub.JSONDataSetMessage{
			Content:  pubsub.JSONWriterID | pubsub.JSONSequenceNumber | pubsub.JSONTimestamp | pubsub.JSONMessageType | pubsub.JSONCompact,
			WriterID: uint16(100 + i), SequenceNumber: uint32(1000 + i), Timestamp: 133500000000000000 + types.DateTime(i),
		}
		for k := 0; k < w.nfs; k++ {
			var v types.Variant
			switch k % 4 {
			case 0:
				v = types.VariantFromFloat64(20.5 + float64(k))
			case 1:
				v = types.VariantFromInt32(int32(-1000 * k))
			case 2:
				v = types.VariantFromBool(k%3 == 0)
			default:
				v = types.VariantFromString("state-" + strconv.Itoa(k))
			}
			d.Fields = append(d.Fields, pubsub.JSONField{Name: "Field" + strconv.Itoa(k), Value: types.DataValue{Value: v}})
		}
		m.Messages = append(m.Messages, d)
	}
	return m
}

func cProgram() (string, error) {
	out, err := exec.Command("bash", "../../test/interop/pubsubjson/build.sh").Output()
	if err != nil {
		return "", fmt.Errorf("build.sh: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1], nil
}

// verify checks that open62541 and pubsub write the same text for every
// workload, and that pubsub decodes open62541's text.
func verify(prog string) error {
	out, err := exec.Command(prog, "benchtext").Output()
	if err != nil {
		return fmt.Errorf("%s benchtext: %w", prog, err)
	}
	texts := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, text, _ := strings.Cut(sc.Text(), "\t")
		texts[name] = text
	}
	enc, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
	dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
	for _, w := range workloads {
		b, err := enc.Append(nil, message(w))
		if err != nil {
			return err
		}
		if string(b) != texts[w.name] {
			return fmt.Errorf("%s: the texts differ:\nopen62541 %s\npubsub    %s", w.name, texts[w.name], b)
		}
		var m pubsub.JSONNetworkMessage
		if err := dec.Decode([]byte(texts[w.name]), &m); err != nil {
			return fmt.Errorf("%s: decoding open62541's text: %w", w.name, err)
		}
	}
	return nil
}

// runC returns open62541's ns/op by "encode NAME" and "decode NAME", and
// the sizes by NAME.
func runC(prog string, benchtime time.Duration) (map[string]float64, map[string]int, error) {
	out, err := exec.Command(prog, "bench", strconv.FormatFloat(benchtime.Seconds(), 'f', 3, 64)).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("%s bench: %w", prog, err)
	}
	ns, size := map[string]float64{}, map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		// encode 10x10 5082 bytes 16237 ns/op
		f := strings.Fields(sc.Text())
		if len(f) != 6 {
			continue
		}
		v, _ := strconv.ParseFloat(f[4], 64)
		ns[f[0]+" "+f[1]] = v
		size[f[1]], _ = strconv.Atoi(f[2])
	}
	return ns, size, nil
}

// goResult is one Go measurement.
type goResult struct {
	ns     float64
	allocs int64
}

// runGo times pubsub's encoder and decoder on every workload, into reused
// values.
func runGo(benchtime time.Duration) map[string]goResult {
	out := map[string]goResult{}
	for _, w := range workloads {
		m := message(w)
		enc, _ := pubsub.NewJSONEncoder(pubsub.JSONConfig{})
		buf, _ := enc.Append(nil, m)
		out["encode "+w.name] = measure(benchtime, func() { buf, _ = enc.Append(buf[:0], m) })
		dec, _ := pubsub.NewJSONDecoder(pubsub.JSONConfig{Network: pubsub.JSONNetworkHeader | pubsub.JSONDataSetHeader})
		var into pubsub.JSONNetworkMessage
		out["decode "+w.name] = measure(benchtime, func() { _ = dec.Decode(buf, &into) })
	}
	return out
}

// measure runs f for about d of CPU time and returns its CPU time and
// allocations per call. CPU time (of the process, as the C program
// measures it) because the machine may be shared.
func measure(d time.Duration, f func()) goResult {
	f() // warm: the reused values get their capacity
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	mallocs := ms.Mallocs
	n := 0
	start := cpuTime()
	for n == 0 || cpuTime()-start < d {
		for i := 0; i < 100; i++ {
			f()
		}
		n += 100
	}
	el := cpuTime() - start
	runtime.ReadMemStats(&ms)
	return goResult{ns: float64(el.Nanoseconds()) / float64(n), allocs: int64(ms.Mallocs-mallocs) / int64(n)}
}

// cpuTime returns the user and system CPU time of the process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func cpuName() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			if _, v, ok := strings.Cut(l, ":"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return runtime.GOARCH
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func run(rounds int, benchtime time.Duration, write string) error {
	prog, err := cProgram()
	if err != nil {
		return err
	}
	if err := verify(prog); err != nil {
		return err
	}
	cNS, goNS := map[string][]float64{}, map[string][]float64{}
	allocs := map[string]int64{}
	var sizes map[string]int
	loadBefore := loadAvg()
	for r := 0; r < rounds; r++ {
		c, sz, err := runC(prog, benchtime)
		if err != nil {
			return err
		}
		sizes = sz
		for k, v := range c {
			cNS[k] = append(cNS[k], v)
		}
		for k, v := range runGo(benchtime) {
			goNS[k] = append(goNS[k], v.ns)
			allocs[k] = max(allocs[k], v.allocs)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "JSON NetworkMessages, medians of %d alternated rounds of %v (CPU %s, %d cores, load %s before, %s after; Go %s)\n\n",
		rounds, benchtime, cpuName(), runtime.NumCPU(), loadBefore, loadAvg(), runtime.Version())
	b.WriteString("| workload | bytes | op | open62541 ns/op | uabin ns/op | uabin / open62541 | uabin allocs/op |\n|---|---|---|---|---|---|---|\n")
	for _, w := range workloads {
		for _, op := range []string{"encode", "decode"} {
			k := op + " " + w.name
			c, g := median(cNS[k]), median(goNS[k])
			fmt.Fprintf(&b, "| %s | %d | %s | %.0f | %.0f | %.2f | %d |\n", w.name, sizes[w.name], op, c, g, g/c, allocs[k])
		}
	}
	fmt.Print(b.String())
	if write != "" {
		return writeSection(write, b.String())
	}
	return nil
}

// Markers of the table in the file -write names.
const (
	beginMark = "<!-- pubsubjson: begin (go run ./pubsubjson -write) -->\n"
	endMark   = "<!-- pubsubjson: end -->\n"
)

// writeSection replaces the text between the markers in file by table.
func writeSection(file, table string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, beginMark), strings.Index(s, endMark)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %q ... %q section", file, strings.TrimSpace(beginMark), strings.TrimSpace(endMark))
	}
	s = s[:i+len(beginMark)] + table + s[j:]
	return os.WriteFile(file, []byte(s), 0o644)
}
