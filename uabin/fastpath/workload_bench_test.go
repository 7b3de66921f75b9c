package fastpath_test

import (
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/uabin/uabin/uabin"
)

// The workloads W1-W7 through the engine, fast paths on ("fast") and off
// ("plans"): encoding into a reused buffer, decoding into a reused value.

func setupEncode(tb testing.TB, o uabin.Options, w workload) (run func(), size int) {
	marshal := o.Append
	if w.message {
		marshal = o.AppendMessage
	}
	buf, err := marshal(nil, w.value)
	if err != nil {
		tb.Fatal(err)
	}
	return func() {
		buf, err = marshal(buf[:0], w.value)
		if err != nil {
			tb.Fatal(err)
		}
	}, len(buf)
}

func setupDecode(tb testing.TB, o uabin.Options, w workload) (run func(), size int) {
	var in []byte
	var err error
	if w.message {
		in, err = o.MarshalMessage(w.value)
	} else {
		in, err = o.Marshal(w.value)
	}
	if err != nil {
		tb.Fatal(err)
	}
	// Messages decode into a reused value of their type too (the *T form
	// of UnmarshalMessage checks the type id and decodes over the value).
	unmarshal := o.Unmarshal
	if w.message {
		unmarshal = o.UnmarshalMessage
	}
	dst := reflect.New(reflect.TypeOf(w.value).Elem()).Interface()
	if err := unmarshal(in, dst); err != nil {
		tb.Fatal(err)
	}
	return func() {
		if err := unmarshal(in, dst); err != nil {
			tb.Fatal(err)
		}
	}, len(in)
}

// setupBodyDecode is setupDecode of a message's body alone, with Unmarshal.
func setupBodyDecode(tb testing.TB, o uabin.Options, w workload) func() {
	in, err := o.Marshal(w.value)
	if err != nil {
		tb.Fatal(err)
	}
	dst := reflect.New(reflect.TypeOf(w.value).Elem()).Interface()
	if err := o.Unmarshal(in, dst); err != nil {
		tb.Fatal(err)
	}
	return func() {
		if err := o.Unmarshal(in, dst); err != nil {
			tb.Fatal(err)
		}
	}
}

// timeLoop runs run b.N times on a locked OS thread and reports, beside
// the wall time, the thread's CPU time per op (cpu-ns/op, from
// clock_gettime(CLOCK_THREAD_CPUTIME_ID)): on a machine that other work loads, the wall
// time counts the time the thread waits for a core, the CPU time does not.
func timeLoop(b *testing.B, run func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run()
	}
	b.StopTimer()
	if cpu := threadCPU() - start; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkWorkloads(b *testing.B) {
	for _, w := range workloads() {
		for _, mode := range []struct {
			name string
			o    uabin.Options
		}{{"fast", fast}, {"plans", plans}} {
			b.Run("Encode/"+w.name+"/"+mode.name, func(b *testing.B) {
				run, size := setupEncode(b, mode.o, w)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				timeLoop(b, run)
			})
			b.Run("Decode/"+w.name+"/"+mode.name, func(b *testing.B) {
				run, size := setupDecode(b, mode.o, w)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				timeLoop(b, run)
			})
		}
	}
}

// TestWorkloadAllocs pins the allocations per workload with fast paths:
// none for encoding any of W1-W7 into a reused buffer; none for decoding
// W1 scalars other than String and ByteString, the numeric Variants,
// DataValue.Full and the W4-W7 messages into a reused value.
func TestWorkloadAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	zeroDecode := map[string]bool{
		"W1/UInt32": true, "W1/Double": true, "W1/Guid": true, "W1/DateTime": true, "W1/time.Time": true,
		"W1/NodeId.TwoByte": true, "W1/NodeId.FourByte": true, "W1/NodeId.Numeric": true, "W1/NodeId.Guid": true,
		"W2/Variant.Double": true, "W2/Variant.UInt32": true, "W2/Variant.Double[1000]": true,
		"W2/Variant.Int32[2x3]": true, "W3/DataValue.Full": true,
		// The messages: their generated codecs on the stack path (no pooled
		// state, the Reader on the stack), strings kept when unchanged.
		"W4/ReadRequest[1]": true, "W4/ReadRequest[50]": true, "W4/ReadRequest[500]": true,
		"W5/ReadResponse[10]": true, "W5/ReadResponse[100]": true, "W5/ReadResponse[1000]": true,
		"W6/BrowseResponse[500]": true, "W7/ExtensionObject[50]": true,
	}
	for _, w := range workloads() {
		run, _ := setupEncode(t, fast, w)
		if a := testing.AllocsPerRun(20, run); a != 0 {
			t.Errorf("encoding %s: %v allocs/op, want 0", w.name, a)
		}
		run, _ = setupDecode(t, fast, w)
		a := testing.AllocsPerRun(20, run)
		if zeroDecode[w.name] && a != 0 {
			t.Errorf("decoding %s: %v allocs/op, want 0", w.name, a)
		}
		if w.message {
			// Decoding a message into a reused value costs what decoding its
			// body with Unmarshal does.
			if body := testing.AllocsPerRun(20, setupBodyDecode(t, fast, w)); a > body {
				t.Errorf("decoding the message %s into a reused value: %v allocs/op, Unmarshal of its body %v", w.name, a, body)
			}
		}
		t.Logf("%-28s decode allocs/op: %v into a reused value, %v into a new one", w.name, a, freshDecodeAllocs(t, w))
	}
}

// freshDecodeAllocs counts the allocations of decoding w into a new value
// (messages: UnmarshalMessage into a *any, which receives a new value).
func freshDecodeAllocs(t *testing.T, w workload) float64 {
	if w.message {
		in, err := fast.MarshalMessage(w.value)
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(20, func() {
			var v any
			if err := fast.UnmarshalMessage(in, &v); err != nil {
				t.Fatal(err)
			}
		})
	}
	in, err := fast.Marshal(w.value)
	if err != nil {
		t.Fatal(err)
	}
	typ := reflect.TypeOf(w.value).Elem()
	return testing.AllocsPerRun(20, func() {
		if err := fast.Unmarshal(in, reflect.New(typ).Interface()); err != nil {
			t.Fatal(err)
		}
	}) - 1 // the new value itself
}

// BenchmarkDecodeNewShared decodes the workloads that own memory into new
// values, with and without Limits.ShareInput (decoded Strings and
// ByteStrings point into the input): "copy" and "share".
func BenchmarkDecodeNewShared(b *testing.B) {
	for _, w := range workloads() {
		switch w.name {
		case "W1/String", "W1/ByteString", "W1/NodeId.String", "W2/Variant.String", "W3/DataValue.Full":
		default:
			if !w.message {
				continue
			}
		}
		typ := reflect.TypeOf(w.value).Elem()
		for _, share := range []bool{false, true} {
			o := fast
			o.ShareInput = share
			in, err := o.Marshal(w.value)
			if err != nil {
				b.Fatal(err)
			}
			name := map[bool]string{false: "copy", true: "share"}[share]
			b.Run(w.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				timeLoop(b, func() {
					if err := o.Unmarshal(in, reflect.New(typ).Interface()); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkDecodeNewTail decodes the large messages into new values one
// at a time and reports the distribution of the single calls: p50, p90 and
// the largest, of the wall time and of the thread's CPU time (which counts
// page faults and the runtime's locks, but not waiting for a core on a
// loaded machine), with ShareInput off and on (issue 33, item 4a).
func BenchmarkDecodeNewTail(b *testing.B) {
	for _, w := range workloads() {
		if w.name != "W5/ReadResponse[1000]" && w.name != "W6/BrowseResponse[500]" {
			continue
		}
		typ := reflect.TypeOf(w.value).Elem()
		for _, share := range []bool{false, true} {
			o := fast
			o.ShareInput = share
			in, err := o.MarshalMessage(w.value)
			if err != nil {
				b.Fatal(err)
			}
			name := map[bool]string{false: "copy", true: "share"}[share]
			b.Run(w.name+"/"+name, func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				wall := make([]float64, 0, b.N)
				cpu := make([]float64, 0, b.N)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					c0, t0 := threadCPU(), time.Now()
					v := reflect.New(typ).Interface()
					if err := o.UnmarshalMessage(in, v); err != nil {
						b.Fatal(err)
					}
					wall = append(wall, float64(time.Since(t0)))
					cpu = append(cpu, float64(threadCPU()-c0))
				}
				b.StopTimer()
				for _, m := range []struct {
					unit string
					xs   []float64
				}{{"wall", wall}, {"cpu", cpu}} {
					slices.Sort(m.xs)
					b.ReportMetric(m.xs[len(m.xs)/2], m.unit+"-p50-ns")
					b.ReportMetric(m.xs[len(m.xs)*9/10], m.unit+"-p90-ns")
					b.ReportMetric(m.xs[len(m.xs)-1], m.unit+"-max-ns")
				}
			})
		}
	}
}
