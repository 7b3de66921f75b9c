package nodeset_test

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/uabin/uabin/uabin/nodeset"
)

// BenchmarkParse reads the test nodeset, a generated flat file of 1 MiB
// and namespace 0 (schema/Opc.Ua.NodeSet2.Services.xml), reporting bytes
// and allocations per operation.
func BenchmarkParse(b *testing.B) {
	var inputs []struct {
		name string
		data []byte
	}
	for _, in := range []struct{ name, path string }{
		{"acme", filepath.Join("testdata", "Acme.NodeSet2.xml")},
		{"services", filepath.Join(schemaDir, servicesFile)},
	} {
		data, err := os.ReadFile(in.path)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, struct {
			name string
			data []byte
		}{in.name, data})
	}
	inputs = append(inputs, struct {
		name string
		data []byte
	}{"flat-1MiB", flatNodeSet("mixed", 1<<20)})
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			for b.Loop() {
				if _, err := nodeset.Parse(in.name, in.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParsePeakHeap reads a generated flat file of 72 MiB of each
// shape once per iteration, with Parse (the file in memory, as the caller
// holds it) and with ParseReader from a reader that makes the file as it
// is read (as Load reads a file), and reports the peak of the live heap
// during the call, counting the file, per byte of the file
// ("peak-B/byte"), and the heap the result keeps ("kept-B/byte"). The
// peak is sampled every 200 µs from runtime/metrics, so it may miss a
// short spike. Run it with -benchtime=1x -count=N.
func BenchmarkParsePeakHeap(b *testing.B) {
	const size = 72 << 20
	unlimited := nodeset.ParseOptions{MaxSize: -1}
	for _, shape := range flatShapes {
		b.Run(shape+"/Parse", func(b *testing.B) {
			var data []byte
			parsePeakHeap(b, size, func() { data = flatNodeSet(shape, size) }, func() (*nodeset.NodeSet, error) {
				ns, err := unlimited.Parse("flat.xml", data)
				data = nil // the caller may drop the file now
				return ns, err
			})
		})
		b.Run(shape+"/ParseReader", func(b *testing.B) {
			parsePeakHeap(b, size, func() {}, func() (*nodeset.NodeSet, error) {
				return unlimited.ParseReader("flat.xml", newFlatReader(shape, size))
			})
		})
	}
}

// parsePeakHeap measures parse; setup makes its input, which counts.
func parsePeakHeap(b *testing.B, size int, setup func(), parse func() (*nodeset.NodeSet, error)) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	b.ReportAllocs()
	b.SetBytes(int64(size))
	var peak, kept uint64
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		base := heap()
		setup()
		runtime.GC() // what setup left over does not count; its input does
		b.StartTimer()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var top uint64
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(200 * time.Microsecond)
			defer t.Stop()
			for {
				if h := heap(); h > top {
					top = h
				}
				select {
				case <-stop:
					return
				case <-t.C:
				}
			}
		}()
		ns, err := parse()
		close(stop)
		wg.Wait()
		if err != nil {
			b.Fatal(err)
		}
		if h := heap(); h > top {
			top = h
		}
		runtime.GC()
		k := heap()
		runtime.KeepAlive(ns)
		if top > base {
			peak = max(peak, top-base)
		}
		if k > base {
			kept = max(kept, k-base)
		}
	}
	b.ReportMetric(float64(peak)/float64(size), "peak-B/byte")
	b.ReportMetric(float64(kept)/float64(size), "kept-B/byte")
}
