package hostile_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/test/hostile/cases"
	"github.com/uabin/uabin/uabin"
)

// childStack is the maximum goroutine stack of the subprocess that runs
// the recursion cases. A level of Variant nesting takes between 0.5 and
// 1 KiB of stack (4000 levels need more than 2 MiB and less than 4 MiB,
// with the fast paths on or off), so the default 200 levels and the 500 of
// control-variant-arrays-depth-500 fit with room to spare, while a decode
// without a depth limit runs into the 3000 to 10000 levels of the bombs
// and dies with "goroutine stack exceeds" instead of growing its stack to
// the 1 GB default (TestRecursionCanary shows that it does).
const childStack = 1 << 20

// Environment of the subprocess: the case file, the fast-path switch and an
// optional MaxDepth override.
const (
	envCase   = "HOSTILE_CHILD_CASE"
	envNoFast = "HOSTILE_CHILD_NOFAST"
	envDepth  = "HOSTILE_CHILD_DEPTH"
)

func TestMain(m *testing.M) {
	if path := os.Getenv(envCase); path != "" {
		os.Exit(child(path))
	}
	os.Exit(m.Run())
}

// child runs one decoding case with a lowered maximum stack and prints
// "outcome: <ok|sentinel name|error text>" and the heap used.
func child(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Println("outcome: read:", err)
		return 1
	}
	c, err := cases.Parse(b)
	if err != nil {
		fmt.Println("outcome: parse:", err)
		return 1
	}
	if d := os.Getenv(envDepth); d != "" {
		if c.Limits == nil {
			c.Limits = map[string]int{}
		}
		c.Limits["depth"], _ = strconv.Atoi(d)
	}
	o := options(c.Limits, os.Getenv(envNoFast) == "1")
	ti := cases.TargetIndex(c.Target)
	if ti < 0 {
		fmt.Println("outcome: unknown target", c.Target)
		return 1
	}
	target := cases.Targets[ti]
	debug.SetMaxStack(childStack)
	// Each decode runs on a new goroutine, whose stack starts small and
	// can grow only up to childStack.
	inGoroutine := func(f func()) {
		done := make(chan struct{})
		go func() { defer close(done); f() }()
		<-done
	}
	inGoroutine(func() { _, err = decode(o, target, c.Input) }) // warm up: plans and pools
	var used uint64
	inGoroutine(func() { used = heap(func() { _, err = decode(o, target, c.Input) }) })
	fmt.Printf("heap: %d\n", used)
	if err == nil {
		fmt.Println("outcome: ok")
		return 0
	}
	if cerr := checkDecodeError(err, len(c.Input)); cerr != nil {
		fmt.Println("outcome: bad error:", strings.ReplaceAll(cerr.Error(), "\n", " | "))
		return 0
	}
	fmt.Println("outcome:", kindOf(err, sentinels))
	return 0
}

// runChild runs the case file path in a subprocess and returns its
// outcome line, its heap figure and its combined output.
func runChild(t *testing.T, path string, noFast bool, depth string) (outcome string, used uint64, out string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	nf := "0"
	if noFast {
		nf = "1"
	}
	cmd.Env = append(os.Environ(), envCase+"="+path, envNoFast+"="+nf, envDepth+"="+depth)
	b, err := cmd.CombinedOutput()
	out = string(b)
	if err != nil {
		return "died: " + err.Error(), 0, out
	}
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, "outcome: "); ok {
			outcome = v
		}
		if v, ok := strings.CutPrefix(line, "heap: "); ok {
			used, _ = strconv.ParseUint(v, 10, 64)
		}
	}
	return outcome, used, out
}

// TestTestdataUpToDate checks that testdata holds exactly what the
// generator writes (go generate ./test/hostile rewrites it).
func TestTestdataUpToDate(t *testing.T) {
	files, err := cases.Files()
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range files {
		got, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("testdata/%s is missing or stale; run go generate ./test/hostile", p)
		}
	}
	stale, err := cases.Stale("testdata", files)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		t.Errorf("testdata/%s is no longer generated; run go generate ./test/hostile", p)
	}
}

// knownBugs maps a case name to the finding (docs/limits.md, Findings)
// that makes it fail; such a case is skipped with that reason until the
// bug is fixed.
var knownBugs = map[string]string{
	// "recursion-variant-arrays-depth-1000/plans": finding 1 (fixed in 212dba7),
	// "trickle/...": finding 2 (fixed in b1f3e6e, the Decoder retries only
	// after doubling its buffer),
}

// TestCases runs every case in testdata/cases: decoding cases with the fast
// paths on and off, recursion cases in a subprocess with a small stack,
// chunk cases through a Receiver; each asserts the outcome (errors.Is with
// the sentinel) and the heap bound.
func TestCases(t *testing.T) {
	all, err := cases.Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no cases in testdata/cases")
	}
	classes := map[string]int{}
	for _, c := range all {
		classes[c.Class]++
		t.Run(c.Name, func(t *testing.T) {
			if strings.HasPrefix(c.Target, "chunk/") {
				runChunkCase(t, c)
				return
			}
			if strings.HasPrefix(c.Target, "ecc-nonce/") {
				runNonceCase(t, c)
				return
			}
			for _, noFast := range []bool{false, true} {
				mode := "fastpaths"
				if noFast {
					mode = "plans"
				}
				t.Run(mode, func(t *testing.T) {
					if why, ok := knownBugs[c.Name+"/"+mode]; ok {
						t.Skipf("known bug, see %s", why)
					}
					if c.Subprocess {
						runRecursionCase(t, c, noFast)
					} else {
						runDecodeCase(t, c, noFast)
					}
				})
			}
		})
	}
	for _, want := range []string{"recursion", "length", "matrix", "limits", "control", "invalid", "amplification",
		"chunk-flood", "chunk-sequence", "chunk-padding", "chunk-signature", "chunk-size", "ecc-nonce"} {
		if classes[want] == 0 {
			t.Errorf("no case of class %s", want)
		}
	}
}

func checkOutcome(t *testing.T, c *cases.Case, err error) {
	t.Helper()
	if c.Want == "ok" {
		if err != nil {
			t.Fatalf("%s: want success, got %v", c.Doc, err)
		}
		return
	}
	if err == nil {
		t.Fatalf("%s: want %s, got success", c.Doc, c.Want)
	}
	if cerr := checkDecodeError(err, len(c.Input)); cerr != nil {
		t.Fatalf("%s: %v", c.Doc, cerr)
	}
	if !errors.Is(err, sentinels[c.Want]) {
		t.Fatalf("%s: want %s, got %v", c.Doc, c.Want, err)
	}
}

func runDecodeCase(t *testing.T, c *cases.Case, noFast bool) {
	i := cases.TargetIndex(c.Target)
	if i < 0 {
		t.Fatalf("unknown target %q", c.Target)
	}
	target := cases.Targets[i]
	{
		o := options(c.Limits, noFast)
		_, err := decode(o, target, c.Input) // warm up: plans and pools
		checkOutcome(t, c, err)
		used := heap(func() { _, err = decode(o, target, c.Input) })
		checkOutcome(t, c, err)
		bound := uint64(heapPerByte*len(c.Input) + heapConst)
		if used > bound {
			t.Errorf("fast paths off=%v: %d bytes of heap for %d bytes of input, bound %d", noFast, used, len(c.Input), bound)
		}
		t.Logf("fast paths off=%v: %v, heap %d B for %d B of input", noFast, err, used, len(c.Input))
	}
}

func runRecursionCase(t *testing.T, c *cases.Case, noFast bool) {
	path := filepath.Join("testdata", "cases", c.Name+".case")
	{
		outcome, used, out := runChild(t, path, noFast, "")
		want := c.Want
		if outcome != want {
			t.Fatalf("fast paths off=%v: %s: want %s, got %s\n%s", noFast, c.Doc, want, outcome, tail(out, 2000))
		}
		bound := uint64(heapPerByte*len(c.Input) + heapConst)
		if used > bound {
			t.Errorf("fast paths off=%v: %d bytes of heap for %d bytes of input, bound %d", noFast, used, len(c.Input), bound)
		}
		t.Logf("fast paths off=%v: %s, heap %d B for %d B of input", noFast, outcome, used, len(c.Input))
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// TestRecursionCanary shows that the subprocess catches a missing depth
// limit: with MaxDepth set to "no limit" (-1; the engine's hard cap of
// 100000 levels is far away), the 10000-level Variant bomb must kill the
// child with a stack overflow. If this test fails, the
// recursion cases could pass without a depth limit and prove nothing.
func TestRecursionCanary(t *testing.T) {
	path := filepath.Join("testdata", "cases", "recursion-variant-arrays.case")
	for _, noFast := range []bool{false, true} {
		outcome, _, out := runChild(t, path, noFast, "-1")
		if !strings.HasPrefix(outcome, "died") || !strings.Contains(out, "stack exceeds") {
			t.Errorf("fast paths off=%v: without a depth limit the child should overflow its %d-byte stack; got %q\n%s",
				noFast, childStack, outcome, tail(out, 500))
		}
	}
}

func runChunkCase(t *testing.T, c *cases.Case) {
	mode := strings.TrimPrefix(c.Target, "chunk/")
	limits := cases.ChunkLimits(c.Limits)
	msgs, err := receive(mode, limits, c.Input) // warm up
	used := heap(func() { msgs, err = receive(mode, limits, c.Input) })
	if cerr := checkChunkError(err); cerr != nil {
		t.Fatalf("%s: %v", c.Doc, cerr)
	}
	if len(msgs) != c.Messages {
		t.Errorf("%s: %d messages delivered, want %d", c.Doc, len(msgs), c.Messages)
	}
	switch c.Want {
	case "ok", "EOF":
		if err != io.EOF {
			t.Errorf("%s: want the stream to end cleanly, got %v", c.Doc, err)
		}
	case "AbortError":
		var ab *chunk.AbortError
		if !errors.As(err, &ab) {
			t.Errorf("%s: want an AbortError, got %v", c.Doc, err)
		}
	case "ErrorMessage":
		var em *chunk.ErrorMessage
		if !errors.As(err, &em) {
			t.Errorf("%s: want an ErrorMessage, got %v", c.Doc, err)
		}
	default:
		s, ok := chunkSentinels[c.Want]
		if !ok {
			t.Fatalf("unknown sentinel %q", c.Want)
		}
		if !errors.Is(err, s) {
			t.Errorf("%s: want %s, got %v", c.Doc, c.Want, err)
		}
	}
	bound := uint64(chunkHeapPerByte*len(c.Input) + heapConst)
	if used > bound {
		t.Errorf("%d bytes of heap for %d bytes of stream, bound %d", used, len(c.Input), bound)
	}
	t.Logf("%d messages, %v, heap %d B for %d B of stream", len(msgs), err, used, len(c.Input))
}

// runNonceCase hands the case's input as the server's nonce to a client's
// EphemeralKey of the target's policy.
func runNonceCase(t *testing.T, c *cases.Case) {
	p := cases.NoncePolicy(c.Target)
	if p == nil {
		t.Fatalf("unknown target %q", c.Target)
	}
	k, err := p.NewEphemeralKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	var client chunk.Keys
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%w: %v", errPanic, r)
			}
		}()
		client, _, err = k.ChannelKeys(k.Nonce(), c.Input)
	}()
	if c.Want == "ok" {
		if err != nil || len(client.SigningKey) != p.SigningKeyLength {
			t.Fatalf("%s: want keys, got %v", c.Doc, err)
		}
		return
	}
	if cerr := checkChunkError(err); cerr != nil {
		t.Fatalf("%s: %v", c.Doc, cerr)
	}
	if want := chunkSentinels[c.Want]; want == nil || !errors.Is(err, want) || chunk.StatusCode(err) != chunk.StatusBadNonceInvalid {
		t.Fatalf("%s: want %s (Bad_NonceInvalid), got %v", c.Doc, c.Want, err)
	}
}

// TestTruncatedGoldens decodes prefixes of every W1-W7 encoding, with the
// fast paths on and off: each must fail with ErrTruncated (a prefix of a
// valid encoding can only run out of bytes) and never panic. Decode (the
// streaming form that does not require all input to be used) must fail
// too; it is checked at every 31st offset. Every prefix is tried but in
// the middle of the encodings above 4 KiB (truncatedPrefixes), and with
// -short every 31st of those.
func TestTruncatedGoldens(t *testing.T) {
	gs, err := cases.Goldens()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		t.Run(g.Name, func(t *testing.T) {
			target := cases.Targets[cases.TargetIndex(g.Target)]
			prefixes := truncatedPrefixes(len(g.Wire), testing.Short())
			for _, noFast := range []bool{false, true} {
				o := options(nil, noFast)
				if _, err := decode(o, target, g.Wire); err != nil {
					t.Fatalf("the whole golden does not decode: %v", err)
				}
				for _, i := range prefixes {
					in := g.Wire[:i]
					_, err := decode(o, target, in)
					if err == nil {
						t.Fatalf("fast paths off=%v: prefix of %d bytes decodes", noFast, i)
					}
					if cerr := checkDecodeError(err, i); cerr != nil {
						t.Fatalf("fast paths off=%v: prefix of %d bytes: %v", noFast, i, cerr)
					}
					if !errors.Is(err, uabin.ErrTruncated) {
						t.Fatalf("fast paths off=%v: prefix of %d bytes: want ErrTruncated, got %v", noFast, i, err)
					}
					if i%31 != 0 {
						continue
					}
					if target.Type != nil {
						p := reflect.New(target.Type).Interface()
						if n, err := o.Decode(in, p); err == nil {
							t.Fatalf("fast paths off=%v: Decode of a %d-byte prefix succeeds using %d bytes", noFast, i, n)
						}
					} else if n, err := o.DecodeMessage(in, new(any)); err == nil {
						t.Fatalf("fast paths off=%v: DecodeMessage of a %d-byte prefix succeeds using %d bytes", noFast, i, n)
					}
				}
			}
		})
	}
}

// truncatedPrefixes returns the prefix lengths TestTruncatedGoldens tries
// on an encoding of n bytes: all of them up to 4 KiB. Above (W2
// Double[1000], 8 KB; W6 BrowseResponse[500], 30 KB), every one of the
// first 4 KiB and of the last 512 bytes, and every 37th between: the
// middle of those is a long array of elements of one shape, where a cut
// meets the same code at another index, and 37 is a prime larger than
// half of any element there (8 bytes; 55, 58 and 61), so the stride still
// cuts every element shape at every offset within it, and crosses the
// point where the array's length stops fitting the bytes left. Every
// prefix of W6 took 38 s of the package's 42 (2 cores); these take 1.
// With short, every 31st above 4 KiB.
func truncatedPrefixes(n int, short bool) []int {
	const head, tail, stride = 4096, 512, 37
	var out []int
	for i := 0; i < n; i++ {
		switch {
		case n <= head:
		case short:
			if i%31 != 0 {
				continue
			}
		case i >= head && i < n-tail && (i-head)%stride != 0:
			continue
		}
		out = append(out, i)
	}
	return out
}

// TestHeapPerInputByte measures, for every target type T, the heap that
// decoding an array of T allocates per byte of input when every element
// is T's zero value in its encoded form (the smallest input per Go value
// the engine can be fed), and checks it against heapPerByte.
func TestHeapPerInputByte(t *testing.T) {
	worst, worstName := 0.0, ""
	for _, target := range cases.Targets {
		if target.Type == nil {
			continue
		}
		zero, err := uabin.Marshal(reflect.New(target.Type).Interface())
		if err != nil {
			t.Errorf("%s: encoding the zero value: %v", target.Name, err)
			continue
		}
		if len(zero) == 0 {
			continue // a structure without fields: nothing to amplify
		}
		n := min(65535, (64<<10)/len(zero))
		in := append(le32(n), bytes.Repeat(zero, n)...)
		st := reflect.SliceOf(target.Type)
		for _, noFast := range []bool{false, true} {
			o := options(nil, noFast)
			var derr error
			run := func() { derr = o.Unmarshal(in, reflect.New(st).Interface()) }
			run()
			used := heap(run)
			if derr != nil {
				t.Errorf("%s (fast paths off=%v): %v", target.Name, noFast, derr)
				continue
			}
			ratio := float64(used) / float64(len(in))
			if ratio > worst {
				worst, worstName = ratio, fmt.Sprintf("%s (fast paths off=%v, %d B per element on the wire)", target.Name, noFast, len(zero))
			}
			if used > uint64(heapPerByte*len(in)+heapConst) {
				t.Errorf("%s (fast paths off=%v): %d bytes of heap for %d bytes of input (%.1f per byte), bound %d per byte",
					target.Name, noFast, used, len(in), ratio, heapPerByte)
			}
		}
	}
	t.Logf("largest heap per input byte: %.1f, for []%s", worst, worstName)
}

func le32(n int) []byte { return []byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)} }

// TestHeapLinearInDepth decodes each nesting shape at two depths, four
// times apart, once within MaxDepth and once one level beyond it (the
// failure path), and requires the heap to grow at most linearly (five
// times, for four times the input): a quadratic path, such as an error
// path that rebuilds its field path at every level, shows up as sixteen.
// Heap is a deterministic stand-in for time here; the tests never time.
func TestHeapLinearInDepth(t *testing.T) {
	for _, nst := range cases.Nestings {
		target := cases.Targets[cases.TargetIndex(nst.Target)]
		for _, noFast := range []bool{false, true} {
			for _, fail := range []bool{false, true} {
				name := fmt.Sprintf("%s/fastpathsoff=%v/fail=%v", nst.Name, noFast, fail)
				t.Run(name, func(t *testing.T) {
					var used [2]uint64
					for i, steps := range []int{100, 400} {
						depth := nst.Levels(steps)
						if fail {
							depth--
						}
						o := options(map[string]int{"depth": depth}, noFast)
						in := nst.Build(steps)
						var err error
						run := func() { _, err = decode(o, target, in) }
						run()
						used[i] = heap(run)
						if fail != (err != nil) || fail && !errors.Is(err, uabin.ErrLimitExceeded) {
							t.Fatalf("%d steps, MaxDepth %d: %v", steps, depth, err)
						}
					}
					if used[1] > 5*used[0]+4096 {
						t.Errorf("heap %d B at 100 steps, %d B at 400: more than linear", used[0], used[1])
					}
				})
			}
		}
	}
}
