// Package aescbc decrypts AES-CBC in place with several blocks in flight,
// and encrypts it in one assembly loop.
//
// CBC decryption, unlike encryption, has no chain between the block
// decryptions: plaintext block i is D(C[i]) XOR C[i-1]. The standard
// library's CBC decrypter on amd64 still decrypts one block per call
// (crypto/internal/fips140/aes, cryptBlocksDecGeneric), so every block
// waits for the whole latency of the AES rounds. With AES-NI, Decrypt here
// runs eight blocks through each round (decrypt_amd64.s), which keeps the
// AES units busy; elsewhere, without AES-NI or with the purego build tag,
// it is the standard library's decrypter.
//
// The round keys are expanded here (FIPS-197 §5.2, and §5.3.5's equivalent
// inverse cipher for the decryption keys, which AESDEC expects).
package aescbc

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
)

// BlockSize is the AES block size.
const BlockSize = 16

// A Decrypter decrypts AES-CBC with one key. It is safe for concurrent use
// only on the accelerated path (Accelerated): the fallback keeps a
// cipher.BlockMode.
type Decrypter struct {
	nr   int              // rounds: 10, 12 or 14
	dk   [15][16]byte     // decryption round keys, in the order AESDEC uses them
	mode cipher.BlockMode // the fallback: the standard library's decrypter
}

// NewDecrypter returns a Decrypter for an AES key of 16, 24 or 32 bytes.
func NewDecrypter(key []byte) (*Decrypter, error) {
	nr, mode, err := setup(key, cipher.NewCBCDecrypter)
	if err != nil {
		return nil, err
	}
	d := &Decrypter{nr: nr, mode: mode}
	if mode != nil {
		return d, nil
	}
	ek := expandKey(key)
	d.dk[0] = ek[d.nr]
	for i := 1; i < d.nr; i++ {
		d.dk[i] = invMixColumns(ek[d.nr-i])
	}
	d.dk[d.nr] = ek[0]
	return d, nil
}

// An Encrypter encrypts AES-CBC with one key. CBC encryption is
// sequential (each block needs the previous ciphertext), so the gain over
// the standard library is the per-block call it does not make: one
// assembly loop over all blocks, the round keys kept in registers.
type Encrypter struct {
	nr   int
	ek   [15][16]byte
	mode cipher.BlockMode
}

// NewEncrypter returns an Encrypter for an AES key of 16, 24 or 32 bytes.
func NewEncrypter(key []byte) (*Encrypter, error) {
	nr, mode, err := setup(key, cipher.NewCBCEncrypter)
	if err != nil {
		return nil, err
	}
	e := &Encrypter{nr: nr, mode: mode}
	if mode == nil {
		e.ek = expandKey(key)
	}
	return e, nil
}

// setup checks the key and returns the number of rounds and, off the
// accelerated path, the standard library's mode (made by newMode).
func setup(key []byte, newMode func(cipher.Block, []byte) cipher.BlockMode) (int, cipher.BlockMode, error) {
	switch len(key) {
	case 16, 24, 32:
	default:
		return 0, nil, fmt.Errorf("aescbc: invalid key size %d", len(key))
	}
	nr := len(key)/4 + 6
	if useAsm {
		return nr, nil, nil
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return 0, nil, err
	}
	return nr, newMode(block, make([]byte, BlockSize)), nil
}

// Encrypt encrypts b in place, starting from iv (16 bytes). len(b) must be
// a multiple of BlockSize.
func (e *Encrypter) Encrypt(iv, b []byte) {
	if fallback(e.mode, iv, b) {
		return
	}
	encryptCBC(e.nr, &e.ek, (*[BlockSize]byte)(iv), &b[0], len(b))
}

// Accelerated reports whether Decrypt runs the multi-block AES-NI code.
func Accelerated() bool { return useAsm }

// Decrypt decrypts b in place, starting from iv (16 bytes). len(b) must be
// a multiple of BlockSize.
func (d *Decrypter) Decrypt(iv, b []byte) {
	if fallback(d.mode, iv, b) {
		return
	}
	decryptCBC(d.nr, &d.dk, (*[BlockSize]byte)(iv), &b[0], len(b))
}

// fallback checks the arguments of Encrypt and Decrypt (panicking as
// crypto/cipher does) and reports whether the call is done: nothing to
// do, or done by the standard library's mode m (not nil off the
// accelerated path).
func fallback(m cipher.BlockMode, iv, b []byte) bool {
	if len(iv) != BlockSize {
		panic("aescbc: IV length must equal the block size")
	}
	if len(b)%BlockSize != 0 {
		panic("aescbc: input not full blocks")
	}
	if len(b) == 0 {
		return true
	}
	if m != nil {
		m.(interface{ SetIV([]byte) }).SetIV(iv)
		m.CryptBlocks(b, b)
		return true
	}
	return false
}

// expandKey returns the encryption round keys of key (FIPS-197 §5.2):
// round key r is the words w[4r..4r+3], bytes in order.
func expandKey(key []byte) [15][16]byte {
	nk := len(key) / 4
	nr := nk + 6
	var w [60][4]byte
	for i := 0; i < nk; i++ {
		copy(w[i][:], key[4*i:])
	}
	rcon := byte(1)
	for i := nk; i < 4*(nr+1); i++ {
		t := w[i-1]
		switch {
		case i%nk == 0:
			t = [4]byte{sbox[t[1]] ^ rcon, sbox[t[2]], sbox[t[3]], sbox[t[0]]}
			rcon = xtime(rcon)
		case nk > 6 && i%nk == 4:
			t = [4]byte{sbox[t[0]], sbox[t[1]], sbox[t[2]], sbox[t[3]]}
		}
		for j := range t {
			w[i][j] = w[i-nk][j] ^ t[j]
		}
	}
	var ek [15][16]byte
	for r := 0; r <= nr; r++ {
		for c := 0; c < 4; c++ {
			copy(ek[r][4*c:], w[4*r+c][:])
		}
	}
	return ek
}

// xtime multiplies by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
func xtime(a byte) byte {
	if a&0x80 != 0 {
		return a<<1 ^ 0x1b
	}
	return a << 1
}

// mul multiplies in GF(2^8).
func mul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		a = xtime(a)
	}
	return p
}

// invMixColumns applies InvMixColumns (FIPS-197 §5.3.3) to a round key.
func invMixColumns(k [16]byte) [16]byte {
	var out [16]byte
	for c := 0; c < 4; c++ {
		a0, a1, a2, a3 := k[4*c], k[4*c+1], k[4*c+2], k[4*c+3]
		out[4*c] = mul(a0, 14) ^ mul(a1, 11) ^ mul(a2, 13) ^ mul(a3, 9)
		out[4*c+1] = mul(a0, 9) ^ mul(a1, 14) ^ mul(a2, 11) ^ mul(a3, 13)
		out[4*c+2] = mul(a0, 13) ^ mul(a1, 9) ^ mul(a2, 14) ^ mul(a3, 11)
		out[4*c+3] = mul(a0, 11) ^ mul(a1, 13) ^ mul(a2, 9) ^ mul(a3, 14)
	}
	return out
}

// sbox is the AES S-box (FIPS-197 §5.1.1): the multiplicative inverse in
// GF(2^8), then the affine transformation.
var sbox = func() (s [256]byte) {
	for x := 0; x < 256; x++ {
		// x^254 is the inverse of x (and 0 for 0).
		inv, p, e := byte(1), byte(x), 254
		for ; e > 0; e >>= 1 {
			if e&1 != 0 {
				inv = mul(inv, p)
			}
			p = mul(p, p)
		}
		if x == 0 {
			inv = 0
		}
		b := inv
		s[x] = b ^ rotl(b, 1) ^ rotl(b, 2) ^ rotl(b, 3) ^ rotl(b, 4) ^ 0x63
	}
	return s
}()

func rotl(b byte, n uint) byte { return b<<n | b>>(8-n) }
