package bulk

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/uabin/uabin/uabin/wire"
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

// appendRef64 and appendRef32 are the wire rule spelled out: each element
// little-endian, every NaN the canonical one.
func appendRef64(dst []byte, s []float64) []byte {
	for _, x := range s {
		bits := math.Float64bits(x)
		if x != x {
			bits = wire.NaN64
		}
		dst = binary.LittleEndian.AppendUint64(dst, bits)
	}
	return dst
}

func appendRef32(dst []byte, s []float32) []byte {
	for _, x := range s {
		bits := math.Float32bits(x)
		if x != x {
			bits = wire.NaN32
		}
		dst = binary.LittleEndian.AppendUint32(dst, bits)
	}
	return dst
}

// bothCopies runs f with the fused AVX2 copy (where the CPU has it) and
// without.
func bothCopies(t *testing.T, f func(t *testing.T)) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	if saved {
		t.Run("avx2", f)
	}
	useAVX2 = false
	t.Run("copy+scan", f)
}

// TestAppendFloats: every length up to 70 (the 128-byte rounds, their
// tails, and the short arrays below fusedMin), each special value at every
// position, after a prefix of 0 to 3 bytes, against the wire rule.
func TestAppendFloats(t *testing.T) {
	bothCopies(t, func(t *testing.T) {
		for n := 0; n <= 70; n++ {
			d := make([]float64, n)
			f := make([]float32, n)
			for i := range d {
				d[i], f[i] = float64(i)*1.5, float32(i)*1.5
			}
			check := func(what string) {
				t.Helper()
				for prefix := 0; prefix < 4; prefix++ {
					pre := []byte{1, 2, 3}[:prefix]
					if got, want := AppendFloat64s(slices.Clone(pre), d), appendRef64(slices.Clone(pre), d); !bytes.Equal(got, want) {
						t.Fatalf("Doubles, len %d, %s, prefix %d:\n got %x\nwant %x", n, what, prefix, got, want)
					}
					if got, want := AppendFloat32s(slices.Clone(pre), f), appendRef32(slices.Clone(pre), f); !bytes.Equal(got, want) {
						t.Fatalf("Floats, len %d, %s, prefix %d:\n got %x\nwant %x", n, what, prefix, got, want)
					}
				}
			}
			check("no NaN")
			for pos := 0; pos < n; pos++ {
				for k := range specials64 {
					od, of := d[pos], f[pos]
					d[pos] = math.Float64frombits(specials64[k])
					f[pos] = math.Float32frombits(specials32[k])
					check(fmt.Sprintf("%#x at %d", specials64[k], pos))
					d[pos], f[pos] = od, of
				}
			}
		}
	})
}

// FuzzAppendFloats holds both ways of appending (the fused AVX2 copy and
// copy+scan) to the wire rule on arbitrary bytes read as Doubles and as
// Floats.
func FuzzAppendFloats(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f})
	f.Add(make([]byte, 200))
	f.Fuzz(func(t *testing.T, b []byte) {
		d := make([]float64, len(b)/8)
		for i := range d {
			d[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
		}
		s := make([]float32, len(b)/4)
		for i := range s {
			s[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		saved := useAVX2
		defer func() { useAVX2 = saved }()
		for _, on := range []bool{saved, false} {
			useAVX2 = on
			if got, want := AppendFloat64s(nil, d), appendRef64(nil, d); !bytes.Equal(got, want) {
				t.Fatalf("AVX2 %v: Doubles %x, want %x", on, got, want)
			}
			if got, want := AppendFloat32s(nil, s), appendRef32(nil, s); !bytes.Equal(got, want) {
				t.Fatalf("AVX2 %v: Floats %x, want %x", on, got, want)
			}
		}
	})
}

// BenchmarkAppendFloat64s appends 1000 Doubles into a reused buffer, with
// the fused copy (where the CPU has AVX2) and with copy+scan.
func BenchmarkAppendFloat64s(b *testing.B) {
	s := make([]float64, 1000)
	buf := make([]byte, 0, 8000)
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for _, on := range []bool{true, false} {
		if on && !saved {
			continue
		}
		name := "copy+scan"
		if on {
			name = "avx2"
		}
		b.Run(name, func(b *testing.B) {
			useAVX2 = on
			b.SetBytes(8000)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				buf = AppendFloat64s(buf[:0], s)
			}
		})
	}
}
