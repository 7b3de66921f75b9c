//go:build !amd64 || purego

package aescbc

// useAsm is false: Decrypt uses the standard library's CBC decrypter.
var useAsm = false

func decryptCBC(nr int, dk *[15][16]byte, iv *[16]byte, buf *byte, n int) {
	panic("aescbc: no accelerated decryption on this platform")
}

func encryptCBC(nr int, ek *[15][16]byte, iv *[16]byte, buf *byte, n int) {
	panic("aescbc: no accelerated encryption on this platform")
}
