package chunk

import (
	"crypto/hmac"
)

// Keys are the symmetric keys for one direction of a secure channel: the
// HMAC signing key, the AES key and the AES-CBC initialization vector (which
// OPC UA uses unchanged for every chunk); for ECC_nistP256_AesGcm and
// ECC_nistP256_ChaChaPoly no signing key, the AEAD key and the 12-byte IV
// the chunk nonces are made from; for ECC_curve25519 and ECC_curve448 the
// ChaCha20-Poly1305 key of Sign mode (SigningKey), that of SignAndEncrypt
// (EncryptingKey) and the 12-byte IV.
type Keys struct {
	SigningKey    []byte
	EncryptingKey []byte
	IV            []byte
}

// DeriveKeys derives the symmetric keys from secret and seed with the
// policy's pseudo-random function (Part 6 §6.7.5): P_SHA256, or P_SHA1 for
// Basic128Rsa15 and Basic256, as defined for TLS 1.2 (RFC 5246 §5). The
// output is cut, in order, into SigningKeyLength, EncryptionKeyLength and
// IVLength bytes. For policy None and the ECC policies (see DeriveECCKeys)
// it returns zero Keys.
func (p *Policy) DeriveKeys(secret, seed []byte) Keys {
	if p.IsNone() || p.IsECC() {
		return Keys{}
	}
	out := pHash(p, secret, seed, p.SigningKeyLength+p.EncryptionKeyLength+p.IVLength)
	s, e := p.SigningKeyLength, p.SigningKeyLength+p.EncryptionKeyLength
	return Keys{SigningKey: out[:s:s], EncryptingKey: out[s:e:e], IV: out[e:]}
}

// ChannelKeys derives both directions' keys from the nonces exchanged in
// OpenSecureChannel: client holds the keys the client signs and encrypts
// with (secret = serverNonce, seed = clientNonce) and the server verifies and
// decrypts with; server holds the keys of the other direction (secret =
// clientNonce, seed = serverNonce). Nonces of a length other than
// NonceLength are an error wrapping ErrNonce. The ECC policies derive their
// keys from an ephemeral key instead (EphemeralKey.ChannelKeys); for them
// ChannelKeys returns an error wrapping ErrConfig.
func (p *Policy) ChannelKeys(clientNonce, serverNonce []byte) (client, server Keys, err error) {
	if p.IsNone() {
		return Keys{}, Keys{}, nil
	}
	if p.IsECC() {
		return Keys{}, Keys{}, errorf(ErrConfig, TypeOpen, -1, "%s derives its keys from ephemeral keys: use EphemeralKey.ChannelKeys", p.Name)
	}
	if len(clientNonce) != p.NonceLength || len(serverNonce) != p.NonceLength {
		return Keys{}, Keys{}, errorf(ErrNonce, TypeOpen, -1, "%s needs %d-byte nonces, have %d and %d", p.Name, p.NonceLength, len(clientNonce), len(serverNonce))
	}
	return p.DeriveKeys(serverNonce, clientNonce), p.DeriveKeys(clientNonce, serverNonce), nil
}

// pHash is P_hash of RFC 5246 §5 with the policy's hash:
// A(0) = seed, A(i) = HMAC(secret, A(i-1)),
// output = HMAC(secret, A(1) + seed) || HMAC(secret, A(2) + seed) || ...
// cut to n bytes.
func pHash(p *Policy, secret, seed []byte, n int) []byte {
	mac := hmac.New(p.newHash, secret)
	out := make([]byte, 0, n+mac.Size())
	a := append([]byte(nil), seed...)
	for len(out) < n {
		mac.Reset()
		mac.Write(a)
		a = mac.Sum(a[:0])
		mac.Reset()
		mac.Write(a)
		mac.Write(seed)
		out = mac.Sum(out)
	}
	return out[:n:n]
}
