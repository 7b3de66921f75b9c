package aescbc

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// reference decrypts with the standard library.
func reference(t *testing.T, key, iv, ct []byte) []byte {
	t.Helper()
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(ct))
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, ct)
	return out
}

// bothPaths runs f with the accelerated path (where the CPU has it) and
// with the fallback.
func bothPaths(t *testing.T, f func(t *testing.T)) {
	saved := useAsm
	defer func() { useAsm = saved }()
	if saved {
		t.Run("aesni", f)
	}
	useAsm = false
	t.Run("fallback", f)
}

// TestFIPS197 decrypts the example vectors of FIPS-197 Appendix C (one
// block, IV zero, so CBC is the bare cipher).
func TestFIPS197(t *testing.T) {
	pt := "00112233445566778899aabbccddeeff"
	for _, tt := range []struct{ key, ct string }{
		{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
	} {
		bothPaths(t, func(t *testing.T) {
			key, _ := hex.DecodeString(tt.key)
			b, _ := hex.DecodeString(tt.ct)
			d, err := NewDecrypter(key)
			if err != nil {
				t.Fatal(err)
			}
			d.Decrypt(make([]byte, 16), b)
			if got := hex.EncodeToString(b); got != pt {
				t.Errorf("AES-%d: %s, want %s", 8*len(key), got, pt)
			}
		})
	}
}

// TestAgainstStandardLibrary decrypts random ciphertexts of 1 to 40 blocks
// (the eight-block loop, its tail, and both) with every key size.
func TestAgainstStandardLibrary(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, keyLen := range []int{16, 24, 32} {
			for blocks := 1; blocks <= 40; blocks++ {
				key, iv, ct := make([]byte, keyLen), make([]byte, 16), make([]byte, 16*blocks)
				for _, b := range [][]byte{key, iv, ct} {
					for i := range b {
						b[i] = byte(r.Uint32())
					}
				}
				want := reference(t, key, iv, ct)
				d, err := NewDecrypter(key)
				if err != nil {
					t.Fatal(err)
				}
				got := bytes.Clone(ct)
				d.Decrypt(iv, got)
				if !bytes.Equal(got, want) {
					t.Fatalf("AES-%d, %d blocks: differs from crypto/cipher", 8*keyLen, blocks)
				}
				// The same Decrypter again, with another IV (the IV is not
				// kept between calls).
				iv[0] ^= 1
				got = bytes.Clone(ct)
				d.Decrypt(iv, got)
				if want := reference(t, key, iv, ct); !bytes.Equal(got, want) {
					t.Fatalf("AES-%d, %d blocks, second IV: differs from crypto/cipher", 8*keyLen, blocks)
				}
			}
		}
	})
}

func TestErrors(t *testing.T) {
	if _, err := NewDecrypter(make([]byte, 20)); err == nil {
		t.Errorf("a 20-byte key gives no error")
	}
	d, err := NewDecrypter(make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []func(){
		func() { d.Decrypt(make([]byte, 15), make([]byte, 16)) },
		func() { d.Decrypt(make([]byte, 16), make([]byte, 17)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			f()
		}()
	}
	d.Decrypt(make([]byte, 16), nil) // nothing to do
}

// BenchmarkDecrypt64K decrypts 64 KiB in place with AES-256, against the
// standard library's decrypter.
func BenchmarkDecrypt64K(b *testing.B) {
	key, iv, buf := make([]byte, 32), make([]byte, 16), make([]byte, 64<<10)
	b.Run("aescbc", func(b *testing.B) {
		d, _ := NewDecrypter(key)
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			d.Decrypt(iv, buf)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		block, _ := aes.NewCipher(key)
		m := cipher.NewCBCDecrypter(block, iv)
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m.(interface{ SetIV([]byte) }).SetIV(iv)
			m.CryptBlocks(buf, buf)
		}
	})
}

// TestEncryptAgainstStandardLibrary encrypts random plaintexts of 1 to 20
// blocks with every key size and compares with crypto/cipher, then
// decrypts them back.
func TestEncryptAgainstStandardLibrary(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, keyLen := range []int{16, 24, 32} {
			for blocks := 1; blocks <= 20; blocks++ {
				key, iv, pt := make([]byte, keyLen), make([]byte, 16), make([]byte, 16*blocks)
				for _, b := range [][]byte{key, iv, pt} {
					for i := range b {
						b[i] = byte(r.Uint32())
					}
				}
				block, err := aes.NewCipher(key)
				if err != nil {
					t.Fatal(err)
				}
				want := make([]byte, len(pt))
				cipher.NewCBCEncrypter(block, iv).CryptBlocks(want, pt)
				e, err := NewEncrypter(key)
				if err != nil {
					t.Fatal(err)
				}
				got := bytes.Clone(pt)
				e.Encrypt(iv, got)
				if !bytes.Equal(got, want) {
					t.Fatalf("AES-%d, %d blocks: differs from crypto/cipher", 8*keyLen, blocks)
				}
				d, _ := NewDecrypter(key)
				d.Decrypt(iv, got)
				if !bytes.Equal(got, pt) {
					t.Fatalf("AES-%d, %d blocks: no round trip", 8*keyLen, blocks)
				}
			}
		}
	})
	if _, err := NewEncrypter(make([]byte, 8)); err == nil {
		t.Errorf("an 8-byte key gives no error")
	}
}

// BenchmarkEncrypt64K encrypts 64 KiB in place with AES-256, against the
// standard library's encrypter.
func BenchmarkEncrypt64K(b *testing.B) {
	key, iv, buf := make([]byte, 32), make([]byte, 16), make([]byte, 64<<10)
	b.Run("aescbc", func(b *testing.B) {
		e, _ := NewEncrypter(key)
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			e.Encrypt(iv, buf)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		block, _ := aes.NewCipher(key)
		m := cipher.NewCBCEncrypter(block, iv)
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m.(interface{ SetIV([]byte) }).SetIV(iv)
			m.CryptBlocks(buf, buf)
		}
	})
}
