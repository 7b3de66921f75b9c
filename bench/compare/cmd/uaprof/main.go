// Command uaprof runs chosen uabin workloads in a loop in its own process and
// writes a CPU profile and an allocation profile with runtime/pprof, for
// reading with `go tool pprof` (docs/performance.md explains how).
//
// Usage, from bench/compare:
//
//	go run ./cmd/uaprof -workload W5 -n 1000 -seconds 10 -cpuprofile cpu.out -memprofile mem.out
//
// Flags:
//
//	-workload W4,W5     workloads: W4 ReadRequest, W5 ReadResponse (comma-separated)
//	-n 100              nodes (W4) or values (W5) per message
//	-op encode,decode   operations, comma-separated:
//	                      encode      the body alone (type id + structure)
//	                      decode      the body alone, into a reused value
//	                      frame       an encoded body into MSG chunks
//	                      reassemble  the chunks back into the body
//	                      send        encode+frame, as a message is sent
//	                      receive     reassemble+decode, as it is received
//	                      message     send and receive
//	                      all         every one of them
//	-mode fast,plans    uabin with fast paths (fast), with plans only
//	                    (plans), and/or github.com/gopcua/opcua (gopcua)
//	-policy Sign        channel security of frame, reassemble, send,
//	                    receive: None, or Sign (Basic256Sha256, Sign)
//	-seconds 10         how long to run in all (fractions allowed)
//	-cpuprofile FILE    write a CPU profile to FILE
//	-memprofile FILE    write an allocation profile to FILE
//	-memprofilerate N   runtime.MemProfileRate while running (bytes
//	                    between samples; 1 records every allocation)
//	-progress 1s        how often to print a progress line
//
// Every combination of workload, mode and operation is a task. Each task
// is verified first (the same checks as the tests of bench/compare/message:
// bytes against the reference, the decoded value against the original), then
// the tasks take turns of 20 ms each until the time is up, so each gets the
// same share of the run and of the profile. A progress line goes to
// standard error as the run goes; at the end a table gives, per task, the
// operations run, ns/op, B/op and allocs/op (from runtime.MemStats around
// each turn).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/uabin/uabin/bench/compare/message"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "uaprof:", err)
		os.Exit(1)
	}
}

// config is what the flags ask for.
type config struct {
	workloads  []string
	n          int
	ops        []string
	modes      []string
	policy     message.Policy
	duration   time.Duration
	cpuProfile string
	memProfile string
	memRate    int
	progress   time.Duration
}

// opStages maps every operation to the stage of bench/compare/message
// that it runs.
var opStages = map[string]message.Stage{
	"encode":     message.Encode,
	"decode":     message.Decode,
	"frame":      message.Frame,
	"reassemble": message.Reassemble,
	"send":       message.EncodeFrame,
	"receive":    message.ReassembleDecode,
}

// opOrder is the order of the operations in the table.
var opOrder = []string{"encode", "decode", "frame", "reassemble", "send", "receive"}

var modeImpls = map[string]message.Impl{
	"fast":   message.UabinFast,
	"plans":  message.UabinPlans,
	"gopcua": message.Gopcua,
}

// parseFlags reads args into a config.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("uaprof", flag.ContinueOnError)
	fs.SetOutput(stderr)
	workloads := fs.String("workload", "W4,W5", "workloads, comma-separated: W4 (ReadRequest), W5 (ReadResponse)")
	n := fs.Int("n", 100, "nodes (W4) or values (W5) per message")
	ops := fs.String("op", "encode,decode", "operations, comma-separated: encode, decode, frame, reassemble, send, receive, message (send and receive), all")
	modes := fs.String("mode", "fast,plans", "implementations, comma-separated: fast, plans, gopcua")
	policy := fs.String("policy", "Sign", "channel security of frame, reassemble, send and receive: None or Sign (Basic256Sha256, Sign)")
	seconds := fs.Float64("seconds", 10, "how long to run in all")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	memProfile := fs.String("memprofile", "", "write an allocation profile to this file")
	memRate := fs.Int("memprofilerate", 4096, "runtime.MemProfileRate while running: bytes allocated between samples (1: every allocation)")
	progress := fs.Duration("progress", time.Second, "how often to print a progress line")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	cfg := &config{n: *n, cpuProfile: *cpuProfile, memProfile: *memProfile, memRate: *memRate, progress: *progress}
	for _, w := range split(*workloads) {
		if w != "W4" && w != "W5" {
			return nil, fmt.Errorf("-workload: unknown workload %q (W4 or W5)", w)
		}
		cfg.workloads = append(cfg.workloads, w)
	}
	if len(cfg.workloads) == 0 {
		return nil, errors.New("-workload: no workload")
	}
	wanted := map[string]bool{}
	for _, op := range split(*ops) {
		switch op {
		case "message":
			wanted["send"], wanted["receive"] = true, true
		case "all":
			for _, o := range opOrder {
				wanted[o] = true
			}
		default:
			if _, ok := opStages[op]; !ok {
				return nil, fmt.Errorf("-op: unknown operation %q", op)
			}
			wanted[op] = true
		}
	}
	for _, op := range opOrder {
		if wanted[op] {
			cfg.ops = append(cfg.ops, op)
		}
	}
	if len(cfg.ops) == 0 {
		return nil, errors.New("-op: no operation")
	}
	for _, m := range split(*modes) {
		if _, ok := modeImpls[m]; !ok {
			return nil, fmt.Errorf("-mode: unknown mode %q (fast, plans or gopcua)", m)
		}
		cfg.modes = append(cfg.modes, m)
	}
	if len(cfg.modes) == 0 {
		return nil, errors.New("-mode: no mode")
	}
	switch *policy {
	case "None":
		cfg.policy = message.None
	case "Sign":
		cfg.policy = message.Sign
	default:
		return nil, fmt.Errorf("-policy: unknown policy %q (None or Sign)", *policy)
	}
	if *n < 0 || *n > 1_000_000 {
		return nil, fmt.Errorf("-n: %d is not between 0 and 1000000", *n)
	}
	if !(*seconds > 0) || *seconds > 24*3600 {
		return nil, fmt.Errorf("-seconds: %v is not between 0 and 86400", *seconds)
	}
	cfg.duration = time.Duration(*seconds * float64(time.Second))
	if cfg.memRate < 1 {
		return nil, fmt.Errorf("-memprofilerate: %d, want at least 1", cfg.memRate)
	}
	if cfg.progress <= 0 {
		return nil, fmt.Errorf("-progress: %v, want a positive duration", cfg.progress)
	}
	return cfg, nil
}

// split splits a comma-separated list, dropping empty entries.
func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// A task is one workload, mode and operation, run in turns.
type task struct {
	name   string
	run    func() error
	ops    int64         // operations run so far
	time   time.Duration // time spent in them
	bytes  uint64        // bytes allocated during the turns
	allocs uint64        // allocations during the turns
	batch  int           // operations between two looks at the clock
}

// tasks builds and verifies the tasks of cfg.
func tasks(cfg *config) ([]*task, error) {
	var out []*task
	for _, w := range cfg.workloads {
		c, err := message.NewCase(w, cfg.n)
		if err != nil {
			return nil, err
		}
		for _, mode := range cfg.modes {
			pl, err := message.New(c, modeImpls[mode], cfg.policy)
			if err != nil {
				return nil, err
			}
			if err := pl.Verify(); err != nil {
				return nil, err
			}
			for _, op := range cfg.ops {
				name := fmt.Sprintf("%s %s %s %s", w, c.Name, op, mode)
				if s := opStages[op]; !s.BodyOnly() {
					name += " " + cfg.policy.String()
				}
				out = append(out, &task{name: name, run: pl.Func(opStages[op]), batch: 1})
			}
		}
	}
	return out, nil
}

// turnLength is how long a task runs before the next one takes its turn.
const turnLength = 20 * time.Millisecond

// turn runs t for about turnLength, counting its operations, time and
// allocations.
func (t *task) turn() error {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	deadline := start.Add(turnLength)
	var ops int64
	for {
		for i := 0; i < t.batch; i++ {
			if err := t.run(); err != nil {
				return fmt.Errorf("%s: %w", t.name, err)
			}
		}
		ops += int64(t.batch)
		now := time.Now()
		if now.After(deadline) {
			t.time += now.Sub(start)
			break
		}
		// Look at the clock about every 100 µs.
		if per := now.Sub(start) / time.Duration(ops); per > 0 && per*time.Duration(t.batch*2) < 100*time.Microsecond {
			t.batch *= 2
		}
	}
	runtime.ReadMemStats(&after)
	t.ops += ops
	t.bytes += after.TotalAlloc - before.TotalAlloc
	t.allocs += after.Mallocs - before.Mallocs
	return nil
}

// nsPerOp returns the task's mean time per operation.
func (t *task) nsPerOp() float64 {
	if t.ops == 0 {
		return 0
	}
	return float64(t.time.Nanoseconds()) / float64(t.ops)
}

func run(args []string, stdout, stderr io.Writer) (err error) {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	all, err := tasks(cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "uaprof: %d tasks verified; running %v (%s/%s, GOMAXPROCS %d)\n",
		len(all), cfg.duration, runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))

	oldRate := runtime.MemProfileRate
	runtime.MemProfileRate = cfg.memRate
	defer func() { runtime.MemProfileRate = oldRate }()

	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return err
		}
		defer closeFile(f, &err)
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("starting the CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}

	start := time.Now()
	nextReport := start.Add(cfg.progress)
	for time.Since(start) < cfg.duration {
		for _, t := range all {
			if err := t.turn(); err != nil {
				return err
			}
			if now := time.Now(); now.After(nextReport) {
				fmt.Fprintln(stderr, progressLine(now.Sub(start), all))
				nextReport = nextReport.Add(cfg.progress)
			}
		}
	}
	if cfg.cpuProfile != "" {
		pprof.StopCPUProfile()
	}

	if cfg.memProfile != "" {
		f, err := os.Create(cfg.memProfile)
		if err != nil {
			return err
		}
		defer closeFile(f, &err)
		runtime.GC() // the profile is as of the last GC
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			return fmt.Errorf("writing the allocation profile: %w", err)
		}
	}
	writeTable(stdout, all)
	return nil
}

// closeFile closes f and reports the error into *err if there was none.
func closeFile(f *os.File, err *error) {
	if cerr := f.Close(); cerr != nil && *err == nil {
		*err = cerr
	}
}

// progressLine summarises the run so far: elapsed time, then ns/op of each
// task.
func progressLine(elapsed time.Duration, all []*task) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%5.1fs]", elapsed.Seconds())
	for i, t := range all {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %s %s", t.name, formatNs(t.nsPerOp()))
	}
	return b.String()
}

// formatNs formats a time per operation with a unit.
func formatNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms/op", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs/op", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns/op", ns)
}

// writeTable prints one line per task: operations, ns/op, B/op, allocs/op.
func writeTable(w io.Writer, all []*task) {
	width := len("task")
	for _, t := range all {
		width = max(width, len(t.name))
	}
	fmt.Fprintf(w, "%-*s %12s %12s %10s %10s\n", width, "task", "ops", "ns/op", "B/op", "allocs/op")
	for _, t := range all {
		var b, a float64
		if t.ops > 0 {
			b, a = float64(t.bytes)/float64(t.ops), float64(t.allocs)/float64(t.ops)
		}
		fmt.Fprintf(w, "%-*s %12d %12.0f %10.0f %10.1f\n", width, t.name, t.ops, t.nsPerOp(), b, a)
	}
}
