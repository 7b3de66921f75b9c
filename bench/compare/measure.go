package main

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// measurement is one benchmark result, per operation.
type measurement struct {
	na     string  // reason the implementation cannot run; the rest is zero
	ns     float64 // time
	bytes  int64   // bytes allocated
	allocs int64   // allocations
	mbps   float64 // throughput over the size given to b.SetBytes, 1e6 bytes/s
}

// fromResult converts a testing.BenchmarkResult.
func fromResult(r testing.BenchmarkResult) measurement {
	m := measurement{
		ns:     float64(r.T.Nanoseconds()) / float64(r.N),
		bytes:  r.AllocedBytesPerOp(),
		allocs: r.AllocsPerOp(),
	}
	if s := r.T.Seconds(); s > 0 {
		m.mbps = float64(r.Bytes) * float64(r.N) / 1e6 / s
	}
	return m
}

// row is one line of the table: one direction of one case, all
// implementations.
type row struct {
	c   *testCase
	dir int
	m   [numImpls]measurement
}

// measureCase times every direction of every implementation of c with
// testing.Benchmark (whose duration is the test.benchtime flag).
func measureCase(c *testCase) ([]row, error) {
	rows := make([]row, c.numDirs())
	for dir := range rows {
		rows[dir] = row{c: c, dir: dir}
		for impl := 0; impl < numImpls; impl++ {
			if na := c.codecs[impl].na; na != "" {
				rows[dir].m[impl] = measurement{na: na}
				continue
			}
			r := testing.Benchmark(func(b *testing.B) { benchOp(b, c, dir, impl) })
			if r.N == 0 {
				return rows, fmt.Errorf("%s %s %s: the benchmark failed (run `go test -bench %s` to see why)",
					c.id, c.dirName(dir), implNames[impl], c.id)
			}
			rows[dir].m[impl] = fromResult(r)
		}
	}
	return rows, nil
}

// measureAll times every case in order, printing one progress line per case
// to progress.
func measureAll(cs []*testCase, progress io.Writer) ([]row, error) {
	var rows []row
	for i, c := range cs {
		mine, err := measureCase(c)
		if err != nil {
			return rows, err
		}
		rows = append(rows, mine...)
		line := fmt.Sprintf("[%d/%d] %s %s (fast / plans / gopcua):", i+1, len(cs), c.workload, c.title)
		for dir, r := range mine {
			line += fmt.Sprintf(" %s %s;", c.dirName(dir), progressCell(r))
		}
		fmt.Fprintln(progress, strings.TrimSuffix(line, ";"))
	}
	return rows, nil
}

// progressCell summarises one row for a progress line.
func progressCell(r row) string {
	s := ""
	for impl, m := range r.m {
		if impl > 0 {
			s += " / "
		}
		if m.na != "" {
			s += "n/a"
		} else {
			s += formatNs(m.ns) + " ns"
		}
	}
	return s
}

// floor is a plain copy measured in the same run, the lower bound that
// W2 Double[1000] and W8 plain are held against.
type floor struct {
	name string
	size int
	m    measurement
}

// floorSizes are the copies measured: the 8,000 bytes of W2 Double[1000]'s
// elements and the 64 KiB of the W8 body.
var floorSizes = []struct {
	name string
	size int
}{
	{"copy 8,000 bytes (W2 Double[1000])", 8000},
	{"copy 64 KiB (W8 body)", 64 << 10},
}

// benchCopy is the timed loop of a floor: copy size bytes between two
// buffers allocated before the timer starts.
func benchCopy(b *testing.B, size int) {
	src := make([]byte, size)
	dst := make([]byte, size)
	for i := range src {
		src[i] = byte(i)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(dst, src)
	}
}

// measureFloors times the copies of floorSizes.
func measureFloors() []floor {
	out := make([]floor, len(floorSizes))
	for i, f := range floorSizes {
		size := f.size
		out[i] = floor{name: f.name, size: size, m: fromResult(testing.Benchmark(func(b *testing.B) { benchCopy(b, size) }))}
	}
	return out
}
