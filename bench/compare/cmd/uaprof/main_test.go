package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRunWritesProfiles runs the command for a fraction of a second over
// every operation and mode, then opens both profiles with `go tool pprof
// -top` (skipped without the go tool).
func TestRunWritesProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.out"), filepath.Join(dir, "mem.out")
	var stdout, stderr bytes.Buffer
	err := run([]string{
		"-workload", "W4,W5", "-n", "10", "-op", "all", "-mode", "fast,plans,gopcua",
		"-seconds", "0.6", "-progress", "200ms",
		"-cpuprofile", cpu, "-memprofile", mem, "-memprofilerate", "512",
	}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}

	// 2 workloads x 3 modes x 6 operations, each in the table with a
	// positive operation count.
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 1+36 {
		t.Fatalf("table has %d lines, want 37:\n%s", len(lines), stdout.String())
	}
	if !strings.HasPrefix(lines[0], "task") {
		t.Errorf("table header %q", lines[0])
	}
	row := regexp.MustCompile(`^W[45] Read(Request|Response)10 (encode|decode|frame|reassemble|send|receive) (fast|plans|gopcua)( Sign)? +[1-9][0-9]* +[0-9]+ +[0-9]+ +[0-9.]+$`)
	for _, l := range lines[1:] {
		if !row.MatchString(l) {
			t.Errorf("table row %q", l)
		}
	}
	if !strings.Contains(stdout.String(), "W4 ReadRequest10 send fast Sign ") {
		t.Errorf("no row for W4 send fast Sign:\n%s", stdout.String())
	}
	progress := regexp.MustCompile(`(?m)^\[ *[0-9.]+s\] W4 ReadRequest10 encode fast [0-9.]+ (ns|µs|ms)/op;`)
	if !progress.MatchString(stderr.String()) {
		t.Errorf("no progress line in:\n%s", stderr.String())
	}

	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to open the profiles with")
	}
	for _, p := range []struct {
		args []string
		want []string
	}{
		{[]string{cpu}, []string{"Type: cpu", "flat%"}},
		// gopcua allocates on every operation, so the allocation
		// profile names it.
		{[]string{"-sample_index=alloc_space", mem}, []string{"Type: alloc_space", "flat%", "gopcua"}},
	} {
		args := append([]string{"tool", "pprof", "-top"}, p.args...)
		out, err := exec.Command(goTool, args...).CombinedOutput()
		if err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			continue
		}
		for _, w := range p.want {
			if !strings.Contains(string(out), w) {
				t.Errorf("go %s: no %q in:\n%s", strings.Join(args, " "), w, out)
			}
		}
	}
}

// TestRunWithoutProfiles runs the smallest configuration: no profile files,
// one task.
func TestRunWithoutProfiles(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-workload", "W5", "-n", "3", "-op", "decode", "-mode", "plans", "-seconds", "0.05"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "W5 ReadResponse3 decode plans ") {
		t.Errorf("table:\n%s", stdout.String())
	}
	if !strings.HasPrefix(stderr.String(), "uaprof: 1 tasks verified") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}

func TestFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-workload", "W6"}, `-workload: unknown workload "W6"`},
		{[]string{"-workload", ","}, "-workload: no workload"},
		{[]string{"-op", "squash"}, `-op: unknown operation "squash"`},
		{[]string{"-op", ""}, "-op: no operation"},
		{[]string{"-mode", "turbo"}, `-mode: unknown mode "turbo"`},
		{[]string{"-mode", ""}, "-mode: no mode"},
		{[]string{"-policy", "Encrypt"}, `-policy: unknown policy "Encrypt"`},
		{[]string{"-n", "-1"}, "-n: -1 is not between"},
		{[]string{"-seconds", "0"}, "-seconds: 0 is not between"},
		{[]string{"-seconds", "NaN"}, "-seconds: NaN is not between"},
		{[]string{"-memprofilerate", "0"}, "-memprofilerate: 0"},
		{[]string{"-progress", "0s"}, "-progress: 0s"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nope"}, "flag provided but not defined"},
		{[]string{"-seconds", "0.01", "-cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir", "cpu.out")}, "no such file or directory"},
	} {
		var stdout, stderr bytes.Buffer
		err := run(tc.args, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run(%q) = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

func TestOpsAndModes(t *testing.T) {
	var stderr bytes.Buffer
	cfg, err := parseFlags([]string{"-op", "message,encode", "-mode", "gopcua, fast", "-policy", "None", "-workload", "W5"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(cfg.ops, ",") + " " + strings.Join(cfg.modes, ",") + " " + cfg.policy.String() + " " + strings.Join(cfg.workloads, ",")
	if want := "encode,send,receive gopcua,fast None W5"; got != want {
		t.Errorf("parsed %q, want %q", got, want)
	}
	for ns, want := range map[float64]string{12: "12 ns/op", 1234: "1.23 µs/op", 2.5e6: "2.50 ms/op"} {
		if got := formatNs(ns); got != want {
			t.Errorf("formatNs(%v) = %q, want %q", ns, got, want)
		}
	}
}
