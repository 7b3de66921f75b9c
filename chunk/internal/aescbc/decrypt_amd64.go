//go:build !purego

package aescbc

// useAsm is whether the CPU has AES-NI; tests switch it off to run the
// fallback.
var useAsm = hasAESNI()

// hasAESNI reports CPUID.1:ECX.AES[bit 25].
func hasAESNI() bool

// decryptCBC decrypts n bytes (whole blocks, n > 0) at buf in place with
// nr rounds of the keys dk, from the IV iv: eight blocks at a time, then
// one at a time.
//
//go:noescape
func decryptCBC(nr int, dk *[15][16]byte, iv *[16]byte, buf *byte, n int)

// encryptCBC encrypts n bytes (whole blocks, n > 0) at buf in place with nr
// rounds of the keys ek, from the IV iv.
//
//go:noescape
func encryptCBC(nr int, ek *[15][16]byte, iv *[16]byte, buf *byte, n int)
