package nodeset_test

import (
	"os"
	"testing"

	"github.com/uabin/uabin/uabin/nodeset"
)

// BenchmarkValues reads the namespace-0 file and the ten companion files
// (all eleven, 6.4 MB, 1.9 MB of it the values) into a Set, with and without decoding their 2 041
// values, and reports time and heap per input byte. "datatypes" is what
// reading a set costs without values (Parse, which keeps each <Value> as
// XML text, and NewSet); "values" adds Set.Values. Peak heap: run
// BenchmarkParsePeakHeap's way, -benchtime=1x -count=N.
func BenchmarkValues(b *testing.B) {
	paths := companionPaths(b)
	var files [][]byte
	size := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
		size += len(data)
	}
	read := func(values bool) error {
		var sets []*nodeset.NodeSet
		for i, data := range files {
			ns, err := nodeset.Parse(paths[i], data)
			if err != nil {
				return err
			}
			sets = append(sets, ns)
		}
		set, err := nodeset.NewSet(sets...)
		if err != nil || !values {
			return err
		}
		_, err = set.Values()
		return err
	}
	for _, values := range []bool{false, true} {
		name := "datatypes"
		if values {
			name = "values"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			cpu0 := cpuTime()
			for b.Loop() {
				if err := read(values); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
			// The CPU time of the process (every thread, the collector's
			// too): less disturbed than the elapsed time on a shared
			// machine, where a process waits for a core.
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/float64(size), "cpu-ns/byte")
		})
		b.Run(name+"/peak", func(b *testing.B) {
			parsePeakHeap(b, size, func() {}, func() (*nodeset.NodeSet, error) { return nil, read(values) })
		})
	}
}
