package bulk

import (
	"encoding/binary"
	"math"
	"testing"
)

// specials are the values whose NaN-ness is easy to get wrong: quiet and
// signalling NaNs of both signs, with the smallest and largest payloads,
// the infinities (not NaNs) and the largest finite numbers.
var specials64 = []uint64{
	0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0xfff0000000000001,
	0x7fffffffffffffff, 0xffffffffffffffff, 0x7ff0000000000000, 0xfff0000000000000,
	0x7fefffffffffffff, 0x0000000000000001, 0, 0x8000000000000000,
}

var specials32 = []uint32{
	0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fffffff, 0xffffffff,
	0x7f800000, 0xff800000, 0x7f7fffff, 1, 0, 0x80000000,
}

// TestHas64: every length up to 40, each special value at every position
// among finite numbers, against the Go loop.
func TestHas64(t *testing.T) {
	for n := 0; n <= 40; n++ {
		s := make([]float64, n)
		for i := range s {
			s[i] = float64(i) * 1.5
		}
		if Has64(s) {
			t.Fatalf("len %d, no NaN: Has64 is true", n)
		}
		for pos := 0; pos < n; pos++ {
			for _, bits := range specials64 {
				old := s[pos]
				s[pos] = math.Float64frombits(bits)
				if got, want := Has64(s), has64Go(s); got != want {
					t.Fatalf("len %d, %#x at %d: Has64 %v, want %v", n, bits, pos, got, want)
				}
				s[pos] = old
			}
		}
	}
}

// TestHas32 is TestHas64 for Floats.
func TestHas32(t *testing.T) {
	for n := 0; n <= 70; n++ {
		s := make([]float32, n)
		for i := range s {
			s[i] = float32(i) * 1.5
		}
		if Has32(s) {
			t.Fatalf("len %d, no NaN: Has32 is true", n)
		}
		for pos := 0; pos < n; pos++ {
			for _, bits := range specials32 {
				old := s[pos]
				s[pos] = math.Float32frombits(bits)
				if got, want := Has32(s), has32Go(s); got != want {
					t.Fatalf("len %d, %#x at %d: Has32 %v, want %v", n, bits, pos, got, want)
				}
				s[pos] = old
			}
		}
	}
}

// TestUnaligned: slices that start at any 4-byte offset of their array.
func TestUnaligned(t *testing.T) {
	base := make([]float32, 64)
	for off := 0; off < 8; off++ {
		s := base[off:]
		s[len(s)-1] = float32(math.NaN())
		if !Has32(s) || !Has32(s[len(s)-9:]) {
			t.Fatalf("offset %d: the NaN at the end is missed", off)
		}
		s[len(s)-1] = 0
	}
}

// FuzzHas holds the assembly to the Go loop on arbitrary bytes read as
// Doubles and as Floats.
func FuzzHas(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f})
	f.Add(make([]byte, 100))
	f.Fuzz(func(t *testing.T, b []byte) {
		d := make([]float64, len(b)/8)
		for i := range d {
			d[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
		}
		if got, want := Has64(d), has64Go(d); got != want {
			t.Fatalf("Has64(%v) = %v, want %v", d, got, want)
		}
		s := make([]float32, len(b)/4)
		for i := range s {
			s[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		if got, want := Has32(s), has32Go(s); got != want {
			t.Fatalf("Has32(%v) = %v, want %v", s, got, want)
		}
	})
}

func BenchmarkHas64(b *testing.B) {
	s := make([]float64, 1000)
	b.SetBytes(8000)
	for i := 0; i < b.N; i++ {
		if Has64(s) {
			b.Fatal("NaN")
		}
	}
}

func BenchmarkHas64Go(b *testing.B) {
	s := make([]float64, 1000)
	b.SetBytes(8000)
	for i := 0; i < b.N; i++ {
		if has64Go(s) {
			b.Fatal("NaN")
		}
	}
}
