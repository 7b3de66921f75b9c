// Command fastpath registers a hand-written fast path for a user type and
// shows that it writes the same bytes as the plan the engine builds from
// the type's fields, and how much faster it is (measured with
// testing.Benchmark).
//
// The type is a frame of packed sensor samples, the kind of value a device
// gateway encodes thousands of times a second. The engine's plan handles it
// correctly field by field; the fast path writes each sample with four
// direct calls and decodes into the frame's existing slice.
package main

import (
	"bytes"
	"fmt"
	"log"
	"reflect"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// Sample is one sensor reading: 15 bytes on the wire.
type Sample struct {
	Time    types.DateTime // DateTime, 8 bytes
	Value   float32        // Float, 4 bytes
	Quality uint16         // UInt16, 2 bytes
	Channel uint8          // Byte, 1 byte
}

// Frame is a batch of samples from one device.
type Frame struct {
	Device  string
	Samples []Sample
}

const sampleSize = 8 + 4 + 2 + 1

// appendFrame writes a Frame exactly as its plan does: Device as a String,
// Samples as an Int32 length (-1 for nil) and the samples' fields in order.
func appendFrame(w *wire.Writer, f *Frame) bool {
	w.Str(f.Device)
	if f.Samples == nil {
		w.Null()
		return true
	}
	w.Len(len(f.Samples))
	for i := range f.Samples {
		s := &f.Samples[i]
		w.Int64(int64(s.Time))
		w.Float32(s.Value)
		w.Uint16(s.Quality)
		w.Uint8(s.Channel)
	}
	return true
}

// consumeFrame reads a Frame, reusing the memory of f.Samples when it is
// large enough. The Reader checks every length against its limits and the
// bytes left before anything is allocated.
func consumeFrame(r *wire.Reader, f *Frame) bool {
	f.Device = r.Str()
	n := r.ArrayLen(sampleSize)
	if n < 0 {
		f.Samples = nil
		return true
	}
	if cap(f.Samples) >= n && f.Samples != nil {
		f.Samples = f.Samples[:n]
	} else {
		f.Samples = make([]Sample, n)
	}
	for i := range f.Samples {
		s := &f.Samples[i]
		s.Time = types.DateTime(r.Int64())
		s.Value = r.Float32()
		s.Quality = r.Uint16()
		s.Channel = r.Uint8()
	}
	return true
}

// swappedAppendFrame is appendFrame with a bug: Quality before Value.
func swappedAppendFrame(w *wire.Writer, f *Frame) bool {
	w.Str(f.Device)
	if f.Samples == nil {
		w.Null()
		return true
	}
	w.Len(len(f.Samples))
	for i := range f.Samples {
		s := &f.Samples[i]
		w.Int64(int64(s.Time))
		w.Uint16(s.Quality)
		w.Float32(s.Value)
		w.Uint8(s.Channel)
	}
	return true
}

func main() {
	// A Set of our own, so the registration does not affect other users of
	// fastpath.Default. It holds the built-in fast paths too.
	set := fastpath.NewSet()
	if err := fastpath.Register(set, fastpath.Funcs[Frame]{
		Append: appendFrame, Consume: consumeFrame,
	}); err != nil {
		log.Fatal(err)
	}
	withFast := uabin.Options{FastPaths: set}
	withPlan := uabin.Options{} // the default set has no fast path for Frame

	frame := &Frame{Device: "press-7", Samples: make([]Sample, 256)}
	for i := range frame.Samples {
		frame.Samples[i] = Sample{Time: 133486382451234567 + types.DateTime(i)*10000, Value: float32(i) * 0.25, Quality: 0xC0, Channel: uint8(i % 4)}
	}

	// uabin.VerifyFastPaths encodes and decodes samples with the fast path
	// and with the plan and reports the first byte or field that differs:
	// run it on samples that reach every branch (nil and empty slices, null
	// and empty strings).
	samples := []Frame{*frame, {}, {Device: "", Samples: []Sample{}}, {Device: "p", Samples: frame.Samples[:1]}}
	if err := uabin.VerifyFastPaths(set, samples...); err != nil {
		log.Fatal(err)
	}
	fmt.Println("uabin.VerifyFastPaths: the fast path agrees with the plan on", len(samples), "samples")

	// A fast path that writes Quality before Value is caught at its first
	// wrong byte: sample 0's first Value (0) at byte 23, where the fast
	// path writes Quality's low byte, 0xc0.
	wrong := fastpath.NewSet()
	if err := fastpath.Register(wrong, fastpath.Funcs[Frame]{Append: swappedAppendFrame, Consume: consumeFrame}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("a wrong fast path:", uabin.VerifyFastPaths(wrong, samples...))

	// Same bytes, same value back.
	a, err := withFast.Marshal(frame)
	if err != nil {
		log.Fatal(err)
	}
	b, err := withPlan.Marshal(frame)
	if err != nil {
		log.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		log.Fatalf("the fast path changed the bytes:\n% x\n% x", a, b)
	}
	var back Frame
	if err := withFast.Unmarshal(a, &back); err != nil || !reflect.DeepEqual(&back, frame) {
		log.Fatalf("decoding with the fast path gave %v (%v)", back, err)
	}
	fmt.Printf("Frame with %d samples: %d bytes, identical with and without the fast path\n", len(frame.Samples), len(a))
	fmt.Printf("first bytes: % x\n", a[:24])

	// Register checks: a second registration for Frame is refused.
	err = fastpath.Register(set, fastpath.Funcs[Frame]{Append: appendFrame, Consume: consumeFrame})
	fmt.Println("registering Frame again:", err)

	encode := func(o uabin.Options) func(*testing.B) {
		return func(tb *testing.B) {
			buf := make([]byte, 0, len(a))
			tb.ReportAllocs()
			for i := 0; i < tb.N; i++ {
				var err error
				if buf, err = o.Append(buf[:0], frame); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	decode := func(o uabin.Options) func(*testing.B) {
		return func(tb *testing.B) {
			var f Frame
			tb.ReportAllocs()
			for i := 0; i < tb.N; i++ {
				if err := o.Unmarshal(a, &f); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	report := func(what string, plan, fast testing.BenchmarkResult) {
		fmt.Printf("%s  plan: %8d ns/op %3d allocs/op   fast path: %8d ns/op %3d allocs/op   speed-up %.1fx\n",
			what, plan.NsPerOp(), plan.AllocsPerOp(), fast.NsPerOp(), fast.AllocsPerOp(),
			float64(plan.NsPerOp())/float64(max(fast.NsPerOp(), 1)))
	}
	report("encode", testing.Benchmark(encode(withPlan)), testing.Benchmark(encode(withFast)))
	report("decode", testing.Benchmark(decode(withPlan)), testing.Benchmark(decode(withFast)))
}
