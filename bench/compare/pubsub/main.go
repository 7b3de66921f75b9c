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
	"testing"
	"time"

	"github.com/uabin/uabin/pubsub"
)

func main() {
	testing.Init()
	rounds := flag.Int("rounds", 5, "rounds of C then Go")
	benchtime := flag.Duration("benchtime", 300*time.Millisecond, "time per Go benchmark")
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
	flag.Set("test.benchtime", benchtime.String())
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
			e := testing.Benchmark(func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					buf, _ = enc.Append(buf[:0], &w.msg)
				}
			})
			var m pubsub.NetworkMessage
			dec.Decode(wire, &m)
			d := testing.Benchmark(func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					dec.Decode(wire, &m)
				}
			})
			gns[w.name+"/enc"] = append(gns[w.name+"/enc"], float64(e.NsPerOp()))
			gns[w.name+"/dec"] = append(gns[w.name+"/dec"], float64(d.NsPerOp()))
			allocs[w.name+"/enc"], allocs[w.name+"/dec"] = e.AllocsPerOp(), d.AllocsPerOp()
		}
		fmt.Fprintf(os.Stderr, "round %d of %d done\n", r+1, rounds)
	}
	var sb strings.Builder
	cpu, _ := exec.Command("sh", "-c", "lscpu | grep 'Model name' | sed 's/Model name: *//'").Output()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&sb, "CPU: %s; %s; load average after the run: %s; %d rounds (C, then Go), medians.\n\n",
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
		return os.WriteFile(write, []byte(sb.String()), 0o644)
	}
	return nil
}
