// Command pubsub (bench/compare/pubsub) times uabin's pubsub package against
// open62541's UA_NetworkMessage_encodeBinary / decodeBinary on the PubSub
// PubSub workloads (workloads.go, c/o6pubsub_bench.c), in rounds that
// alternate the C program and the Go benchmarks, and prints a markdown table
// of medians with the CPU and the load.
//
//	go run ./pubsub [-rounds 5] [-benchtime 300ms] [-write FILE]
//
// It builds open62541 with PubSub through test/interop/pubsub/build.sh
// (cached) and compiles c/o6pubsub_bench.c against it; the encodings of both
// sides are compared byte for byte before anything is timed.
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
)

func main() {
	testing.Init()
	rounds := flag.Int("rounds", 5, "rounds of C then Go")
	benchtime := flag.Duration("benchtime", 300*time.Millisecond, "CPU time per Go measurement")
	write := flag.String("write", "", "also write the table to this file")
	flag.Parse()
	if err := run(*rounds, *benchtime, *write); err != nil {
		fmt.Fprintln(os.Stderr, "pubsub:", err)
		os.Exit(1)
	}
}

func cProgram() (string, error) {
	out, err := exec.Command("bash", "../../test/interop/pubsub/build.sh").Output()
	if err != nil {
		return "", fmt.Errorf("build.sh: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	bin := lines[len(lines)-1]
	root := filepath.Dir(bin)
	src := filepath.Join(root, "src", "open62541-1.5.7")
	prog := filepath.Join(bin, "o6pubsub_bench")
	args := []string{"-O2", "-DNDEBUG", "-I" + filepath.Join(root, "lib", "src_generated"), "-I" + filepath.Join(src, "include"),
		"-I" + filepath.Join(src, "plugins", "include"), "-I" + filepath.Join(src, "deps"), "-I" + filepath.Join(src, "arch"),
		"-o", prog, filepath.Join("pubsub", "c", "o6pubsub_bench.c"), filepath.Join(root, "lib", "bin", "libopen62541.a"), "-lmbedtls", "-lmbedx509", "-lmbedcrypto", "-lpthread", "-lm"}
	if msg, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("gcc: %v\n%s", err, msg)
	}
	return prog, nil
}

type cResult struct {
	hex map[string]string
	ns  map[string]float64 // name/op
}

func runC(prog string) (cResult, error) {
	out, err := exec.Command(prog).Output()
	if err != nil {
		return cResult{}, err
	}
	r := cResult{hex: map[string]string{}, ns: map[string]float64{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), ",")
		switch {
		case f[0] == "HEX" && len(f) == 3:
			r.hex[f[1]] = f[2]
		case f[0] == "CSV" && len(f) == 5:
			v, err := strconv.ParseFloat(f[4], 64)
			if err != nil {
				return r, err
			}
			r.ns[f[1]+"/"+f[3]] = v
		case f[0] == "ERR":
			return r, fmt.Errorf("C: %s", sc.Text())
		}
	}
	return r, nil
}

// cpuPerOp runs f in a loop for about d of CPU time and returns the CPU time
// (user and system, getrusage) per call: on a shared machine the wall clock
// would count the time other processes run.
func cpuPerOp(d time.Duration, f func()) float64 {
	n := 1
	for {
		t := cpuTime()
		for range n {
			f()
		}
		el := cpuTime() - t
		if el >= d || n >= 1<<30 {
			return float64(el.Nanoseconds()) / float64(n)
		}
		if el < d/100 {
			n *= 10
		} else {
			n = int(float64(n) * 1.2 * float64(d) / float64(el))
		}
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func run(rounds int, benchtime time.Duration, write string) error {
	prog, err := cProgram()
	if err != nil {
		return err
	}
	ws, err := workloads()
	if err != nil {
		return err
	}
	first, err := runC(prog)
	if err != nil {
		return err
	}
	for _, w := range ws {
		enc, _ := pubsub.NewEncoder(w.cfg)
		b, err := enc.Marshal(&w.msg)
		if err != nil {
			return err
		}
		if hex.EncodeToString(b) != first.hex[w.name] {
			return fmt.Errorf("%s: uabin %x, open62541 %s", w.name, b, first.hex[w.name])
		}
	}
	cns := map[string][]float64{}
	gns := map[string][]float64{}
	allocs := map[string]int64{}
	sizes := map[string]int{}
	for r := 0; r < rounds; r++ {
		c, err := runC(prog)
		if err != nil {
			return err
		}
		for k, v := range c.ns {
			cns[k] = append(cns[k], v)
		}
		for _, w := range ws {
			enc, _ := pubsub.NewEncoder(w.cfg)
			dec, _ := pubsub.NewDecoder(w.cfg)
			wire, _ := enc.Marshal(&w.msg)
			sizes[w.name] = len(wire)
			buf := make([]byte, 0, len(wire))
			var m pubsub.NetworkMessage
			dec.Decode(wire, &m)
			e := cpuPerOp(benchtime, func() { buf, _ = enc.Append(buf[:0], &w.msg) })
			d := cpuPerOp(benchtime, func() { dec.Decode(wire, &m) })
			ea := testing.AllocsPerRun(100, func() { buf, _ = enc.Append(buf[:0], &w.msg) })
			da := testing.AllocsPerRun(100, func() { dec.Decode(wire, &m) })
			gns[w.name+"/enc"] = append(gns[w.name+"/enc"], e)
			gns[w.name+"/dec"] = append(gns[w.name+"/dec"], d)
			allocs[w.name+"/enc"], allocs[w.name+"/dec"] = int64(ea), int64(da)
		}
		fmt.Fprintf(os.Stderr, "round %d of %d done\n", r+1, rounds)
	}
	var sb strings.Builder
	cpu, _ := exec.Command("sh", "-c", "lscpu | grep 'Model name' | sed 's/Model name: *//'").Output()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&sb, "CPU: %s; %s; load average after the run: %s; %d rounds (C, then Go); CPU time per operation (getrusage, CLOCK_PROCESS_CPUTIME_ID), medians.\n\n",
		strings.TrimSpace(string(cpu)), runtime.Version(), strings.Join(strings.Fields(string(load))[:3], " "), rounds)
	sb.WriteString("| workload | bytes | uabin encode ns (allocs) | open62541 enc ns | uabin/C | uabin decode into reused ns (allocs) | open62541 dec+clr ns | uabin/C |\n")
	sb.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, w := range ws {
		ge, gd := median(gns[w.name+"/enc"]), median(gns[w.name+"/dec"])
		ce, cd := median(cns[w.name+"/enc"]), median(cns[w.name+"/dec+clr"])
		fmt.Fprintf(&sb, "| %s | %d | %.0f (%d) | %.0f | %.2fx | %.0f (%d) | %.0f | %.2fx |\n", w.name, sizes[w.name],
			ge, allocs[w.name+"/enc"], ce, ge/ce, gd, allocs[w.name+"/dec"], cd, gd/cd)
	}
	fmt.Print(sb.String())
	if write != "" {
		return writeSection(write, sb.String())
	}
	return nil
}

// The section of docs/benchmarks.md this command writes; the report of
// bench/compare (go run . -write) keeps it (sections.go there).
const (
	sectionStart = "\n<!-- section: pubsub, written by `go run ./pubsub -write ../../docs/benchmarks.md` in bench/compare; do not edit by hand. -->\n"
	sectionAny   = "\n<!-- section: "
)

// writeSection replaces this command's section of the file at path (or
// appends it).
func writeSection(path, table string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	doc := string(old)
	if i := strings.Index(doc, sectionStart); i >= 0 {
		rest := doc[i+len(sectionStart):]
		end := ""
		if j := strings.Index(rest, sectionAny); j >= 0 {
			end = rest[j:]
		}
		doc = doc[:i] + end
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(doc, "\n") + "\n")
	b.WriteString(sectionStart)
	b.WriteString("\n## PubSub (UADP) against open62541\n\n")
	b.WriteString("Three NetworkMessages encoded and decoded by uabin's `pubsub` package and by open62541 v1.5.7's\n")
	b.WriteString("`UA_NetworkMessage_encodeBinary` / `UA_NetworkMessage_decodeBinary` (`bench/compare/pubsub`, its C timing\n")
	b.WriteString("program `bench/compare/pubsub/c/o6pubsub_bench.c`): P1 a key frame of 100 RawData fields (Int32, Double,\n")
	b.WriteString("UInt16, Boolean in turn), P2 the same fields as Variants, P3 10 DataSetMessages of 10 Variant fields; PublisherId,\n")
	b.WriteString("GroupHeader and PayloadHeader on all three. Both sides encode the same bytes (compared before timing).\n")
	b.WriteString("uabin encodes into a reused buffer and decodes into a reused value; open62541 encodes into a preallocated\n")
	b.WriteString("buffer and decodes into a new value that it then clears (it has no decode into a reused value).\n\n")
	b.WriteString(table)
	b.WriteString("\nReproduce: `cd bench/compare && go run ./pubsub -rounds 7 -write ../../docs/benchmarks.md` (builds open62541\n")
	b.WriteString("with PubSub through test/interop/pubsub/build.sh; `go test -bench . ./pubsub` has the Go side for benchstat).\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
