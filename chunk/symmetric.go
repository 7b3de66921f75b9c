package chunk

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"encoding/binary"
	"hash"

	"golang.org/x/crypto/chacha20poly1305"

	"github.com/uabin/uabin/chunk/internal/aescbc"
)

// symmetric is the state of one security token for one direction: the
// HMAC with its key and the AES-CBC mode with its IV, or the AEAD (AES-GCM
// or ChaCha20-Poly1305) with its IV, built once and reused for every chunk. It belongs to one Sender or Receiver (hash.Hash and
// cipher.BlockMode are not safe for concurrent use).
type symmetric struct {
	tokenID  uint32
	policy   *Policy
	mode     SecurityMode
	aead     cipher.AEAD      // AEAD policies: signs and encrypts, nil otherwise
	nonceBuf [12]byte         // scratch of nonce
	mac      hash.Hash        // nil unless signing with HMAC
	sigLen   int              // 0 unless signing (HMAC size or AEAD tag size)
	crypt    cipher.BlockMode // nil unless encrypting
	iv       []byte
	reIV     func([]byte) // crypt's SetIV, nil if it has none
	newMode  func(cipher.Block, []byte) cipher.BlockMode
	block    cipher.Block
	dec      *aescbc.Decrypter // decrypting with AES-NI: eight blocks in flight (nil otherwise)
	enc      *aescbc.Encrypter // encrypting with AES-NI: one assembly loop (nil otherwise)
}

// newSymmetric validates policy, mode and keys and builds the token state;
// decrypt selects a CBC decrypter instead of an encrypter.
func newSymmetric(tokenID uint32, p *Policy, mode SecurityMode, k Keys, decrypt bool) (*symmetric, error) {
	if p == nil {
		return nil, errorf(ErrConfig, 0, -1, "nil policy")
	}
	s := &symmetric{tokenID: tokenID, policy: p, mode: mode}
	if p.IsNone() {
		if mode != ModeNone {
			return nil, errorf(ErrConfig, 0, -1, "policy None needs mode None, not %s", mode)
		}
		return s, nil
	}
	if mode != ModeSign && mode != ModeSignAndEncrypt {
		return nil, errorf(ErrConfig, 0, -1, "policy %s needs mode Sign or SignAndEncrypt, not %s", p.Name, mode)
	}
	if p.aead {
		// The AEAD is keyed with the encrypting key, except in Sign mode
		// for the policies that derive a signing key (curve25519,
		// curve448), which key it with that.
		key, keyLen, which := k.EncryptingKey, p.EncryptionKeyLength, "encrypting"
		if p.signKey && mode == ModeSign {
			key, keyLen, which = k.SigningKey, p.SigningKeyLength, "signing"
		}
		if len(key) != keyLen || len(k.IV) != p.IVLength {
			return nil, errorf(ErrConfig, 0, -1, "policy %s needs a %d-byte %s key and a %d-byte IV, have %d and %d",
				p.Name, keyLen, which, p.IVLength, len(key), len(k.IV))
		}
		var err error
		if p.chacha {
			s.aead, err = chacha20poly1305.New(key)
		} else {
			var block cipher.Block
			if block, err = aes.NewCipher(key); err == nil {
				s.aead, err = cipher.NewGCM(block)
			}
		}
		if err != nil {
			return nil, errorf(ErrConfig, 0, -1, "%v", err)
		}
		s.sigLen = s.aead.Overhead()
		s.iv = append([]byte(nil), k.IV...)
		return s, nil
	}
	if len(k.SigningKey) != p.SigningKeyLength {
		return nil, errorf(ErrConfig, 0, -1, "policy %s needs a %d-byte signing key, have %d", p.Name, p.SigningKeyLength, len(k.SigningKey))
	}
	s.mac = hmac.New(p.newHash, k.SigningKey)
	s.sigLen = p.SignatureLength
	if mode == ModeSign {
		return s, nil
	}
	if len(k.EncryptingKey) != p.EncryptionKeyLength || len(k.IV) != p.IVLength {
		return nil, errorf(ErrConfig, 0, -1, "policy %s needs a %d-byte encrypting key and a %d-byte IV, have %d and %d",
			p.Name, p.EncryptionKeyLength, p.IVLength, len(k.EncryptingKey), len(k.IV))
	}
	block, err := aes.NewCipher(k.EncryptingKey)
	if err != nil {
		return nil, errorf(ErrConfig, 0, -1, "%v", err)
	}
	s.block = block
	s.iv = append([]byte(nil), k.IV...)
	s.newMode = cipher.NewCBCEncrypter
	if decrypt {
		s.newMode = cipher.NewCBCDecrypter
	}
	s.crypt = s.newMode(block, s.iv)
	if aescbc.Accelerated() {
		// The standard library runs CBC one block per call; decryption
		// here keeps eight blocks in flight (over ten times faster on 64
		// KiB), encryption, sequential by construction, runs in one loop
		// (about a third faster).
		if decrypt {
			s.dec, err = aescbc.NewDecrypter(k.EncryptingKey)
		} else {
			s.enc, err = aescbc.NewEncrypter(k.EncryptingKey)
		}
		if err != nil {
			return nil, errorf(ErrConfig, 0, -1, "%v", err)
		}
	}
	// The standard library's CBC modes can be rewound to an IV; that saves
	// an allocation per chunk (crypto/tls uses the same interface).
	if r, ok := s.crypt.(interface{ SetIV([]byte) }); ok {
		s.reIV = r.SetIV
	}
	return s, nil
}

// signs reports whether chunks carry a signature (an HMAC or an AEAD tag);
// encrypts whether they are encrypted (AES-CBC, or the AEAD in mode
// SignAndEncrypt); padded whether they are padded to the block size
// (AES-CBC only).
func (s *symmetric) signs() bool { return s.mac != nil || s.aead != nil }
func (s *symmetric) encrypts() bool {
	return s.crypt != nil || s.aead != nil && s.mode == ModeSignAndEncrypt
}
func (s *symmetric) padded() bool { return s.crypt != nil }

// nonce returns the AEAD nonce of a chunk: the IV with the TokenId
// XORed into bytes 0-3 and the previous chunk's sequence number into bytes
// 4-7, both little-endian. It is the token's scratch array (the AEAD
// interface would make a local one escape), valid until the next call.
func (s *symmetric) nonce(previous uint32) []byte {
	n := s.nonceBuf[:]
	copy(n, s.iv)
	binary.LittleEndian.PutUint32(n[0:], binary.LittleEndian.Uint32(n[0:])^s.tokenID)
	binary.LittleEndian.PutUint32(n[4:], binary.LittleEndian.Uint32(n[4:])^previous)
	return n
}

// cryptBlocks encrypts or decrypts b (a multiple of the block size) in place,
// starting from the token's IV.
func (s *symmetric) cryptBlocks(b []byte) {
	switch {
	case s.dec != nil:
		s.dec.Decrypt(s.iv, b)
		return
	case s.enc != nil:
		s.enc.Encrypt(s.iv, b)
		return
	}
	if s.reIV != nil {
		s.reIV(s.iv)
	} else {
		s.crypt = s.newMode(s.block, s.iv)
	}
	s.crypt.CryptBlocks(b, b)
}

// bodySize returns how many body bytes fit in a chunk of chunkSize bytes
// whose headers (message and security header) take headerSize bytes (Part 6
// §6.7.2.5): the rest after the sequence header, the signature and, when
// encrypting, the PaddingSize byte, with the encrypted part rounded down to
// the block size.
func (s *symmetric) bodySize(chunkSize, headerSize int) int {
	if !s.padded() {
		return chunkSize - headerSize - SequenceHeaderSize - s.sigLen
	}
	bs := s.policy.BlockSize
	return (chunkSize-headerSize)/bs*bs - SequenceHeaderSize - 1 - s.sigLen
}

// paddingSize returns the number of padding bytes after the PaddingSize
// byte for a body of n bytes.
func (s *symmetric) paddingSize(n int) int {
	bs := s.policy.BlockSize
	return (bs - (SequenceHeaderSize+n+1+s.sigLen)%bs) % bs
}
